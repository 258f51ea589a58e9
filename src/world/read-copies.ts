import type { Row, Table, TableInfo } from './world.ts'
import { rowLabel } from './world.ts'
import { WorldWriteError } from './world-write-error.ts'

/**
 * The copies of rows a draft hands a tool, and the frozen rows they were copied from. A tool may
 * change its copies however it likes (push onto a list, assign a column, sort): the world never
 * sees it, and `firstChange` finds it when the call ends and names where. Tools read the frozen
 * rows themselves first (copying every table a tool reads, on every call, made runs a fifth
 * slower; read-only proxies, more); a call that a frozen row refused is played again on copies
 * to find the path.
 */
export class ReadCopies {
  readonly #info: Readonly<Record<string, TableInfo>>
  readonly #handedOut: { readonly table: string; readonly copy: readonly unknown[]; readonly rows: Table }[] = []

  /** `info` names the rows of each table by key in the paths `firstChange` reports. */
  constructor(info: Readonly<Record<string, TableInfo>>) {
    this.#info = info
  }

  /** A copy of a table's rows, all the way down, remembered for `firstChange`. */
  copy(table: string, rows: Table): Row[] {
    const copy = rows.map((row) => copyValue(row) as Row)
    this.#handedOut.push({ table, copy, rows })
    return copy
  }

  /**
   * The first change made in place to a copy handed out, as the `WorldWriteError` it is (kind
   * `row-mutated`, naming the path: `contacts[p-3].tags`, rows named by key where the table has
   * one, else by position), or `undefined` when the copies are as they were handed out.
   */
  firstChange(): WorldWriteError | undefined {
    for (const { table, copy, rows } of this.#handedOut) {
      if (copy.length !== rows.length) return changed(table, table, `the list of its rows went from ${rows.length} to ${copy.length}`)
      for (const [index, row] of rows.entries()) {
        const label = rowLabel(this.#info[table], row)
        const where = firstDifference(row, copy[index], `${table}[${label ?? index}]`)
        if (where !== undefined) return changed(table, where, 'a value it read from the world')
      }
    }
    return undefined
  }
}

function changed(table: string, path: string, what: string): WorldWriteError {
  return new WorldWriteError(
    'row-mutated',
    table,
    path,
    `changed ${path} in place (${what}); a tool changes the world only through world.insert, update, remove, replaceRows or setSettings, on copies of what it read`,
  )
}

/** A copy of plain data, all the way down, with a stack of its own (nesting cannot overflow it). */
function copyValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const root: unknown = Array.isArray(value) ? new Array<unknown>(value.length) : {}
  const pending: [from: object, to: Record<string, unknown>][] = []
  // Most rows hold only text, numbers and booleans: one pass, no stack.
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key]
    ;(root as Record<string, unknown>)[key] = item
    if (typeof item === 'object' && item !== null) pending.push([value, root as Record<string, unknown>])
  }
  if (pending.length === 0) return root
  pending.length = 0
  pending.push([value, root as Record<string, unknown>])
  while (pending.length > 0) {
    const [from, to] = pending.pop() as [object, Record<string, unknown>]
    for (const key of Object.keys(from)) {
      const item = (from as Record<string, unknown>)[key]
      if (typeof item !== 'object' || item === null) to[key] = item
      else {
        const copy = Array.isArray(item) ? new Array<unknown>(item.length) : {}
        to[key] = copy
        pending.push([item, copy as Record<string, unknown>])
      }
    }
  }
  return root
}

/** Where a copy first differs from its original (the path), or `undefined` when it does not. */
function firstDifference(original: unknown, copy: unknown, path: string): string | undefined {
  const pending: [unknown, unknown, string][] = [[original, copy, path]]
  while (pending.length > 0) {
    const [a, b, where] = pending.pop() as [unknown, unknown, string]
    if (Object.is(a, b)) continue
    if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null || Array.isArray(a) !== Array.isArray(b)) return where
    const keysA = Object.keys(a)
    const keysB = Object.keys(b)
    if (keysA.length !== keysB.length) return where
    for (const key of keysB) {
      if (!Object.hasOwn(a, key)) return where
      pending.push([(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], Array.isArray(a) ? `${where}[${key}]` : `${where}.${key}`])
    }
  }
  return undefined
}
