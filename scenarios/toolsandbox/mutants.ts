/**
 * Mutation operators over a scenario's reference solution. A mutant is a copy of the scenario
 * whose reference does something wrong (skips a lookup, skips the state fix, fires dependent calls
 * at once, guesses instead of asking, calls a tool it must not, passes a wrong argument); the
 * milestones and minefields stay as they are. Played by the reference agent, a good scenario gives
 * every mutant a score below 1: that is how the corpus shows its milestones are tight.
 *
 * Whenever a mutant's agent would use a value it cannot know (the result of a call it skipped, or
 * of a call in the same parallel message), it guesses, and the guess is wrong: {@link wrongValue}
 * of the value the original run produced.
 */
import { deviceTools } from './domain/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import type { Category, ReferenceStep, Scenario } from '../../src/scenario/index.ts'
import type { AnyTool } from '../../src/tools/define-tool.ts'
import type { Trajectory } from '../../src/conversation/index.ts'
import type { JsonValue } from '../../src/world/index.ts'

/** The mutation operators. */
export const MUTATION_OPERATORS = [
  'drop-call',
  'skip-state-fix',
  'merge-dependent-calls',
  'guess-instead-of-asking',
  'call-withheld-tool',
  'change-argument',
] as const
/** One mutation operator. */
export type MutationOperator = (typeof MUTATION_OPERATORS)[number]

/** The operator whose mutant every scenario of a category must kill. */
export const CATEGORY_OPERATORS: Readonly<Partial<Record<Category, MutationOperator>>> = Object.freeze({
  STATE_DEPENDENCY: 'skip-state-fix',
  MULTIPLE_USER_TURN: 'guess-instead-of-asking',
  INSUFFICIENT_INFORMATION: 'call-withheld-tool',
})

/** A mutated copy of a scenario. */
export interface Mutant {
  readonly operator: MutationOperator
  /** What the mutant does wrong, in words. */
  readonly description: string
  /** The original scenario's id. */
  readonly original: string
  /** The mutated scenario (its id is `<original>--<operator>-<n>`). */
  readonly scenario: Scenario
}

/** The results of the original reference run, by `"<step>-<call>"`. */
export type ReferenceResults = ReadonlyMap<string, JsonValue>

/** What {@link mutantsOf} needs besides the scenario. */
export interface MutantOptions {
  /** The original reference run's results, so guesses are wrong versions of the real values. */
  readonly results?: ReferenceResults
  /** The tools, for their `action` flag and required settings; the built-in device tools by default. */
  readonly tools?: readonly AnyTool[]
}

/**
 * The results of a reference run, keyed by reference step and call. The reference agent names its
 * calls `ref-<step>-<call>`, so each trace says which reference call it answers.
 */
export function referenceResults(trajectory: Pick<Trajectory, 'traces'>): ReferenceResults {
  const results = new Map<string, JsonValue>()
  for (const trace of trajectory.traces) {
    const match = /^ref-(\d+)-(\d+)$/.exec(trace.callId)
    if (match !== null && trace.result !== undefined) results.set(`${match[1]}-${match[2]}`, trace.result)
  }
  return results
}

/** The settings each switch tool turns on (and low battery mode, which must go off first). */
const SWITCHES: Readonly<Record<string, string>> = Object.freeze({
  set_wifi_status: 'wifi',
  set_cellular_service_status: 'cellular',
  set_location_service_status: 'location_service',
  set_low_battery_mode_status: 'low_battery_mode',
})

/**
 * Tools that only compute from their arguments. An agent may do that arithmetic in its head, so
 * skipping one is wrong only when a later call depends on its result (and then the value is
 * guessed).
 */
const COMPUTATIONS = new Set([
  'timestamp_to_datetime_info',
  'datetime_info_to_timestamp',
  'shift_timestamp',
  'timestamp_diff',
  'seconds_to_hours_minutes_seconds',
  'unit_conversion',
  'calculate_lat_lon_distance',
])

