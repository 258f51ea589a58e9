import fc from 'fast-check'
import type { Augmentation, ExtraRow, ExtraRowKind } from '../src/augmentation/index.ts'
import { extraRowCandidates, PLAIN_AUGMENTATION, withoutEmptyParts } from '../src/augmentation/index.ts'
import { canonicalJson } from '../src/world/index.ts'
import type { JsonValue } from '../src/world/index.ts'
import type { RobustnessSource } from './_internals/robustness-context.ts'
import { robustnessContext } from './_internals/robustness-context.ts'
import { onlyChanges } from './_internals/tool-subset.ts'

/** Constraints of `worldPerturbations`. */
export interface WorldPerturbationsConstraints extends RobustnessSource {
  /** Which kinds of rows to add; both by default. */
  readonly kinds?: readonly ExtraRowKind[]
  /** The most rows one value adds; 6 by default (more than a search of the phone returns). */
  readonly maxRows?: number
}

/**
 * Augmentations that only add rows to the starting world, drawn from the domain's tables and
 * row schemas (see `extraRowCandidates`): near-duplicates of the rows the scenario works with
 * (a name a letter off, new numbers), and rows of other people. Every row fits its schema and
 * the domain's rules; a set of rows under which the scenario's own solution fails is refused
 * when the run is prepared (`ContractError`), and a sweep skips it. Shrinks toward fewer rows and
 * ends at no augmentation: a failing sweep ends at the smallest extra world that breaks the agent.
 */
export function worldPerturbations(constraints: WorldPerturbationsConstraints): fc.Arbitrary<Augmentation> {
  const { domain } = robustnessContext('worldPerturbations', constraints)
  const kinds = new Set(constraints.kinds ?? ['near-duplicate', 'other-people'])
  const offered = extraRowCandidates(constraints.scenario, domain)
  const rows: ExtraRow[] = [...(kinds.has('near-duplicate') ? offered.nearDuplicates : []), ...(kinds.has('other-people') ? offered.otherPeople : [])]
  if (rows.length === 0) return fc.constant(PLAIN_AUGMENTATION)
  const key = (value: unknown) => canonicalJson(value as JsonValue)
  return fc.subarray(rows, { minLength: 0, maxLength: Math.min(rows.length, constraints.maxRows ?? 6) }).map(
    (chosen): Augmentation => withoutEmptyParts({ ...PLAIN_AUGMENTATION, extraRows: chosen }),
    (value) => {
      if (!onlyChanges(value, ['extraRows'])) throw new Error('not an augmentation that only adds rows')
      const chosen = (value as Augmentation).extraRows ?? []
      const keys = rows.map(key)
      if (chosen.some((row) => !keys.includes(key(row)))) throw new Error('a row this generator does not draw')
      return [...chosen]
    },
  )
}
