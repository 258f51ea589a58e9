import { inject, test } from 'vitest'
import type { ScenarioVariant } from '../../src/augmentation/index.ts'
import { FAULT_VARIANTS, INJECTION_VARIANTS, PLAIN_AUGMENTATION, ROBUSTNESS_VARIANTS, TOOLSANDBOX_VARIANTS, USER_VARIANTS, WORLD_VARIANTS } from '../../src/augmentation/index.ts'
import { scenarioTest } from '../../src/vitest/describe-scenarios.ts'
import type { EvalSettings, EvalVariants } from './eval-settings.ts'
import './eval-settings.ts'
import { loadEvalAgent } from './load-eval-agent.ts'
import { loadEvalScenarios } from './load-eval-scenarios.ts'
import { selectScenarios } from './select-scenarios.ts'

/**
 * Declares the tests of one part of the evaluation: the scenarios the settings select (the
 * built-in corpus, or the user's own with their domains), every `parts`-th one starting at
 * `part` (so parts stay balanced across categories), each under the selected variants. The agent
 * is the one the `--agent` module exports, else the toolcheck plugin's; the user is the plugin's. A part with nothing to play declares one
 * skipped test, since vitest refuses a file without tests.
 */
export async function evalSuite(part: number): Promise<void> {
  const settings: EvalSettings = inject('toolcheckEval') ?? { variants: 'all', parts: 1 }
  const agent = settings.agentModule === undefined ? undefined : await loadEvalAgent(settings.agentModule)
  const { scenarios: loaded, domains } = await loadEvalScenarios(settings)
  const selected = selectScenarios(loaded, settings.filter)
  if (selected.length === 0 && part === 1) {
    const categories = [...new Set(loaded.flatMap((scenario) => scenario.categories))].join(', ')
    throw new Error(`toolcheck eval: no scenario has an id containing ${JSON.stringify(settings.filter)} or the category ${JSON.stringify(settings.filter)}; the categories are ${categories}`)
  }
  const scenarios = selected.filter((_, index) => index % settings.parts === part - 1)
  if (scenarios.length === 0) {
    test.skip(`part ${part}: no scenarios left for this part`, () => {})
    return
  }
  scenarioTest(scenarios, { variants: variantsOf(settings.variants), timeout: 120_000, domains, ...(agent === undefined ? {} : { agent }) })
}

const PLAIN: ScenarioVariant = { label: 'none', augmentation: PLAIN_AUGMENTATION }

/** The variants each `--variants` value plays (a family with the plain run, so its utility has a baseline). */
function variantsOf(variants: EvalVariants): readonly ScenarioVariant[] {
  switch (variants) {
    case 'plain':
      return []
    case 'all':
      return TOOLSANDBOX_VARIANTS
    case 'robustness':
      return ROBUSTNESS_VARIANTS
    case 'faults':
      return [PLAIN, ...FAULT_VARIANTS]
    case 'injections':
      return [PLAIN, ...INJECTION_VARIANTS]
    case 'user':
      return [PLAIN, ...USER_VARIANTS]
    case 'world':
      return [PLAIN, ...WORLD_VARIANTS]
  }
}
