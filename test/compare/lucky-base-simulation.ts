// The lucky-base case measured: of 50 base reports of one agent the best is kept as the baseline,
// and 49 more reports of the same agent (honest heads, nothing changed) are compared with it.
import type { ComparedReport } from '../../src/compare/compare-reports.ts'
import { compareReports } from '../../src/compare/compare-reports.ts'
import { luckyBase } from '../../src/compare/lucky-base.ts'
import { poolReports } from '../../src/compare/pool-reports.ts'
import { seededRandom } from '../../src/tools/seeded-random.ts'
import { play, suite } from './simulated-suite.ts'

/** How many reports of the team's history a pooled baseline takes (the lucky one among them). */
export const HISTORY = 5

/** False-alarm rates (heads flagged as regressions) and how often the lucky-base warning fires. */
export interface LuckyBaseFigures {
  readonly comparisons: number
  /** A typical base (a random one of the 50) alone. */
  readonly typical: number
  /** The best of the 50 alone. */
  readonly lucky: number
  /** The best of the 50 pooled with the 4 reports before it. */
  readonly luckyPooled: number
  /** A typical base pooled with the 4 reports before it. */
  readonly typicalPooled: number
  /** How often the warning fires: for the best of 50 against the 4 reports before it, and for a typical base. */
  readonly warnedLucky: number
  readonly warnedTypical: number
}

const passRate = (report: ComparedReport) => report.runs.filter((run) => run.passed).length / report.runs.length

/** Plays `suites` suites, 50 bases and 49 heads each, and counts the false alarms. */
export function measureLuckyBase(suites: number, seed = 'lucky base'): LuckyBaseFigures {
  const random = seededRandom(seed)
  const flagged = { typical: 0, lucky: 0, luckyPooled: 0, typicalPooled: 0 }
  let warnedLucky = 0
  let warnedTypical = 0
  let comparisons = 0
  for (let round = 0; round < suites; round++) {
    const cells = suite(random)
    const bases = Array.from({ length: 50 }, () => play(cells, random))
    const heads = Array.from({ length: 49 }, () => play(cells, random))
    const best = bases.reduce((kept, report) => (passRate(report) > passRate(kept) ? report : kept))
    const typical = bases[0] as ComparedReport
    // The history before each: four other reports of the same agent.
    const others = bases.filter((report) => report !== best && report !== typical)
    const luckyHistory = others.slice(0, HISTORY - 1)
    const typicalHistory = others.slice(HISTORY - 1, 2 * (HISTORY - 1))
    if (luckyBase(best, luckyHistory, 'base') !== undefined) warnedLucky++
    if (luckyBase(typical, typicalHistory, 'base') !== undefined) warnedTypical++
    const luckyPool = poolReports([...luckyHistory, best])
    const typicalPool = poolReports([...typicalHistory, typical])
    for (const head of heads) {
      comparisons++
      if (compareReports(typical, head).regression) flagged.typical++
      if (compareReports(best, head).regression) flagged.lucky++
      if (compareReports(luckyPool, head).regression) flagged.luckyPooled++
      if (compareReports(typicalPool, head).regression) flagged.typicalPooled++
    }
  }
  return {
    comparisons,
    typical: flagged.typical / comparisons,
    lucky: flagged.lucky / comparisons,
    luckyPooled: flagged.luckyPooled / comparisons,
    typicalPooled: flagged.typicalPooled / comparisons,
    warnedLucky: warnedLucky / suites,
    warnedTypical: warnedTypical / suites,
  }
}