/** Plausible arguments for a tool an agent must not call (a minefield counts the request itself). */
const SAMPLE_ARGUMENTS: Readonly<Record<string, Readonly<Record<string, JsonValue>>>> = Object.freeze({
  send_message_with_phone_number: { phone_number: '+14155550100', content: 'Hello' },
  search_contacts: { name: 'Sam' },
  add_contact: { name: 'New Contact', phone_number: '+14155550100' },
  modify_contact: { person_id: 'unknown', phone_number: '+14155550100' },
  remove_contact: { person_id: 'unknown' },
  search_messages: { content: 'hello' },
  add_reminder: { content: 'Reminder', reminder_timestamp: 1_778_781_600 },
  modify_reminder: { reminder_id: 'unknown', content: 'Reminder' },
  remove_reminder: { reminder_id: 'unknown' },
  search_reminder: { content: 'reminder' },
  set_wifi_status: { on: true },
  set_cellular_service_status: { on: true },
  set_location_service_status: { on: true },
  set_low_battery_mode_status: { on: false },
  search_holiday: { holiday_name: 'Thanksgiving Day' },
  timestamp_diff: { timestamp_0: 1_778_778_000, timestamp_1: 1_795_680_000 },
  search_stock: { query: 'Apple' },
  convert_currency: { amount: 100, from_currency_code: 'USD', to_currency_code: 'EUR' },
  search_weather_around_lat_lon: { latitude: 37.7793, longitude: -122.4193 },
  search_location_around_lat_lon: { location: 'coffee' },
  search_lat_lon: { latitude: 37.7793, longitude: -122.4193 },
  unit_conversion: { amount: 1, from_unit: 'mile', to_unit: 'kilometer' },
})

/**
 * A plausible but wrong version of `value`: an hour later for a timestamp, one more for another
 * number, another last digit for a phone number or id, unrelated words for text, the other boolean.
 */
export function wrongValue(value: JsonValue | undefined): JsonValue {
  if (value === undefined || value === null) return 'unknown'
  if (typeof value === 'boolean') return !value
  if (typeof value === 'number') return Math.abs(value) >= 1e8 ? value + 3600 : value + 1
  if (typeof value === 'string') {
    if (/^\+\d{7,15}$/.test(value)) return `${value.slice(0, -1)}${(Number(value.slice(-1)) + 1) % 10}`
    if (/^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(value)) return `${value.slice(0, -1)}${value.endsWith('0') ? '1' : '0'}`
    // A different text altogether: a near miss would still be found by the fuzzy searches.
    return value.trim().includes(' ') ? 'something else entirely' : 'unknown'
  }
  if (Array.isArray(value)) return value.length === 0 ? ['unknown'] : [wrongValue(value[0]), ...value.slice(1)]
  const entries = Object.entries(value)
  return Object.fromEntries(entries.map(([key, item]) => [key, wrongValue(item)]))
}

// ---------------------------------------------------------------------------------------------
// A working form of the reference: steps whose calls remember where they came from.

interface WorkCall {
  /** `"<step>-<call>"` in the original reference, or undefined for an added call. */
  readonly origin: string | undefined
  readonly tool: string
  readonly arguments: Readonly<Record<string, unknown>>
}

type WorkStep =
  | { readonly kind: 'call'; readonly calls: readonly WorkCall[] }
  | { readonly kind: 'other'; readonly step: ReferenceStep }

interface RefValue {
  readonly $ref: { readonly step: number; readonly call: number; readonly path: string }
}

function isRef(value: unknown): value is RefValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '$ref' in value
}

function toWork(reference: readonly ReferenceStep[]): WorkStep[] {
  return reference.map((step, stepIndex): WorkStep =>
    'calls' in step
      ? { kind: 'call', calls: step.calls.map((item, callIndex) => ({ origin: `${stepIndex}-${callIndex}`, tool: item.tool, arguments: item.arguments })) }
      : { kind: 'other', step },
  )
}

function valueAt(result: JsonValue | undefined, path: string): JsonValue | undefined {
  let current: JsonValue | undefined = result
  for (const part of path === '' ? [] : path.split('.')) {
    if (Array.isArray(current)) current = current[Number(part)]
    else if (typeof current === 'object' && current !== null && Object.hasOwn(current, part)) current = current[part]
    else return undefined
  }
  return current
}

