import fc from 'fast-check'
import { expect, test } from 'vitest'
import { scrambledArgumentTypes } from '../../generators/index.ts'
import { allowedTools } from '../../src/scenario/index.ts'
import { describeGeneratorLaws } from './generator-laws.ts'
import { lawCases, wifiScenario } from './law-cases.ts'

describeGeneratorLaws('scrambledArgumentTypes', lawCases, (scenario) => scrambledArgumentTypes({ scenario }))

test('scrambledArgumentTypes picks subsets of the allowed tools and changes nothing else', () => {
  const allowed = allowedTools(wifiScenario)
  for (const value of fc.sample(scrambledArgumentTypes({ scenario: wifiScenario }), { seed: 1, numRuns: 30 })) {
    expect(value.removedArgumentTypes).not.toBe('all')
    for (const tool of value.removedArgumentTypes as readonly string[]) expect(allowed).toContain(tool)
    expect({ ...value, removedArgumentTypes: [] }).toEqual({ ...value, removedArgumentTypes: [], distractionTools: 0, paraphrase: null })
  }
})

test('scrambledArgumentTypes respects maxTools', () => {
  for (const value of fc.sample(scrambledArgumentTypes({ scenario: wifiScenario, maxTools: 1 }), { seed: 2, numRuns: 30 }))
    expect((value.removedArgumentTypes as readonly string[]).length).toBeLessThanOrEqual(1)
})
