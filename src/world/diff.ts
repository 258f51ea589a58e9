import { jsonEqual } from './json.ts'
import type { Row, WorldSnapshot } from './world.ts'
import { tableRows } from './world.ts'

/** A row whose key stayed the same but whose other columns changed. */
export interface RowUpdate {
  readonly before: Row
  readonly after: Row
  /** The columns whose values differ. */
  readonly columns: readonly string[]
}

/** What changed in one table between two snapshots. */
export interface TableDiff {
  readonly table: string
  readonly added: readonly Row[]
  readonly removed: readonly Row[]
  readonly updated: readonly RowUpdate[]
}

/**
 * The tables that differ between two snapshots, in table-name order. Rows are paired by the table's
 * key column when it has one (so an edit shows as an update); otherwise rows compare as a multiset
 * (an edit shows as one removal and one addition). Shared tables are skipped without a look.
 */
export function diffWorlds(before: WorldSnapshot, after: WorldSnapshot): TableDiff[] {
  const names = [...new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])].sort()
  const diffs: TableDiff[] = []
  for (const table of names) {
    const rowsBefore = tableRows(before, table)
    const rowsAfter = tableRows(after, table)
    if (rowsBefore === rowsAfter) continue
    const key = after.info[table]?.key ?? before.info[table]?.key
    const diff = key === undefined ? diffMultiset(table, rowsBefore, rowsAfter) : diffKeyed(table, key, rowsBefore, rowsAfter)
    if (diff.added.length + diff.removed.length + diff.updated.length > 0) diffs.push(diff)
  }
  return diffs
}

function diffMultiset(table: string, before: readonly Row[], after: readonly Row[]): TableDiff {
  const unmatched = [...after]
  const removed: Row[] = []
  for (const row of before) {
    const index = unmatched.findIndex((candidate) => jsonEqual(candidate, row))
    if (index === -1) removed.push(row)
    else unmatched.splice(index, 1)
  }
  return { table, added: unmatched, removed, updated: [] }
}

function diffKeyed(table: string, key: string, before: readonly Row[], after: readonly Row[]): TableDiff {
  const afterByKey = new Map<string, Row[]>()
  for (const row of after) {
    const id = JSON.stringify(row[key] ?? null)
    afterByKey.set(id, [...(afterByKey.get(id) ?? []), row])
  }
  const removed: Row[] = []
  const updated: RowUpdate[] = []
  for (const row of before) {
    const id = JSON.stringify(row[key] ?? null)
    const candidates = afterByKey.get(id)
    const match = candidates?.shift()
    if (match === undefined) {
      removed.push(row)
      continue
    }
    const columns = [...new Set([...Object.keys(row), ...Object.keys(match)])].filter(
      (column) => !jsonEqual(row[column], match[column]),
    )
    if (columns.length > 0) updated.push({ before: row, after: match, columns })
  }
  const added = [...afterByKey.values()].flat()
  return { table, added, removed, updated }
}
