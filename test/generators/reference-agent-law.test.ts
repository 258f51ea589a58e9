import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { augmentation } from '../../generators/index.ts'
import { builtInScenarios } from '../../scenarios/index.ts'
import { TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { CATEGORIES } from '../../src/scenario/index.ts'
import { sweepScenario } from '../../src/vitest/sweep.ts'
import { deviceRegistry, wifiScenario } from './law-cases.ts'

/**
 * The last law: the reference agent scores 1 under every generated augmentation (it reads the
 * presentation to map real names to shown ones). Run on this folder's own scenario and on the
 * first built-in scenario of each of a few categories, so the machine's two cores are not spent
 * replaying the whole corpus here (its own tests do that unaugmented).
 */
function sampleOfCorpus(): Scenario[] {
  const chosen: Scenario[] = []
  const corpus = builtInScenarios()
  for (const category of CATEGORIES) {
    const first = corpus.find((scenario) => scenario.categories.includes(category) && !chosen.includes(scenario))
    if (first !== undefined) chosen.push(first)
  }
  return chosen.slice(0, 4)
}

const scenarios = [wifiScenario, ...sampleOfCorpus()]

describe('the reference agent scores 1 under every augmentation', () => {
  for (const scenario of scenarios) {
    test(`${scenario.id}: generated augmentations`, async () => {
      const report = await sweepScenario(scenario, augmentation({ scenario }), { agent: referenceAgent(), registry: deviceRegistry, numRuns: 12, seed: 17 })
      expect(report.runs.length).toBeGreaterThan(3)
      expect(report.runs.every((run) => run.score === 1)).toBe(true)
    })

    test(`${scenario.id}: the eight ToolSandbox variants`, async () => {
      const variants = fc.constantFrom(...TOOLSANDBOX_VARIANTS.map((variant) => variant.augmentation))
      const report = await sweepScenario(scenario, variants, { agent: referenceAgent(), registry: deviceRegistry, numRuns: 40, seed: 1 })
      expect(new Set(report.runs.map((run) => run.kind))).toEqual(new Set(TOOLSANDBOX_VARIANTS.map((variant) => variant.label)))
    })
  }
})
