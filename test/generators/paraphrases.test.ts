import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { paraphrases } from '../../generators/index.ts'
import { PLAIN_AUGMENTATION } from '../../src/augmentation/index.ts'
import { describeGeneratorLaws } from './generator-laws.ts'
import { lawCases, wifiScenario } from './law-cases.ts'

const written = ['Could you get the wifi going?', 'Wifi on, please.']

describeGeneratorLaws('paraphrases', lawCases, (scenario) => paraphrases({ scenario }))
describeGeneratorLaws('paraphrases with written ones', lawCases, (scenario) => paraphrases({ scenario, written }))

describe('paraphrases', () => {
  test('draws the scenario’s own paraphrases by position and written ones in full', () => {
    const values = new Set(fc.sample(paraphrases({ scenario: wifiScenario, written }), { seed: 5, numRuns: 200 }).map((value) => value.paraphrase))
    expect(values).toEqual(new Set([null, 0, 1, ...written]))
  })

  test('a scenario without paraphrases gives only the plain augmentation', () => {
    const values = fc.sample(paraphrases({ scenario: { paraphrases: [] } }), { seed: 5, numRuns: 20 })
    for (const value of values) expect(value).toEqual(PLAIN_AUGMENTATION)
  })

  test('a written paraphrase shrinks straight to the scenario’s own message, never to another written one', async () => {
    const seen: (string | number | null)[] = []
    const details = await fc.check(
      fc.asyncProperty(paraphrases({ scenario: { paraphrases: [] }, written }), async (value) => {
        seen.push(value.paraphrase)
        return value.paraphrase !== written[1]
      }),
      { seed: 9, numRuns: 100 },
    )
    expect(details.failed).toBe(true)
    expect(details.counterexample?.[0].paraphrase).toBe(written[1])
    const afterFailure = seen.slice(seen.indexOf(written[1] as string) + 1)
    expect(afterFailure.every((value) => value === null)).toBe(true)
  })
})
