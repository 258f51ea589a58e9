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
  const cells = (report: ComparedReport | TalliedReport) => {
    const map = new Map<string, { passes: number; trials: number }>()
    if ('tally' in report) {
      // The same counts from the tally's cells: runs that ended in an error, whoever's, are left out.
      for (const tallied of report.tally.cells.values()) {
        const trials = tallied.runs - tallied.errors - tallied.agentErrors
        if (trials === 0) continue
        const key = JSON.stringify([tallied.scenario, tallied.augmentation])
        const cell = map.get(key) ?? { passes: 0, trials: 0 }
        cell.trials += trials
        cell.passes += tallied.passes
        map.set(key, cell)
      }
      return map
    }
    for (const run of report.runs) {
      if (run.verdict === 'error' || run.status === 'error') continue
      const key = JSON.stringify([run.scenario, run.augmentation])
      const cell = map.get(key) ?? { passes: 0, trials: 0 }
      cell.trials++
      if (run.passed) cell.passes++
      map.set(key, cell)
    }
    return map
  }
  const own = cells(base)
  const earlier = new Map<string, { passes: number; trials: number }>()
  for (const report of history)
    for (const [key, cell] of cells(report)) {
      const sum = earlier.get(key) ?? { passes: 0, trials: 0 }
      earlier.set(key, { passes: sum.passes + cell.passes, trials: sum.trials + cell.trials })
    }
  const strata = [...own.entries()].flatMap(([key, cell]) => {
    const before = earlier.get(key)
    return before === undefined ? [] : [{ base: before, head: cell }]
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
