import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { augmentation } from '../../generators/index.ts'
import { isPlainAugmentation } from '../../src/augmentation/index.ts'
import { changeCount, describeGeneratorLaws } from './generator-laws.ts'
import { lawCases, wifiScenario } from './law-cases.ts'

describeGeneratorLaws('augmentation', lawCases, (scenario) => augmentation({ scenario }))
describeGeneratorLaws('augmentation without distraction', lawCases, (scenario) =>
  augmentation({ scenario, distractionCounts: [0], scrambles: ['removedDescriptions', 'renamedArguments'], paraphrase: false }),
)

describe('augmentation', () => {
  test('combines several changes in one value', () => {
    const values = fc.sample(augmentation({ scenario: wifiScenario }), { seed: 21, numRuns: 100 })
    expect(values.some((value) => changeCount(value) >= 3)).toBe(true)
  })

  test('leaves out what the constraints turn off', () => {
    const values = fc.sample(augmentation({ scenario: wifiScenario, distractionCounts: [0], scrambles: ['scrambledNames'], paraphrase: false }), { seed: 21, numRuns: 100 })
    for (const value of values) {
      expect(value.distractionTools).toBe(0)
      expect(value.paraphrase).toBeNull()
      expect(value.removedDescriptions).toEqual([])
      expect(value.renamedArguments).toEqual([])
    }
    expect(values.some((value) => !isPlainAugmentation(value))).toBe(true)
  })

  test('shrinks a failure caused by one tool’s scrambled description to exactly that change', async () => {
    const details = await fc.check(
      fc.asyncProperty(augmentation({ scenario: wifiScenario }), async (value) => !(value.removedDescriptions as readonly string[]).includes('set_wifi_status')),
      { seed: 31, numRuns: 200 },
    )
    expect(details.failed).toBe(true)
    expect(details.counterexample?.[0]).toEqual({
      distractionTools: 0,
      scrambledNames: [],
      removedDescriptions: ['set_wifi_status'],
      removedArgumentDescriptions: [],
      removedArgumentTypes: [],
      renamedArguments: [],
      paraphrase: null,
    })
  })
})
