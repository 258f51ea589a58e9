import type { z } from 'zod'
import type { WorldSpec } from '../../../src/scenario/index.ts'
import type { Clock } from '../../../src/tools/context.ts'
import { createWorld, SETTINGS_TABLE, tableRows } from '../../../src/world/index.ts'
import type { JsonValue, WorldSnapshot } from '../../../src/world/index.ts'
import { defaultWorld } from './default-world.ts'
import { DEVICE_TABLE_INFO, DEVICE_TABLES } from './device-tables.ts'
import type { DeviceTable } from './device-tables.ts'
import { WorldSpecError } from './world-spec-error.ts'

/** The services that low battery mode keeps off. */
const LOW_BATTERY_SERVICES = ['cellular', 'wifi', 'location_service'] as const

/**
 * The starting world of a scenario: the default world (see `defaultWorld`), then per table the
 * `replace` rows (the whole table), then the `insert` rows (appended), then the `settings`
 * overrides. Every row is checked against its table's row schema, which also fills defaults
 * (`is_self: false`, null coordinates, ...).
 *
 * A cell written `{ "$now": <seconds> }` becomes the clock's now plus that many seconds, so
 * scenario files can say "an hour ago" (`{ "$now": -3600 }`) without knowing the date.
 *
 * @throws WorldSpecError naming the table, row and column of the first problem: an unknown table
 * or column, a value of the wrong type, a duplicate key, or settings that break the low battery
 * rule (low battery mode on while cellular, Wi-Fi or location service is on).
 */
export function buildStartingWorld(spec: WorldSpec, clock: Clock): WorldSnapshot {
  const base = defaultWorld(clock)
  const tables: Record<string, Record<string, JsonValue>[]> = {}
  for (const name of Object.keys(DEVICE_TABLES)) tables[name] = tableRows(base, name).map((row) => ({ ...row }))

  for (const [name, rows] of Object.entries(spec.replace ?? {})) {
    const table = deviceTable(name)
    tables[name] = rows.map((row, index) => parseRow(table, row, index, clock))
  }
  for (const [name, rows] of Object.entries(spec.insert ?? {})) {
    const table = deviceTable(name)
    const existing = tables[name] ?? []
    tables[name] = [...existing, ...rows.map((row, index) => parseRow(table, row, index, clock))]
  }
  if (spec.settings !== undefined) {
    const settingsTable = deviceTable(SETTINGS_TABLE)
    const current = tables[SETTINGS_TABLE]?.[0]
    if (current === undefined) throw new WorldSpecError(SETTINGS_TABLE, undefined, undefined, 'settings were given but the settings table was replaced by an empty one')
    for (const column of Object.keys(spec.settings))
      if (!Object.hasOwn(settingsTable.rowSchema.shape, column))
        throw new WorldSpecError(SETTINGS_TABLE, undefined, column, `no such setting; the settings are ${Object.keys(settingsTable.rowSchema.shape).join(', ')}`)
    tables[SETTINGS_TABLE] = [parseRow(settingsTable, { ...current, ...spec.settings }, 0, clock)]
  }

  for (const table of Object.values(DEVICE_TABLES)) checkUniqueKeys(table, tables[table.name] ?? [])
  checkSettings(tables[SETTINGS_TABLE] ?? [])
  return createWorld(tables, { ...DEVICE_TABLE_INFO })
}

function deviceTable(name: string): DeviceTable {
  const table = Object.hasOwn(DEVICE_TABLES, name) ? DEVICE_TABLES[name] : undefined
  if (table === undefined) throw new WorldSpecError(name, undefined, undefined, `no such table; the device tables are ${Object.keys(DEVICE_TABLES).join(', ')}`)
  return table
}

function parseRow(table: DeviceTable, row: Readonly<Record<string, JsonValue>>, index: number, clock: Clock): Record<string, JsonValue> {
  const resolved: Record<string, JsonValue> = {}
  for (const [column, value] of Object.entries(row)) resolved[column] = resolveRelativeTime(value, clock)
  const parsed = table.rowSchema.safeParse(resolved)
  if (parsed.success) return parsed.data as Record<string, JsonValue>
  const issue = parsed.error.issues[0] as z.core.$ZodIssue
  const columns = Object.keys(table.rowSchema.shape)
  if (issue.code === 'unrecognized_keys')
    throw new WorldSpecError(table.name, index, issue.keys[0], `no such column; the columns of ${table.name} are ${columns.join(', ')}`)
  const column = issue.path.length > 0 ? String(issue.path[0]) : undefined
  const value = column === undefined ? undefined : resolved[column]
  const shown = value === undefined ? 'missing' : `got ${JSON.stringify(value)}`
  throw new WorldSpecError(table.name, index, column, `${issue.message} (${shown}); the columns of ${table.name} are ${columns.join(', ')}`)
}

function resolveRelativeTime(value: JsonValue, clock: Clock): JsonValue {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value)
    const offset = value['$now']
    if (keys.length === 1 && typeof offset === 'number') return clock.now + offset
  }
  return value
}

function checkUniqueKeys(table: DeviceTable, rows: readonly Record<string, JsonValue>[]): void {
  const seen = new Map<JsonValue | undefined, number>()
  rows.forEach((row, index) => {
    const key = row[table.key]
    const earlier = seen.get(key)
    if (earlier !== undefined)
      throw new WorldSpecError(table.name, index, table.key, `the key ${JSON.stringify(key)} is already used by row ${earlier} of the resulting table; keys must be unique`)
    seen.set(key, index)
  })
}

function checkSettings(rows: readonly Record<string, JsonValue>[]): void {
  if (rows.length !== 1) throw new WorldSpecError(SETTINGS_TABLE, undefined, undefined, `the settings table must hold exactly one row, found ${rows.length}`)
  const settings = rows[0] as Record<string, JsonValue>
  if (settings['low_battery_mode'] !== true) return
  for (const service of LOW_BATTERY_SERVICES)
    if (settings[service] === true)
      throw new WorldSpecError(SETTINGS_TABLE, 0, service, `low_battery_mode is on, which keeps ${service} off; set ${service} to false as well, or turn low_battery_mode off`)
}
