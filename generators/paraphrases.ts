import fc from 'fast-check'
import type { Augmentation } from '../src/augmentation/index.ts'
import { PLAIN_AUGMENTATION } from '../src/augmentation/index.ts'
import type { Scenario } from '../src/scenario/index.ts'
import { requireScenario } from './_internals/require-scenario.ts'
import { onlyChanges } from './_internals/tool-subset.ts'

/** Constraints of `paraphrases`. */
export interface ParaphrasesConstraints {
  /** The scenario whose first message is replaced by one of its own paraphrases. */
  readonly scenario: Pick<Scenario, 'paraphrases'>
  /**
   * Extra paraphrases written elsewhere, usually by a model (see `modelParaphrases`). They are
   * used whole: shrinking goes from one of them straight to the scenario's own first message,
   * never to another written paraphrase.
   */
  readonly written?: readonly string[]
}

/**
 * Augmentations that only replace the first user message: with one of the scenario's paraphrases
 * (by position) or one of the `written` ones (in full). Shrinks to the scenario's own first
 * message: no augmentation. A scenario without paraphrases gives only the plain augmentation.
 */
export function paraphrases(constraints: ParaphrasesConstraints): fc.Arbitrary<Augmentation> {
  requireScenario('paraphrases', constraints)
  const own = constraints.scenario.paraphrases.map((_, position) => position)
  const written = [...(constraints.written ?? [])]
  const choices: fc.Arbitrary<number | string>[] = []
  if (own.length > 0) choices.push(fc.constantFrom(...own))
  // A model-written paraphrase is a finished piece of text: shrinking within it would mean nothing.
  if (written.length > 0) choices.push(fc.noShrink(fc.constantFrom(...written)))
  const choice: fc.Arbitrary<number | string | null> =
    choices.length === 0 ? fc.constant(null) : fc.option(choices.length === 1 ? (choices[0] as fc.Arbitrary<number | string>) : fc.oneof(...choices), { nil: null })
  return choice.map(
    (paraphrase): Augmentation => ({ ...PLAIN_AUGMENTATION, paraphrase }),
    (value) => {
      if (!onlyChanges(value, ['paraphrase'])) throw new Error('not an augmentation that only replaces the first message')
      return (value as Augmentation).paraphrase
    },
  )
}
