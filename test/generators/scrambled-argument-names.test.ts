import fc from 'fast-check'
import { expect, test } from 'vitest'
import { scrambledArgumentNames } from '../../generators/index.ts'
import { allowedTools } from '../../src/scenario/index.ts'
import { describeGeneratorLaws } from './generator-laws.ts'
import { lawCases, wifiScenario } from './law-cases.ts'

describeGeneratorLaws('scrambledArgumentNames', lawCases, (scenario) => scrambledArgumentNames({ scenario }))

test('scrambledArgumentNames picks subsets of the allowed tools and changes nothing else', () => {
  const allowed = allowedTools(wifiScenario)
  for (const value of fc.sample(scrambledArgumentNames({ scenario: wifiScenario }), { seed: 1, numRuns: 30 })) {
    expect(value.renamedArguments).not.toBe('all')
    for (const tool of value.renamedArguments as readonly string[]) expect(allowed).toContain(tool)
    expect({ ...value, renamedArguments: [] }).toEqual({ ...value, renamedArguments: [], distractionTools: 0, paraphrase: null })
  }
})

test('scrambledArgumentNames respects maxTools', () => {
  for (const value of fc.sample(scrambledArgumentNames({ scenario: wifiScenario, maxTools: 1 }), { seed: 2, numRuns: 30 }))
    expect((value.renamedArguments as readonly string[]).length).toBeLessThanOrEqual(1)
})
