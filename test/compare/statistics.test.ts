import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { seededRandom } from '../../src/tools/seeded-random.ts'
import { adjustPValues } from '../../src/compare/adjust-p-values.ts'
import { boschlooWorse, smallestAttainable } from '../../src/compare/boschloo.ts'
import { breakChance } from '../../src/compare/break-chance.ts'
import type { Stratum } from '../../src/compare/stratified-test.ts'
import { stratifiedTest } from '../../src/compare/stratified-test.ts'
import { trialsNeeded } from '../../src/compare/trials-needed.ts'

describe("Boschloo's exact test", () => {
  // [base trials, base passes, head trials, head passes, p] from scipy.stats.boschloo_exact(
  //   [[base passes, head passes], [base fails, head fails]], alternative='greater', n=64)
  // (SciPy's groups are the table's columns).
  const SCIPY: readonly [number, number, number, number, number][] = [
    [6, 5, 6, 0, 0.003173828125000001],
    [3, 3, 3, 0, 0.015625000000000007],
    [1, 1, 1, 0, 0.25],
    [6, 5, 6, 4, 0.38720703125000017],
    [10, 9, 8, 2, 0.004243311258612756],
    [4, 4, 6, 3, 0.07495586863947534],
    [5, 2, 5, 0, 0.09368844999130058],
    [20, 18, 20, 10, 0.0032836216923897077],
    [3, 3, 3, 1, 0.10937499999999996],
    [2, 2, 2, 0, 0.0625],
    [7, 3, 4, 4, 1.0],
  ]
  test.for(SCIPY)('%i trials with %i passes against %i with %i agrees with SciPy', ([n1, x1, n2, x2, expected]) => {
    expect(boschlooWorse({ trials: n1, passes: x1 }, { trials: n2, passes: x2 })).toBeCloseTo(expected, 6)
  })

  test('is more powerful than Fisher at small trial counts, and calls 3-trial noise nothing', () => {
    // Fisher's one-sided p for 3 of 3 against 0 of 3 is 0.05; Boschloo's is 1/64.
    expect(boschlooWorse({ trials: 3, passes: 3 }, { trials: 3, passes: 0 })).toBeCloseTo(1 / 64, 9)
    // One failure more in three trials is no evidence at all.
    expect(boschlooWorse({ trials: 3, passes: 3 }, { trials: 3, passes: 2 })).toBeGreaterThan(0.3)
    expect(boschlooWorse({ trials: 3, passes: 2 }, { trials: 3, passes: 3 })).toBe(1)
  })

  test('p-values are probabilities, monotone in the head passes, and never below the smallest attainable', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.nat(), fc.nat(), (n1, n2, a, b) => {
        const x1 = a % (n1 + 1)
        const x2 = b % (n2 + 1)
        const p = boschlooWorse({ trials: n1, passes: x1 }, { trials: n2, passes: x2 })
        expect(p).toBeGreaterThan(0)
        expect(p).toBeLessThanOrEqual(1)
        expect(p).toBeGreaterThanOrEqual(smallestAttainable(n1, n2) - 1e-12)
        if (x2 < n2) expect(boschlooWorse({ trials: n1, passes: x1 }, { trials: n2, passes: x2 + 1 })).toBeGreaterThanOrEqual(p - 1e-12)
      }),
      { numRuns: 200, seed: 14 },
    )
  })

  test('the smallest attainable p-value depends on the trial counts only', () => {
    expect(smallestAttainable(1, 1)).toBeCloseTo(0.25, 12)
    expect(smallestAttainable(3, 3)).toBeCloseTo(1 / 64, 12)
    expect(smallestAttainable(6, 6)).toBeCloseTo(boschlooWorse({ trials: 6, passes: 6 }, { trials: 6, passes: 0 }), 9)
    expect(smallestAttainable(0, 5)).toBe(1)
  })

  test('empty sides give no evidence, impossible counts are refused', () => {
    expect(boschlooWorse({ trials: 0, passes: 0 }, { trials: 3, passes: 0 })).toBe(1)
    expect(() => boschlooWorse({ trials: 2, passes: 3 }, { trials: 3, passes: 0 })).toThrow('passes <= trials')
  })
})

