import type { AnyDomain } from '../domain/index.ts'
import { buildWorld } from '../domain/index.ts'
import type { Scenario } from '../scenario/index.ts'
import { clockOf } from '../scenario/index.ts'
import type { JsonObject, JsonValue, Row, WorldSnapshot } from '../world/index.ts'
import { keyColumns, rowDisplay, rowLabel, SETTINGS_TABLE } from '../world/index.ts'
import type { ExtraRow } from './extra-row.ts'
import { findFact, literalValues } from './facts.ts'
import { compareText } from './rank-distraction-tools.ts'

/** Names for the rows of other people (made up here, like the rest of the world). */
const OTHER_PEOPLE = ['Avery Quinlan', 'Jordan Blakeley', 'Morgan Ellery', 'Riley Castell', 'Casey Norwood', 'Drew Halloran']
/** How the last letter of a near-duplicate's name changes: to a letter that looks or sounds alike. */
const LOOK_ALIKE: Readonly<Record<string, string>> = { s: 'z', z: 's', e: 'a', a: 'e', n: 'm', m: 'n', r: 'l', l: 'r', d: 't', t: 'd', k: 'c', c: 'k', i: 'y', y: 'i', o: 'u', u: 'o', h: 'g', g: 'h' }
const NAMING = ['name', 'owner', 'full_name', 'first_name', 'last_name', 'title']

/** The extra rows a scenario's starting world could take, by kind; each alone keeps the world valid. */
export interface ExtraRowCandidates {
  /** Near-duplicates of rows the scenario works with, the most alike first. */
  readonly nearDuplicates: readonly ExtraRow[]
  /** Rows of other people: copies of rows the scenario does not touch, with new keys and names. */
  readonly otherPeople: readonly ExtraRow[]
}

/**
 * Rows to add to a scenario's starting world, drawn from its domain's tables (every table but the
 * one-row settings table): for each row the scenario works with (one holding a value the first
 * message or the reference's calls name), near-duplicates whose naming text differs by a letter
 * (`Sam Reyes` → `Sam Reyez`, `Sam Reyas`, `San Reyes`), whose other texts with digits (phone numbers, account numbers) and
 * whose key are new, and whose flags are off, placed on either side of their original (`before`,
 * `after`: the first copy before it, the second after, and so on); for other rows, copies given to other people (a
 * new key, a made-up name, new numbers). Each row is checked against its table's zod schema and
 * the domain's rules by building the world with it, and dropped if that fails. Whether the
 * scenario's solution still holds with them is for the run to check (see `prepareAugmentedRun`).
 */
export function extraRowCandidates(scenario: Scenario, domain: AnyDomain, count = 3): ExtraRowCandidates {
  const clock = clockOf(scenario)
  const world = buildWorld(domain, scenario.world, clock)
  const named = [...literalValues(scenario.reference).filter((value): value is string => typeof value === 'string').map((value) => value.toLowerCase())]
  const touches = (row: Row): boolean =>
    Object.values(row).some((value) => typeof value === 'string' && value.length >= 3 && (named.includes(value.toLowerCase()) || findFact(scenario.firstMessage, value) >= 0))
  const nearDuplicates: ExtraRow[] = []
  const otherPeople: ExtraRow[] = []
  const taken = new Set(allTexts(world))
  const valid = (row: ExtraRow): boolean => {
    try {
      buildWorld(domain, { ...scenario.world, insert: { ...scenario.world.insert, [row.table]: [...(scenario.world.insert?.[row.table] ?? []), row.row] } }, clock)
      return true
    } catch {
      return false
    }
  }
  for (const table of Object.keys(world.tables).sort(compareText)) {
    if (table === SETTINGS_TABLE || !Object.hasOwn(domain.tables, table)) continue
    const info = world.info[table]
    const key = keyColumns(info)
    let stranger = 0
    for (const row of world.tables[table] ?? []) {
      // Named for people: by a name, else the table's display text (a message's), the key (an id) last.
      const display = rowDisplay(info, row)
      const from = NAMING.map((column) => row[column]).find((value): value is string => typeof value === 'string' && value !== '') ?? (display === undefined ? undefined : display.length > 40 ? `${display.slice(0, 37)}...` : display) ?? rowLabel(info, row)
      if (touches(row)) {
        for (let copy = 1; copy <= count; copy++) {
          const candidate: ExtraRow = {
            table,
            kind: 'near-duplicate',
            row: copyRow(row, key, taken, (column, value) => (isNaming(column, value, scenario) ? lookAlike(value, copy) : undefined)),
            ...(from === undefined ? {} : { from }),
            // Copies alternate sides of their original: the first goes before it, the second after.
            ...(key.length === 0 ? {} : { [copy % 2 === 1 ? 'before' : 'after']: Object.fromEntries(key.map((column) => [column, row[column] ?? null])) }),
          }
          if (valid(candidate)) nearDuplicates.push(candidate)
        }
      } else if (stranger < count) {
        const name = OTHER_PEOPLE[(otherPeople.length + stranger) % OTHER_PEOPLE.length] as string
        const candidate: ExtraRow = { table, kind: 'other-people', row: copyRow(row, key, taken, (column) => (NAMING.includes(column) ? name : undefined)), ...(from === undefined ? {} : { from }) }
        if (valid(candidate)) {
          otherPeople.push(candidate)
          stranger++
        }
      }
    }
  }
  return { nearDuplicates, otherPeople }
}

