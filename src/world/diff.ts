import { jsonEqual } from './json.ts'
import type { Row, TableInfo, WorldSnapshot } from './world.ts'
import { keyColumns, rowLabel, tableRows } from './world.ts'

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
    const info = after.info[table] ?? before.info[table]
    const key = keyColumns(info)
    const diff = key.length === 0 ? diffMultiset(table, rowsBefore, rowsAfter) : diffKeyed(table, key, rowsBefore, rowsAfter)
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

function diffKeyed(table: string, key: readonly string[], before: readonly Row[], after: readonly Row[]): TableDiff {
  const idOf = (row: Row) => JSON.stringify(key.map((column) => row[column] ?? null))
  const afterByKey = new Map<string, Row[]>()
  for (const row of after) {
    const id = idOf(row)
    afterByKey.set(id, [...(afterByKey.get(id) ?? []), row])
  }
  const removed: Row[] = []
  const updated: RowUpdate[] = []
  for (const row of before) {
    const id = idOf(row)
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

/**
 * The changes of one table diff as lines that name each row by its key:
 * `accounts[acc-17].balance: 500 → 0`, `+ transfers[t-1] {...}`, `- accounts[acc-9] {...}`.
 * Rows of a table without a key are named by their position in the diff (`+ notes {...}`).
 */
export function describeTableDiff(diff: TableDiff, info: TableInfo | undefined): string[] {
  const name = (row: Row) => {
    const label = rowLabel(info, row)
    return label === undefined ? diff.table : `${diff.table}[${label}]`
  }
  const lines: string[] = []
  for (const update of diff.updated)
    for (const column of update.columns) lines.push(`${name(update.after)}.${column}: ${shortJson(update.before[column])} → ${shortJson(update.after[column])}`)
  for (const row of diff.added) lines.push(`+ ${name(row)} ${shortJson(row)}`)
  for (const row of diff.removed) lines.push(`- ${name(row)} ${shortJson(row)}`)
  return lines
}

function shortJson(value: unknown): string {
  const text = value === undefined ? '(none)' : JSON.stringify(value)
  return text.length > 120 ? `${text.slice(0, 117)}...` : text
}
