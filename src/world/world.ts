import { deepFreeze, isDeepFrozen } from './deep-freeze.ts'
import type { JsonValue } from './json.ts'
import { jsonEqual } from './json.ts'
import { ReadCopies } from './read-copies.ts'
import { WorldWriteError } from './world-write-error.ts'

/**
 * One row of a table: column name to JSON value. Rows in a snapshot are frozen all the way down,
 * so one can be shared by every snapshot, run and cache that holds it.
 */
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
  /** The table's columns, when the world knows them (a domain's worlds do); guarded drafts refuse others. */
  readonly columns?: readonly string[]
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

/**
 * Builds a snapshot from plain tables, frozen all the way down. Rows frozen so already are
 * shared, not copied.
 */
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

/** How a draft guards the world it drafts (see `WorldDraft`). */
export interface DraftGuard {
  /**
   * The tables writes may touch, with their key and columns: a write to another table, of another
   * column or of a row without its key is refused. Unchecked when absent.
   */
  readonly tables?: Readonly<Record<string, TableInfo>>
  /**
   * Hand out copies of rows (see `ReadCopies`), so that a change in place never reaches the
   * world, in strict code or not, and `changedInPlace()` finds it. Without them tools read the
   * frozen rows themselves, which refuse a change in strict code (a `TypeError` naming neither
   * where nor what) and ignore it in code that is not.
   */
  readonly copies?: boolean
}

/**
 * A copy-on-write view of a snapshot that tools read and write. Each table is copied at most once,
 * on its first write; `commit()` returns the base snapshot itself when nothing changed. What is
 * written is frozen all the way down (copied first where the caller still holds it).
 *
 * With a `guard`, a write the domain does not allow (see `DraftGuard`) throws a `WorldWriteError`
 * and is remembered in `violation`, so that a tool that catches it is still found out; with
 * `copies`, a change made in place to a row that was read is found by `changedInPlace()`.
 */
export class WorldDraft {
  readonly base: WorldSnapshot
  readonly #written = new Map<string, Row[]>()
  readonly #tables: Readonly<Record<string, TableInfo>> | undefined
  readonly #copying: boolean
  // Made on the first read: most calls of a tool read one or two tables, some none.
  #copies: ReadCopies | undefined
  // The copy of each table handed out since the table was last written, so that reading twice gives the same rows.
  #copied: Map<string, Table> | undefined
  // A frozen list of each written table's rows, until the table is written again.
  #frozen: Map<string, Table> | undefined
  #violation: WorldWriteError | undefined

  constructor(base: WorldSnapshot, guard: DraftGuard = {}) {
    this.base = base
    this.#tables = guard.tables
    this.#copying = guard.copies === true
  }

  /** The first write this draft refused, if any (see `DraftGuard`). */
  get violation(): WorldWriteError | undefined {
    return this.#violation
  }

  /** With `copies`, the first change made in place to a copy of rows this draft handed out (see `ReadCopies`). */
  changedInPlace(): WorldWriteError | undefined {
    return this.#copies?.firstChange()
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

  /**
   * The current rows of `table` (empty when it does not exist): frozen, so read-only however they
   * are reached; copies of them when the draft hands out copies.
   */
  rows(table: string): Table {
    const written = this.#written.get(table)
    const rows = written === undefined ? tableRows(this.base, table) : this.#frozenWritten(table, written)
    if (!this.#copying) return rows
    this.#copied ??= new Map()
    let copy = this.#copied.get(table)
    if (copy === undefined) {
      this.#copies ??= new ReadCopies(this.base.info)
      this.#copied.set(table, (copy = this.#copies.copy(table, rows)))
    }
    return copy
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
    const stored = this.#checkedRow(table, row, true)
    this.#writable(table).push(stored)
  }

  /** Merges `patch` into every row that `predicate` selects; returns how many rows changed. */
  update(table: string, predicate: (row: Row) => boolean, patch: Readonly<Record<string, JsonValue>>): number {
    const checked = this.#checkedRow(table, patch, false)
    const rows = this.#writable(table)
    let count = 0
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index] as Row
      if (predicate(row)) {
        rows[index] = deepFreeze({ ...row, ...checked })
        count++
      }
    }
    return count
  }

