import { resolve } from 'node:path'
import type { ToolTalkConversationResult } from '../../scenarios/tooltalk/evaluate-conversation.ts'
import { evaluateToolTalkConversation } from '../../scenarios/tooltalk/evaluate-conversation.ts'
import type { ToolTalkDataset } from '../../scenarios/tooltalk/load-dataset.ts'
import { loadToolTalkDataset } from '../../scenarios/tooltalk/load-dataset.ts'
import type { ToolTalkDatasetMetrics } from '../../scenarios/tooltalk/metrics/aggregate-metrics.ts'
import { aggregateToolTalkMetrics } from '../../scenarios/tooltalk/metrics/aggregate-metrics.ts'
import { referenceToolTalkAgent } from '../../scenarios/tooltalk/reference-agent.ts'
import type { ReplayDiscipline } from '../../scenarios/tooltalk/replay-conversation.ts'
import type { ToolTalkPredictionSet } from '../../scenarios/tooltalk/load-predictions.ts'
import { scoreToolTalkPredictions } from '../../scenarios/tooltalk/score-predictions.ts'
import type { ToolTalkConversation } from '../../scenarios/tooltalk/tooltalk-conversation.ts'
import { fs } from './builtin-modules.ts'
import type { Agent } from '../roles/types.ts'
import { parseRoleSpec, roleSpecProblem } from '../roles/role-spec.ts'
import type { CommandIo } from './io.ts'
import { parseCommandArguments } from './parse-command-arguments.ts'
import { UsageError } from './usage-error.ts'

/** Where ToolTalk's data comes from, for the help and for a folder that is not there. */
export const TOOLTALK_DATA_SOURCE =
  "ToolTalk's conversations and databases are in the data/ folder of its public repository, https://github.com/microsoft/ToolTalk (MIT licence): clone it and pass data/easy or data/tooltalk"

/** The usage text of `toolcheck tooltalk`. */
export const TOOLTALK_USAGE = `usage: toolcheck tooltalk <conversations-dir> [--databases <dir>] [--agent <agent> | --predictions <path>] [--strict] [--json]

Replays and scores a folder of ToolTalk conversations: for every assistant turn the databases are
reset, the earlier ground-truth calls replayed and the agent asked to act; its calls are matched to
the ground truth and scored (precision, recall, action precision, incorrect-action rate, success,
soft success). Or scores predictions made elsewhere, in ToolTalk's output format.

ToolTalk's conversations and databases are in the data/ folder of its public repository,
https://github.com/microsoft/ToolTalk (MIT licence): clone it and pass data/easy or
data/tooltalk; the databases are read from data/databases.

options:
  --databases <dir>     ToolTalk's databases (default <conversations-dir>/../databases)
  --agent <agent>       reference (default: replays the ground truth) | openai:<model> | hf:<model>
  --predictions <path>  score predictions already made, in ToolTalk's output format (a folder of
                        its per-conversation files, or one file), instead of running an agent
  --strict              toolcheck's argument validation and ToolTalk's comparison bugs fixed
  --json                the whole report as JSON

exit code: 0 when every conversation was scored; 1 when files could not be read, played or
matched with predictions (they are named and skipped); 2 for bad options or an agent spec that
cannot run.
`

/** ToolTalk's counts, as the report names them. */
interface ReportCounts {
  readonly predictions: number
  readonly groundTruthCalls: number
  /** Predictions that matched a ground-truth call. */
  readonly matches: number
  /** Predictions of action tools, failed ones included. */
  readonly actions: number
  /** Action predictions that matched. */
  readonly validActions: number
  /** Successful action predictions that matched nothing (incorrect actions). */
  readonly badActions: number
}

/** The JSON `toolcheck tooltalk --json` prints. */
export interface ToolTalkReport {
  readonly directory: string
  readonly databases: string
  /** The agent that played, or `predictions:<path>` when predictions made elsewhere were scored. */
  readonly agent: string
  /** The predictions scored (`--predictions`), when any. */
  readonly predictions?: string
  readonly strict: boolean
  readonly conversations: readonly (ReportCounts & {
    readonly name: string
    readonly file: string
    readonly status: 'completed' | 'error'
    readonly error?: string
    readonly replayedCalls: number
    /** Ground-truth calls reproduced on replay under the best of four disciplines (`replayDiscipline`). */
    readonly reproducedCalls: number
    /** The discipline behind `reproducedCalls`, such as `continue/newest-first`. */
    readonly replayDiscipline: string
    /** Ground-truth calls reproduced under ToolTalk's own evaluation discipline (`continue/newest-first`). */
    readonly reproducedCallsToolTalk: number
    readonly precision: number
    readonly recall: number
    /** valid actions / actions (1 without actions), as ToolTalk computes it. */
    readonly actionPrecision: number
    readonly incorrectActionRate: number
    readonly success: boolean
    readonly softSuccess: number
    readonly irregularities: readonly string[]
  })[]
  readonly errors: readonly { readonly file: string; readonly message: string }[]
  readonly totals: ReportCounts & {
    readonly conversations: number
    /** Summed over conversations, best discipline each (see the conversations' `reproducedCalls`). */
    readonly reproducedCalls: number
    /** Summed over conversations, ToolTalk's own discipline. */
    readonly reproducedCallsToolTalk: number
    readonly precision: number
    readonly recall: number
    readonly actionPrecision: number
    readonly incorrectActionRate: number
    readonly successRate: number
    readonly softSuccessRate: number
    /** Conversations whose agent failed for reasons outside it (network, rate limit). */
    readonly infrastructureErrors: number
  }
}

