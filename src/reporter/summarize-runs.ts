import { AUGMENTATION_COLUMNS } from '../augmentation/augmentation-columns.ts'
import { culpritOf, isAgentResult } from '../conversation/culprit.ts'
import { CIRCUIT_OPEN } from '../roles/endpoint/circuit-breaker.ts'
import { CATEGORIES } from '../scenario/categories.ts'
import { compareLabels } from './compare-labels.ts'
import { compareText } from './compare-text.ts'
import { meanInterval } from './mean-interval.ts'
import { ScoreSeries } from './score-series.ts'
import type { PassHatK, TrialCount } from './pass-hat-k.ts'
import { passHatK } from './pass-hat-k.ts'
import { RobustnessTally } from './summarize-robustness.ts'
import { UsersTally } from './summarize-users.ts'
import type { SummarizedRun, ReportSummary, SummaryGroup, SummaryMatrix, TaskTrials, UsageTotals } from './report.ts'
import { wilsonInterval } from './wilson-interval.ts'

/**
 * Computes the report's summary: overall (each run once), per category, per augmentation column
 * per agent and per simulated user (its errors by kind, `summarizeUsers`; a run counts in each of its categories and each of its `augmentationColumns`),
 * the category × column matrix, pass^k with its intervals per cell (scenario and full
 * augmentation label in one test) and over all cells (`passHatK`: one estimator and interval for
 * both), the runs that a circuit breaker cut short with the breakers' reasons, and the robustness
 * figures when runs had robustness augmentations (`summarizeRobustness`). It is `RunsSummary`
 * over the runs in their order.
 */
export function summarizeRuns(runs: readonly SummarizedRun[]): ReportSummary {
  const summary = new RunsSummary()
  for (const run of runs) summary.add(run)
  return summary.finish()
}

/**
 * A report's summary worked out run by run (`summarizeRuns` is this over a list): it keeps counts
 * and sums per group and per cell, never the runs, so a report written as its runs arrive holds
 * no more for its summary at 100,000 runs than at 1,000 cells. Runs are added in the report's
 * order; the summary is the same, bit for bit, as `summarizeRuns` gives for that list.
 */
export class RunsSummary {
  readonly #overall = new GroupTally()
  readonly #byCategory = new Map<string, GroupTally>()
  readonly #byAugmentation = new Map<string, GroupTally>()
  readonly #byAgent = new Map<string, GroupTally>()
  readonly #byCell = new Map<string, GroupTally>()
  readonly #byTask = new Map<string, TrialsTally>()
  readonly #users = new UsersTally()
  readonly #robustness = new RobustnessTally()
  #cut = 0
  readonly #cutReasons = new Set<string>()
  #lastTask: { readonly run: SummarizedRun; readonly task: TrialsTally } | undefined
  #lastGroups: { readonly categories: readonly string[]; readonly columns: readonly string[]; readonly tallies: readonly GroupTally[] } | undefined

