import type { ComparedReport, TalliedReport } from './compare-reports.ts'
import { stratifiedTest } from './stratified-test.ts'

/** How unlikely a base's pass rate must be, given its history, before it is called lucky. */
export const LUCKY_LEVEL = 0.05

/** A base whose pass rate is far above what the same agent's history makes likely. */
export interface LuckyBase {
  /** The base's passes and trials, and the history's, over the cells both have. */
  readonly base: { readonly passes: number; readonly trials: number }
  readonly history: { readonly passes: number; readonly trials: number }
  /** The one-sided p-value of a pass rate this far above the history's (exact stratified test). */
  readonly p: number
  /** The warning in a sentence, with the advice. */
  readonly warning: string
}

/**
 * Whether `base` is unusually lucky for its agent: over the cells it shares with the `history`
 * (other reports of the same agent on the same suite), the exact stratified test (each cell its own stratum)
 * finds its pass rate above the history's at `level`. A base that was the best of many runs
 * makes honest heads of the same agent look like regressions; the cure is a baseline of several
 * reports (`poolReports`). Undefined when the base is not lucky, or there is no history.
 */
export function luckyBase(base: ComparedReport | TalliedReport, history: readonly (ComparedReport | TalliedReport)[], label: string, level = LUCKY_LEVEL): LuckyBase | undefined {
  if (history.length === 0) return undefined
  const own = passCounts(base)
  const earlier = new PassCounts()
  for (const report of history) for (const cell of passCounts(report).cells) earlier.add(cell.scenario, cell.augmentation, cell.trials, cell.passes)
  const strata = own.cells.flatMap((cell) => {
    const before = earlier.of(cell.scenario, cell.augmentation)
    return before === undefined ? [] : [{ base: { passes: before.passes, trials: before.trials }, head: { passes: cell.passes, trials: cell.trials } }]
  })
  if (strata.length === 0) return undefined
  const p = stratifiedTest(strata).pBetter
  if (p > level) return undefined
  const sum = (pick: (stratum: (typeof strata)[number]) => { passes: number; trials: number }) =>
    strata.reduce((total, stratum) => ({ passes: total.passes + pick(stratum).passes, trials: total.trials + pick(stratum).trials }), { passes: 0, trials: 0 })
  const baseSide = sum((stratum) => stratum.head)
  const historySide = sum((stratum) => stratum.base)
  const rate = (side: { passes: number; trials: number }) => (side.passes / side.trials).toFixed(3)
  return {
    base: baseSide,
    history: historySide,
    p,
    warning: `${label} is unusually lucky for its agent: it passed ${baseSide.passes}/${baseSide.trials} (${rate(baseSide)}) where ${history.length === 1 ? 'the other report' : `the ${history.length} other reports`} of its agent passed ${historySide.passes}/${historySide.trials} (${rate(historySide)}) of the same cells (p = ${p < 0.0001 ? '< 0.0001' : p.toFixed(4)}); honest heads of the same agent will look like regressions against it. Compare against several reports instead (--baseline a --baseline b, or a folder of reports).`,
  }
}

/** A report's scored runs and passes per scenario and augmentation (all agents together), in the order first seen. */
class PassCounts {
  readonly cells: { readonly scenario: string; readonly augmentation: string; trials: number; passes: number }[] = []
  // By scenario, then augmentation: the names are the reports' own, whose hashes V8 keeps, so no name is made per cell.
  readonly #index = new Map<string, Map<string, PassCounts['cells'][number]>>()

  add(scenario: string, augmentation: string, trials: number, passes: number): void {
    let byAugmentation = this.#index.get(scenario)
    if (byAugmentation === undefined) {
      byAugmentation = new Map()
      this.#index.set(scenario, byAugmentation)
    }
    let cell = byAugmentation.get(augmentation)
    if (cell === undefined) {
      cell = { scenario, augmentation, trials: 0, passes: 0 }
      byAugmentation.set(augmentation, cell)
      this.cells.push(cell)
    }
    cell.trials += trials
    cell.passes += passes
  }

  of(scenario: string, augmentation: string): PassCounts['cells'][number] | undefined {
    return this.#index.get(scenario)?.get(augmentation)
  }
}

/** The pass counts of a report's cells: runs that ended in an error, whoever's, are left out. */
function passCounts(report: ComparedReport | TalliedReport): PassCounts {
  const counts = new PassCounts()
  if ('tally' in report) {
    for (const tallied of report.tally.cells) {
      const trials = tallied.runs - tallied.errors - tallied.agentErrors
      if (trials !== 0) counts.add(tallied.scenario, tallied.augmentation, trials, tallied.passes)
    }
    return counts
  }
  for (const run of report.runs) if (run.verdict !== 'error' && run.status !== 'error') counts.add(run.scenario, run.augmentation, 1, run.passed ? 1 : 0)
  return counts
}