/**
 * `toolcheck tooltalk <conversations-dir>`: replays and scores a ToolTalk dataset folder with an
 * agent (the ground truth by default), or scores predictions already made elsewhere in ToolTalk's
 * output format (`--predictions`), printing one line per conversation and the dataset totals, or
 * the whole report as JSON. Files that cannot be imported, and conversations without
 * predictions, are named on stderr and skipped; the exit code is then 1. Wrong usage throws
 * `UsageError`; an agent spec that cannot run returns 2.
 */
export async function runToolTalkCommand(args: string[], io: CommandIo): Promise<number> {
  const parsed = parseCommandArguments(
    args,
    {
      databases: { type: 'string' },
      agent: { type: 'string' },
      predictions: { type: 'string' },
      json: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
    },
    true,
  )
  const [directory, ...extra] = parsed.positionals
  if (directory === undefined) throw new UsageError('give the conversations folder')
  if (extra.length > 0) throw new UsageError(`one conversations folder at a time; unexpected ${extra.map((argument) => JSON.stringify(argument)).join(' ')}`)
  if (parsed.values.agent !== undefined && parsed.values.predictions !== undefined)
    throw new UsageError('give --agent or --predictions, not both: an agent makes predictions, --predictions scores ones already made')
  const agentSpec = parsed.values.agent ?? 'reference'
  // Checked before any file is read: a wrong spec fails here once, not per conversation.
  const specProblem = roleSpecProblem('agent', agentSpec, '--agent', process.env)
  if (specProblem !== undefined) {
    io.stderr(`toolcheck tooltalk: ${specProblem}\n`)
    return 2
  }
  if (fs.statSync(directory, { throwIfNoEntry: false })?.isDirectory() !== true) {
    io.stderr(`toolcheck tooltalk: there is no folder ${resolve(directory)}. ${TOOLTALK_DATA_SOURCE}.\n`)
    return 1
  }
  let dataset
  try {
    dataset = await loadToolTalkDataset(directory, parsed.values.databases === undefined ? {} : { databases: parsed.values.databases })
  } catch (error) {
    io.stderr(`toolcheck tooltalk: ${(error as Error).message}\n`)
    return 1
  }
  const strict = parsed.values.strict
  if (parsed.values.predictions !== undefined) {
    // Reading ToolTalk's output files uses zod, which scoring with an agent never loads.
    const { loadToolTalkPredictions } = await import('../../scenarios/tooltalk/load-predictions.ts')
    let predictionSet: ToolTalkPredictionSet
    try {
      predictionSet = await loadToolTalkPredictions(parsed.values.predictions)
    } catch (error) {
      io.stderr(`toolcheck tooltalk: ${(error as Error).message}\n`)
      return 1
    }
    return finish(await scorePredictions(dataset, predictionSet, strict), { directory: dataset.directory, databases: dataset.databases.directory, agent: `predictions:${predictionSet.path}`, predictions: predictionSet.path, strict }, parsed.values.json, io)
  }
  let agentFor: (conversation: ToolTalkConversation) => Agent
  if (parseRoleSpec('agent', agentSpec, '--agent').client === 'offline') agentFor = referenceToolTalkAgent
  else {
    // Model agents load only when asked for.
    const { agentFromSpec } = await import('../roles/from-spec.ts')
    const agent = agentFromSpec(agentSpec)
    agentFor = () => agent
  }
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
  return finish({ results, errors }, { directory: dataset.directory, databases: dataset.databases.directory, agent: agentSpec, strict }, parsed.values.json, io)
}

type Outcome = { results: ToolTalkConversationResult[]; errors: { file: string; message: string }[] }

