/**
 * A small vocabulary for writing scenarios as short, readable objects: reference steps
 * (`solution`), milestone and minefield builders, and helpers for the scenario clock.
 *
 * Everything here returns plain data that `defineScenario` validates; nothing is hidden state.
 */
import type { Category, ConstraintInput, Edge, MilestoneInput, ReferenceStep, ScenarioInput, Similarity } from '../../src/scenario/index.ts'
import type { JsonValue } from '../../src/world/index.ts'

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

/**
 * Seconds since the Unix epoch of an ISO 8601 date-time with an explicit offset
 * (`2026-05-15T17:00:00-07:00`). The offset makes the value independent of the machine's zone.
 */
export function epoch(isoWithOffset: string): number {
  if (!/(Z|[+-]\d\d:\d\d)$/.test(isoWithOffset)) throw new Error(`epoch() needs an explicit offset, got ${isoWithOffset}`)
  const milliseconds = Date.parse(isoWithOffset)
  if (Number.isNaN(milliseconds)) throw new Error(`epoch() cannot read ${isoWithOffset}`)
  return milliseconds / 1000
}

// ---------------------------------------------------------------------------------------------
// Reference solutions

/** A `$ref` to an earlier reference call's result, as the scenario schema spells it. */
export interface ResultReference {
  readonly $ref: { readonly step: number; readonly call: number; readonly path: string }
}

/** An argument value in a reference call: literal JSON or a reference to an earlier result. */
export type ArgumentValue = JsonValue | ResultReference

/** One call as the author writes it. */
export interface CallInput {
  readonly tool: string
  readonly arguments: Readonly<Record<string, ArgumentValue>>
}

/** A reference call that has been written; `result(path)` points at its result for later calls. */
export interface CallHandle {
  readonly step: number
  readonly call: number
  /** A reference to the whole result, or to `path` inside it (`0.phone_number`). */
  result(path?: string): ResultReference
}

/** Writes the steps of a reference solution in order. */
export interface SolutionWriter {
  /** The agent makes one tool call in its own message. */
  call(tool: string, args?: Readonly<Record<string, ArgumentValue>>): CallHandle
  /** The agent makes several tool calls in one message (parallel calls). */
  parallel(...calls: readonly CallInput[]): CallHandle[]
  /** The agent says something to the user. */
  say(content: string): void
  /** The user replies. */
  user(content: string): void
  /** The user ends the conversation. */
  end(): void
}

/** One call for {@link SolutionWriter.parallel}. */
export function call(tool: string, args: Readonly<Record<string, ArgumentValue>> = {}): CallInput {
  return { tool, arguments: args }
}

/**
 * Builds a reference solution. Each `call` returns a handle whose `result(path)` is a `$ref`
 * that the reference agent resolves from the actual tool result, so ids made during the run
 * flow into later calls the way a real agent would carry them.
 *
 * @example
 * solution((s) => {
 *   const found = s.call('search_contacts', { name: 'Ines Albarran' })
 *   s.call('send_message_with_phone_number', { phone_number: found.result('0.phone_number'), content: 'On my way' })
 *   s.say('Sent.')
 *   s.end()
 * })
 */
export function solution(write: (writer: SolutionWriter) => void): ReferenceStep[] {
  const steps: ReferenceStep[] = []
  const handle = (step: number, position: number): CallHandle => ({
    step,
    call: position,
    result: (path = '') => ({ $ref: { step, call: position, path } }),
  })
  const writer: SolutionWriter = {
    call(tool, args = {}) {
      steps.push({ agent: 'call', calls: [{ tool, arguments: { ...args } }] })
      return handle(steps.length - 1, 0)
    },
    parallel(...calls) {
      steps.push({ agent: 'call', calls: calls.map((item) => ({ tool: item.tool, arguments: { ...item.arguments } })) })
      return calls.map((_item, position) => handle(steps.length - 1, position))
    },
    say(content) {
      steps.push({ agent: 'say', content })
    },
    user(content) {
      steps.push({ user: 'say', content })
    },
    end() {
      steps.push({ user: 'end' })
    },
  }
  write(writer)
  return steps
}

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

// ---------------------------------------------------------------------------------------------
// Milestones and minefields

/** Options shared by the milestone builders. */
export interface MilestoneOptions {
  /** Shown in reports. */
  readonly name?: string
  /** Tables that may change at this milestone besides the constrained ones. */
  readonly mayAlsoChange?: readonly string[]
}