  /** Removes every row that `predicate` selects; returns how many were removed. */
  remove(table: string, predicate: (row: Row) => boolean): number {
    this.#checkedTable(table)
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
    this.#checkedTable(table)
    this.#copied?.delete(table)
    this.#frozen?.delete(table)
    this.#written.set(table, rows.map((row) => this.#checkedRow(table, row, true)))
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

  // The rows written so far, as a frozen list (the draft's own list changes with every write).
  #frozenWritten(table: string, written: Row[]): Table {
    this.#frozen ??= new Map()
    let frozen = this.#frozen.get(table)
    if (frozen === undefined) this.#frozen.set(table, (frozen = Object.freeze([...written])))
    return frozen
  }

  #refuse(error: WorldWriteError): never {
    this.#violation ??= error
    throw error
  }

  /** The table's info; refuses a table the guard does not list. */
  #checkedTable(table: string): TableInfo | undefined {
    const tables = this.#tables
    if (tables === undefined) return undefined
    const info = Object.hasOwn(tables, table) ? tables[table] : undefined
    if (info === undefined) this.#refuse(new WorldWriteError('unknown-table', table, table, `wrote table ${table}, which the domain does not define (its tables: ${Object.keys(tables).join(', ') || 'none'})`))
    return info
  }

  /**
   * A row (or an update's patch) as stored: its columns checked against the guard's (and, for a
   * whole row, its key present), copied where the caller still holds it, frozen all the way down.
   */
  #checkedRow(table: string, row: Readonly<Record<string, JsonValue>>, whole: boolean): Row {
    const info = this.#checkedTable(table)
    const columns = info?.columns
    const stored: Record<string, JsonValue> = {}
    for (const column of Object.keys(row)) {
      if (columns !== undefined && !columns.includes(column))
        this.#refuse(new WorldWriteError('unknown-column', table, `${table}.${column}`, `wrote column ${column} of table ${table}, which has no such column (its columns: ${columns.join(', ')})`))
      const value = row[column] as JsonValue
      stored[column] = typeof value === 'object' && value !== null ? storedValue(value) : value
    }
    if (whole && info !== undefined)
      for (const key of keyColumns(info))
        if (stored[key] === undefined || stored[key] === null) this.#refuse(new WorldWriteError('missing-key', table, `${table}.${key}`, `inserted a row into ${table} without its key column ${key}`))
    return deepFreeze(stored)
  }

  #writable(table: string): Row[] {
    // What was handed out before this write shows the table as it was; the next read gets the new rows.
    this.#copied?.delete(table)
    this.#frozen?.delete(table)
    let rows = this.#written.get(table)
    if (rows === undefined) {
      rows = [...tableRows(this.base, table)]
      this.#written.set(table, rows)
    }
    return rows
  }
}

function freezeRows(rows: readonly Record<string, JsonValue>[]): Table {
  return Object.freeze(rows.map((row) => (isDeepFrozen(row) ? row : deepFreeze({ ...row }))))
}

function sameRows(a: Table, b: Table): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  return a.every((row, index) => row === b[index] || jsonEqual(row, b[index] as Row))
}

/**
 * A value to store in the world: frozen all the way down. A value frozen so already (a row's list
 * that was read and written back) stays shared; anything else is copied first, so freezing never
 * reaches into objects the caller still holds.
 */
function storedValue<T>(value: T): T {
  if (typeof value !== 'object' || value === null || isDeepFrozen(value)) return value
  if (Array.isArray(value)) return deepFreeze(value.map((item: unknown) => storedValue(item))) as T
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) Object.defineProperty(copy, key, { value: storedValue((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true })
  return deepFreeze(copy) as T
}
