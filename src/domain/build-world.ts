import type { z } from 'zod'
import type { Clock } from '../tools/context.ts'
import type { JsonValue, Row, WorldSnapshot } from '../world/index.ts'
import { createWorld, deepFreeze, keyColumns, SETTINGS_TABLE } from '../world/index.ts'
import type { AnyDomain, InvariantViolation, TableDefinition, WorldRows } from './define-domain.ts'
import { DomainError } from './define-domain.ts'
import type { WorldSpec } from './world-spec.ts'
import { WorldSpecError } from './world-spec-error.ts'

type MutableTables = Record<string, Record<string, JsonValue>[]>

/**
 * A domain's starting world for a scenario: the domain's default rows at the scenario's clock,
 * then per table the `replace` rows (the whole table), then the `insert` rows (appended), then
 * the `settings` overrides (for a domain with a one-row `settings` table). Every row is checked
 * against its table's row schema, which also fills column defaults; then keys must be unique
 * (except in the tables the spec lists in `duplicateKeys`) and the domain's invariants must hold.
 *
 * A cell written `{ "$now": <seconds> }` becomes the clock's now plus that many seconds, so
 * scenarios can say "an hour ago" (`{ "$now": -3600 }`) without knowing the date.
 *
 * @throws WorldSpecError naming the table, row and column of the first problem: an unknown table
 * or column, a value of the wrong type, a duplicate key, or a broken invariant.
 * @throws DomainError when the domain's own default rows do not fit its tables.
 */
export function buildWorld(domain: AnyDomain, spec: WorldSpec, clock: Clock): WorldSnapshot {
  const tables: MutableTables = {}
  // The default rows are frozen all the way down, so every world can share them with the cache.
  for (const [name, rows] of Object.entries(defaultTables(domain, clock))) tables[name] = [...rows]

  for (const [name, rows] of Object.entries(spec.replace ?? {})) {
    const table = tableOf(domain, name)
    tables[name] = rows.map((row, index) => parseRow(domain, name, table, row, index, clock))
  }
  for (const [name, rows] of Object.entries(spec.insert ?? {})) {
    const table = tableOf(domain, name)
    tables[name] = [...(tables[name] ?? []), ...rows.map((row, index) => parseRow(domain, name, table, row, index, clock))]
  }
  if (spec.settings !== undefined) applySettings(domain, tables, spec.settings, clock)

  const shared = new Set(spec.duplicateKeys ?? [])
  for (const name of shared) tableOf(domain, name)
  for (const [name, table] of Object.entries(domain.tables) as [string, TableDefinition][]) if (!shared.has(name)) checkUniqueKeys(name, table, tables[name] ?? [])
  for (const invariant of domain.invariants) {
    const found = invariant.check(tables as unknown as WorldRows<Record<string, z.ZodObject>>)
    const first = Array.isArray(found) ? (found as readonly InvariantViolation[])[0] : (found as InvariantViolation | undefined)
    if (first !== undefined) throw new WorldSpecError(first.table, first.row, first.column, first.message)
  }
  return createWorld(tables, { ...domain.tableInfo })
}

// Default rows depend only on the domain and the clock; they are checked once per clock, and
// frozen all the way down, since every world built at that clock shares them.
const defaultsCache = new WeakMap<AnyDomain, Map<string, Readonly<Record<string, readonly Row[]>>>>()
const DEFAULTS_KEPT = 64

function defaultTables(domain: AnyDomain, clock: Clock): Readonly<Record<string, readonly Row[]>> {
  let byClock = defaultsCache.get(domain)
  if (byClock === undefined) defaultsCache.set(domain, (byClock = new Map()))
  const clockKey = `${clock.now}|${clock.timeZone}`
  const cached = byClock.get(clockKey)
  if (cached !== undefined) return cached
  const given = domain.defaultRows(clock) as Readonly<Record<string, readonly Record<string, JsonValue>[] | undefined>>
  const tables: Record<string, Row[]> = {}
  for (const name of Object.keys(domain.tables)) tables[name] = []
  for (const [name, rows] of Object.entries(given)) {
    if (rows === undefined) continue
    const table = (domain.tables as Record<string, TableDefinition>)[name]
    if (table === undefined) throw new DomainError(domain.name, `its default rows name table ${name}, which it does not define (tables: ${Object.keys(domain.tables).join(', ')})`)
    const key = keyColumns({ key: table.key })
    tables[name] = rows.map((row, index) => {
      let parsed: Record<string, JsonValue>
      try {
        parsed = parseRow(domain, name, table, row, index, clock)
      } catch (error) {
        throw new DomainError(domain.name, `its default rows do not fit: ${(error as Error).message.replace(/^starting world, /, '')}`)
      }
      // A key column may be optional in its row schema; a row without its key cannot be told apart.
      const missing = key.find((column) => parsed[column] === undefined || parsed[column] === null)
      if (missing !== undefined) throw new DomainError(domain.name, `its default rows do not fit: table "${name}", row ${index} has no value for its key column "${missing}"; every row needs its key`)
      return deepFreeze(parsed)
    })
  }
  if (byClock.size >= DEFAULTS_KEPT) byClock.delete(byClock.keys().next().value as string)
  byClock.set(clockKey, tables)
  return tables
}

