import fc from 'fast-check'
import type { Augmentation, UserPerturbation } from '../src/augmentation/index.ts'
import { PLAIN_AUGMENTATION, userPerturbationCandidates, withoutEmptyParts } from '../src/augmentation/index.ts'
import { canonicalJson } from '../src/world/index.ts'
import type { JsonValue } from '../src/world/index.ts'
import type { RobustnessSource } from './_internals/robustness-context.ts'
import { robustnessContext } from './_internals/robustness-context.ts'
import { onlyChanges } from './_internals/tool-subset.ts'

/** Constraints of `userPerturbations`. */
export interface UserPerturbationsConstraints extends RobustnessSource {
  /** Which kinds to draw; all three by default. */
  readonly kinds?: readonly UserPerturbation['kind'][]
}

/**
 * Augmentations that only change how the simulated user talks (see `perturbUser`): a change of
 * mind (first a decoy value, then the scenario's own, which the milestones follow), facts held
 * back from the first message (split across turns, or out of order), or the claim of an earlier
 * call that never happened. Drawn from what the scenario offers (`userPerturbationCandidates`),
 * deterministic for the scripted user; a model user is told to do the same. Shrinks to no
 * augmentation; a scenario that offers none gives only the plain augmentation.
 */
export function userPerturbations(constraints: UserPerturbationsConstraints): fc.Arbitrary<Augmentation> {
  const { registry, world } = robustnessContext('userPerturbations', constraints)
  const kinds = new Set(constraints.kinds ?? ['change-mind', 'split', 'false-memory'])
  const offered = userPerturbationCandidates(constraints.scenario, constraints.scenario.firstMessage, world(), registry)
  const candidates = [
    ...(kinds.has('change-mind') ? offered.changeMind : []),
    ...(kinds.has('split') ? offered.split : []),
    ...(kinds.has('false-memory') ? offered.falseMemory : []),
  ]
  if (candidates.length === 0) return fc.constant(PLAIN_AUGMENTATION)
  const key = (value: unknown) => canonicalJson(value as JsonValue)
  return fc.option(fc.nat({ max: candidates.length - 1 }), { nil: undefined }).map(
    (chosen): Augmentation => (chosen === undefined ? PLAIN_AUGMENTATION : withoutEmptyParts({ ...PLAIN_AUGMENTATION, user: candidates[chosen] as UserPerturbation })),
    (value) => {
      if (!onlyChanges(value, ['user'])) throw new Error('not an augmentation that only perturbs the user')
      const user = (value as Augmentation).user
      if (user === undefined) return undefined
      const index = candidates.findIndex((candidate) => key(candidate) === key(user))
      if (index < 0) throw new Error('a user perturbation this generator does not draw')
      return index
    },
  )
}