/** Scores every conversation that has predictions; the others, and predictions for no conversation, are errors. */
async function scorePredictions(dataset: ToolTalkDataset, predictionSet: ToolTalkPredictionSet, strict: boolean): Promise<Outcome> {
  const results: ToolTalkConversationResult[] = []
  const errors = [...dataset.errors, ...predictionSet.errors]
  const used = new Set<string>()
  for (const conversation of dataset.conversations) {
    const predicted = predictionSet.predictions.get(conversation.name)
    if (predicted === undefined) {
      errors.push({ file: conversation.file, message: `${conversation.file}: no predictions for ${conversation.name} in ${predictionSet.path}` })
      continue
    }
    used.add(conversation.name)
    try {
      results.push(await scoreToolTalkPredictions(conversation, predicted, { world: dataset.databases.world, strict }))
    } catch (error) {
      errors.push({ file: predicted.file, message: `${predicted.file}: cannot be scored (${(error as Error).message})` })
    }
  }
  for (const [name, predicted] of predictionSet.predictions)
    if (!used.has(name)) errors.push({ file: predicted.file, message: `${predicted.file}: predictions for ${name}, which is not a conversation of ${dataset.directory}` })
  return { results, errors }
}

function finish(outcome: Outcome, meta: { directory: string; databases: string; agent: string; predictions?: string; strict: boolean }, json: boolean, io: CommandIo): number {
  const errors = [...outcome.errors].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  const report = toolTalkReport(outcome.results, { ...meta, errors })
  for (const error of errors) io.stderr(`toolcheck tooltalk: skipped ${error.message}\n`)
  if (json) io.stdout(`${JSON.stringify(report, null, 2)}\n`)
  else io.stdout(formatReport(report))
  return errors.length > 0 ? 1 : 0
}

/** A replay discipline as the report names it: `continue/newest-first`. */
function disciplineName(discipline: ReplayDiscipline): string {
  return `${discipline.ids}/${discipline.searchOrder}`
}

/** Builds the report of a dataset run. */
export function toolTalkReport(
  results: readonly ToolTalkConversationResult[],
  meta: { directory: string; databases: string; agent: string; predictions?: string; strict: boolean; errors: readonly { file: string; message: string }[] },
): ToolTalkReport {
  const totals: ToolTalkDatasetMetrics = aggregateToolTalkMetrics(results.map((result) => result.metrics))
  const counts = (metrics: ToolTalkDatasetMetrics | ToolTalkConversationResult['metrics']): ReportCounts => ({
    predictions: metrics.predictions,
    groundTruthCalls: metrics.ground_truths,
    matches: metrics.matches,
    actions: metrics.actions,
    validActions: metrics.valid_actions,
    badActions: metrics.bad_actions,
  })
  return {
    ...meta,
    conversations: results.map((result) => ({
      name: result.name,
      file: result.file,
      status: result.status,
      ...(result.error === undefined ? {} : { error: result.error }),
      ...counts(result.metrics),
      replayedCalls: result.replay.calls,
      reproducedCalls: result.replay.reproduced,
      replayDiscipline: disciplineName(result.replay.discipline),
      reproducedCallsToolTalk: result.replay.reproducedByToolTalkDiscipline,
      precision: result.metrics.precision,
      recall: result.metrics.recall,
      actionPrecision: result.metrics.action_precision,
      incorrectActionRate: result.metrics.bad_action_rate,
      success: result.metrics.success,
      softSuccess: result.metrics.soft_success,
      irregularities: result.irregularities.map((irregularity) => irregularity.message),
    })),
    totals: {
      conversations: totals.conversations,
      ...counts(totals),
      reproducedCalls: results.reduce((sum, result) => sum + result.replay.reproduced, 0),
      reproducedCallsToolTalk: results.reduce((sum, result) => sum + result.replay.reproducedByToolTalkDiscipline, 0),
      precision: totals.precision,
      recall: totals.recall,
      actionPrecision: totals.action_precision,
      incorrectActionRate: totals.bad_action_rate,
      successRate: totals.success_rate,
      softSuccessRate: totals.soft_success_rate,
      infrastructureErrors: results.filter((result) => result.status === 'error').length,
    },
  }
}

function formatReport(report: ToolTalkReport): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`
  const source = report.predictions === undefined ? `agent ${report.agent}` : `predictions ${report.predictions}`
  const lines = [`ToolTalk: ${report.directory} (databases ${report.databases}), ${source}${report.strict ? ', strict rules' : ''}`, '']
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
    `  (best of four replay disciplines per conversation; with ToolTalk's own, ids continuing and searches newest first: ${totals.reproducedCallsToolTalk}/${totals.groundTruthCalls})`,
    `matches ${totals.matches}, actions ${totals.actions}, valid actions ${totals.validActions}, incorrect actions ${totals.badActions}`,
    `precision ${percent(totals.precision)}, recall ${percent(totals.recall)}, action precision ${percent(totals.actionPrecision)}, incorrect-action rate ${percent(totals.incorrectActionRate)}, success rate ${percent(totals.successRate)}, soft success rate ${percent(totals.softSuccessRate)}`,
  )
  if (totals.infrastructureErrors > 0) lines.push(`${totals.infrastructureErrors} conversations stopped on infrastructure errors`)
  return `${lines.join('\n')}\n`
}
