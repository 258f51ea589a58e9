import fc from 'fast-check'
import { expect, test } from 'vitest'
import { fixed } from '../../src/reporter/format-summary.ts'
import { intervalText } from '../../src/reporter/interval-text.ts'
import { meanInterval } from '../../src/reporter/mean-interval.ts'
import type { TrialCount } from '../../src/reporter/pass-hat-k.ts'
import { passHatK, passHatKCurve, scoreInterval } from '../../src/reporter/pass-hat-k.ts'
import { wilsonInterval } from '../../src/reporter/wilson-interval.ts'

const Z = 1.959963984540054

function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0
  let value = 1
  for (let index = 1; index <= k; index++) value = (value * (n - k + index)) / index
  return value
}

/** Var(C(c,k)/C(n,k)) for c ~ Binomial(n, θ^(1/k)), by summing over every c. */
function bruteVariance(trials: number, k: number, theta: number): number {
  const p = Math.pow(theta, 1 / k)
  let mean = 0
  let square = 0
  for (let passes = 0; passes <= trials; passes++) {
    const probability = binomial(trials, passes) * p ** passes * (1 - p) ** (trials - passes)
    const value = binomial(passes, k) / binomial(trials, k)
    mean += probability * value
    square += probability * value * value
  }
  return Math.max(0, square - mean * mean)
}

const cell = fc.integer({ min: 1, max: 30 }).chain((trials) => fc.record({ trials: fc.constant(trials), passes: fc.integer({ min: 0, max: trials }) }))
const cells = fc.array(cell, { minLength: 1, maxLength: 12 })

test('a cell’s pass^k is C(c,k)/C(n,k), τ-bench’s unbiased estimator, for every small case; not estimable beyond n', () => {
  for (let n = 1; n <= 8; n++)
    for (let c = 0; c <= n; c++)
      for (let k = 1; k <= n; k++) expect(passHatK([{ trials: n, passes: c }], k)?.estimate).toBeCloseTo(binomial(c, k) / binomial(n, k), 12)
  expect(passHatK([{ trials: 3, passes: 2 }], 4)).toBeUndefined()
  expect(() => passHatK([{ trials: 3, passes: 4 }], 1)).toThrow('0 <= passes <= trials')
  expect(() => passHatK([{ trials: 3, passes: 1 }], 0)).toThrow('k of at least 1')
})

test('the cases of the issue: 4 of 5 gives pass^5 = 0 inside its interval, a perfect 5-trial cell no zero-width interval', () => {
  const missed = passHatK([{ trials: 5, passes: 4 }], 5)
  expect(missed?.estimate).toBe(0)
  expect(intervalText(missed?.interval)).toBe('0.000-0.794')
  const perfect = passHatK([{ trials: 5, passes: 5 }], 5)
  expect(perfect?.estimate).toBe(1)
  expect(intervalText(perfect?.interval)).toBe('0.206-1.000')
  // pass^1 is the pass rate, with the pass rate's interval.
  expect(passHatK([{ trials: 5, passes: 4 }], 1)).toEqual({ k: 1, estimate: 0.8, interval: wilsonInterval(4, 5), cells: 1, trials: 5 })
})

test('property: the estimate is inside its interval, the interval inside [0, 1] and never of zero width, also as printed', () => {
  fc.assert(
    fc.property(cells, fc.integer({ min: 1, max: 30 }), (group, k) => {
      const value = passHatK(group, k)
      if (value === undefined) return group.every((one) => one.trials < k)
      const [low, high] = value.interval
      expect(0 <= low && low <= value.estimate && value.estimate <= high && high <= 1).toBe(true)
      expect(low).toBeLessThan(high)
      const printed = intervalText(value.interval).split('-').map(Number)
      const shown = Number(fixed(value.estimate))
      expect(printed[0]).toBeLessThanOrEqual(shown)
      expect(shown).toBeLessThanOrEqual(printed[1] as number)
      expect(printed[0]).toBeLessThan(printed[1] as number)
      return true
    }),
  )
})

