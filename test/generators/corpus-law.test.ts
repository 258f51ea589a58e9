import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { augmentation } from '../../generators/index.ts'
import { builtInScenarios } from '../../scenarios/index.ts'
import type { Augmentation } from '../../src/augmentation/index.ts'
import { applyAugmentation, describeAugmentation, PLAIN_AUGMENTATION, TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import { runScenario } from '../../src/run/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { deviceRegistry } from './law-cases.ts'

async function referenceScore(scenario: Scenario, value: Augmentation): Promise<number> {
  const presentation = applyAugmentation(scenario, value, deviceRegistry)
  const trajectory = await runScenario(scenario, { agent: referenceAgent(), presentation, registry: deviceRegistry })
  return (await evaluate(trajectory, scenario)).score
}

/**
 * The reference-agent law over the whole built-in corpus: under each of the eight ToolSandbox
 * variants and a few generated augmentations, the reference agent scores exactly what it scores
 * unaugmented. (That the unaugmented score is 1 is the corpus's own test; stating the law
 * relative to it keeps a scenario still being written from failing this one.) The whole corpus
 * under all of them takes a few seconds, since no model is involved.
 */
describe('the reference agent scores under every augmentation what it scores plainly', () => {
  test.for(builtInScenarios().map((scenario) => [scenario.id, scenario] as const))('%s', async ([, scenario]) => {
    const plain = await referenceScore(scenario, PLAIN_AUGMENTATION)
    const generated = fc.sample(augmentation({ scenario }), { seed: 99, numRuns: 6 })
    for (const value of [...TOOLSANDBOX_VARIANTS.map((variant) => variant.augmentation), ...generated])
      expect(await referenceScore(scenario, value), describeAugmentation(value)).toBe(plain)
  })
})
