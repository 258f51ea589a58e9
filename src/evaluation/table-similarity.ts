import type { Similarity } from '../scenario/index.ts'
import type { JsonValue, Row } from '../world/index.ts'
import type { ValueComparers } from './column-similarity.ts'
import { columnSimilarity, describeValue, similarityName } from './column-similarity.ts'
import { hungarian } from './hungarian.ts'

/** A target row: the columns it checks and their expected values; other columns are ignored. */
export type TargetRow = Readonly<Record<string, JsonValue>>

/** How a list of rows compared with the target rows. */
export interface TableComparison {
  /** Geometric mean over the optimally paired rows; 0 when the row counts differ. */
  readonly similarity: number
  /** For each target row, the actual row it was paired with and their similarity. */
  readonly pairs: readonly { readonly target: number; readonly actual: number; readonly similarity: number }[]
  /** What differed, in words (empty when everything matched). */
  readonly reason: string
}

// Stands for −ln(0) in the assignment; large enough that any pairing without a zero is cheaper.
const IMPOSSIBLE = 1e9

/**
 * Compares rows with target rows as ToolSandbox compares a snapshot with its target: 0 unless
 * there are as many rows as targets; otherwise the rows are paired one-to-one by the Hungarian
 * algorithm to minimise the sum of −ln(row similarity), where a row's similarity is the
 * geometric mean of its checked columns, and the result is exp(−mean cost), the geometric mean
 * of the paired rows' similarities. No rows against no targets gives 1.
 */
export function tableSimilarity(
  actual: readonly Row[],
  target: readonly TargetRow[],
  columns: Readonly<Record<string, Similarity>> | undefined,
  comparers: ValueComparers = {},
): TableComparison {
  if (actual.length !== target.length) {
    return { similarity: 0, pairs: [], reason: `expected ${rowCount(target.length)}, found ${rowCount(actual.length)}${listRows(actual)}` }
  }
  if (target.length === 0) return { similarity: 1, pairs: [], reason: '' }
  const similarities = target.map((targetRow) => actual.map((actualRow) => rowSimilarity(actualRow, targetRow, columns, comparers)))
  const costs = similarities.map((row) => row.map((value) => (value > 0 ? -Math.log(value) : IMPOSSIBLE)))
  const { assignment } = hungarian(costs)
  const pairs = assignment.map((actualIndex, targetIndex) => ({
    target: targetIndex,
    actual: actualIndex,
    similarity: (similarities[targetIndex] as number[])[actualIndex] as number,
  }))
  const similarity = pairs.some((pair) => pair.similarity === 0)
    ? 0
    : Math.exp(pairs.reduce((sum, pair) => sum + Math.log(pair.similarity), 0) / pairs.length)
  const worst = pairs.reduce((low, pair) => (pair.similarity < low.similarity ? pair : low))
  const reason =
    worst.similarity >= 1
      ? ''
      : `row ${worst.target + 1} of the target ${describeRowDifference(actual[worst.actual] as Row, target[worst.target] as TargetRow, columns, comparers)}`
  return { similarity, pairs, reason }
}

/** The geometric mean of a row's checked columns (1 when the target row checks none). */
export function rowSimilarity(
  actual: Row,
  target: TargetRow,
  columns: Readonly<Record<string, Similarity>> | undefined,
  comparers: ValueComparers = {},
): number {
  let logSum = 0
  let count = 0
  for (const [column, expected] of Object.entries(target)) {
    const value = columnSimilarity(columns?.[column] ?? 'exact', actual[column], expected, comparers)
    if (value <= 0) return 0
    logSum += Math.log(value)
    count++
  }
  return count === 0 ? 1 : Math.exp(logSum / count)
}

function describeRowDifference(
  actual: Row,
  target: TargetRow,
  columns: Readonly<Record<string, Similarity>> | undefined,
  comparers: ValueComparers = {},
): string {
  const differences: string[] = []
  for (const [column, expected] of Object.entries(target)) {
    const similarity = columns?.[column] ?? 'exact'
    const value = columnSimilarity(similarity, actual[column], expected, comparers)
    if (value < 1) {
      const score = similarity === 'exact' || typeof similarity === 'object' || similarity === 'contains' || similarity === 'mentions' ? '' : ` (${similarityName(similarity)} ${value.toFixed(4)})`
      differences.push(`${column}: expected ${describeValue(expected)}, found ${describeValue(actual[column])}${score}`)
    }
  }
  return `best matched a row where ${differences.join('; ')}`
}

function rowCount(count: number): string {
  return count === 1 ? '1 row' : `${count} rows`
}

function listRows(rows: readonly Row[]): string {
  if (rows.length === 0) return ''
  const shown = rows.slice(0, 3).map((row) => describeValue(row as Record<string, JsonValue>))
  return `: ${shown.join(', ')}${rows.length > 3 ? `, and ${rows.length - 3} more` : ''}`
}
