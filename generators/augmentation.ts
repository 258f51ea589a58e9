import fc from 'fast-check'
import type { Augmentation, ToolScramble } from '../src/augmentation/index.ts'
import { PLAIN_AUGMENTATION, TOOL_SCRAMBLES } from '../src/augmentation/index.ts'
import type { Scenario } from '../src/scenario/index.ts'
import type { DistractionToolsConstraints } from './distraction-tools.ts'
import { distractionTools } from './distraction-tools.ts'
import { paraphrases } from './paraphrases.ts'
import { requireScenario } from './_internals/require-scenario.ts'
import { toolSubset } from './_internals/tool-subset.ts'

/** Constraints of `augmentation`. */
export interface AugmentationConstraints {
  /** The scenario to augment. */
  readonly scenario: Pick<Scenario, 'tools' | 'paraphrases'>
  /** The tools per-tool scrambles choose from; the scenario's allowed tools by default. */
  readonly tools?: readonly string[]
  /** The most tools one scramble applies to; all of them by default. */
  readonly maxTools?: number
  /** Distraction counts to choose from (0, 3, 10, all by default); `[0]` turns distraction off. */
  readonly distractionCounts?: DistractionToolsConstraints['counts']
  /** Which per-tool scrambles to use; all five by default. */
  readonly scrambles?: readonly ToolScramble[]
  /** Whether to replace the first message with a paraphrase; true by default. */
  readonly paraphrase?: boolean
  /** Extra paraphrases written by a model (see `modelParaphrases`). */
  readonly writtenParaphrases?: readonly string[]
}

/**
 * Augmentations combining everything: distraction tools, each per-tool scramble on its own
 * subset of the tools, and a paraphrase. Each part shrinks on its own toward "unchanged", so a
 * failing sweep ends at the smallest combination that still fails (often a single change to a
 * single tool), and the fully shrunk value is the plain augmentation.
 */
export function augmentation(constraints: AugmentationConstraints): fc.Arbitrary<Augmentation> {
  requireScenario('augmentation', constraints)
  const scrambles = new Set(constraints.scrambles ?? TOOL_SCRAMBLES)
  const subsetConstraints = {
    scenario: constraints.scenario,
    ...(constraints.tools === undefined ? {} : { tools: constraints.tools }),
    ...(constraints.maxTools === undefined ? {} : { maxTools: constraints.maxTools }),
  }
  const plain = fc.constant(PLAIN_AUGMENTATION)
  const parts = {
    distractionTools: distractionTools(constraints.distractionCounts === undefined ? {} : { counts: constraints.distractionCounts }),
    scrambledNames: scrambles.has('scrambledNames') ? toolSubset('scrambledNames', subsetConstraints) : plain,
    removedDescriptions: scrambles.has('removedDescriptions') ? toolSubset('removedDescriptions', subsetConstraints) : plain,
    removedArgumentDescriptions: scrambles.has('removedArgumentDescriptions') ? toolSubset('removedArgumentDescriptions', subsetConstraints) : plain,
    removedArgumentTypes: scrambles.has('removedArgumentTypes') ? toolSubset('removedArgumentTypes', subsetConstraints) : plain,
    renamedArguments: scrambles.has('renamedArguments') ? toolSubset('renamedArguments', subsetConstraints) : plain,
    paraphrase:
      constraints.paraphrase === false
        ? plain
        : paraphrases({ scenario: constraints.scenario, ...(constraints.writtenParaphrases === undefined ? {} : { written: constraints.writtenParaphrases }) }),
  }
  return fc.record(parts).map(
    // Each part is an augmentation that changes only its own field; the combination takes that field from each.
    (chosen): Augmentation => ({
      distractionTools: chosen.distractionTools.distractionTools,
      scrambledNames: chosen.scrambledNames.scrambledNames,
      removedDescriptions: chosen.removedDescriptions.removedDescriptions,
      removedArgumentDescriptions: chosen.removedArgumentDescriptions.removedArgumentDescriptions,
      removedArgumentTypes: chosen.removedArgumentTypes.removedArgumentTypes,
      renamedArguments: chosen.renamedArguments.renamedArguments,
      paraphrase: chosen.paraphrase.paraphrase,
    }),
    (value) => {
      if (typeof value !== 'object' || value === null) throw new Error('not an augmentation')
      const whole = value as Augmentation
      const split = {} as Record<keyof typeof parts, Augmentation>
      for (const field of Object.keys(parts) as (keyof typeof parts)[]) split[field] = { ...PLAIN_AUGMENTATION, [field]: whole[field] }
      return split
    },
  )
}
