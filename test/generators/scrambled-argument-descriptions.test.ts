import fc from 'fast-check'
import { expect, test } from 'vitest'
import { scrambledArgumentDescriptions } from '../../generators/index.ts'
import { allowedTools } from '../../src/scenario/index.ts'
import { describeGeneratorLaws } from './generator-laws.ts'
import { lawCases, wifiScenario } from './law-cases.ts'

describeGeneratorLaws('scrambledArgumentDescriptions', lawCases, (scenario) => scrambledArgumentDescriptions({ scenario }))

test('scrambledArgumentDescriptions picks subsets of the allowed tools and changes nothing else', () => {
  const allowed = allowedTools(wifiScenario)
  for (const value of fc.sample(scrambledArgumentDescriptions({ scenario: wifiScenario }), { seed: 1, numRuns: 30 })) {
    expect(value.removedArgumentDescriptions).not.toBe('all')
    for (const tool of value.removedArgumentDescriptions as readonly string[]) expect(allowed).toContain(tool)
    expect({ ...value, removedArgumentDescriptions: [] }).toEqual({ ...value, removedArgumentDescriptions: [], distractionTools: 0, paraphrase: null })
  }
})

test('scrambledArgumentDescriptions respects maxTools', () => {
  for (const value of fc.sample(scrambledArgumentDescriptions({ scenario: wifiScenario, maxTools: 1 }), { seed: 2, numRuns: 30 }))
    expect((value.removedArgumentDescriptions as readonly string[]).length).toBeLessThanOrEqual(1)
})
