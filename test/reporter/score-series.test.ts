import { describe, expect, test } from 'vitest'
import { meanInterval } from '../../src/reporter/mean-interval.ts'
import { ScoreSeries } from '../../src/reporter/score-series.ts'

/** A sequence of scores that repeat in runs, as a cell's trials do, from a fixed seed. */
function scores(seed: number, count: number): number[] {
  let state = seed
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
  const values: number[] = []
  while (values.length < count) {
    const value = next() < 0.3 ? 1 : next() < 0.5 ? 0 : Math.round(next() * 1000) / 997
    for (let times = Math.ceil(next() * 6); times > 0 && values.length < count; times--) values.push(value)
  }
  return values
}

describe('ScoreSeries', () => {
  test('the mean and interval of a series are the very bits of those of the list it was made from, in its order', () => {
    for (const [seed, count] of [[1, 1], [2, 2], [3, 7], [4, 55], [5, 1000], [6, 20000]] as const) {
      const list = scores(seed, count)
      const series = new ScoreSeries()
      for (const value of list) series.push(value)
      expect(series.length).toBe(list.length)
      const fromList = meanInterval(list)
      const fromSeries = meanInterval(series)
      expect(Object.is(fromSeries?.mean, fromList?.mean)).toBe(true)
      expect(fromSeries?.interval.map((end) => end.toString(16))).toEqual(fromList?.interval.map((end) => end.toString(16)))
    }
  })

  test('runs of equal scores are kept as one value: adding them up goes over each in turn all the same', () => {
    const series = new ScoreSeries()
    for (const value of [0.1, 0.1, 0.2, 0.1]) series.push(value)
    const seen: number[] = []
    expect(series.fold(0, (sum, value) => (seen.push(value), sum + value))).toBe(0.1 + 0.1 + 0.2 + 0.1)
    expect(seen).toEqual([0.1, 0.1, 0.2, 0.1])
    expect(meanInterval(new ScoreSeries())).toBeUndefined()
  })
})