/** A copy of `row`: new key values, texts renamed by `rename` (else digits moved on when they hold any), flags off. */
function copyRow(row: Row, key: readonly string[], taken: Set<string>, rename: (column: string, value: string) => string | undefined): JsonObject {
  const copy: JsonObject = {}
  for (const [column, value] of Object.entries(row)) {
    if (typeof value === 'string') {
      const renamed = key.includes(column) ? undefined : rename(column, value)
      copy[column] = renamed ?? (key.includes(column) || /\d/.test(value) ? fresh(value, taken) : value)
    } else if (typeof value === 'boolean') copy[column] = false
    else if (typeof value === 'number' && key.includes(column)) copy[column] = value + 1000
    else copy[column] = value as JsonValue
  }
  return copy
}

/** A value like `value` that no row holds yet: its digits moved on (`+14155550109` → `+14155550110`), or a suffix. */
function fresh(value: string, taken: Set<string>): string {
  const digits = /(\d+)(\D*)$/.exec(value)
  for (let step = 1; step < 1000; step++) {
    const candidate =
      digits === null ? `${value}-${step + 1}` : `${value.slice(0, digits.index)}${String((Number(digits[1]) + step) % 10 ** (digits[1] as string).length).padStart((digits[1] as string).length, '0')}${digits[2] ?? ''}`
    if (!taken.has(candidate)) {
      taken.add(candidate)
      return candidate
    }
  }
  return `${value}-copy`
}

/** Whether a text column names the row (a name, an owner, a title) or is a text the scenario mentions. */
function isNaming(column: string, value: string, scenario: Scenario): boolean {
  return (NAMING.includes(column) || findFact(scenario.firstMessage, value) >= 0) && /\p{L}$/u.test(value) && !/\d/.test(value)
}

/**
 * `value` with one letter changed to one that looks or sounds alike, never adding a letter (so
 * the original is not a part of it): the last letter for the first copy, the one before it for
 * the second, the last letter of the first word for the third (`Sam Reyes` → `Sam Reyez`,
 * `Sam Reyas`, `San Reyes`).
 */
function lookAlike(value: string, copy: number): string {
  const letters = [...value.matchAll(/\p{L}/gu)].map((match) => match.index)
  const firstWordEnd = /^\p{L}+(?=\P{L})/u.exec(value)?.[0].length
  const at = copy === 1 ? letters.at(-1) : copy === 2 ? letters.at(-2) : firstWordEnd === undefined ? letters.at(-3) : firstWordEnd - 1
  if (at === undefined) return `${value}e`
  const letter = value[at] as string
  const lower = letter.toLowerCase()
  const replacement = LOOK_ALIKE[lower] ?? (lower === 'e' ? 'a' : 'e')
  return `${value.slice(0, at)}${letter === lower ? replacement : replacement.toUpperCase()}${value.slice(at + 1)}`
}

function allTexts(world: WorldSnapshot): string[] {
  return Object.values(world.tables).flatMap((rows) => rows.flatMap((row) => Object.values(row).filter((value): value is string => typeof value === 'string')))
}
