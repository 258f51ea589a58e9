import { join } from 'node:path'
import type { JsonObject, JsonValue, Row, WorldSnapshot } from '../../../src/world/index.ts'
import { createWorld } from '../../../src/world/index.ts'

// Taken, not imported: an ES module import of node:fs loads its promise API too (see
// src/cli/builtin-modules.ts), a cost on the start-up path of toolcheck tooltalk.
const fs = process.getBuiltinModule('node:fs')

/**
 * How ToolTalk's database files lie in a world snapshot. Each database file becomes one table.
 * ToolTalk keeps its data in nested dictionaries (`username → id → row`, or `username → row` for
 * accounts); here every row carries the dictionary keys it sat under in two reserved columns, so
 * the original order survives and tools can rebuild exactly what the Python dictionaries held:
 * - `SCOPE_COLUMN`: the outer key (a username, or a lower-case location for the weather tables);
 * - `KEY_COLUMN`: the inner key (an id, a date, a month; the username for `Account`).
 * A scope that exists but holds no rows (ToolTalk's `"justinkool": {}` in `Email.json`) is kept in a
 * companion table `<Database>.scopes`, because some tools answer differently for "no such user"
 * and "a user with nothing in it".
 */
export const SCOPE_COLUMN = '_scope'
/** The column that holds a row's own dictionary key (see `SCOPE_COLUMN`). */
export const KEY_COLUMN = '_key'

/** The table that lists the scopes (outer keys) of a two-level database, in order. */
export function scopesTable(database: string): string {
  return `${database}.scopes`
}

/** ToolTalk's database names; `Account` is one level deep, the others two. */
export const TOOLTALK_DATABASES = ['Account', 'Alarm', 'Calendar', 'Email', 'Message', 'Reminder', 'Weather', 'HistoricWeather'] as const

/** Something odd found while loading databases or conversations: reported, never fatal. */
export interface ToolTalkIrregularity {
  /** The file it was found in. */
  readonly file: string
  readonly message: string
}

/** Databases loaded into a world, with what was odd about them. */
export interface ToolTalkDatabases {
  readonly world: WorldSnapshot
  /** The folder they were read from. */
  readonly directory: string
  readonly irregularities: readonly ToolTalkIrregularity[]
}

/** A database file that cannot be used at all. */
export class ToolTalkDatabaseError extends Error {
  readonly file: string

  constructor(file: string, message: string) {
    super(`${file}: ${message}`)
    this.name = 'ToolTalkDatabaseError'
    this.file = file
  }
}

type OneLevel = Record<string, JsonObject>
type TwoLevel = Record<string, Record<string, JsonObject>>

/**
 * Turns parsed database JSON (database name → file content) into a world snapshot. Databases not
 * named in `TOOLTALK_DATABASES` are loaded too when they have one of the two shapes.
 */
export function toolTalkWorld(
  databases: Readonly<Record<string, JsonValue>>,
  irregularities: ToolTalkIrregularity[] = [],
): WorldSnapshot {
  const tables: Record<string, Row[]> = {}
  for (const [name, content] of Object.entries(databases)) {
    const file = `${name}.json`
    // The shapes are checked by hand: the files are parsed JSON already, and checking them with
    // zod took a fifth of a short toolcheck tooltalk run.
    const twoLevelProblem = nestingProblem(content, 3, '')
    const oneLevelProblem = nestingProblem(content, 2, '')
    const wantsOneLevel = name === 'Account'
    if (wantsOneLevel ? oneLevelProblem === undefined : twoLevelProblem === undefined) {
      if (wantsOneLevel) tables[name] = oneLevelRows(content as OneLevel, file, irregularities)
      else Object.assign(tables, twoLevelTables(name, content as TwoLevel, file, irregularities))
    } else if (twoLevelProblem === undefined) {
      irregularities.push({ file, message: `expected username → row but found two levels; loaded as two levels` })
      Object.assign(tables, twoLevelTables(name, content as TwoLevel, file, irregularities))
    } else if (oneLevelProblem === undefined) {
      if (!TOOLTALK_DATABASES.includes(name as never) || name !== 'Account')
        irregularities.push({ file, message: `expected key → id → row but found one level; loaded as one level` })
      tables[name] = oneLevelRows(content as OneLevel, file, irregularities)
    } else {
      throw new ToolTalkDatabaseError(file, `not a ToolTalk database: the top level must be an object of objects (${twoLevelProblem})`)
    }
  }
  if (!Object.hasOwn(tables, 'Account'))
    throw new ToolTalkDatabaseError('Account.json', `the account database is missing; found ${Object.keys(databases).sort().join(', ') || 'no databases'}`)
  return createWorld(tables, { Account: { key: KEY_COLUMN } })
}