/** Options of the row-change builders. */
export interface RowChangeOptions extends MilestoneOptions {
  /**
   * The snapshot the change is measured from: another milestone's index, or `'start'` (the
   * default, so a change milestone may follow several independent ones in a diamond).
   */
  readonly since?: number | 'start'
}

function milestoneOf(constraint: ConstraintInput, options: MilestoneOptions = {}): MilestoneInput {
  return {
    ...(options.name === undefined ? {} : { name: options.name }),
    constraints: [constraint],
    ...(options.mayAlsoChange === undefined ? {} : { guardrails: { exclude: [...options.mayAlsoChange] } }),
  }
}

/** One tool-call target, for {@link toolCalledAnyOf}. */
export interface CallTarget {
  readonly tool: string
  readonly arguments?: Readonly<Record<string, JsonValue>>
  readonly compare?: Readonly<Record<string, Similarity>>
}

function targetOf(target: CallTarget): { tool: string; arguments: Record<string, JsonValue>; compare?: Record<string, Similarity> } {
  return {
    tool: target.tool,
    arguments: { ...(target.arguments ?? {}) },
    ...(target.compare === undefined ? {} : { compare: { ...target.compare } }),
  }
}

/**
 * A successful call of `tool` whose named arguments match (`exact` unless `compare` says
 * otherwise); arguments not named are not checked.
 */
export function toolCalled(
  tool: string,
  args: Readonly<Record<string, JsonValue>> = {},
  compare?: Readonly<Record<string, Similarity>>,
  options?: MilestoneOptions,
): MilestoneInput {
  return milestoneOf({ kind: 'tool-call', anyOf: [targetOf({ tool, arguments: args, ...(compare === undefined ? {} : { compare }) })] }, options)
}

/** A successful call matching any one of `targets` (the best match counts). */
export function toolCalledAnyOf(targets: readonly CallTarget[], options?: MilestoneOptions): MilestoneInput {
  return milestoneOf({ kind: 'tool-call', anyOf: targets.map(targetOf) }, options)
}

/** Rows were added to `table` since the start (or since `options.since`). */
export function rowsAdded(
  table: string,
  rows: readonly Readonly<Record<string, JsonValue>>[],
  columns?: Readonly<Record<string, Similarity>>,
  options: RowChangeOptions = {},
): MilestoneInput {
  return milestoneOf({ kind: 'added', table, rows: rows.map((row) => ({ ...row })), reference: options.since ?? 'start', ...(columns === undefined ? {} : { columns: { ...columns } }) }, options)
}

/** Rows were removed from `table` since the start (or since `options.since`). */
export function rowsRemoved(
  table: string,
  rows: readonly Readonly<Record<string, JsonValue>>[],
  columns?: Readonly<Record<string, Similarity>>,
  options: RowChangeOptions = {},
): MilestoneInput {
  return milestoneOf({ kind: 'removed', table, rows: rows.map((row) => ({ ...row })), reference: options.since ?? 'start', ...(columns === undefined ? {} : { columns: { ...columns } }) }, options)
}

/** Rows of `table` were changed in place since the start (or since `options.since`). */
export function rowsUpdated(
  table: string,
  rows: readonly Readonly<Record<string, JsonValue>>[],
  columns?: Readonly<Record<string, Similarity>>,
  options: RowChangeOptions = {},
): MilestoneInput {
  return milestoneOf({ kind: 'updated', table, rows: rows.map((row) => ({ ...row })), reference: options.since ?? 'start', ...(columns === undefined ? {} : { columns: { ...columns } }) }, options)
}

/** The whole of `table` equals `rows` (only the named columns are compared). */
export function tableIs(
  table: string,
  rows: readonly Readonly<Record<string, JsonValue>>[],
  columns?: Readonly<Record<string, Similarity>>,
  options?: MilestoneOptions,
): MilestoneInput {
  return milestoneOf({ kind: 'table', table, rows: rows.map((row) => ({ ...row })), ...(columns === undefined ? {} : { columns: { ...columns } }) }, options)
}

/** The device settings have these values (other settings are not compared). */
export function settingsAre(values: Readonly<Record<string, JsonValue>>, options?: MilestoneOptions): MilestoneInput {
  return tableIs(TABLES.settings, [values], undefined, options)
}

/**
 * The agent tells the user something close to `content`, or to the best of several alternative
 * texts (ROUGE-L by default).
 */
export function agentTells(content: string | readonly string[], similarity: Similarity = 'rouge-l', options?: MilestoneOptions): MilestoneInput {
  return milestoneOf({ kind: 'message', from: 'agent', to: 'user', content: typeof content === 'string' ? content : [...content], similarity }, options)
}