describe('the adjustments', () => {
  test('Holm and Benjamini-Hochberg agree with SciPy and the textbook', () => {
    const p = [0.01, 0.04, 0.03, 0.005, 0.5]
    // Holm: sorted 0.005·5, 0.01·4, 0.03·3 (0.09), max(0.09, 0.04·2), 0.5·1.
    expect(adjustPValues(p, 'holm')).toEqual([0.04, 0.09, 0.09, 0.025, 0.5].map((value) => expect.closeTo(value, 12)))
    // scipy.stats.false_discovery_control(p)
    expect(adjustPValues(p, 'bh')).toEqual([0.025, 0.05, 0.05, 0.025, 0.5].map((value) => expect.closeTo(value, 12)))
    expect(adjustPValues(p, 'none')).toEqual(p)
    expect(adjustPValues([], 'holm')).toEqual([])
  })
})

/** C(n, k) as a number (the counts here are small). */
function choose(n: number, k: number): number {
  let value = 1
  for (let index = 1; index <= k; index++) value = (value * (n - k + index)) / index
  return value
}

/** The stratified test's tails by enumerating every way the strata's passes can fall to the head. */
function bruteForce(strata: readonly Stratum[]): { worse: number; better: number } {
  let outcomes: { sum: number; probability: number }[] = [{ sum: 0, probability: 1 }]
  let observed = 0
  for (const { base, head } of strata) {
    const total = base.passes + head.passes
    observed += head.passes
    const next: { sum: number; probability: number }[] = []
    for (let b = 0; b <= head.trials; b++) {
      if (total - b < 0 || total - b > base.trials) continue
      const probability = (choose(head.trials, b) * choose(base.trials, total - b)) / choose(base.trials + head.trials, total)
      for (const outcome of outcomes) next.push({ sum: outcome.sum + b, probability: outcome.probability * probability })
    }
    outcomes = next
  }
  const tail = (keep: (sum: number) => boolean) => outcomes.filter((outcome) => keep(outcome.sum)).reduce((sum, outcome) => sum + outcome.probability, 0)
  return { worse: tail((sum) => sum <= observed), better: tail((sum) => sum >= observed) }
}

describe('the exact stratified test', () => {
  test("by hand: one stratum is Fisher's one-sided test, two strata multiply their hypergeometric tails", () => {
    // 3 of 3 against 0 of 3: the head holds none of the 3 passes, C(3,0)·C(3,3)/C(6,3) = 1/20.
    expect(stratifiedTest([{ base: { trials: 3, passes: 3 }, head: { trials: 3, passes: 0 } }]).pWorse).toBeCloseTo(1 / 20, 12)
    // 2 of 2 against 0 of 2 (P(head 0) = 1/6) and 1 of 1 against 0 of 1 (1/2): 1/12.
    const two = stratifiedTest([
      { base: { trials: 2, passes: 2 }, head: { trials: 2, passes: 0 } },
      { base: { trials: 1, passes: 1 }, head: { trials: 1, passes: 0 } },
    ])
    expect(two).toMatchObject({ headPasses: 0, expectedHeadPasses: 1.5, rateDifference: -1, informative: 2 })
    expect(two.pWorse).toBeCloseTo(1 / 12, 12)
    expect(two.pBetter).toBeCloseTo(1, 12)
    // 3 of 3 against 1 of 3 (the head's 1, 2 or 3 of the 4 passes: 3/15, 9/15, 3/15) and 1 of 2
    // against 0 of 2 (1/2 each way): the head's 1 pass is the least it could hold, 3/15 · 1/2.
    const mixed = stratifiedTest([
      { base: { trials: 3, passes: 3 }, head: { trials: 3, passes: 1 } },
      { base: { trials: 2, passes: 1 }, head: { trials: 2, passes: 0 } },
    ])
    expect(mixed.pWorse).toBeCloseTo(1 / 10, 12)
    expect(mixed.pBetter).toBeCloseTo(1, 12)
    // Mantel-Haenszel: weights 3·3/6 and 2·2/4, differences -2/3 and -1/2.
    expect(mixed.rateDifference).toBeCloseTo((1.5 * (-2 / 3) + 1 * -0.5) / 2.5, 12)
  })

  test('strata that all passed or all failed carry nothing; empty input is no evidence', () => {
    const uninformative = [
      { base: { trials: 5, passes: 5 }, head: { trials: 5, passes: 5 } },
      { base: { trials: 4, passes: 0 }, head: { trials: 3, passes: 0 } },
      { base: { trials: 0, passes: 0 }, head: { trials: 3, passes: 1 } },
    ]
    expect(stratifiedTest(uninformative)).toMatchObject({ pWorse: 1, pBetter: 1, informative: 0 })
    expect(stratifiedTest([])).toMatchObject({ pWorse: 1, pBetter: 1, rateDifference: null })
    expect(() => stratifiedTest([{ base: { trials: 2, passes: 3 }, head: { trials: 1, passes: 0 } }])).toThrow('passes <= trials')
  })

  test('equals enumeration of every way the passes could fall, for any small strata', () => {
    const side = fc.integer({ min: 0, max: 4 }).chain((trials) => fc.record({ trials: fc.constant(trials), passes: fc.integer({ min: 0, max: trials }) }))
    fc.assert(
      fc.property(fc.array(fc.record({ base: side, head: side }), { minLength: 1, maxLength: 4 }), (strata) => {
        const expected = bruteForce(strata.filter((stratum) => stratum.base.trials > 0 && stratum.head.trials > 0))
        const actual = stratifiedTest(strata)
        expect(actual.pWorse).toBeCloseTo(expected.worse, 10)
        expect(actual.pBetter).toBeCloseTo(expected.better, 10)
      }),
      { numRuns: 300, seed: 22 },
    )
  })

  test('is exact under no change: a 5 % test rejects at most 5 % of the time (simulated, fixed seed)', () => {
    const random = seededRandom('exact under no change')
    const draws = 2000
    let rejected = 0
    for (let draw = 0; draw < draws; draw++) {
      const strata: Stratum[] = Array.from({ length: 10 }, () => {
        const rate = [0.95, 0.8, 0.5, 0.2][Math.floor(random() * 4)] as number
        const passes = (trials: number) => Array.from({ length: trials }, () => random() < rate).filter(Boolean).length
        return { base: { trials: 5, passes: passes(5) }, head: { trials: 5, passes: passes(5) } }
      })
      if (stratifiedTest(strata).pWorse <= 0.05) rejected++
    }
    // Discrete and exact, so at or below the level (two standard errors of slack for the draw).
    expect(rejected / draws).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / draws))
  })

  test('a category that falls from 0.94 to 0.25 over 10 cells of 5 trials is far beyond noise', () => {
    const strata: Stratum[] = Array.from({ length: 10 }, (_, index) => ({ base: { trials: 5, passes: index < 7 ? 5 : 4 }, head: { trials: 5, passes: index < 5 ? 1 : 2 } }))
    expect(stratifiedTest(strata).pWorse).toBeLessThan(1e-6)
  })
})

