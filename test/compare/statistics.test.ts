import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { adjustPValues } from '../../src/compare/adjust-p-values.ts'
import { boschlooWorse, signTestUpper, smallestAttainable } from '../../src/compare/boschloo.ts'

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

describe('the sign test and the adjustments', () => {
  test('the sign test is the upper binomial tail at one half', () => {
    expect(signTestUpper(3, 3)).toBeCloseTo(1 / 8, 12)
    expect(signTestUpper(0, 5)).toBeCloseTo(1, 12)
    expect(signTestUpper(9, 10)).toBeCloseTo(11 / 1024, 12)
    expect(signTestUpper(0, 0)).toBe(1)
  })

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