/**
 * Turns the working form back into reference steps. A `$ref` whose call still comes earlier keeps
 * pointing at it (renumbered); one whose call is gone or in the same message becomes a wrong guess.
 */
function fromWork(work: readonly WorkStep[], results: ReferenceResults): ReferenceStep[] {
  const position = new Map<string, { step: number; call: number }>()
  work.forEach((step, stepIndex) => {
    if (step.kind === 'call') step.calls.forEach((item, callIndex) => item.origin !== undefined && position.set(item.origin, { step: stepIndex, call: callIndex }))
  })
  return work.map((step, stepIndex): ReferenceStep => {
    if (step.kind === 'other') return step.step
    return {
      agent: 'call',
      calls: step.calls.map((item) => ({
        tool: item.tool,
        arguments: Object.fromEntries(
          Object.entries(item.arguments).map(([name, value]) => {
            if (!isRef(value)) return [name, value as JsonValue]
            const { step: fromStep, call: fromCall, path } = value.$ref
            const moved = position.get(`${fromStep}-${fromCall}`)
            if (moved !== undefined && moved.step < stepIndex) return [name, { $ref: { step: moved.step, call: moved.call, path } }]
            return [name, wrongValue(valueAt(results.get(`${fromStep}-${fromCall}`), path))]
          }),
        ),
      })),
    }
  })
}

/** Whether `later` uses a result of `earlier` through a `$ref`. */
function usesResultOf(later: WorkCall, earlier: WorkCall): boolean {
  return Object.values(later.arguments).some((value) => isRef(value) && `${value.$ref.step}-${value.$ref.call}` === earlier.origin)
}

function literalArguments(item: WorkCall): [string, JsonValue][] {
  return Object.entries(item.arguments).filter((entry): entry is [string, JsonValue] => !isRef(entry[1]))
}

// ---------------------------------------------------------------------------------------------
// The operators. Each returns the mutated working steps (and a description), or nothing.

interface Mutation {
  readonly operator: MutationOperator
  readonly description: string
  readonly work: WorkStep[]
  /** Tools to move from the deny list to the allow list so the call reaches the executor. */
  readonly widen?: readonly string[]
}

/**
 * Whether a call's result matters: a later call that is not a mere computation uses it, or a
 * computation whose own result matters does. (A date worked out only to be read to the user is
 * checked by what the agent says, not by the call.)
 */
function consequential(item: WorkCall, allCalls: readonly WorkCall[]): boolean {
  return allCalls.some((other) => usesResultOf(other, item) && (!COMPUTATIONS.has(other.tool) || consequential(other, allCalls)))
}

function callsOf(work: readonly WorkStep[]): WorkCall[] {
  return work.flatMap((step) => (step.kind === 'call' ? step.calls : []))
}

function dropCall(work: readonly WorkStep[]): Mutation[] {
  const mutations: Mutation[] = []
  const allCalls = callsOf(work)
  work.forEach((step, stepIndex) => {
    if (step.kind !== 'call') return
    step.calls.forEach((item, callIndex) => {
      const used = consequential(item, allCalls)
      if (COMPUTATIONS.has(item.tool) && !used) return
      const calls = step.calls.filter((_other, index) => index !== callIndex)
      const mutated = work.flatMap((other, index): WorkStep[] => (index !== stepIndex ? [other] : calls.length > 0 ? [{ kind: 'call', calls }] : []))
      mutations.push({ operator: 'drop-call', description: `skips ${item.tool}${used ? ' and guesses its result' : ''}`, work: mutated })
    })
  })
  return mutations
}

function skipStateFix(work: readonly WorkStep[]): Mutation[] {
  const isFix = (item: WorkCall) => Object.hasOwn(SWITCHES, item.tool)
  if (!work.some((step) => step.kind === 'call' && step.calls.some(isFix))) return []
  const mutated = work.flatMap((step): WorkStep[] => {
    if (step.kind !== 'call') return [step]
    const calls = step.calls.filter((item) => !isFix(item))
    return calls.length > 0 ? [{ kind: 'call', calls }] : []
  })
  return [{ operator: 'skip-state-fix', description: 'never changes the device settings', work: mutated }]
}