/**
 * The agent's message to the user mentions `text` (a number, a date, a name), or any one of
 * several alternative wordings of the same answer; compared by `mentions` (case, spacing and
 * thousands separators do not matter). Give alternatives that only a correct answer contains:
 * `'is on'` or `'enabled'` rather than a bare `'on'`, which `'not on'` contains too.
 */
export function agentMentions(text: string | readonly string[], options?: MilestoneOptions): MilestoneInput {
  return agentTells(text, 'mentions', options)
}

/**
 * Ways an assistant tells the user it cannot do a task with the tools it has. Each is a wording
 * that a claim of success does not contain: "I can't" rather than a bare "can't" ("now you can't
 * miss it"), "I don't have" rather than "don't have" ("you don't have other reminders"), "not
 * available to me" rather than "not available" ("the after-hours price is not available"), and no
 * bare "sorry" or "unfortunately" ("Sorry for the wait, it's sent"; "Unfortunately it will rain").
 * `mentions` skips an occurrence right after a negation, so "No I can't" does not mention "I can't";
 * "can't do that", "no i can't" and the like cover it. Typographic apostrophes (’) count as
 * straight ones there.
 */
export const CANNOT_DO: readonly string[] = [
  "i can't", 'i cannot', 'i can not', "we can't", 'we cannot', "no i can't", "no, i can't",
  "can't do that", "can't do this", "can't do it", "can't be done", 'cannot be done', "can't help with", 'cannot help with',
  'unable to', "i'm unable", 'i am unable', 'not able to', "i won't be able", 'i will not be able', "i couldn't", 'i could not',
  "i don't have", 'i do not have', 'i have no way', 'i have no access', 'no way to', 'no way for me',
  'not possible', "isn't possible", 'is impossible', "not something i can",
  'not available to me', "isn't available to me", "aren't available to me", 'not available here', 'unavailable to me',
  'no tool', 'not supported', "isn't supported", 'beyond what i can', 'outside what i can',
]

/** The agent tells the user it cannot do the task with the tools it has (see {@link CANNOT_DO}). */
export function agentSaysItCannot(options: MilestoneOptions = { name: 'tells the user it cannot do it' }): MilestoneInput {
  return agentMentions(CANNOT_DO, options)
}

/**
 * The ways an assistant may write a decimal figure: as given, and with a trailing zero when it has
 * one decimal place (`438.2` also as `438.20`). Currency symbols, codes and thousands separators
 * need no alternatives: `mentions` finds `438.2` in `$438.2`, `438.2 USD` and ignores `1,234`.
 */
export function figure(text: string): readonly string[] {
  return /^\d+\.\d$/.test(text) ? [text, `${text}0`] : [text]
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

/** One milestone whose constraints must all hold at the same message. */
export function together(...milestones: readonly MilestoneInput[]): MilestoneInput {
  const first = milestones[0]
  if (first === undefined) throw new Error('together() needs at least one milestone')
  return { ...first, constraints: milestones.flatMap((milestone) => milestone.constraints) }
}

/** A minefield: the agent asked for `tool` at all (the call need not have succeeded). */
export function neverCalled(tool: string, options?: MilestoneOptions): MilestoneInput {
  return milestoneOf({ kind: 'tool-call', anyOf: [{ tool, arguments: {} }], on: 'requested' }, options)
}

/** A minefield: the agent asked for any of `tools`. */
export function neverCalledAnyOf(tools: readonly string[], options?: MilestoneOptions): MilestoneInput {
  return milestoneOf({ kind: 'tool-call', anyOf: tools.map((tool) => ({ tool, arguments: {} })), on: 'requested' }, options)
}

/** DAG edges where every milestone of `before` precedes every milestone of `after`. */
export function edgesFrom(before: readonly number[], after: readonly number[]): Edge[] {
  return before.flatMap((from) => after.map((to): Edge => [from, to]))
}

/** A chain `0 → 1 → … → count-1` as explicit edges (the schema's default when edges are absent). */
export function chain(count: number): Edge[] {
  return Array.from({ length: Math.max(0, count - 1) }, (_unused, index): Edge => [index, index + 1])
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
  const referenceMessages = input.reference.reduce((count, step) => count + ('calls' in step ? 1 + step.calls.length : 1), 0)
  return { ...input, maxTurns: input.maxTurns ?? Math.max(12, referenceMessages * 2 + 8) }
}
