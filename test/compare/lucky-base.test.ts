import { describe, expect, test } from 'vitest'
import type { ComparedReport } from '../../src/compare/compare-reports.ts'
import { luckyBase } from '../../src/compare/lucky-base.ts'
import { poolReports } from '../../src/compare/pool-reports.ts'
import { seededRandom } from '../../src/tools/seeded-random.ts'
import { measureLuckyBase } from './lucky-base-simulation.ts'
import { play, suite, TRIALS } from './simulated-suite.ts'

const passRate = (report: ComparedReport) => report.runs.filter((run) => run.passed).length / report.runs.length

describe('a lucky base', () => {
  // docs/compare.md gives the figures of 20 suites (980 comparisons); 4 suites keep this test short.
  test('fails honest heads far more often than a typical base, and a pooled baseline takes most of that back', () => {
    const figures = measureLuckyBase(4)
    expect(figures.comparisons).toBe(196)
    expect(figures.typical).toBeLessThanOrEqual(0.1)
    expect(figures.lucky).toBeGreaterThanOrEqual(figures.typical + 0.1)
    expect(figures.luckyPooled).toBeLessThanOrEqual(figures.lucky / 2)
    expect(figures.typicalPooled).toBeLessThanOrEqual(0.1)
  }, 120_000)

  test('is warned of against its history; a typical base seldom is', () => {
    const random = seededRandom('lucky warnings')
    let lucky = 0
    let typical = 0
    const rounds = 40
    for (let round = 0; round < rounds; round++) {
      const cells = suite(random)
      const reports = Array.from({ length: 50 }, () => play(cells, random))
      const best = reports.reduce((kept, report) => (passRate(report) > passRate(kept) ? report : kept))
      const others = reports.filter((report) => report !== best)
      if (luckyBase(best, others.slice(0, 4), 'base') !== undefined) lucky++
      if (luckyBase(others[4] as ComparedReport, others.slice(5, 9), 'base') !== undefined) typical++
    }
    expect(lucky / rounds).toBeGreaterThanOrEqual(0.5)
    expect(typical / rounds).toBeLessThanOrEqual(0.125)
  }, 120_000)

  test('the warning names the figures and the advice; no history, no warning', () => {
    const random = seededRandom('lucky words')
    const cells = suite(random).slice(0, 20)
    const good = play(cells, random, () => 1)
    const bad = play(cells, random, () => 0.5)
    expect(luckyBase(good, [], 'base.json')).toBeUndefined()
    const found = luckyBase(good, [bad, bad], 'base.json')
    expect(found?.base).toEqual({ passes: 20 * TRIALS, trials: 20 * TRIALS })
    expect(found?.warning).toMatch(/^base\.json is unusually lucky for its agent: it passed 100\/100 \(1\.000\) where the 2 other reports of its agent passed \d+\/200 .* Compare against several reports instead/)
  })

  test('a pooled baseline holds every report\'s runs as trials of their cells', () => {
    const random = seededRandom('pool')
    const cells = suite(random).slice(0, 4)
    const reports = [play(cells, random), play(cells, random), play(cells, random)]
    const pooled = poolReports(reports)
    expect(pooled.runs).toHaveLength(3 * 4 * TRIALS)
    expect(poolReports([reports[0] as ComparedReport])).toBe(reports[0])
  })
})
