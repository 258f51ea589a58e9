import fc from 'fast-check'
import type { Augmentation } from '../src/augmentation/index.ts'
import { TOOLSANDBOX_VARIANTS } from '../src/augmentation/index.ts'

/**
 * One of the eight ToolSandbox variants (`TOOLSANDBOX_VARIANTS`): plain; 3, 10 or all
 * distraction tools; or one of the four scramblings of every tool on top of 3 distraction tools.
 * Shrinks toward the plain one, the first of the list.
 */
export function toolSandboxVariant(): fc.Arbitrary<Augmentation> {
  return fc.constantFrom(...TOOLSANDBOX_VARIANTS.map((variant) => variant.augmentation))
}
