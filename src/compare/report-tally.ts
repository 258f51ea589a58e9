import type { ReportRun, UsageTotals } from '../reporter/report.ts'
import { isDeterministicRun } from '../reporter/report-settings.ts'

/** The parts of a report run that a comparison reads (reports of version 1 lack `verdict`). */
export type ComparedRun = Pick<ReportRun, 'scenario' | 'augmentation' | 'augmentationColumns' | 'categories' | 'agent' | 'status' | 'score' | 'passed' | 'trial' | 'usage'> & {
  readonly verdict?: ReportRun['verdict']
  /** Whose code or part ended an `error` run (a report's runs carry it; older ones may not). */
  readonly error?: { readonly culprit?: string } | undefined
}

/** One scenario under one augmentation for one agent in one report: its counts, not its runs. */
export interface CellTally {
  readonly scenario: string
  readonly augmentation: string
  readonly agent: string
  /** Every category of its runs, in the order first seen. */
  readonly categories: string[]
  readonly augmentationColumns: readonly string[]
  /** Runs, errors included. */
  runs: number
  /** Runs whose verdict is `error`: not scored. */
  errors: number
  /** Scored runs that passed, and the sum of the scored runs' scores. */
  passes: number
  scoreSum: number
  /** Scored runs that ended in an error all the same (the agent's own code ended them: failures). */
  agentErrors: number
  /** Each run's trial and position in the report, in pairs (trial, position), in report order. */
  readonly places: number[]
}

/** A report reduced to what a comparison needs: per cell, counts; for the report, totals. */
export interface ReportTally {
  /** Cells keyed by scenario, augmentation and agent (NUL-joined), in the order first seen. */
  readonly cells: Map<string, CellTally>
  /** Every agent of its runs, in the order first seen. */
  readonly agents: string[]
  runs: number
  errors: number
  /** Of the errors, the runs whose simulated user broke its part. */
  userErrors: number
  passes: number
  scoreSum: number
  /**
   * Each category and augmentation column (keyed `category`, NUL, name or `augmentation`, NUL,
   * name): its runs counted as the summary counts a group's, for a history's figures.
   */
  readonly groups: Map<string, GroupTally>
  /** The cell of the run counted last. */
  last?: CellTally
  /** Whether every run is a deterministic replay (see `isDeterministicRun`); false without runs. */
  deterministic: boolean
  readonly usage: { calls: number; cachedCalls: number; promptTokens: number; completionTokens: number; latencyMs: number; costUsd: number | undefined }
}

/** A group's runs (a category's, an augmentation column's) as a report's summary counts them. */
export interface GroupTally {
  runs: number
  errors: number
  passes: number
  /** The scored runs' scores summed in the report's order, as the summary's mean sums them. */
  scoreSum: number
}

/** A run's verdict; reports of version 1 have none, and their `passed` and `status` say it. */
export function verdictOf(run: ComparedRun): ReportRun['verdict'] {
  return run.verdict ?? (run.status === 'error' ? 'error' : run.passed ? 'passed' : 'failed')
}

/** An empty tally, to `addRun` to. */
export function emptyTally(): ReportTally {
  return { cells: new Map(), groups: new Map(), agents: [], runs: 0, errors: 0, userErrors: 0, passes: 0, scoreSum: 0, deterministic: true, usage: { calls: 0, cachedCalls: 0, promptTokens: 0, completionTokens: 0, latencyMs: 0, costUsd: undefined } }
}

/**
 * Counts one more run, the report's run at `position`, into `tally`: a report of any size is
 * tallied one run at a time, and nothing of the run is kept but its trial and position.
 */
export function addRun(tally: ReportTally, run: ComparedRun, position: number): void {
  // A report keeps a cell's trials together, so the cell is most often the last run's.
  const last = tally.last
  let cell = last !== undefined && last.scenario === run.scenario && last.augmentation === run.augmentation && last.agent === run.agent ? last : undefined
  // NUL cannot occur in a scenario id or a label, so the joined key is unambiguous.
  const key = cell === undefined ? `${run.scenario}\u0000${run.augmentation}\u0000${run.agent}` : ''
  cell ??= tally.cells.get(key)
  if (cell === undefined) {
    cell = { scenario: run.scenario, augmentation: run.augmentation, agent: run.agent, categories: [], augmentationColumns: [...run.augmentationColumns], runs: 0, errors: 0, passes: 0, scoreSum: 0, agentErrors: 0, places: [] }
    tally.cells.set(key, cell)
    if (!tally.agents.includes(run.agent)) tally.agents.push(run.agent)
  }
  tally.last = cell
  for (const category of run.categories) if (!cell.categories.includes(category)) cell.categories.push(category)
  cell.places.push(run.trial, position)
  cell.runs++
  tally.runs++
  const verdict = verdictOf(run)
  const score = run.score ?? 0
  if (verdict === 'error') {
    cell.errors++
    tally.errors++
  } else {
    cell.scoreSum += score
    tally.scoreSum += score
    if (verdict === 'passed') {
      cell.passes++
      tally.passes++
    }
    if (run.status === 'error') cell.agentErrors++
  }
  for (const category of run.categories) addToGroup(tally.groups, `category\u0000${category}`, verdict, score)
  for (const column of run.augmentationColumns) addToGroup(tally.groups, `augmentation\u0000${column}`, verdict, score)
  if (run.status === 'error' && run.error?.culprit === 'user') tally.userErrors++
  tally.deterministic &&= isDeterministicRun(run)
  const { usage } = tally
  usage.calls += run.usage.calls
  usage.cachedCalls += run.usage.cachedCalls
  usage.promptTokens += run.usage.promptTokens
  usage.completionTokens += run.usage.completionTokens
  usage.latencyMs += run.usage.latencyMs
  if (run.usage.costUsd !== undefined) usage.costUsd = (usage.costUsd ?? 0) + run.usage.costUsd
}

function addToGroup(groups: Map<string, GroupTally>, key: string, verdict: ReportRun['verdict'], score: number): void {
  let group = groups.get(key)
  if (group === undefined) {
    group = { runs: 0, errors: 0, passes: 0, scoreSum: 0 }
    groups.set(key, group)
  }
  group.runs++
  if (verdict === 'error') group.errors++
  else {
    group.scoreSum += score
    if (verdict === 'passed') group.passes++
  }
}

/** The tally of runs held in memory. */
export function tallyRuns(runs: readonly ComparedRun[]): ReportTally {
  const tally = emptyTally()
  for (const [position, run] of runs.entries()) addRun(tally, run, position)
  if (tally.runs === 0) tally.deterministic = false
  return tally
}

/** A tally's usage as the summaries show it. */
export function tallyUsage(tally: ReportTally): UsageTotals {
  const { costUsd, ...rest } = tally.usage
  return { ...rest, ...(costUsd === undefined ? {} : { costUsd }) }
}
