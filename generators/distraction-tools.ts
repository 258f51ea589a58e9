import fc from 'fast-check'
import type { Augmentation } from '../src/augmentation/index.ts'
import { PLAIN_AUGMENTATION } from '../src/augmentation/index.ts'
import { onlyChanges } from './_internals/tool-subset.ts'

/** Constraints of `distractionTools`. */
export interface DistractionToolsConstraints {
  /**
   * The counts to choose from, the least disruptive first (shrinking moves toward the first).
   * ToolSandbox's: 0, 3, 10 and all, the default.
   */
  readonly counts?: readonly (number | 'all')[]
}

/** ToolSandbox's distraction counts. */
const TOOLSANDBOX_COUNTS: readonly (number | 'all')[] = [0, 3, 10, 'all']

/**
 * Augmentations that only add distraction tools: the scenario's allowed tools plus the most
 * distracting others (same group first, then similar names; see `rankDistractionTools`).
 * Shrinks toward the first count, 0 by default: no augmentation.
 */
export function distractionTools(constraints: DistractionToolsConstraints = {}): fc.Arbitrary<Augmentation> {
  const counts = constraints.counts ?? TOOLSANDBOX_COUNTS
  if (counts.length === 0) throw new RangeError('distractionTools needs at least one count to choose from')
  return fc.constantFrom(...counts).map(
    (count): Augmentation => ({ ...PLAIN_AUGMENTATION, distractionTools: count }),
    (value) => {
      if (!onlyChanges(value, ['distractionTools'])) throw new Error('not an augmentation that only adds distraction tools')
      return (value as Augmentation).distractionTools
    },
  )
}