/**
 * Whether running `later` needs what `earlier` does: its result (when that matters, see
 * {@link consequential}), or a setting it switches.
 */
function dependsOn(later: WorkCall, earlier: WorkCall, tools: ReadonlyMap<string, AnyTool>, allCalls: readonly WorkCall[]): boolean {
  if (usesResultOf(later, earlier)) return !COMPUTATIONS.has(later.tool) || consequential(later, allCalls)
  const setting = SWITCHES[earlier.tool]
  if (setting === undefined) return false
  // Low battery mode blocks the other switches; leaving it unlocks them.
  if (setting === 'low_battery_mode') return Object.hasOwn(SWITCHES, later.tool)
  const tool = tools.get(later.tool)
  return (tool?.requires ?? []).some((requirement) => requirement.setting === setting) || (tool?.sometimesRequires ?? []).includes(setting)
}

function mergeDependentCalls(work: readonly WorkStep[], tools: ReadonlyMap<string, AnyTool>): Mutation[] {
  const mutations: Mutation[] = []
  const allCalls = callsOf(work)
  for (let index = 0; index + 1 < work.length; index++) {
    const first = work[index]
    const second = work[index + 1]
    if (first?.kind !== 'call' || second?.kind !== 'call') continue
    if (!second.calls.some((later) => first.calls.some((earlier) => dependsOn(later, earlier, tools, allCalls)))) continue
    const merged: WorkStep = { kind: 'call', calls: [...first.calls, ...second.calls] }
    mutations.push({
      operator: 'merge-dependent-calls',
      description: `calls ${[...first.calls, ...second.calls].map((item) => item.tool).join(' and ')} in one message`,
      work: [...work.slice(0, index), merged, ...work.slice(index + 2)],
    })
  }
  return mutations
}

/** Whether an argument value can be read off the user's answer (so it was only known by asking). */
function answerHolds(answer: string, value: JsonValue): boolean {
  const text = answer.toLowerCase()
  if (typeof value === 'number') {
    const numbers = (text.match(/\d+(\.\d+)?/g) ?? []).map(Number)
    return numbers.includes(value)
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const digits = (input: string) => input.replace(/[^\d+]/g, '')
    if (/^\+\d+$/.test(value)) return digits(text).includes(value)
    return text.includes(value.toLowerCase())
  }
  return false
}

function guessInsteadOfAsking(work: readonly WorkStep[]): Mutation[] {
  const mutations: Mutation[] = []
  for (let index = 0; index + 1 < work.length; index++) {
    const question = work[index]
    const answer = work[index + 1]
    if (question?.kind !== 'other' || answer?.kind !== 'other') continue
    if (!('agent' in question.step) || question.step.agent !== 'say') continue
    if (!('user' in answer.step) || answer.step.user !== 'say') continue
    const rest = work.slice(index + 2)
    if (!rest.some((step) => step.kind === 'call')) continue
    const reply = answer.step.content
    const changed: string[] = []
    const guessed = rest.map((step): WorkStep => {
      if (step.kind !== 'call') return step
      return {
        kind: 'call',
        calls: step.calls.map((item) => ({
          ...item,
          arguments: Object.fromEntries(
            Object.entries(item.arguments).map(([name, value]) => {
              if (isRef(value) || !answerHolds(reply, value as JsonValue)) return [name, value]
              changed.push(`${item.tool}.${name}`)
              return [name, wrongValue(value as JsonValue)]
            }),
          ),
        })),
      }
    })
    mutations.push({
      operator: 'guess-instead-of-asking',
      description: changed.length > 0 ? `does not ask; guesses ${changed.join(', ')}` : 'does not ask (no argument came from the answer)',
      work: [...work.slice(0, index), ...guessed],
    })
  }
  return mutations
}

