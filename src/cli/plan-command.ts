import { resolve } from 'node:path'
import type { SummarizedRun } from '../reporter/report.ts'
import { readEarlierCosts } from '../reporter/resumable-runs.ts'
import type { RunCost, RunLine } from '../reporter/runs-file.ts'
import { summarizedRun } from '../reporter/runs-file.ts'
import { formatCost, formatTokens } from '../reporter/format-usage.ts'
import type { BudgetLimits } from '../roles/endpoint/model-budget.ts'
import { BUDGET_SPENT, budgetShare, ModelBudget } from '../roles/endpoint/model-budget.ts'
import { EVAL_OPTIONS_USAGE, parseEvalArguments } from './eval-arguments.ts'
import { EXIT_CODES } from './exit-codes.ts'
import type { CommandIo } from './io.ts'
import { notPlayedNote } from './not-played-note.ts'
import { openEvaluation } from './open-evaluation.ts'

/** The usage text of `toolcheck plan`. */
export const PLAN_USAGE = `usage: toolcheck plan [options] [--json]

Says what toolcheck eval, given the same options, would play and spend, without calling a model:
how many runs (and, with --resume, how many it would keep), how many model calls are already in
the cache (TOOLCHECK_CACHE, TOOLCHECK_CACHE_DIR) and how many are not, and the tokens and cost
those would take, projected from the usage of the earlier report (--previous, else the --resume
report, else the one in --report-dir). It replays each run from the cache up to its first call
that is not there. With a budget (--max-model-calls, --max-tokens, --max-cost) it says whether
the projection fits. Nothing is written.

${EVAL_OPTIONS_USAGE}  --json                  print the plan as JSON

Gate options are accepted and checked as eval checks them before it plays.

exit code: 0 when the plan was made (and fits the budget, when one was given); 1 when the
scenarios could not be loaded or a run broke before it could be replayed; 2 for bad options, specs
or gates (a shard whose budget share is nothing, a model without a price under --max-cost); 3
when the projection does not fit the budget.
`

/** A projection of what the runs that need a model would use. */
export interface PlanProjection {
  /** The earlier report it was made from. */
  readonly from: string
  readonly calls: number
  readonly promptTokens: number
  readonly completionTokens: number
  /** Present when the earlier runs had a cost. */
  readonly costUsd?: number
}

/** What `toolcheck plan` found (its `--json` output). */
export interface Plan {
  readonly agent: string
  readonly user: string
  /** Every run of the evaluation; this shard's, played or kept, when sharded. */
  readonly runs: number
  readonly shard?: string
  /** Runs the report being resumed already holds. */
  readonly kept: number
  /** Runs whose variant has no place in their scenario (no run, as eval skips them). */
  readonly skipped: number
  /** Runs replayed whole: every model call they make is in the cache, or they make none. */
  readonly replayed: number
  /** Runs that reach a model call not in the cache. */
  readonly needModel: number
  /** Runs that would end in an error before any call leaves the cache (a corrupt cassette...), by error kind. */
  readonly errors: Readonly<Record<string, number>>
  /** Model calls answered from the cache while replaying. */
  readonly cachedCalls: number
  /** What the runs that need a model would use, projected; absent without an earlier report to project from. */
  readonly projection?: PlanProjection
  /** The budget given, and whether the projection fits it. */
  readonly budget?: { readonly limits: BudgetLimits; readonly fits: boolean | null }
  /** Runs that broke before they could be replayed. */
  readonly problems: readonly string[]
}

