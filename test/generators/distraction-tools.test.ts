import fc from 'fast-check'
import { expect, test } from 'vitest'
import { distractionTools } from '../../generators/index.ts'
import { describeGeneratorLaws } from './generator-laws.ts'
import { lawCases } from './law-cases.ts'

describeGeneratorLaws('distractionTools', lawCases, () => distractionTools())

test('distractionTools draws ToolSandbox’s counts by default, or the counts given', () => {
  const counts = new Set(fc.sample(distractionTools(), { seed: 3, numRuns: 80 }).map((value) => value.distractionTools))
  expect([...counts].sort()).toEqual([0, 10, 3, 'all'].sort())
  const given = new Set(fc.sample(distractionTools({ counts: [0, 1] }), { seed: 3, numRuns: 40 }).map((value) => value.distractionTools))
  expect([...given].sort()).toEqual([0, 1])
  expect(() => distractionTools({ counts: [] })).toThrow(/at least one count/)
})
