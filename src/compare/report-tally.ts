import type { ReportRun, UsageTotals } from '../reporter/report.ts'
import { isDeterministicRun } from '../reporter/report-settings.ts'

/** The parts of a report run that a comparison reads (reports of version 1 lack `verdict`). */
export type ComparedRun = Pick<ReportRun, 'scenario' | 'augmentation' | 'augmentationColumns' | 'categories' | 'agent' | 'status' | 'score' | 'passed' | 'trial' | 'usage'> & {
  readonly verdict?: ReportRun['verdict']
  /** Whose code or part ended an `error` run (a report's runs carry it; older ones may not). */
  readonly error?: { readonly culprit?: string } | undefined
}

/**
 * One scenario under one augmentation for one agent in one report: its counts, not its runs.
 * Cells share their names and lists (a tally holds each text and each list of categories or
 * columns once), so the lists are never changed in place.
 */
export interface CellTally {
  readonly scenario: string
  readonly augmentation: string
  readonly agent: string
  /** Every category of its runs, in the order first seen (a new list when a run brings another). */
  categories: readonly string[]
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
  /** Its place in the tally's `cells`. */
  readonly index: number
}

/**
 * A report reduced to what a comparison needs: per cell, counts; for the report, totals; per run,
 * its trial and its cell (see `cellPositions`). Its objects are few whatever the number of runs
 * (one per cell, the texts and lists shared, the runs' places in two typed arrays), so reading a
 * report into it leaves little for the garbage collector to carry.
 */
export interface ReportTally {
  /** The cells (a scenario, an augmentation and an agent each), in the order first seen. */
  readonly cells: CellTally[]
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
  /** Whether every run is a deterministic replay (see `isDeterministicRun`); false without runs. */
  deterministic: boolean
  readonly usage: { calls: number; cachedCalls: number; promptTokens: number; completionTokens: number; latencyMs: number; costUsd: number | undefined }
  /** How the tally is kept as runs are added (see `addRun`); not for readers. */
  readonly counting: Counting
}

/** A group's runs (a category's, an augmentation column's) as a report's summary counts them. */
export interface GroupTally {
  runs: number
  errors: number
  passes: number
  /** The scored runs' scores summed in the report's order, as the summary's mean sums them. */
  scoreSum: number
}

/** What `addRun` keeps to count runs quickly into few objects. */
interface Counting {
  /** The cells of each scenario. */
  readonly byScenario: Map<string, CellTally[]>
  /** Each text met (augmentation labels, agents), kept once. */
  readonly texts: Map<string, string>
  /** Each list met (categories, augmentation columns), kept once, keyed by its texts NUL-joined. */
  readonly lists: Map<string, readonly string[]>
  /** The groups a shared list of categories, or of columns, counts into, in its order. */
  readonly categoryGroups: Map<readonly string[], GroupTally[]>
  readonly columnGroups: Map<readonly string[], GroupTally[]>
  /** The cell of the run counted last: a report keeps a cell's trials together. */
  last: CellTally | undefined
  /** Each run's trial and cell (its index), by the run's position. */
  trials: Float64Array
  cellOf: Int32Array
  /** `cellPositions` once worked out, and for how many runs. */
  positions?: CellPositions & { readonly runs: number }
}

/** A run's verdict; reports of version 1 have none, and their `passed` and `status` say it. */
export function verdictOf(run: ComparedRun): ReportRun['verdict'] {
  return run.verdict ?? (run.status === 'error' ? 'error' : run.passed ? 'passed' : 'failed')
}

/** An empty tally, to `addRun` to. */
export function emptyTally(): ReportTally {
  return {
    cells: [],
    groups: new Map(),
    agents: [],
    runs: 0,
    errors: 0,
    userErrors: 0,
    passes: 0,
    scoreSum: 0,
    deterministic: true,
    usage: { calls: 0, cachedCalls: 0, promptTokens: 0, completionTokens: 0, latencyMs: 0, costUsd: undefined },
    counting: { byScenario: new Map(), texts: new Map(), lists: new Map(), categoryGroups: new Map(), columnGroups: new Map(), last: undefined, trials: new Float64Array(1024), cellOf: new Int32Array(1024) },
  }
}

/**
 * Counts one more run, the report's run at `position` (the runs counted in order, from 0), into
 * `tally`: a report of any size is tallied one run at a time, and nothing of the run is kept but
 * its trial and its cell.
 */
