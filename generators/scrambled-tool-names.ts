import type fc from 'fast-check'
import type { Augmentation } from '../src/augmentation/index.ts'
import type { ToolScrambleConstraints } from './_internals/tool-subset.ts'
import { toolSubset } from './_internals/tool-subset.ts'

/**
 * Augmentations that leave everything as it is except for a subset of the scenario's tools,
 * whose names shown as <group>_<k>. Shrinks toward fewer tools and ends at no augmentation.
 *
 * @example
 * fc.sample(scrambledToolNames({ scenario }), 1) // [{ ..., scrambledNames: ['send_message_with_phone_number'] }]
 */
export function scrambledToolNames(constraints: ToolScrambleConstraints): fc.Arbitrary<Augmentation> {
  return toolSubset('scrambledNames', constraints)
}
