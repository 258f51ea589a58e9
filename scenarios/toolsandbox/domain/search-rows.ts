import type { JsonValue, Row, Table } from '../../../src/world/index.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import { fuzzyScore } from './fuzzy-score.ts'

/** How one search argument selects rows. */
export type Criterion =
  | { readonly kind: 'exact'; readonly column: string }
  | { readonly kind: 'fuzzy'; readonly column: string; readonly threshold: number }
  | { readonly kind: 'atLeast'; readonly column: string }
  | { readonly kind: 'atMost'; readonly column: string }

/**
 * Selects the rows that meet every given criterion (criteria are combined with AND; a criterion
 * whose argument is omitted is ignored). With fuzzy criteria the best matches come first (by the
 * sum of their fuzzy scores; ties keep table order), so an agent that reads the first result of
 * "dentist" gets the dentist appointment rather than whatever reminder happens to come first;
 * otherwise rows keep their table order.
 *
 * @throws ToolError (ValueError) listing the accepted arguments when none is given, because an
 * empty search would return the whole table, which is never what an agent means.
 */
export function searchRows(
  rows: Table,
  criteria: Readonly<Record<string, Criterion>>,
  args: Readonly<Record<string, JsonValue | undefined>>,
): Record<string, JsonValue>[] {
  const given = Object.entries(criteria).filter(([argument]) => args[argument] !== undefined)
  if (given.length === 0)
    throw new ToolError('ValueError', `give at least one search argument; this search accepts ${Object.keys(criteria).join(', ')}`)
  const found = rows.filter((row) => given.every(([argument, criterion]) => matches(row, criterion, args[argument] as JsonValue)))
  const fuzzy = given.filter(([, criterion]) => criterion.kind === 'fuzzy')
  if (fuzzy.length === 0) return found.map((row) => ({ ...row }))
  const relevance = (row: Row) =>
    fuzzy.reduce((sum, [argument, criterion]) => sum + fuzzyScore(args[argument] as string, row[criterion.column] as string), 0)
  return found
    .map((row) => ({ row, score: relevance(row) }))
    .sort((a, b) => b.score - a.score)
    .map(({ row }) => ({ ...row }))
}

function matches(row: Row, criterion: Criterion, wanted: JsonValue): boolean {
  const value = row[criterion.column]
  switch (criterion.kind) {
    case 'exact':
      return value === wanted
    case 'fuzzy':
      return typeof value === 'string' && typeof wanted === 'string' && fuzzyScore(wanted, value) >= criterion.threshold
    case 'atLeast':
      return typeof value === 'number' && typeof wanted === 'number' && value >= wanted
    case 'atMost':
      return typeof value === 'number' && typeof wanted === 'number' && value <= wanted
  }
}
