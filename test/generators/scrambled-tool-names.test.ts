import fc from 'fast-check'
import { expect, test } from 'vitest'
import { augmentation, paraphrases, scrambledArgumentNames, scrambledToolNames } from '../../generators/index.ts'
import { allowedTools } from '../../src/scenario/index.ts'
import { describeGeneratorLaws } from './generator-laws.ts'
import { lawCases, wifiScenario } from './law-cases.ts'

describeGeneratorLaws('scrambledToolNames', lawCases, (scenario) => scrambledToolNames({ scenario }))

test('scrambledToolNames picks subsets of the allowed tools and changes nothing else', () => {
  const allowed = allowedTools(wifiScenario)
  for (const value of fc.sample(scrambledToolNames({ scenario: wifiScenario }), { seed: 1, numRuns: 30 })) {
    expect(value.scrambledNames).not.toBe('all')
    for (const tool of value.scrambledNames as readonly string[]) expect(allowed).toContain(tool)
    expect({ ...value, scrambledNames: [] }).toEqual({ ...value, scrambledNames: [], distractionTools: 0, paraphrase: null })
  }
})

test('scrambledToolNames respects maxTools', () => {
  for (const value of fc.sample(scrambledToolNames({ scenario: wifiScenario, maxTools: 1 }), { seed: 2, numRuns: 30 }))
    expect((value.scrambledNames as readonly string[]).length).toBeLessThanOrEqual(1)
})

test('a generator that draws from a scenario, called without one, says how to call it', () => {
  const untyped = scrambledToolNames as (constraints?: unknown) => unknown
  expect(() => untyped()).toThrow(new TypeError("scrambledToolNames draws from a scenario's tools and paraphrases, so it takes the scenario: scrambledToolNames({ scenario })"))
  expect(() => (augmentation as (constraints?: unknown) => unknown)({})).toThrow('augmentation({ scenario })')
  expect(() => (paraphrases as (constraints?: unknown) => unknown)()).toThrow('paraphrases({ scenario })')
  expect(() => (scrambledArgumentNames as (constraints?: unknown) => unknown)({ tools: ['x'] })).toThrow('scrambledArgumentNames({ scenario })')
})