test('property: a group’s estimate is the trial-weighted mean of its cells’ with at least k trials; pass^1 is the pooled pass rate with its Wilson interval', () => {
  fc.assert(
    fc.property(cells, fc.integer({ min: 1, max: 10 }), (group, k) => {
      const used = group.filter((one) => one.trials >= k)
      const value = passHatK(group, k)
      if (used.length === 0) return value === undefined
      const trials = used.reduce((sum, one) => sum + one.trials, 0)
      const mean = used.reduce((sum, one) => sum + one.trials * (binomial(one.passes, k) / binomial(one.trials, k)), 0) / trials
      expect(value?.estimate).toBeCloseTo(mean, 10)
      expect(value?.cells).toBe(used.length)
      const one = passHatK(group, 1)
      const passes = group.reduce((sum, item) => sum + item.passes, 0)
      const all = group.reduce((sum, item) => sum + item.trials, 0)
      expect(one?.estimate).toBe(passes / all)
      expect(one?.interval).toEqual(wilsonInterval(passes, all))
      return true
    }),
  )
})

test('property: the score construction with the binomial variance gives Wilson’s closed form (so k = 1 is one method, not a special case)', () => {
  fc.assert(
    fc.property(cell, ({ trials, passes }) => {
      const [low, high] = scoreInterval(passes / trials, (theta) => (theta * (1 - theta)) / trials)
      const wilson = wilsonInterval(passes, trials) as [number, number]
      expect(low).toBeCloseTo(wilson[0], 9)
      expect(high).toBeCloseTo(wilson[1], 9)
    }),
  )
})

test('property: a cell’s interval is the score interval of the estimator’s exact variance (Hoeffding’s formula agrees with summing over every outcome)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 14 }).chain((trials) => fc.tuple(fc.constant(trials), fc.integer({ min: 0, max: trials }), fc.integer({ min: 1, max: trials }))),
      ([trials, passes, k]) => {
        const value = passHatK([{ trials, passes }], k)
        const expected = scoreInterval(value?.estimate ?? NaN, (theta) => bruteVariance(trials, k, theta))
        expect(value?.interval[0]).toBeCloseTo(expected[0], 7)
        expect(value?.interval[1]).toBeCloseTo(expected[1], 7)
      },
    ),
  )
})

test('property: the interval is the hull of every value the score test accepts (checked on a fine grid)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 12 }).chain((trials) => fc.tuple(fc.constant(trials), fc.integer({ min: 0, max: trials }), fc.integer({ min: 1, max: trials }))),
      ([trials, passes, k]) => {
        const value = passHatK([{ trials, passes }], k)
        if (value === undefined) return false
        const accepted: number[] = []
        for (let step = 0; step <= 2000; step++) {
          const theta = step / 2000
          if ((value.estimate - theta) ** 2 <= Z * Z * bruteVariance(trials, k, theta)) accepted.push(theta)
        }
        expect(Math.min(...accepted)).toBeGreaterThanOrEqual(value.interval[0] - 1e-9)
        expect(Math.max(...accepted)).toBeLessThanOrEqual(value.interval[1] + 1e-9)
        return true
      },
    ),
    { numRuns: 60 },
  )
})

test('property: printed intervals are rounded outward, hold the printed estimate and are never zero width', () => {
  fc.assert(
    fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (a, b, t) => {
      const [low, high] = [Math.min(a, b), Math.max(a, b)]
      const estimate = low + (high - low) * t
      const [shownLow, shownHigh] = intervalText([low, high]).split('-').map(Number) as [number, number]
      expect(shownLow).toBeLessThan(shownHigh)
      expect(shownLow).toBeLessThanOrEqual(Number(fixed(estimate)))
      expect(Number(fixed(estimate))).toBeLessThanOrEqual(shownHigh)
      expect(shownLow).toBeLessThanOrEqual(low)
      expect(shownHigh).toBeGreaterThanOrEqual(high)
    }),
  )
  expect(intervalText(null)).toBe('-')
  expect(intervalText([1, 1])).toBe('0.999-1.000')
})

