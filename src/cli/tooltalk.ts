import { parseArgs } from 'node:util'
import type { ToolTalkDatasetMetrics } from '../../scenarios/tooltalk/metrics/index.ts'
import { aggregateToolTalkMetrics } from '../../scenarios/tooltalk/metrics/index.ts'
import type { Agent } from '../roles/types.ts'
import type { ToolTalkConversation, ToolTalkConversationResult } from '../../scenarios/tooltalk/index.ts'
import { evaluateToolTalkConversation, loadToolTalkDataset, referenceToolTalkAgent } from '../../scenarios/tooltalk/index.ts'
import type { CommandIo } from './io.ts'

const USAGE = 'usage: toolcheck tooltalk <conversations-dir> [--databases <dir>] [--agent reference|openai:<model>|hf:<model>] [--strict] [--json]\n'

/** The JSON `toolcheck tooltalk --json` prints. */
export interface ToolTalkReport {
  readonly directory: string
  readonly databases: string
  readonly agent: string
  readonly strict: boolean
  readonly conversations: readonly {
    readonly name: string
    readonly file: string
    readonly status: 'completed' | 'error'
    readonly error?: string
    readonly predictions: number
    readonly groundTruthCalls: number
    readonly replayedCalls: number
    readonly reproducedCalls: number
    readonly precision: number
    readonly recall: number
    readonly incorrectActionRate: number
    readonly success: boolean
    readonly softSuccess: number
    readonly irregularities: readonly string[]
  }[]
  readonly errors: readonly { readonly file: string; readonly message: string }[]
  readonly totals: {
    readonly conversations: number
    readonly predictions: number
    readonly groundTruthCalls: number
    readonly reproducedCalls: number
    readonly precision: number
    readonly recall: number
    readonly incorrectActionRate: number
    readonly successRate: number
    readonly softSuccessRate: number
    /** Conversations whose agent failed for reasons outside it (network, rate limit). */
    readonly infrastructureErrors: number
  }
}

/**
 * `toolcheck tooltalk <conversations-dir>`: replays and scores a ToolTalk dataset folder with an
 * agent (the ground truth by default), printing one line per conversation and the dataset
 * totals, or the whole report as JSON. Files that cannot be imported are named on stderr and
 * skipped; the exit code is then 1. Returns 2 for wrong usage.
 */
