import fc from 'fast-check'
import { expect, test } from 'vitest'
import { equalRuns, NumberColumn, numbersJson } from '../../src/reporter/number-column.ts'

// Runs of a value repeated (as a report's columns repeat a scenario's names for all its trials), of any length.
const value = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.integer(), fc.double(), fc.constantFrom(0.5, -0, Number.NaN, 2 ** 40, 1e-9))
const column = fc.array(fc.tuple(value, fc.integer({ min: 1, max: 3000 })), { maxLength: 12 }).map((runs) => runs.flatMap(([repeated, times]) => new Array<number>(times).fill(repeated)))

// -0 reads back as 0 where a chunk holds integers (JSON writes both as 0).
const same = (a: number, b: number) => Object.is(a === 0 ? 0 : a, b === 0 ? 0 : b)

test('a column reads back every value pushed, in order, whether its chunks are kept as values or as runs of repeats', () => {
  fc.assert(
    fc.property(column, (values) => {
      const filled = new NumberColumn()
      for (const pushed of values) filled.push(pushed)
      const read = filled.values
      expect(filled.length).toBe(values.length)
      expect(read.length).toBe(values.length)
      for (const [at, pushed] of values.entries()) if (!same(read[at] as number, pushed)) expect.fail(`value ${at}: pushed ${pushed}, read ${read[at]}`)
      // Integers only: 4 bytes a value; a single fraction anywhere makes the whole column floats.
      expect(read instanceof Int32Array).toBe(values.every((pushed) => (pushed | 0) === pushed))
    }),
    { numRuns: 60 },
  )
})

test('a column of 100,000 values that mostly repeat reads back whole, and one that never repeats too', () => {
  const repeating = new NumberColumn()
  const distinct = new NumberColumn()
  for (let at = 0; at < 100_000; at++) {
    repeating.push(Math.floor(at / 55))
    distinct.push(at * 7)
  }
  expect(Array.from(repeating.values.subarray(54, 57))).toEqual([0, 1, 1])
  expect(repeating.values[99_999]).toBe(Math.floor(99_999 / 55))
  expect(distinct.values.every((read, at) => read === at * 7)).toBe(true)
})

test('numbersJson writes a column as JSON writes its array', () => {
  expect(numbersJson(Int32Array.from([1, -2, 0]))).toBe('[1,-2,0]')
  expect(numbersJson(Float64Array.from([0.5, Number.NaN, -1]))).toBe(JSON.stringify([0.5, null, -1]))
})

test('equalRuns gives the runs of equal values, or nothing once they take more than the numbers allowed', () => {
  expect(equalRuns([7, 7, 7, 2, 2, 7], 6)).toEqual([7, 3, 2, 2, 7, 1])
  expect(equalRuns([7, 7, 7, 2, 2, 7], 5)).toBeUndefined()
  expect(equalRuns([], 0)).toEqual([])
  expect(equalRuns([], -1)).toBeUndefined()
  expect(equalRuns([Number.NaN, Number.NaN, -0, 0], 6)).toEqual([Number.NaN, 1, Number.NaN, 1, -0, 2])
})
