import { inject } from 'vitest'
import { TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { scenarioTest } from '../../src/vitest/describe-scenarios.ts'
import { builtInScenarios } from '../index.ts'
import type { EvalSettings } from './eval-settings.ts'
import './eval-settings.ts'

/**
 * Declares the tests of one part of the evaluation: the built-in scenarios the settings select,
 * every `parts`-th one starting at `part` (so parts stay balanced across categories), each under
 * the selected variants. The agent and user come from the toolcheck plugin's options.
 */
export function evalSuite(part: number): void {
  const settings: EvalSettings = inject('toolcheckEval') ?? { variants: 'all', parts: 1 }
  const scenarios = selectScenarios(settings.filter).filter((_, index) => index % settings.parts === part - 1)
  scenarioTest(scenarios, { variants: settings.variants === 'all' ? TOOLSANDBOX_VARIANTS : [], timeout: 120_000 })
}

/** The built-in scenarios whose id contains `filter` or that have it as a category. */
export function selectScenarios(filter: string | undefined): Scenario[] {
  const all = builtInScenarios()
  if (filter === undefined || filter === '') return all
  return all.filter((scenario) => scenario.id.includes(filter) || (scenario.categories as readonly string[]).includes(filter))
}
