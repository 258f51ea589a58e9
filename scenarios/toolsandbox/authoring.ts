/**
 * The corpus's vocabulary: the public authoring helpers (`vitest-toolcheck/authoring`) plus what
 * only the phone's scenarios need (its tables, its setting states, phone-number wordings, the
 * clock-reading steps of its time tools, the corpus's turn limits).
 *
 * Everything here returns plain data that `defineScenario` validates; nothing is hidden state.
 */
import type { CallHandle, MilestoneOptions, SolutionWriter, ArgumentValue } from '../../src/authoring/index.ts'
import { epoch, tableIs } from '../../src/authoring/index.ts'
import type { Category, MilestoneInput, ScenarioInput } from '../../src/scenario/index.ts'
import type { JsonValue } from '../../src/world/index.ts'

export * from '../../src/authoring/index.ts'

/** The device tables the built-in world holds (see `domain/device-tables.ts`). */
export const TABLES = Object.freeze({ settings: 'settings', contacts: 'contacts', messages: 'messages', reminders: 'reminders' })

/** Short names for the seven categories, so a scenario's category list stays on one line. */
export const SINGLE_TOOL_CALL: Category = 'SINGLE_TOOL_CALL'
/** See {@link SINGLE_TOOL_CALL}. */
export const MULTIPLE_TOOL_CALL: Category = 'MULTIPLE_TOOL_CALL'
/** See {@link SINGLE_TOOL_CALL}. */
export const SINGLE_USER_TURN: Category = 'SINGLE_USER_TURN'
/** See {@link SINGLE_TOOL_CALL}. */
export const MULTIPLE_USER_TURN: Category = 'MULTIPLE_USER_TURN'
/** See {@link SINGLE_TOOL_CALL}. */
export const STATE_DEPENDENCY: Category = 'STATE_DEPENDENCY'
/** See {@link SINGLE_TOOL_CALL}. */
export const CANONICALIZATION: Category = 'CANONICALIZATION'
/** See {@link SINGLE_TOOL_CALL}. */
export const INSUFFICIENT_INFORMATION: Category = 'INSUFFICIENT_INFORMATION'

/** The default frozen "now" of a scenario: Thursday 14 May 2026, 10:00 in Los Angeles. */
export const DEFAULT_NOW = '2026-05-14T10:00:00-07:00'
/** {@link DEFAULT_NOW} as seconds since the Unix epoch. */
export const NOW = epoch(DEFAULT_NOW)

// ---------------------------------------------------------------------------------------------
// Reference solutions

/**
 * The reference steps that turn a local date and time ("tomorrow at 5 pm") into a timestamp, as an
 * agent does it: read the clock, read today's date from it, then convert the wanted date and time.
 * Returns the handle of the conversion, whose result is the timestamp.
 */
export function resolveLocalTime(s: SolutionWriter, parts: Readonly<Record<string, ArgumentValue>>): CallHandle {
  const now = s.call('get_current_timestamp')
  s.call('timestamp_to_datetime_info', { timestamp: now.result() })
  return s.call('datetime_info_to_timestamp', parts)
}

/**
 * What the corpus's user replies answer: the words of the questions they are answers to (see
 * `SolutionWriter.user`). The scripted user keeps each reply until the agent asks with one of
 * them, so an agent that never asks for the missing value never learns it. Each list holds the
 * words an assistant asks with, and none a statement about the task would use by itself.
 */
export const ASKED_FOR = Object.freeze({
  /** A phone number. */
  number: ['number', 'phone'],
  /** What a text message should say. */
  messageText: ['say', 'write', 'message', 'content', 'wording'],
  /** What a reminder is about. */
  reminderText: ['say', 'about', 'content', 'text', 'what should', 'what would'],
  /** When something happens. */
  time: ['when', 'time', 'date', 'what day', 'which day'],
  /** Which of several (people, places, reminders, companies, currencies). */
  which: ['which', 'who', 'do you mean'],
  /** How much of something. */
  amount: ['how much', 'how many', 'amount'],
  /** How far. */
  distance: ['how far', 'distance', 'how long', 'how many'],
}) satisfies Record<string, readonly string[]>

// ---------------------------------------------------------------------------------------------
// Milestones and minefields

/** The device settings have these values (other settings are not compared). */
export function settingsAre(values: Readonly<Record<string, JsonValue>>, options?: MilestoneOptions): MilestoneInput {
  return tableIs(TABLES.settings, [values], undefined, options)
}

/**
 * The ways an assistant may write a North American phone number stored as `+1` and ten digits
 * (`+14155550132` also as `(415) 555-0132`, `415-555-0132`, `+1 415 555 0132`, ...); other
 * numbers as given.
 */
export function phoneNumber(phone: string): readonly string[] {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone)
  if (match === null) return [phone]
  const [, area, exchange, line] = match
  return [phone, `(${area}) ${exchange}-${line}`, `(${area})${exchange}-${line}`, `${area}-${exchange}-${line}`, `${area} ${exchange} ${line}`, `${area}.${exchange}.${line}`, `${area} ${exchange}-${line}`]
}

// ---------------------------------------------------------------------------------------------
// Starting worlds

/** The starting-world setting changes ToolSandbox's state-dependency scenarios use. */
export const STATES = Object.freeze({
  cellularOff: { cellular: false },
  wifiOff: { wifi: false },
  locationOff: { location_service: false },
  wifiAndLocationOff: { wifi: false, location_service: false },
  /** Low battery mode switches the three services off, so a starting world with it on has them off too. */
  lowBattery: { low_battery_mode: true, cellular: false, wifi: false, location_service: false },
}) satisfies Record<string, Record<string, boolean>>

// ---------------------------------------------------------------------------------------------
// Scenarios

/** What a corpus file writes: a scenario input, with the turn limit filled in when left out. */
export type CorpusScenario = ScenarioInput

/**
 * Fills in what every corpus scenario shares: a turn limit that leaves room for a few wrong turns
 * (twice the reference's messages plus eight, at least 12) when the author does not set one.
 */
export function scenario(input: ScenarioInput): CorpusScenario {
  const referenceMessages = (input.reference ?? []).reduce((count, step) => count + ('calls' in step ? 1 + step.calls.length : 1), 0)
  return { ...input, maxTurns: input.maxTurns ?? Math.max(12, referenceMessages * 2 + 8) }
}
