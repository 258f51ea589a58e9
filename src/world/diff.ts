import { jsonEqual } from './json.ts'
import type { JsonValue } from './json.ts'
import type { Row, TableInfo, WorldSnapshot } from './world.ts'
import { keyColumns, rowDisplay, rowLabel, tableRows } from './world.ts'

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

/** One changed row of a table diff, named for people: by its key and, where the table has one, its display column. */
export interface RowChange {
  readonly kind: 'added' | 'removed' | 'updated'
  readonly table: string
  /** The key value(s) (`rowLabel`); absent for a table without a key. */
  readonly key?: string
  /** The display column's value (`rowDisplay`), after the change for an update; absent when the table names none. */
  readonly display?: string
  /**
   * For an update, the columns that changed, with their values before and after (absent: the row
   * had no such column); for an added or removed row, every column with its value (`after` for
   * added, `before` for removed).
   */
  readonly columns: readonly ColumnChange[]
}

/** One column of a changed row. */
export interface ColumnChange {
  readonly column: string
  readonly before?: JsonValue
  readonly after?: JsonValue
}

/** The rows a table diff changed, updates first, then additions, then removals. */
export function rowChanges(diff: TableDiff, info: TableInfo | undefined): RowChange[] {
  const named = (row: Row) => {
    const key = rowLabel(info, row)
    const display = rowDisplay(info, row)
    return { table: diff.table, ...(key === undefined ? {} : { key }), ...(display === undefined ? {} : { display }) }
  }
  const whole = (row: Row, side: 'before' | 'after') => Object.entries(row).map(([column, value]) => ({ column, [side]: value }))
  return [
    ...diff.updated.map((update): RowChange => ({
      kind: 'updated',
      ...named(update.after),
      columns: update.columns.map((column) => ({ column, ...present('before', update.before[column]), ...present('after', update.after[column]) })),
    })),
    ...diff.added.map((row): RowChange => ({ kind: 'added', ...named(row), columns: whole(row, 'after') })),
    ...diff.removed.map((row): RowChange => ({ kind: 'removed', ...named(row), columns: whole(row, 'before') })),
  ]
}

/** How `describeTableDiff` may shorten its lines. */
export interface DescribeOptions {
  /**
   * Roughly how long the JSON of an added or removed row may get: past it, whole columns are left
   * out and counted (`… 3 more columns`). No value is ever cut in the middle. No limit by default.
   */
  readonly rowLength?: number
}

/**
 * The changes of one table diff as lines that name each row by its key, and by its display column
 * where the table has one: `accounts[acc-17].balance: 500 → 0`,
 * `contacts[p-3 "Sam Okafor"].relationship: "coworker" → "former coworker"`,
 * `+ transfers[t-1] {...}`, `- accounts[acc-9] {...}`. Rows of a table without a key are named by
 * the table alone (`+ notes {...}`). Values are written whole.
 */
export function describeTableDiff(diff: TableDiff, info: TableInfo | undefined, options: DescribeOptions = {}): string[] {
  return rowChanges(diff, info).flatMap((change) => {
    const name = rowName(change)
    if (change.kind === 'updated') return change.columns.map((column) => `${name}.${column.column}: ${valueText(column.before)} → ${valueText(column.after)}`)
    return [`${change.kind === 'added' ? '+' : '-'} ${name} ${rowText(change.columns, options.rowLength)}`]
  })
}

/** `table[key "display"]`, `table[key]`, or `table` for a table without a key. */
export function rowName(change: Pick<RowChange, 'table' | 'key' | 'display'>): string {
  if (change.key === undefined) return change.display === undefined ? change.table : `${change.table}[${JSON.stringify(change.display)}]`
  return `${change.table}[${change.key}${change.display === undefined || change.display === change.key ? '' : ` ${JSON.stringify(change.display)}`}]`
}

function present(side: 'before' | 'after', value: JsonValue | undefined): Partial<ColumnChange> {
  return value === undefined ? {} : { [side]: value }
}

function valueText(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(value)
}

// The row's JSON, column by column (see `wholeColumnsJson`).
function rowText(columns: readonly ColumnChange[], limit: number | undefined): string {
  return wholeColumnsJson(columns.map((column) => [column.column, column.after ?? column.before ?? null]), limit)
}

/**
 * A row's columns as JSON, `{"id":"p-3","name":"Sam"}`; past about `limit` characters, whole
 * columns are left out and counted (`{"id":"p-3", … 2 more columns}`), never a value cut in the
 * middle (the first column is written whole however long). No limit by default.
 */
export function wholeColumnsJson(columns: readonly (readonly [string, JsonValue])[], limit?: number): string {
  const parts: string[] = []
  let length = 2
  for (const [position, [column, value]] of columns.entries()) {
    const part = `${JSON.stringify(column)}:${JSON.stringify(value)}`
    if (limit !== undefined && parts.length > 0 && length + part.length + 1 > limit) {
      const left = columns.length - position
      return `{${parts.join(',')}, … ${left} more ${left === 1 ? 'column' : 'columns'}}`
    }
    parts.push(part)
    length += part.length + 1
  }
  return `{${parts.join(',')}}`
}