export async function runToolTalkCommand(args: string[], io: CommandIo): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { databases: { type: 'string' }, agent: { type: 'string', default: 'reference' }, json: { type: 'boolean', default: false }, strict: { type: 'boolean', default: false } },
    })
  } catch (error) {
    io.stderr(`toolcheck tooltalk: ${(error as Error).message}\n${USAGE}`)
    return 2
  }
  const [directory, ...extra] = parsed.positionals
  if (directory === undefined || extra.length > 0) {
    io.stderr(`toolcheck tooltalk: ${directory === undefined ? 'give the conversations folder' : `unexpected arguments: ${extra.join(' ')}`}\n${USAGE}`)
    return 2
  }
  const agentSpec = parsed.values.agent ?? 'reference'
  let dataset
  try {
    dataset = await loadToolTalkDataset(directory, parsed.values.databases === undefined ? {} : { databases: parsed.values.databases })
  } catch (error) {
    io.stderr(`toolcheck tooltalk: ${(error as Error).message}\n`)
    return 1
  }
  let agentFor: (conversation: ToolTalkConversation) => Agent
  if (agentSpec === 'reference') agentFor = referenceToolTalkAgent
  else {
    try {
      // Model clients load only when a model agent is asked for.
      const { agentFromSpec } = await import('../roles/from-spec.ts')
      const agent = agentFromSpec(agentSpec)
      agentFor = () => agent
    } catch (error) {
      io.stderr(`toolcheck tooltalk: ${(error as Error).message}\n`)
      return 2
    }
  }
  const strict = parsed.values.strict ?? false
  const results: ToolTalkConversationResult[] = []
  const errors = [...dataset.errors]
  for (const conversation of dataset.conversations) {
    // A conversation that imported but cannot be played is named and skipped like a malformed
    // file, so one bad file never costs the results of the others.
    try {
      results.push(await evaluateToolTalkConversation(conversation, agentFor(conversation), { world: dataset.databases.world, strict }))
    } catch (error) {
      errors.push({ file: conversation.file, message: `${conversation.file}: cannot be played (${(error as Error).message})` })
    }
  }
  errors.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  const report = toolTalkReport(results, { directory: dataset.directory, databases: dataset.databases.directory, agent: agentSpec, strict, errors })
  for (const error of errors) io.stderr(`toolcheck tooltalk: skipped ${error.message}\n`)
  if (parsed.values.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`)
  else io.stdout(formatReport(report))
  return errors.length > 0 ? 1 : 0
}

/** Builds the report of a dataset run. */
export function toolTalkReport(
  results: readonly ToolTalkConversationResult[],
  meta: { directory: string; databases: string; agent: string; strict: boolean; errors: readonly { file: string; message: string }[] },
): ToolTalkReport {
  const totals: ToolTalkDatasetMetrics = aggregateToolTalkMetrics(results.map((result) => result.metrics))
  return {
    ...meta,
    conversations: results.map((result) => ({
      name: result.name,
      file: result.file,
      status: result.status,
      ...(result.error === undefined ? {} : { error: result.error }),
      predictions: result.metrics.predictions,
      groundTruthCalls: result.metrics.ground_truths,
      replayedCalls: result.replay.calls,
      reproducedCalls: result.replay.reproduced,
      precision: result.metrics.precision,
      recall: result.metrics.recall,
      incorrectActionRate: result.metrics.bad_action_rate,
      success: result.metrics.success,
      softSuccess: result.metrics.soft_success,
      irregularities: result.irregularities.map((irregularity) => irregularity.message),
    })),
    totals: {
      conversations: totals.conversations,
      predictions: totals.predictions,
      groundTruthCalls: totals.ground_truths,
      reproducedCalls: results.reduce((sum, result) => sum + result.replay.reproduced, 0),
      precision: totals.precision,
      recall: totals.recall,
      incorrectActionRate: totals.bad_action_rate,
      successRate: totals.success_rate,
      softSuccessRate: totals.soft_success_rate,
      infrastructureErrors: results.filter((result) => result.status === 'error').length,
    },
  }
}

function formatReport(report: ToolTalkReport): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`
  const lines = [`ToolTalk: ${report.directory} (databases ${report.databases}), agent ${report.agent}${report.strict ? ', strict rules' : ''}`, '']
  const width = Math.max(12, ...report.conversations.map((conversation) => conversation.name.length))
  lines.push(`${'conversation'.padEnd(width)}  pred  gt  replayed  precision  recall  incorrect  success  soft`)
  for (const row of report.conversations)
    lines.push(
      `${row.name.padEnd(width)}  ${String(row.predictions).padStart(4)}  ${String(row.groundTruthCalls).padStart(2)}  ${`${row.reproducedCalls}/${row.replayedCalls}`.padStart(8)}  ${percent(row.precision).padStart(9)}  ${percent(row.recall).padStart(6)}  ${percent(row.incorrectActionRate).padStart(9)}  ${(row.status === 'error' ? 'error' : row.success ? 'yes' : 'no').padStart(7)}  ${row.softSuccess.toFixed(2).padStart(4)}`,
    )
  const totals = report.totals
  lines.push(
    '',
    `conversations ${totals.conversations}, predictions ${totals.predictions}, ground-truth calls ${totals.groundTruthCalls}, reproduced on replay ${totals.reproducedCalls}/${totals.groundTruthCalls}`,
    `precision ${percent(totals.precision)}, recall ${percent(totals.recall)}, incorrect-action rate ${percent(totals.incorrectActionRate)}, success rate ${percent(totals.successRate)}, soft success rate ${percent(totals.softSuccessRate)}`,
  )
  if (totals.infrastructureErrors > 0) lines.push(`${totals.infrastructureErrors} conversations stopped on infrastructure errors`)
  return `${lines.join('\n')}\n`
}
