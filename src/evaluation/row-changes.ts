import type { Row } from '../world/index.ts'
import { canonicalJson } from '../world/index.ts'

/**
 * The rows of `rows` that are not in `minus`, compared as whole rows (JSON equality, key order
 * ignored) and as multisets: a row present twice in `rows` and once in `minus` leaves one copy.
 */
export function rowsNotIn(rows: readonly Row[], minus: readonly Row[]): Row[] {
  if (minus.length === 0) return [...rows]
  const counts = new Map<string, number>()
  for (const row of minus) {
    const key = canonicalJson(row)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  const remaining: Row[] = []
  for (const row of rows) {
    const key = canonicalJson(row)
    const count = counts.get(key) ?? 0
    if (count > 0) counts.set(key, count - 1)
    else remaining.push(row)
  }
  return remaining
}
