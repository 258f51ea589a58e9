import { expect, test } from 'vitest'
import { meanInterval } from '../../src/reporter/mean-interval.ts'
import { passHatK } from '../../src/reporter/pass-hat-k.ts'
import { wilsonInterval } from '../../src/reporter/wilson-interval.ts'

function binomial(n: number, k: number): number {
  let value = 1
  for (let index = 1; index <= k; index++) value = (value * (n - k + index)) / index
  return value
}

test('pass^k equals C(c,k)/C(n,k) for every small case', () => {
  for (let n = 1; n <= 8; n++)
    for (let c = 0; c <= n; c++)
      for (let k = 1; k <= n; k++) expect(passHatK(n, c, k)).toBeCloseTo(binomial(c, k) / binomial(n, k), 12)
})

test('pass^k is undefined beyond n and rejects impossible counts', () => {
  expect(passHatK(3, 2, 4)).toBeUndefined()
  expect(passHatK(4, 3, 1)).toBe(0.75)
  expect(passHatK(4, 3, 2)).toBe(0.5)
  expect(passHatK(4, 3, 4)).toBe(0)
  expect(() => passHatK(3, 4, 1)).toThrow('passes <= trials')
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