export function addRun(tally: ReportTally, run: ComparedRun, position: number): void {
  const counting = tally.counting
  const last = counting.last
  const cell = last !== undefined && last.scenario === run.scenario && last.augmentation === run.augmentation && last.agent === run.agent ? last : cellOf(tally, run)
  counting.last = cell
  if (!sameList(run.categories, cell.categories)) for (const category of run.categories) if (!cell.categories.includes(category)) cell.categories = sharedList(counting, [...cell.categories, category])
  place(counting, position, run.trial, cell.index)
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
  // Most runs have their cell's lists, whose groups are known; a run with lists of its own finds
  // its groups by name.
  if (sameList(run.categories, cell.categories)) for (const group of groupsOf(tally, counting.categoryGroups, 'category', cell.categories)) addToGroup(group, verdict, score)
  else for (const category of run.categories) addToGroup(groupNamed(tally.groups, `category\u0000${category}`), verdict, score)
  if (sameList(run.augmentationColumns, cell.augmentationColumns)) for (const group of groupsOf(tally, counting.columnGroups, 'augmentation', cell.augmentationColumns)) addToGroup(group, verdict, score)
  else for (const column of run.augmentationColumns) addToGroup(groupNamed(tally.groups, `augmentation\u0000${column}`), verdict, score)
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

/** The run's cell, made when it is the first run of it. */
function cellOf(tally: ReportTally, run: ComparedRun): CellTally {
  const counting = tally.counting
  const cells = counting.byScenario.get(run.scenario)
  if (cells !== undefined) for (const cell of cells) if (cell.augmentation === run.augmentation && cell.agent === run.agent) return cell
  const agent = sharedText(counting, run.agent)
  const cell: CellTally = {
    scenario: cells?.[0]?.scenario ?? run.scenario,
    augmentation: sharedText(counting, run.augmentation),
    agent,
    categories: sharedList(counting, [...new Set(run.categories)]),
    augmentationColumns: sharedList(counting, run.augmentationColumns),
    runs: 0,
    errors: 0,
    passes: 0,
    scoreSum: 0,
    agentErrors: 0,
    index: tally.cells.length,
  }
  tally.cells.push(cell)
  if (cells === undefined) counting.byScenario.set(cell.scenario, [cell])
  else cells.push(cell)
  if (!tally.agents.includes(agent)) tally.agents.push(agent)
  return cell
}

function sharedText(counting: Counting, text: string): string {
  const known = counting.texts.get(text)
  if (known !== undefined) return known
  counting.texts.set(text, text)
  return text
}

function sharedList(counting: Counting, list: readonly string[]): readonly string[] {
  const key = list.join('\u0000')
  const known = counting.lists.get(key)
  if (known !== undefined && sameList(known, list)) return known
  const kept = list.map((text) => sharedText(counting, text))
  // Texts of a report made by hand may hold NUL: such a list is kept but not shared.
  if (known === undefined) counting.lists.set(key, kept)
  return kept
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let at = 0; at < a.length; at++) if (a[at] !== b[at]) return false
  return true
}

/** The groups of the names of a shared list, made (in the list's order) when first met. */
function groupsOf(tally: ReportTally, known: Map<readonly string[], GroupTally[]>, level: 'category' | 'augmentation', names: readonly string[]): GroupTally[] {
  let groups = known.get(names)
  if (groups === undefined) {
    groups = names.map((name) => groupNamed(tally.groups, `${level}\u0000${name}`))
    known.set(names, groups)
  }
  return groups
}

function groupNamed(groups: Map<string, GroupTally>, key: string): GroupTally {
  let group = groups.get(key)
  if (group === undefined) {
    group = { runs: 0, errors: 0, passes: 0, scoreSum: 0 }
    groups.set(key, group)
  }
  return group
}

function addToGroup(group: GroupTally, verdict: ReportRun['verdict'], score: number): void {
  group.runs++
  if (verdict === 'error') group.errors++
  else {
    group.scoreSum += score
    if (verdict === 'passed') group.passes++
  }
}

/** Notes the trial and cell of the run at `position`, the arrays doubled when full. */
function place(counting: Counting, position: number, trial: number, cell: number): void {
  if (position >= counting.trials.length) {
    const size = Math.max(position + 1, counting.trials.length * 2)
    const trials = new Float64Array(size)
    trials.set(counting.trials)
    const cells = new Int32Array(size)
    cells.set(counting.cellOf)
    counting.trials = trials
    counting.cellOf = cells
  }
  counting.trials[position] = trial
  counting.cellOf[position] = cell
}

/** Each cell's runs by their positions in the report (see `cellPositions`), and each run's trial. */
export interface CellPositions {
  /** Cell `i`'s runs are `positions[offsets[i]]` up to `positions[offsets[i + 1]]`. */
  readonly offsets: Int32Array
  readonly positions: Int32Array
  /** The trial of the run at each position. */
  readonly trials: Float64Array
  /** The cell (its index) of the run at each position. */
  readonly cellOf: Int32Array
}

/** Each cell's runs by their positions in the report, ordered by trial and then by position. Worked out once per tally. */
export function cellPositions(tally: ReportTally): CellPositions {
  const counting = tally.counting
  if (counting.positions?.runs === tally.runs) return counting.positions
  const offsets = new Int32Array(tally.cells.length + 1)
  for (const cell of tally.cells) offsets[cell.index + 1] = cell.runs
  for (let at = 1; at < offsets.length; at++) offsets[at] = (offsets[at] as number) + (offsets[at - 1] as number)
  const next = offsets.slice(0, -1)
  const positions = new Int32Array(tally.runs)
  // In the report's order, so each cell's positions rise; then ordered by trial, ties by position.
  for (let position = 0; position < tally.runs; position++) {
    const cell = counting.cellOf[position] as number
    positions[next[cell] as number] = position
    next[cell] = (next[cell] as number) + 1
  }
  const { trials } = counting
  const byTrial = (a: number, b: number) => (trials[a] as number) - (trials[b] as number) || a - b
  for (let cell = 0; cell < tally.cells.length; cell++) {
    const [from, to] = [offsets[cell] as number, offsets[cell + 1] as number]
    let ordered = true
    for (let at = from + 1; at < to && ordered; at++) ordered = byTrial(positions[at - 1] as number, positions[at] as number) <= 0
    if (!ordered) positions.subarray(from, to).sort(byTrial)
  }
  counting.positions = { runs: tally.runs, offsets, positions, trials, cellOf: counting.cellOf }
  return counting.positions
}

/** The tally's cells of `scenario`, in the order first seen. */
export function scenarioCells(tally: ReportTally, scenario: string): readonly CellTally[] {
  return tally.counting.byScenario.get(scenario) ?? []
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