/** `toolcheck plan`: returns the exit code (see `PLAN_USAGE`). */
export async function runPlanCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parseEvalArguments(args, process.cwd(), true)
  // A budget of no model calls: every call not in the cache is refused, and ends its run there.
  const opened = await openEvaluation(parsed, io, 'plan', new ModelBudget({ modelCalls: 0 }))
  if (typeof opened === 'number') return opened
  let kept = 0
  const skipped: string[] = []
  let replayed = 0
  let cachedCalls = 0
  const errors: Record<string, number> = {}
  const needing: SummarizedRun[] = []
  const problems: string[] = []
  try {
    await opened.pool.play(
      opened.units,
      (unit) => opened.cases[unit.case]?.test ?? '',
      (_unit, outcome) => {
        if (outcome.kind === 'kept') kept++
        else if (outcome.kind === 'skipped') skipped.push(outcome.reason)
        else if (outcome.kind === 'problem') problems.push(`${outcome.problem.test}: ${outcome.problem.message.split('\n')[0]}`)
        else {
          // A plan plays from the cache only: reading each run back from its line costs nothing beside that.
          const run = summarizedRun((JSON.parse(outcome.line) as RunLine).run)
          cachedCalls += run.usage.cachedCalls
          const kind = run.status === 'error' ? run.error?.kind : undefined
          if (kind === BUDGET_SPENT || kind === 'cache-miss') needing.push(run)
          else if (kind !== undefined) errors[kind] = (errors[kind] ?? 0) + 1
          else replayed++
        }
      },
    )
  } finally {
    await opened.close()
  }
  const earlier = parsed.previous ?? opened.resumed?.directory ?? resolve(process.cwd(), parsed.reportDir)
  const projection = await project(needing, earlier)
  const limits = parsed.budget === undefined ? undefined : parsed.shard === undefined ? parsed.budget : budgetShare(parsed.budget, parsed.shard.index, parsed.shard.count)
  const plan: Plan = {
    agent: opened.agentSpec,
    user: opened.userSpec,
    runs: opened.units.length,
    ...(parsed.shard === undefined ? {} : { shard: `${parsed.shard.index}/${parsed.shard.count} (of ${opened.allUnits} runs)` }),
    kept,
    skipped: skipped.length,
    replayed,
    needModel: needing.length,
    errors,
    cachedCalls,
    ...(projection === undefined ? {} : { projection }),
    ...(limits === undefined ? {} : { budget: { limits, fits: fits(limits, projection, needing.length) } }),
    problems,
  }
  io.stdout(parsed.json === true ? `${JSON.stringify(plan, null, 2)}\n` : formatPlan(plan, opened.resumed?.directory, skipped))
  if (problems.length > 0) return EXIT_CODES.harness
  // Said in the exit code too, so a CI step can stop before an evaluation that would be cut short.
  return plan.budget?.fits === false ? EXIT_CODES.infrastructure : EXIT_CODES.ok
}

/**
 * What the runs that need a model would use: each run as the earlier report's run of the same id
 * used, less the calls the cache already answers (at least one call: the one it lacks); a run the
 * earlier report does not hold, as its runs did on average. `undefined` without an earlier report
 * whose runs called a model.
 */
async function project(needing: readonly SummarizedRun[], path: string): Promise<PlanProjection | undefined> {
  const earlier = await earlierUsage(path)
  const calling = [...earlier.values()].filter((usage) => usage.calls > 0)
  if (calling.length === 0) return undefined
  const mean = (pick: (usage: Usage) => number) => calling.reduce((sum, usage) => sum + pick(usage), 0) / calling.length
  const average: Usage = { calls: mean((usage) => usage.calls), cachedCalls: 0, promptTokens: mean((usage) => usage.promptTokens), completionTokens: mean((usage) => usage.completionTokens), ...(calling.some((usage) => usage.costUsd !== undefined) ? { costUsd: mean((usage) => usage.costUsd ?? 0) } : {}) }
  let calls = 0
  let promptTokens = 0
  let completionTokens = 0
  let cost: number | undefined
  for (const run of needing) {
    const before = earlier.get(run.id) ?? average
    const remaining = Math.max(1, before.calls - run.usage.cachedCalls)
    const share = before.calls > 0 ? remaining / before.calls : 1
    calls += remaining
    promptTokens += before.promptTokens * share
    completionTokens += before.completionTokens * share
    if (before.costUsd !== undefined) cost = (cost ?? 0) + before.costUsd * share
  }
  return { from: path, calls: Math.round(calls), promptTokens: Math.round(promptTokens), completionTokens: Math.round(completionTokens), ...(cost === undefined ? {} : { costUsd: cost }) }
}