function tableOf(domain: AnyDomain, name: string): TableDefinition {
  const table = Object.hasOwn(domain.tables, name) ? (domain.tables as Record<string, TableDefinition>)[name] : undefined
  if (table === undefined) throw new WorldSpecError(name, undefined, undefined, `no such table; the tables of domain ${domain.name} are ${Object.keys(domain.tables).join(', ') || '(none)'}`)
  return table
}

function applySettings(domain: AnyDomain, tables: MutableTables, patch: Readonly<Record<string, JsonValue>>, clock: Clock): void {
  if (!Object.hasOwn(domain.tables, SETTINGS_TABLE))
    throw new WorldSpecError(SETTINGS_TABLE, undefined, undefined, `domain ${domain.name} has no settings table; change its tables with insert or replace`)
  const table = tableOf(domain, SETTINGS_TABLE)
  const current = tables[SETTINGS_TABLE] ?? []
  if (current.length !== 1)
    throw new WorldSpecError(SETTINGS_TABLE, undefined, undefined, `settings were given but the settings table holds ${current.length} rows; it must hold exactly one`)
  const columns = Object.keys(table.row.shape)
  for (const column of Object.keys(patch))
    if (!columns.includes(column)) throw new WorldSpecError(SETTINGS_TABLE, undefined, column, `no such setting; the settings are ${columns.join(', ')}`)
  tables[SETTINGS_TABLE] = [parseRow(domain, SETTINGS_TABLE, table, { ...current[0], ...patch }, 0, clock)]
}

function parseRow(domain: AnyDomain, name: string, table: TableDefinition, row: Readonly<Record<string, JsonValue>>, index: number, clock: Clock): Record<string, JsonValue> {
  const columns = Object.keys(table.row.shape)
  const resolved: Record<string, JsonValue> = {}
  for (const [column, value] of Object.entries(row)) {
    // Checked here, not left to the schema: a plain z.object would drop a misspelt column silently.
    if (!columns.includes(column)) throw new WorldSpecError(name, index, column, `no such column; the columns of ${name} are ${columns.join(', ')}`)
    resolved[column] = resolveRelativeTime(value, clock)
  }
  const parsed = table.row.safeParse(resolved)
  if (parsed.success) return parsed.data as Record<string, JsonValue>
  const issue = parsed.error.issues[0] as z.core.$ZodIssue
  const column = issue.path.length > 0 ? String(issue.path[0]) : undefined
  const value = column === undefined ? undefined : resolved[column]
  const shown = value === undefined ? 'missing' : `got ${JSON.stringify(value)}`
  throw new WorldSpecError(name, index, column, `${issue.message} (${shown}); the columns of ${name} are ${columns.join(', ')}`)
}

function resolveRelativeTime(value: JsonValue, clock: Clock): JsonValue {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value)
    const offset = value['$now']
    if (keys.length === 1 && typeof offset === 'number') return clock.now + offset
  }
  return value
}

function checkUniqueKeys(name: string, table: TableDefinition, rows: readonly Record<string, JsonValue>[]): void {
  const key = keyColumns({ key: table.key })
  const seen = new Map<string, number>()
  rows.forEach((row, index) => {
    const missing = key.find((column) => row[column] === undefined || row[column] === null)
    if (missing !== undefined) throw new WorldSpecError(name, index, missing, 'no value for the key column; every row of the resulting table needs its key')
    const id = JSON.stringify(key.map((column) => row[column] ?? null))
    const earlier = seen.get(id)
    if (earlier !== undefined) {
      const shown = key.length === 1 ? JSON.stringify(row[key[0] as string] ?? null) : id
      throw new WorldSpecError(name, index, key.join('+'), `the key ${shown} is already used by row ${earlier} of the resulting table; keys must be unique`)
    }
    seen.set(id, index)
  })
}
