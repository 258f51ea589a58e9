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
 * calls these three "scrambled" too). Applied to the device domain they show what ToolSandbox's
 * `named_scenarios()` shows: the same distraction tools (`rankDistractionTools`: its module rule
 * and rapidfuzz's WRatio, a denied tool keeping its place empty), the same scrambled names
 * (`setting_8`), the same tools stripped (a tool without arguments keeps its description, as
 * there), in ToolSandbox's order (the order it discovers its tools, which is the device
 * registry's). One difference remains: ToolSandbox keeps `modify_reminder`'s argument
 * descriptions under "argument descriptions removed" (its docstring has no `Returns` section,
 * which ToolSandbox's pattern needs); here they are removed like every other tool's.
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