/** What a run of an earlier report asked of models. */
type Usage = NonNullable<RunCost['usage']>

/** The usage of each run of an earlier report, by run id (read leniently: a projection is a hint); empty when there is none. */
async function earlierUsage(path: string): Promise<Map<string, Usage>> {
  const earlier = await readEarlierCosts(path).catch(() => undefined)
  return new Map([...(earlier ?? [])].flatMap(([id, run]) => (run.usage === undefined ? [] : [[id, run.usage] as const])))
}

/** Whether the projection fits the budget: `null` when it cannot be told (nothing to project from). */
function fits(limits: BudgetLimits, projection: PlanProjection | undefined, needModel: number): boolean | null {
  if (needModel === 0) return true
  if (projection === undefined) return limits.modelCalls === undefined ? null : limits.modelCalls >= needModel ? null : false
  if (limits.modelCalls !== undefined && projection.calls > limits.modelCalls) return false
  if (limits.tokens !== undefined && projection.promptTokens + projection.completionTokens > limits.tokens) return false
  if (limits.costUsd !== undefined) return projection.costUsd === undefined ? null : projection.costUsd <= limits.costUsd
  return true
}

/** The plan in words. */
function formatPlan(plan: Plan, resumed: string | undefined, notPlayed: readonly string[]): string {
  const lines: string[] = []
  lines.push(`toolcheck plan: ${count(plan.runs, 'run')}${plan.shard === undefined ? '' : ` in shard ${plan.shard}`}, agent ${plan.agent}, user ${plan.user}`)
  if (resumed !== undefined) lines.push(`  ${count(plan.kept, 'run')} kept from ${resumed}, ${count(plan.runs - plan.kept - plan.skipped, 'run')} to play`)
  // Each reason a run will not be played, as toolcheck eval names them after its summary.
  const unplayed = notPlayedNote(notPlayed)
  if (unplayed !== '') lines.push(...unplayed.split('\n').map((line) => `  ${line}`))
  lines.push(`model calls in the cache: ${count(plan.cachedCalls, 'call')}; ${count(plan.replayed, 'run')} replay${plan.replayed === 1 ? 's' : ''} whole (from the cache, or without model calls)`)
  const projection = plan.projection
  if (plan.needModel === 0) lines.push('model calls not in the cache: none')
  else if (projection === undefined) lines.push(`model calls not in the cache: ${count(plan.needModel, 'run')} reach one; no earlier report with model calls to project from (--previous <report>)`)
  else {
    lines.push(`model calls not in the cache: about ${count(projection.calls, 'call')} in the ${count(plan.needModel, 'run')} that reach one`)
    const cost = projection.costUsd === undefined ? 'cost unknown (the earlier runs had no price)' : `about ${formatCost(projection.costUsd)}`
    lines.push(`projected from ${projection.from}: about ${formatTokens(projection.promptTokens)} prompt + ${formatTokens(projection.completionTokens)} completion tokens, ${cost}`)
  }
  for (const [kind, runs] of Object.entries(plan.errors)) lines.push(`  ${count(runs, 'run')} would end in ${kind} errors before reaching a model`)
  if (plan.budget !== undefined) {
    const verdict = plan.budget.fits === null ? 'whether the projection fits it cannot be told' : plan.budget.fits ? 'the projection fits it' : 'the projection does not fit it: runs would be cut short'
    lines.push(`budget: ${verdict}`)
  }
  if (plan.problems.length > 0) lines.push(`${count(plan.problems.length, 'run')} broke before they could be replayed:`, ...plan.problems.map((problem) => `  ${problem}`))
  lines.push('no model was called.')
  return `${lines.join('\n')}\n`
}

function count(value: number, noun: string): string {
  return `${value.toLocaleString('en-US')} ${noun}${value === 1 ? '' : 's'}`
}