function minefieldTools(scenario: Scenario): string[] {
  return scenario.minefields.flatMap((minefield) => minefield.constraints.flatMap((constraint) => (constraint.kind === 'tool-call' || constraint.kind === 'request' ? constraint.anyOf.map((target) => target.tool) : [])))
}

function callWithheldTool(scenario: Scenario, work: readonly WorkStep[]): Mutation[] {
  const forbidden = [...new Set([...scenario.tools.deny, ...minefieldTools(scenario)])]
  return forbidden.map((tool) => ({
    operator: 'call-withheld-tool',
    description: `calls ${tool}${scenario.tools.deny.includes(tool) ? ', which is withheld' : ', which a minefield forbids'}`,
    work: [{ kind: 'call', calls: [{ origin: undefined, tool, arguments: SAMPLE_ARGUMENTS[tool] ?? {} }] }, ...work],
    widen: [tool],
  }))
}

function changeArgument(work: readonly WorkStep[], tools: ReadonlyMap<string, AnyTool>): Mutation[] {
  const allCalls = callsOf(work)
  const withLiterals = work.flatMap((step, stepIndex) =>
    step.kind === 'call' ? step.calls.map((item, callIndex) => ({ item, stepIndex, callIndex })).filter(({ item }) => literalArguments(item).length > 0) : [],
  )
  // As for dropped calls: a wrong argument to a pure computation whose result nothing uses is
  // harmless (the agent may work the answer out itself), so other calls are preferred as targets.
  const mattering = withLiterals.filter(({ item }) => !COMPUTATIONS.has(item.tool) || consequential(item, allCalls))
  const candidates = mattering.length > 0 ? mattering : withLiterals
  // The last call that changes the world is where a wrong argument does harm; else the last call.
  const target = [...candidates].reverse().find(({ item }) => tools.get(item.tool)?.action === true) ?? candidates.at(-1)
  if (target === undefined) return []
  const [name, value] = literalArguments(target.item)[0] as [string, JsonValue]
  const wrong = wrongValue(value)
  const mutated = work.map((step, stepIndex): WorkStep =>
    step.kind !== 'call' || stepIndex !== target.stepIndex
      ? step
      : { kind: 'call', calls: step.calls.map((item, callIndex) => (callIndex === target.callIndex ? { ...item, arguments: { ...item.arguments, [name]: wrong } } : item)) },
  )
  return [{ operator: 'change-argument', description: `passes ${target.item.tool}.${name} = ${JSON.stringify(wrong)} instead of ${JSON.stringify(value)}`, work: mutated }]
}

/**
 * Every applicable mutant of `scenario`, in operator order. Each is validated by the scenario
 * schema; a mutant that calls a withheld tool has it moved from the deny list to the allow list,
 * so the call runs and the minefields see it.
 */
export function mutantsOf(scenario: Scenario, options: MutantOptions = {}): Mutant[] {
  const results = options.results ?? new Map<string, JsonValue>()
  const tools = new Map((options.tools ?? deviceTools).map((tool) => [tool.name, tool]))
  const work = toWork(scenario.reference)
  const mutations = [
    ...dropCall(work),
    ...skipStateFix(work),
    ...mergeDependentCalls(work, tools),
    ...guessInsteadOfAsking(work),
    ...callWithheldTool(scenario, work),
    ...changeArgument(work, tools),
  ]
  const counters = new Map<MutationOperator, number>()
  return mutations.map((mutation) => {
    const count = counters.get(mutation.operator) ?? 0
    counters.set(mutation.operator, count + 1)
    const widen = mutation.widen ?? []
    const mutated = defineScenario(
      {
        ...scenario,
        id: `${scenario.id}--${mutation.operator}-${count}`,
        tools: { allow: [...new Set([...scenario.tools.allow, ...widen])], deny: scenario.tools.deny.filter((tool) => !widen.includes(tool)) },
        reference: fromWork(mutation.work, results),
      },
      `mutant ${mutation.operator}-${count} of ${scenario.id}`,
    )
    return { operator: mutation.operator, description: mutation.description, original: scenario.id, scenario: mutated }
  })
}
