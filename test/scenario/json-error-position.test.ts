import fc from 'fast-check'
import { expect, test } from 'vitest'
import { jsonErrorPosition } from '../../src/scenario/json-error-position.ts'

test('finds the first syntax error', () => {
  expect(jsonErrorPosition('{"a": [1, 2}')).toBe(11)
  expect(jsonErrorPosition('{\n  "id": "x",\n  "categories": [\n}\n')).toBe(33)
  expect(jsonErrorPosition('{"a": tru}')).toBe(6)
  expect(jsonErrorPosition('{"a": 1} x')).toBe(9)
  expect(jsonErrorPosition('')).toBe(0)
})

test('agrees with JSON.parse on what is valid', async () => {
  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.json(), fc.string()), async (text) => {
      let valid = true
      try {
        JSON.parse(text)
      } catch {
        valid = false
      }
      expect(jsonErrorPosition(text) === undefined).toBe(valid)
    }),
    { numRuns: 500 },
  )
})
