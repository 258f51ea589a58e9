import type { Augmentation, AugmentationInput } from './augmentation.ts'
import { defineAugmentation } from './augmentation.ts'
import { augmentationKind } from './describe-augmentation.ts'

/** One named augmentation of a fixed set; `label` names its runs in the report (and its test). */
export interface NamedAugmentation {
  readonly label: string
  readonly augmentation: Augmentation
}

function variant(input: AugmentationInput): NamedAugmentation {
  const augmentation = Object.freeze(defineAugmentation(input))
  return Object.freeze({ label: augmentationKind(augmentation), augmentation })
}

/**
 * The eight ways ToolSandbox shows every scenario (the columns of its paper's table 5): plain;
 * 3, 10 and all distraction tools; and, each on top of 3 distraction tools, every tool's name
 * scrambled, or its description, argument descriptions or argument types removed (ToolSandbox
 * calls these three "scrambled" too, and removes them as well). As in ToolSandbox, a scramble
 * applies to every tool shown, distraction tools included; unlike it, a scramble applies to every
 * tool without exception (ToolSandbox cut descriptions with a pattern that missed the tools
 * without arguments, and argument descriptions of tools documented with no return section).
 * Tool order is by real name rather than shuffled, so a run depends on nothing but its inputs.
 * The report counts each under its own column (`augmentationColumns`: `none`,
 * `3 distraction tools`, `10 distraction tools`, `all tools`, then the four scrambles alone).
 * Labels, in this order: `none`,
 * `3 distraction tools`, `10 distraction tools`, `all tools`,
 * `3 distraction tools, tool names scrambled`, `3 distraction tools, tool descriptions removed`,
 * `3 distraction tools, argument descriptions removed`,
 * `3 distraction tools, argument types removed`.
 */
export const TOOLSANDBOX_VARIANTS: readonly NamedAugmentation[] = Object.freeze([
  variant({}),
  variant({ distractionTools: 3 }),
  variant({ distractionTools: 10 }),
  variant({ distractionTools: 'all' }),
  variant({ distractionTools: 3, scrambledNames: 'all' }),
  variant({ distractionTools: 3, removedDescriptions: 'all' }),
  variant({ distractionTools: 3, removedArgumentDescriptions: 'all' }),
  variant({ distractionTools: 3, removedArgumentTypes: 'all' }),
])