/** Reads every `*.json` file of a ToolTalk databases folder into a world snapshot (synchronously, as `loadToolTalkDataset` says why). */
export async function loadToolTalkDatabases(directory: string): Promise<ToolTalkDatabases> {
  let names: string[]
  try {
    names = fs.readdirSync(directory).filter((name) => name.endsWith('.json')).sort()
  } catch (error) {
    throw new ToolTalkDatabaseError(directory, `cannot read the databases folder (${(error as Error).message})`)
  }
  const content: Record<string, JsonValue> = {}
  for (const name of names) {
    const path = join(directory, name)
    try {
      content[name.slice(0, -'.json'.length)] = JSON.parse(fs.readFileSync(path, 'utf8')) as JsonValue
    } catch (error) {
      throw new ToolTalkDatabaseError(path, `not valid JSON (${(error as Error).message})`)
    }
  }
  const irregularities: ToolTalkIrregularity[] = []
  for (const expected of TOOLTALK_DATABASES)
    if (!Object.hasOwn(content, expected) && expected !== 'Account')
      irregularities.push({ file: join(directory, `${expected}.json`), message: 'missing; the tools that use it will report missing data' })
  const world = toolTalkWorld(content, irregularities)
  return { world, directory, irregularities }
}

function oneLevelRows(data: OneLevel, file: string, irregularities: ToolTalkIrregularity[]): Row[] {
  return Object.entries(data).map(([key, row]) => {
    checkReserved(row, file, key, irregularities)
    return { ...row, [KEY_COLUMN]: key }
  })
}

function twoLevelTables(
  name: string,
  data: TwoLevel,
  file: string,
  irregularities: ToolTalkIrregularity[],
): Record<string, Row[]> {
  const rows: Row[] = []
  const scopes: Row[] = []
  for (const [scope, entries] of Object.entries(data)) {
    scopes.push({ [SCOPE_COLUMN]: scope })
    for (const [key, row] of Object.entries(entries)) {
      checkReserved(row, file, `${scope}.${key}`, irregularities)
      rows.push({ ...row, [SCOPE_COLUMN]: scope, [KEY_COLUMN]: key })
    }
  }
  return { [name]: rows, [scopesTable(name)]: scopes }
}

function checkReserved(row: Record<string, JsonValue>, file: string, where: string, irregularities: ToolTalkIrregularity[]): void {
  for (const column of [SCOPE_COLUMN, KEY_COLUMN])
    if (Object.hasOwn(row, column)) irregularities.push({ file, message: `row ${where} has a column named ${column}, which is reserved; its value is replaced` })
}

/**
 * Where `value` stops being `depth` levels of JSON objects (objects of objects of ...), as
 * `path: what was found`; `undefined` when it is. Lists and null are not objects here.
 */
function nestingProblem(value: JsonValue, depth: number, path: string): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `${path === '' ? '(top level)' : path}: expected an object, found ${Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`}`
  if (depth === 1) return undefined
  for (const [key, child] of Object.entries(value)) {
    const problem = nestingProblem(child, depth - 1, path === '' ? key : `${path}.${key}`)
    if (problem !== undefined) return problem
  }
  return undefined
}