test('coverage: over simulated suites the interval holds the true pass^k about 95 % of the time', () => {
  // A seeded linear congruential generator: the simulation is the same on every run.
  let state = 20_250_601
  const random = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state / 4_294_967_296
  }
  const coverage = (rates: readonly number[], trials: number, k: number, draws: number) => {
    const truth = rates.reduce((sum, rate) => sum + rate ** k, 0) / rates.length
    let covered = 0
    for (let draw = 0; draw < draws; draw++) {
      const group: TrialCount[] = rates.map((rate) => {
        let passes = 0
        for (let trial = 0; trial < trials; trial++) if (random() < rate) passes++
        return { trials, passes }
      })
      const [low, high] = passHatK(group, k)?.interval ?? [NaN, NaN]
      if (low <= truth && truth <= high) covered++
    }
    return covered / draws
  }
  const same = (rate: number, count: number) => Array<number>(count).fill(rate)
  const suites: [string, number[], number, number][] = [
    ['200 cells at 0.5, pass^5 of 5', same(0.5, 200), 5, 5],
    ['50 cells at 0.9, pass^5 of 5', same(0.9, 50), 5, 5],
    ['half never pass, half at 0.6, pass^3 of 5', [...same(0, 25), ...same(0.6, 25)], 5, 3],
    ['half at 0.2, half at 0.9, pass^5 of 10', [...same(0.2, 25), ...same(0.9, 25)], 10, 5],
    ['one cell at 0.8, pass^3 of 10', [0.8], 10, 3],
  ]
  for (const [name, rates, trials, k] of suites) expect({ name, coverage: coverage(rates, trials, k, 300) >= 0.9 }).toEqual({ name, coverage: true })
})

test('the curve runs from k = 1 to the most trials a cell has', () => {
  const curve = passHatKCurve([{ trials: 3, passes: 3 }, { trials: 5, passes: 4 }])
  expect(curve.map((value) => [value.k, value.cells])).toEqual([[1, 2], [2, 2], [3, 2], [4, 1], [5, 1]])
  expect(passHatKCurve([])).toEqual([])
})

test('mean interval uses Student t and stays in [0, 1]', () => {
  expect(meanInterval([])).toBeUndefined()
  expect(meanInterval([0.5])).toEqual({ mean: 0.5, interval: [0.5, 0.5] })
  const result = meanInterval([0.5, 1, 1, 1])
  expect(result?.mean).toBe(0.875)
  // sd = 0.25, se = 0.125, t(3) = 3.182; the upper end is clamped to 1
  expect(result?.interval[0]).toBeCloseTo(0.875 - 3.182 * 0.125, 10)
  expect(result?.interval[1]).toBe(1)
  expect(meanInterval([0, 0, 0.1])?.interval[0]).toBe(0)
})

test('the Wilson interval matches the closed form, stays in [0, 1] and is not degenerate at the ends', () => {
  expect(wilsonInterval(0, 0)).toBeUndefined()
  // 3 of 3 passes: [0.4385, 1]; 0 of 3: [0, 0.5615]; 5 of 10: 0.5 ± 0.2634 (p ± z·sqrt(...)/(1+z²/n))
  const [low, high] = wilsonInterval(3, 3) ?? []
  expect(low).toBeCloseTo(0.43849, 4)
  expect(high).toBe(1)
  expect(wilsonInterval(0, 3)?.[0]).toBe(0)
  expect(wilsonInterval(0, 3)?.[1]).toBeCloseTo(0.56151, 4)
  expect(wilsonInterval(5, 10)?.[0]).toBeCloseTo(0.23659, 4)
  expect(wilsonInterval(5, 10)?.[1]).toBeCloseTo(0.76341, 4)
})
