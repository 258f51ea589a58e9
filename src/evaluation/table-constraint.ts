import type { Constraint } from '../scenario/index.ts'
import type { Row } from '../world/index.ts'
import type { CompiledConstraint, ConstraintSetup } from './compiled-constraint.ts'
import { checkMilestoneReference, KeyedCache } from './compiled-constraint.ts'
import { EvaluationScenarioError } from './evaluation-error.ts'
import { rowsNotIn } from './row-changes.ts'
import { tableSimilarity } from './table-similarity.ts'
import type { ConstraintResult } from './types.ts'

type TableConstraint = Extract<Constraint, { kind: 'table' | 'added' | 'removed' | 'updated' }>

/**
 * A constraint on one table of the world at the message:
 * - `table`: the table equals the target rows;
 * - `added`: every row of the reference is still there, and the rows that are new match the target;
 * - `removed`: no row is new, and the rows that are gone match the target;
 * - `updated`: the row count is unchanged, and the rows that differ from the reference (their
 *   new versions) match the target.
 * Rows compare as whole rows (multisets) against the reference; targets name only the columns
 * they check. The reference is another milestone's message, the start, or by default the
 * predecessor milestone.
 */
export function compileTableConstraint(constraint: TableConstraint, setup: ConstraintSetup): CompiledConstraint {
  const { index, comparers } = setup
  const { table, rows: target, columns } = constraint
  // A table the world never has is a misspelling: as an empty table it would make `table` with no
  // rows hold everywhere and every change constraint fail, without a word about why.
  if (!index.tableNames.includes(table)) {
    throw new EvaluationScenarioError(`${setup.label}: the ${constraint.kind} constraint names table ${JSON.stringify(table)}, which the world does not have; its tables are ${index.tableNames.join(', ')}`)
  }
  const cache = new KeyedCache()
  const current = (messageIndex: number) => index.tableVersion(messageIndex, table)
  const rowKey = (row: Row) => index.rowKey(row)

  if (constraint.kind === 'table') {
    const compare = (messageIndex: number) => tableSimilarity(index.rowsOf(current(messageIndex)), target, columns, comparers)
    return {
      kind: 'table',
      dependency: undefined,
      tables: [table],
      currentKey: current,
      dependencyKey: () => 0,
      // A row-count mismatch is 0 (as `tableSimilarity` says first), without listing rows for a reason.
      similarity: (messageIndex) =>
        cache.get(current(messageIndex), 0, () => (index.rowsOf(current(messageIndex)).length !== target.length ? 0 : compare(messageIndex).similarity)),
      explain: (messageIndex) => {
        const result = compare(messageIndex)
        return { kind: 'table', similarity: result.similarity, reason: `table ${table}: ${result.reason === '' ? 'equals the target' : result.reason}` }
      },
    }
  }

  const reference = constraint.reference ?? setup.defaultReference
  if (reference !== 'start') checkMilestoneReference(reference, setup, `the ${constraint.kind} constraint on table ${table}`)
  const dependency = reference === 'start' ? undefined : reference
  const referenceIndex = (dependencyIndex: number) => (reference === 'start' ? setup.startIndex : dependencyIndex)
  const referenceName = (dependencyIndex: number) =>
    reference === 'start' ? `the start (message ${setup.startIndex})` : `${setup.role} ${reference} (message ${dependencyIndex})`
  const kind = constraint.kind

  // The matcher needs only the number: with `explain` off, a row-count mismatch (the usual
  // answer between unrelated versions) gives 0 without listing the rows for a reason.
  const compare = (messageIndex: number, dependencyIndex: number, explain = true): ConstraintResult => {
    const now = index.rowsOf(current(messageIndex))
    const before = index.rowsOf(index.tableVersion(referenceIndex(dependencyIndex), table))
    const since = `since ${referenceName(dependencyIndex)}`
    let changed: Row[]
    if (kind === 'added') {
      const gone = rowsNotIn(before, now, rowKey)
      if (gone.length > 0) return { kind, similarity: 0, reason: `table ${table}: expected only additions ${since}, but ${gone.length} row(s) are gone` }
      changed = rowsNotIn(now, before, rowKey)
    } else if (kind === 'removed') {
      const added = rowsNotIn(now, before, rowKey)
      if (added.length > 0) return { kind, similarity: 0, reason: `table ${table}: expected only removals ${since}, but ${added.length} row(s) are new` }
      changed = rowsNotIn(before, now, rowKey)
    } else {
      if (now.length !== before.length)
        return { kind, similarity: 0, reason: `table ${table}: expected updated rows ${since}, but the row count went from ${before.length} to ${now.length}` }
      changed = rowsNotIn(now, before, rowKey)
    }
    if (!explain && changed.length !== target.length) return { kind, similarity: 0, reason: '' }
    const verb = kind === 'added' ? 'added' : kind === 'removed' ? 'removed' : 'updated'
    const result = tableSimilarity(changed, target, columns, comparers)
    return { kind, similarity: result.similarity, reason: `table ${table}, rows ${verb} ${since}: ${result.reason === '' ? 'match the target' : result.reason}` }
  }

  return {
    kind,
    dependency,
    tables: [table],
    currentKey: current,
    dependencyKey: (messageIndex) => (dependency === undefined ? 0 : index.tableVersion(messageIndex, table)),
    similarity: (messageIndex, dependencyIndex) => {
      const referenceVersion = index.tableVersion(referenceIndex(dependencyIndex), table)
      return cache.get(current(messageIndex), referenceVersion, () => compare(messageIndex, dependencyIndex, false).similarity)
    },
    explain: (messageIndex, dependencyIndex) => compare(messageIndex, dependencyIndex),
  }
}
