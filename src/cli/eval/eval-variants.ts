import type { ScenarioVariant } from '../../augmentation/index.ts'
import { FAULT_VARIANTS, INJECTION_VARIANTS, PLAIN_AUGMENTATION, ROBUSTNESS_VARIANTS, TOOLSANDBOX_VARIANTS, USER_VARIANTS, WORLD_VARIANTS } from '../../augmentation/index.ts'
import type { EvalVariants } from './eval-settings.ts'

const PLAIN: ScenarioVariant = { label: 'none', augmentation: PLAIN_AUGMENTATION }

/** The variants each `--variants` value plays (a family with the plain run, so its utility has a baseline). */
export function variantsOf(variants: EvalVariants): readonly ScenarioVariant[] {
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
