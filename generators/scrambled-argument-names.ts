import type fc from 'fast-check'
import type { Augmentation } from '../src/augmentation/index.ts'
import type { ToolScrambleConstraints } from './_internals/tool-subset.ts'
import { toolSubset } from './_internals/tool-subset.ts'

/**
 * Augmentations that leave everything as it is except for a subset of the scenario's tools,
 * whose arguments renamed arg_0, arg_1, ... (mapped back before execution). Shrinks toward fewer tools and ends at no augmentation.
 *
 * @example
 * fc.sample(scrambledArgumentNames({ scenario }), 1) // [{ ..., renamedArguments: ['send_message_with_phone_number'] }]
 */
export function scrambledArgumentNames(constraints: ToolScrambleConstraints): fc.Arbitrary<Augmentation> {
  return toolSubset('renamedArguments', constraints)
}
