import { inject } from 'vitest'
import { TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import { scenarioTest } from '../../src/vitest/describe-scenarios.ts'
import { selectScenarios } from './select-scenarios.ts'
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
