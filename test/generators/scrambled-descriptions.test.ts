import fc from 'fast-check'
import { expect, test } from 'vitest'
import { scrambledDescriptions } from '../../generators/index.ts'
import { allowedTools } from '../../src/scenario/index.ts'
import { describeGeneratorLaws } from './generator-laws.ts'
import { lawCases, wifiScenario } from './law-cases.ts'

describeGeneratorLaws('scrambledDescriptions', lawCases, (scenario) => scrambledDescriptions({ scenario }))

test('scrambledDescriptions picks subsets of the allowed tools and changes nothing else', () => {
  const allowed = allowedTools(wifiScenario)
  for (const value of fc.sample(scrambledDescriptions({ scenario: wifiScenario }), { seed: 1, numRuns: 30 })) {
    expect(value.removedDescriptions).not.toBe('all')
    for (const tool of value.removedDescriptions as readonly string[]) expect(allowed).toContain(tool)
    expect({ ...value, removedDescriptions: [] }).toEqual({ ...value, removedDescriptions: [], distractionTools: 0, paraphrase: null })
  }
})

test('scrambledDescriptions respects maxTools', () => {
  for (const value of fc.sample(scrambledDescriptions({ scenario: wifiScenario, maxTools: 1 }), { seed: 2, numRuns: 30 }))
    expect((value.removedDescriptions as readonly string[]).length).toBeLessThanOrEqual(1)
})