  add(run: SummarizedRun): void {
    this.#overall.add(run)
    for (const tally of this.#groupsOf(run)) tally.add(run)
    tallyOf(this.#byAgent, run.agent).add(run)
    // A cell's runs follow each other: its tally is looked up again only when the run's names change.
    const last = this.#lastTask
    let task = last !== undefined && sameCell(last.run, run) ? last.task : undefined
    if (task === undefined) {
      const key = cellKey(run)
      task = this.#byTask.get(key)
      if (task === undefined) {
        task = new TrialsTally(run)
        this.#byTask.set(key, task)
      }
    }
    this.#lastTask = { run, task }
    task.add(run)
    this.#users.add(run)
    this.#robustness.add(run)
    if (culpritOf(run) === 'infrastructure' && run.error?.kind === CIRCUIT_OPEN) {
      this.#cut++
      this.#cutReasons.add(run.error?.message ?? '')
    }
  }

  // The tallies of a run's categories, columns and their cells, kept for the next run: the runs
  // of one scenario share their categories and columns, and keys need not be made again for them.
  #groupsOf(run: SummarizedRun): readonly GroupTally[] {
    const last = this.#lastGroups
    if (last !== undefined && sameTexts(last.categories, run.categories) && sameTexts(last.columns, run.augmentationColumns)) return last.tallies
    const tallies: GroupTally[] = []
    for (const category of run.categories) tallies.push(tallyOf(this.#byCategory, category))
    for (const column of run.augmentationColumns) tallies.push(tallyOf(this.#byAugmentation, column))
    for (const category of run.categories) for (const column of run.augmentationColumns) tallies.push(tallyOf(this.#byCell, `${category}\u0000${column}`))
    this.#lastGroups = { categories: run.categories, columns: run.augmentationColumns, tallies }
    return tallies
  }

  /** The summary of the runs added so far. */
  finish(): ReportSummary {
    const cellPassHatK = memoizedPassHatK()
    const trials = [...this.#byTask.values()].map((task) => task.finish(cellPassHatK))
    const overallPassHatK: Record<string, number> = {}
    const overallInterval: Record<string, readonly [number, number]> = {}
    const counts: TrialCount[] = trials
    const maxTrials = trials.reduce((most, task) => Math.max(most, task.trials), 0)
    for (let k = 1; k <= maxTrials; k++) {
      const value = passHatK(counts, k)
      if (value === undefined) continue
      overallPassHatK[k] = value.estimate
      overallInterval[k] = value.interval
    }
    const robustness = this.#robustness.finish(categoryOrder)
    return {
      overall: this.#overall.finish(),
      cutShort: { runs: this.#cut, reasons: [...this.#cutReasons].sort(compareText) },
      byCategory: groupRecord(this.#byCategory, categoryOrder),
      byAugmentation: groupRecord(this.#byAugmentation, augmentationOrder),
      byAgent: groupRecord(this.#byAgent, compareText),
      byUser: this.#users.finish(),
      matrix: matrixOf(this.#byCategory, this.#byAugmentation, this.#byCell),
      passHatK: overallPassHatK,
      passHatKInterval: overallInterval,
      trials,
      ...(robustness === undefined ? {} : { robustness }),
    }
  }
}

/**
 * The cell a run belongs to: its scenario under its augmentation in its test (file and name),
 * played by its agent (one test may play a scenario with several agents); its trials are the
 * cell's runs. `summary.trials` lists the cells in the order of their first run.
 */
export function cellKey(run: Pick<SummarizedRun, 'file' | 'test' | 'scenario' | 'augmentation' | 'agent'>): string {
  return JSON.stringify([run.file, run.test, run.scenario, run.augmentation, run.agent])
}

/** Two runs of the same cell (see `cellKey`). */
function sameCell(a: SummarizedRun, b: SummarizedRun): boolean {
  return a.scenario === b.scenario && a.augmentation === b.augmentation && a.test === b.test && a.file === b.file && a.agent === b.agent
}

/** Two lists of the same texts in the same order. */
function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((text, position) => text === b[position])
}

/** Statistics of one group of runs. */
export function summarizeGroup(runs: readonly SummarizedRun[]): SummaryGroup {
  const group = new GroupTally()
  for (const run of runs) group.add(run)
  return group.finish()
}

/** Usage summed over runs; `costUsd` only when some run had a cost. */
export function usageOf(runs: readonly Pick<SummarizedRun, 'usage'>[]): UsageTotals {
  const usage = new UsageTally()
  for (const run of runs) usage.add(run.usage)
  return usage.finish()
}

/** Usage summed run by run, in the order the runs come (the sums of floating-point latencies and costs depend on it). */
class UsageTally {
  #calls = 0
  #cachedCalls = 0
  #promptTokens = 0
  #completionTokens = 0
  #latencyMs = 0
  #cost: number | undefined

  add(usage: SummarizedRun['usage']): void {
    this.#calls += usage.calls
    this.#cachedCalls += usage.cachedCalls
    this.#promptTokens += usage.promptTokens
    this.#completionTokens += usage.completionTokens
    this.#latencyMs += usage.latencyMs
    if (usage.costUsd !== undefined) this.#cost = (this.#cost ?? 0) + usage.costUsd
  }

  finish(): UsageTotals {
    const cost = this.#cost
    return { calls: this.#calls, cachedCalls: this.#cachedCalls, promptTokens: this.#promptTokens, completionTokens: this.#completionTokens, latencyMs: this.#latencyMs, ...(cost === undefined ? {} : { costUsd: cost }) }
  }
}

/** What a summary group needs of its runs, added one by one (see `summarizeGroup`). */
class GroupTally {
  #runs = 0
  #passed = 0
  #turns = 0
  readonly #scores = new ScoreSeries()
  readonly #culprits = { agent: 0, domain: 0, infrastructure: 0, user: 0 }
  readonly #usage = new UsageTally()

  add(run: SummarizedRun): void {
    this.#runs++
    if (isAgentResult(run)) {
      this.#scores.push(run.score ?? 0)
      if (run.passed) this.#passed++
      this.#turns += run.turns
    }
    const culprit = culpritOf(run)
    if (culprit !== undefined) this.#culprits[culprit]++
    this.#usage.add(run.usage)
  }

  finish(): SummaryGroup {
    const scored = this.#scores.length
    const scores = meanInterval(this.#scores)
    const passed = this.#passed
    const culprits = this.#culprits
    return {
      runs: this.#runs,
      errors: this.#runs - scored,
      domainErrors: culprits.domain,
      infrastructureErrors: culprits.infrastructure,
      userErrors: culprits.user,
      passed,
      failed: scored - passed,
      agentErrors: culprits.agent,
      passRate: scored === 0 ? null : passed / scored,
      passRateInterval: wilsonInterval(passed, scored) ?? null,
      meanScore: scores?.mean ?? null,
      scoreInterval: scores?.interval ?? null,
      meanTurns: scored === 0 ? null : this.#turns / scored,
      usage: this.#usage.finish(),
    }
  }
}

/** The trials of one cell, added one by one: its names (from its first run), its counts and its scores. */
class TrialsTally {
  readonly #first: Pick<SummarizedRun, 'scenario' | 'augmentation' | 'test' | 'file' | 'agent'>
  #runs = 0
  #passes = 0
  readonly #scores = new ScoreSeries()

  constructor(first: SummarizedRun) {
    this.#first = { scenario: first.scenario, augmentation: first.augmentation, test: first.test, file: first.file, agent: first.agent }
  }

  add(run: SummarizedRun): void {
    this.#runs++
    if (!isAgentResult(run)) return
    this.#scores.push(run.score ?? 0)
    if (run.passed) this.#passes++
  }

  finish(cellPassHatK: (trials: number, passes: number, k: number) => PassHatK): TaskTrials {
    const first = this.#first
    const scored = this.#scores.length
    const passes = this.#passes
    const scores = meanInterval(this.#scores)
    const hat: Record<string, number> = {}
    const hatInterval: Record<string, readonly [number, number]> = {}
    for (let k = 1; k <= scored; k++) {
      const value = cellPassHatK(scored, passes, k)
      hat[k] = value.estimate
      hatInterval[k] = value.interval
    }
    return {
      scenario: first.scenario,
      augmentation: first.augmentation,
      test: first.test,
      file: first.file,
      agent: first.agent,
      trials: scored,
      passes,
      errors: this.#runs - scored,
      meanScore: scores?.mean ?? null,
      scoreInterval: scores?.interval ?? null,
      passHatK: hat,
      passHatKInterval: hatInterval,
    }
  }
}

// Cells mostly share their counts (5 of 5, 4 of 5, ...): each count's curve is computed once.
function memoizedPassHatK(): (trials: number, passes: number, k: number) => PassHatK {
  const known = new Map<string, PassHatK>()
  return (trials, passes, k) => {
    const key = `${trials},${passes},${k}`
    let value = known.get(key)
    if (value === undefined) {
      value = passHatK([{ trials, passes }], k) as PassHatK
      known.set(key, value)
    }
    return value
  }
}

function matrixOf(byCategory: Map<string, GroupTally>, byAugmentation: Map<string, GroupTally>, byCell: Map<string, GroupTally>): SummaryMatrix {
  const categories = [...byCategory.keys()].sort(categoryOrder)
  const columns = [...byAugmentation.keys()].sort(augmentationOrder)
  const cells: Record<string, Record<string, SummaryGroup>> = {}
  for (const category of categories) {
    const row: Record<string, SummaryGroup> = {}
    for (const column of columns) {
      const group = byCell.get(`${category}\u0000${column}`)
      if (group !== undefined) row[column] = group.finish()
    }
    cells[category] = row
  }
  return { categories, columns, cells }
}

function tallyOf(map: Map<string, GroupTally>, key: string): GroupTally {
  let tally = map.get(key)
  if (tally === undefined) {
    tally = new GroupTally()
    map.set(key, tally)
  }
  return tally
}

function groupRecord(groups: Map<string, GroupTally>, order: (a: string, b: string) => number): Record<string, SummaryGroup> {
  const record: Record<string, SummaryGroup> = {}
  for (const key of [...groups.keys()].sort(order)) record[key] = (groups.get(key) as GroupTally).finish()
  return record
}

/** Categories in the paper's order, then the user's own labels alphabetically. */
export function categoryOrder(a: string, b: string): number {
  const rank = (category: string) => {
    const index = (CATEGORIES as readonly string[]).indexOf(category)
    return index === -1 ? CATEGORIES.length : index
  }
  return rank(a) - rank(b) || compareText(a, b)
}

/** ToolSandbox's columns in its table's order, then ours, then any others by label. */
export function augmentationOrder(a: string, b: string): number {
  const rank = (column: string) => {
    const index = AUGMENTATION_COLUMNS.indexOf(column)
    return index === -1 ? AUGMENTATION_COLUMNS.length : index
  }
  return rank(a) - rank(b) || compareLabels(a, b)
}
