import type { Scenario, ScenarioPresentation } from '../scenario/index.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import type { ApplyAugmentationOptions } from './apply-augmentation.ts'
import { applyAugmentation } from './apply-augmentation.ts'
import { PLAIN_AUGMENTATION } from './augmentation.ts'

/**
 * The scenario as written: its allowed tools (minus denied ones and the user's own tools), by
 * real name, unscrambled, and its own first message. Labelled `none`.
 */
export function plainPresentation(scenario: Scenario, registry: ToolRegistry, options: ApplyAugmentationOptions = {}): ScenarioPresentation {
  return applyAugmentation(scenario, PLAIN_AUGMENTATION, registry, options)
}
