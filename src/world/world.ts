import type { JsonValue } from './json.ts'
import { jsonEqual } from './json.ts'

/** One row of a table: column name to JSON value. Rows are never mutated once in a snapshot. */
export type Row = Readonly<Record<string, JsonValue>>

/** The rows of one table, in insertion order. */
export type Table = readonly Row[]

/** What the world knows about a table besides its rows. */
export interface TableInfo {
  /**
   * The column that identifies a row (`person_id`, `reminder_id`), or the columns that do so
   * together (`['account_id', 'month']`); diffs pair rows by it and name rows by it in reports.
   */
  readonly key?: string | readonly string[]
  /**
   * A column that names a row for people (`name` for contacts, `content` for reminders), shown
   * beside the key in diffs and reports; the key alone when absent.
   */
  readonly display?: string
}

/** The key columns of a table, as a list (empty when it has no key). */
export function keyColumns(info: TableInfo | undefined): readonly string[] {
  const key = info?.key
  return key === undefined ? [] : typeof key === 'string' ? [key] : key
}

/** The value of a table's display column in a row, as text; undefined when the table has none or the row leaves it empty. */
export function rowDisplay(info: TableInfo | undefined, row: Row): string | undefined {
  const column = info?.display
  if (column === undefined) return undefined
  const value = row[column]
  if (value === undefined || value === null || value === '') return undefined
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/**
 * How a row is named in diffs and reports: its key value (`acc-17`), the key values joined by
 * commas for a composite key (`acc-17,2026-05`), or undefined for a table without a key.
 */
export function rowLabel(info: TableInfo | undefined, row: Row): string | undefined {
  const columns = keyColumns(info)
  if (columns.length === 0) return undefined
  return columns.map((column) => {
    const value = row[column]
    return typeof value === 'string' ? value : JSON.stringify(value ?? null)
  }).join(',')
}

/**
 * An immutable state of the world: named tables of rows. Settings live in the one-row table
 * `settings`, so milestones, diffs and guardrails treat them like any other table.
 *
 * A new snapshot is made only when something changed, and it shares every table it did not
 * change with the snapshot before it (the same array object), so a long trajectory costs memory
 * in proportion to what changed, not to the size of the world.
 */
export interface WorldSnapshot {
  readonly tables: Readonly<Record<string, Table>>
  readonly info: Readonly<Record<string, TableInfo>>
}

/** The name of the one-row table that holds device settings. */
export const SETTINGS_TABLE = 'settings'

/** Builds a frozen snapshot from plain tables. */
export function createWorld(
  tables: Record<string, readonly Record<string, JsonValue>[]>,
  info: Record<string, TableInfo> = {},
): WorldSnapshot {
  const frozenTables: Record<string, Table> = {}
  for (const [name, rows] of Object.entries(tables)) frozenTables[name] = freezeRows(rows)
  return Object.freeze({ tables: Object.freeze(frozenTables), info: Object.freeze({ ...info }) })
}

/** The rows of `table`, or an empty list when the world has no such table. */
export function tableRows(world: WorldSnapshot, table: string): Table {
  return Object.hasOwn(world.tables, table) ? (world.tables[table] ?? []) : []
}

/** The settings row, or an empty row when the world has no settings. */
export function settingsOf(world: WorldSnapshot): Row {
  return tableRows(world, SETTINGS_TABLE)[0] ?? {}
}

/**
 * A copy-on-write view of a snapshot that tools read and write. Each table is copied at most once,
 * on its first write; `commit()` returns the base snapshot itself when nothing changed.
 */
export class WorldDraft {
  readonly base: WorldSnapshot
  readonly #written = new Map<string, Row[]>()

  constructor(base: WorldSnapshot) {
    this.base = base
  }

  /** Whether any table was written. */
  get changed(): boolean {
    for (const [name, rows] of this.#written) {
      if (!sameRows(tableRows(this.base, name), rows)) return true
    }
    return false
  }

  /** The names of all tables, including ones created by this draft. */
  tableNames(): string[] {
    return [...new Set([...Object.keys(this.base.tables), ...this.#written.keys()])]
  }

  /** The current rows of `table` (empty when it does not exist). */
  rows(table: string): Table {
    return this.#written.get(table) ?? tableRows(this.base, table)
  }

  /** The current settings row. */
  settings(): Row {
    return this.rows(SETTINGS_TABLE)[0] ?? {}
  }

  /** Changes some settings; other settings keep their values. */
  setSettings(patch: Readonly<Record<string, JsonValue>>): void {
    const current = this.settings()
    this.replaceRows(SETTINGS_TABLE, [{ ...current, ...patch }])
  }

  /** Appends a row. */
  insert(table: string, row: Readonly<Record<string, JsonValue>>): void {
    this.#writable(table).push(Object.freeze({ ...row }))
  }

  /** Merges `patch` into every row that `predicate` selects; returns how many rows changed. */
  update(table: string, predicate: (row: Row) => boolean, patch: Readonly<Record<string, JsonValue>>): number {
    const rows = this.#writable(table)
    let count = 0
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index] as Row
      if (predicate(row)) {
        rows[index] = Object.freeze({ ...row, ...patch })
        count++
      }
    }
    return count
  }

  /** Removes every row that `predicate` selects; returns how many were removed. */
  remove(table: string, predicate: (row: Row) => boolean): number {
    const rows = this.#writable(table)
    const kept = rows.filter((row) => !predicate(row))
    const removed = rows.length - kept.length
    if (removed > 0) {
      rows.length = 0
      rows.push(...kept)
    }
    return removed
  }

  /** Replaces all rows of `table`. */
  replaceRows(table: string, rows: readonly Readonly<Record<string, JsonValue>>[]): void {
    this.#written.set(table, rows.map((row) => Object.freeze({ ...row })))
  }

  /**
   * A snapshot of the draft. Tables that were not written, or were written back to equal rows,
   * are shared with the base; when nothing changed the base itself is returned.
   */
  commit(): WorldSnapshot {
    if (!this.changed) return this.base
    const tables: Record<string, Table> = { ...this.base.tables }
    for (const [name, rows] of this.#written) {
      const before = tableRows(this.base, name)
      if (!sameRows(before, rows) || !Object.hasOwn(this.base.tables, name)) tables[name] = Object.freeze([...rows])
    }
    return Object.freeze({ tables: Object.freeze(tables), info: this.base.info })
  }

  #writable(table: string): Row[] {
    let rows = this.#written.get(table)
    if (rows === undefined) {
      rows = [...tableRows(this.base, table)]
      this.#written.set(table, rows)
    }
    return rows
  }
}

function freezeRows(rows: readonly Record<string, JsonValue>[]): Table {
  return Object.freeze(rows.map((row) => Object.freeze({ ...row })))
}

function sameRows(a: Table, b: Table): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  return a.every((row, index) => row === b[index] || jsonEqual(row, b[index] as Row))
}