describe('breaks and trial counts', () => {
  test('a break happens by chance with p^k(1-p)^k, at most 4^-k, the smallest p-value of the same counts', () => {
    expect(breakChance(0.5, 1, 1)).toBe(0.25)
    expect(breakChance(0.5, 5, 5)).toBeCloseTo(1 / 1024, 15)
    expect(breakChance(0.9, 5, 5)).toBeCloseTo(0.9 ** 5 * 0.1 ** 5, 15)
    expect(breakChance(0.5, 5, 3)).toBe(0)
    for (const trials of [1, 3, 5, 10]) {
      const worst = Math.max(...Array.from({ length: 101 }, (_, index) => breakChance(index / 100, trials, trials)))
      expect(worst).toBeCloseTo(smallestAttainable(trials, trials), 12)
      expect(worst).toBeCloseTo(4 ** -trials, 12)
    }
    expect(() => breakChance(2, 1, 1)).toThrow('between 0 and 1')
  })

  test('the trials a side a cell needs to be significant grow with the log of the family', () => {
    expect(trialsNeeded(1, 0.05, 'holm')).toBe(3)
    expect(trialsNeeded(50, 0.05, 'holm')).toBe(5)
    expect(trialsNeeded(229, 0.05, 'holm')).toBe(7)
    expect(trialsNeeded(1832, 0.05, 'bh')).toBe(8)
    expect(trialsNeeded(1832, 0.05, 'none')).toBe(3)
    expect(trialsNeeded(0, 0.05, 'holm')).toBeNull()
    // Each answer is the first count whose smallest p-value clears the first step of the correction.
    for (const cells of [1, 7, 50, 229, 1832]) {
      const trials = trialsNeeded(cells, 0.05, 'holm') as number
      expect(smallestAttainable(trials, trials) * cells).toBeLessThanOrEqual(0.05)
      expect(smallestAttainable(trials - 1, trials - 1) * cells).toBeGreaterThan(0.05)
    }
  })
})
