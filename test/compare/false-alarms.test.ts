import { describe, expect, test } from 'vitest'
import { seededRandom } from '../../src/tools/seeded-random.ts'
import { breakChance } from '../../src/compare/break-chance.ts'
import { compareReports } from '../../src/compare/compare-reports.ts'
import { play, suite, TRIALS } from './simulated-suite.ts'

describe('false alarms: two runs of the same non-deterministic agent', () => {
  // Measured on 400 simulated pairs of reports (160 cells, 5 trials each); the figures are in the
  // README. The groups are held to alpha together; breaks follow their own rule, whose rate is
  // computed exactly and must match what the simulation sees.
  test('trial noise is rarely flagged, and breaks happen as often as p^5(1-p)^5 says', () => {
    const random = seededRandom('false alarms')
    const simulations = 400
    const flagged = { any: 0, cells: 0, groups: 0, breaks: 0 }
    let expectedBreakAlarms = 0
    for (let simulation = 0; simulation < simulations; simulation++) {
      const cells = suite(random)
      expectedBreakAlarms += 1 - cells.reduce((none, cell) => none * (1 - breakChance(cell.rate, TRIALS, TRIALS)), 1)
      const comparison = compareReports(play(cells, random), play(cells, random))
      if (comparison.regression) flagged.any++
      if (comparison.counts.regression > 0) flagged.cells++
      if (comparison.counts.break > 0) flagged.breaks++
      if (comparison.groups.some((group) => group.verdict === 'regression')) flagged.groups++
    }
    const rate = (count: number) => count / simulations
    const slack = (p: number) => 4 * Math.sqrt((p * (1 - p)) / simulations)
    // No cell is significant by noise, and the three levels of groups together stay under alpha.
    expect(rate(flagged.cells)).toBeLessThanOrEqual(0.01)
    expect(rate(flagged.groups)).toBeLessThanOrEqual(0.05)
    // Breaks: about 2 % of comparisons of this suite at 5 trials, as computed.
    const expected = expectedBreakAlarms / simulations
    expect(expected).toBeGreaterThan(0.015)
    expect(expected).toBeLessThan(0.025)
    expect(Math.abs(rate(flagged.breaks) - expected)).toBeLessThanOrEqual(slack(expected))
    expect(rate(flagged.any)).toBeLessThanOrEqual(0.05 + expected + slack(0.05 + expected))
  })

  test('a real fall of one category is found nearly every time', () => {
    const random = seededRandom('a real fall')
    const simulations = 50
    let found = 0
    for (let simulation = 0; simulation < simulations; simulation++) {
      const cells = suite(random)
      const head = play(cells, random, (cell) => (cell.categories.includes('STATE_DEPENDENCY') ? Math.min(cell.rate, 0.25) : cell.rate))
      const comparison = compareReports(play(cells, random, (cell) => (cell.categories.includes('STATE_DEPENDENCY') ? Math.max(cell.rate, 0.94) : cell.rate)), head)
      if (comparison.groups.some((group) => group.level === 'category' && group.name === 'STATE_DEPENDENCY' && group.verdict === 'regression')) found++
    }
    expect(found / simulations).toBeGreaterThanOrEqual(0.95)
  })
})
