import type { Row } from '../world/index.ts'
import { canonicalJson } from '../world/index.ts'

/**
 * The rows of `rows` that are not in `minus`, compared as whole rows (JSON equality, key order
 * ignored) and as multisets: a row present twice in `rows` and once in `minus` leaves one copy.
 * `key` gives a row's canonical JSON; pass a remembering one when the same rows recur.
 */
export function rowsNotIn(rows: readonly Row[], minus: readonly Row[], key: (row: Row) => string = canonicalJson): Row[] {
  if (minus.length === 0) return [...rows]
  const counts = new Map<string, number>()
  for (const row of minus) {
    const text = key(row)
    counts.set(text, (counts.get(text) ?? 0) + 1)
  }
  const remaining: Row[] = []
  for (const row of rows) {
    const text = key(row)
    const count = counts.get(text) ?? 0
    if (count > 0) counts.set(text, count - 1)
    else remaining.push(row)
  }
  return remaining
}
