import type { JsonValue } from '../../../src/world/index.ts'
import type { MilestoneInput, ReferenceStep, ScenarioInput } from '../../../src/scenario/index.ts'
import { localDateTime } from '../domain/local-time.ts'

type ConstraintInput = MilestoneInput['constraints'][number]
type Call = { tool: string; arguments: Record<string, JsonValue | { $ref: { step: number; call: number; path: string } }> }

/** The setting each settings column is switched by, as ToolSandbox's tools switch them. */
const SETTING_TOOLS: Readonly<Record<string, string>> = Object.freeze({
  cellular: 'set_cellular_service_status',
  wifi: 'set_wifi_status',
  location_service: 'set_location_service_status',
  low_battery_mode: 'set_low_battery_mode_status',
})

/**
 * A search that finds every row, for a milestone that accepts any search of a tool (its golden
 * call names no argument) while the tool refuses a search without one: everything since 1980,
 * the earliest time ToolSandbox's tools accept.
 */
const EVERYTHING: Readonly<Record<string, Record<string, JsonValue>>> = Object.freeze({
  search_messages: { creation_timestamp_lowerbound: 315529200 },
  search_reminder: { creation_timestamp_lowerbound: 315529200 },
  search_contacts: { is_self: false },
})

/** The tool that makes each kind of row change, its key argument, and how a row's columns become its arguments. */
const ROW_TOOLS: Readonly<Record<string, { readonly tool: string; readonly arguments: (row: Record<string, JsonValue>) => Record<string, JsonValue> }>> = Object.freeze({
  'added contacts': { tool: 'add_contact', arguments: (row) => pick(row, ['name', 'phone_number', 'relationship', 'is_self']) },
  'added messages': { tool: 'send_message_with_phone_number', arguments: (row) => ({ ...(row['recipient_phone_number'] === undefined ? {} : { phone_number: row['recipient_phone_number'] }), ...pick(row, ['content']) }) },
  'added reminders': { tool: 'add_reminder', arguments: (row) => pick(row, ['content', 'reminder_timestamp', 'latitude', 'longitude']) },
  'removed contacts': { tool: 'remove_contact', arguments: (row) => pick(row, ['person_id']) },
  'removed reminders': { tool: 'remove_reminder', arguments: (row) => pick(row, ['reminder_id']) },
  'updated contacts': { tool: 'modify_contact', arguments: (row) => pick(row, ['person_id', 'name', 'phone_number', 'relationship', 'is_self']) },
  'updated reminders': { tool: 'modify_reminder', arguments: (row) => pick(row, ['reminder_id', 'content', 'reminder_timestamp', 'latitude', 'longitude']) },
})

function pick(row: Record<string, JsonValue>, columns: readonly string[]): Record<string, JsonValue> {
  const picked: Record<string, JsonValue> = {}
  // A null target means "no value": the call leaves the argument out.
  for (const column of columns) if (row[column] !== undefined && row[column] !== null) picked[column] = row[column]
  return picked
}

/** Why a scenario's milestones do not give a reference solution. */
export class NoReferenceError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NoReferenceError'
  }
}

/**
 * The milestones in an order their DAG allows: among those ready, a settings change first (a
 * state fix comes before the work that needs it, and ToolSandbox's guardrails then see the
 * settings unchanged between later milestones), then the lowest index.
 */
function topologicalOrder(count: number, edges: readonly (readonly [number, number])[] | undefined, first: (index: number) => boolean): number[] {
  const given = edges ?? Array.from({ length: Math.max(0, count - 1) }, (_, index) => [index, index + 1] as const)
  const incoming = Array.from({ length: count }, () => 0)
  for (const [, to] of given) incoming[to] = (incoming[to] ?? 0) + 1
  const order: number[] = []
  const done = new Set<number>()
  while (order.length < count) {
    const ready = (index: number) => incoming[index] === 0 && !done.has(index)
    const preferred = incoming.findIndex((_, index) => ready(index) && first(index))
    const next = preferred >= 0 ? preferred : incoming.findIndex((_, index) => ready(index))
    if (next < 0) throw new NoReferenceError('its milestone edges form a cycle')
    order.push(next)
    done.add(next)
    for (const [from, to] of given) if (from === next) incoming[to] = (incoming[to] ?? 0) - 1
  }
  return order
}

/** The path into a call's result that a fill value names (`result.days` → `days`). */
function resultPath(path: string): string {
  if (path === 'result') return ''
  if (path.startsWith('result.')) return path.slice('result.'.length)
  throw new NoReferenceError(`a fill reads ${path}, which is not in the tool's result`)
}

/**
 * A reference solution that follows from a scenario's milestones: for each milestone, in an order
 * its DAG allows, the calls its constraints name (a tool call as targeted; a settings change by
 * its switch, unless the setting already has the value; added, removed and updated rows by the
 * tool that makes them) and then the message it expects the agent to send, quoting the values a
 * fill takes from an earlier result. A multiple-user-turn scenario first asks the user, who
 * answers with its goal. Throws `NoReferenceError` saying which milestone gives no call.
 */
export function referenceFromMilestones(scenario: ScenarioInput): ReferenceStep[] {
  const milestones = scenario.milestones ?? []
  const offered = new Set(scenario.tools.allow.filter((tool) => !(scenario.tools.deny ?? []).includes(tool)))
  const settings = { ...(scenario.world?.settings ?? {}) } as Record<string, JsonValue>
  const steps: ReferenceStep[] = []
  const resultStep = new Map<number, number>()
  if (scenario.categories.includes('MULTIPLE_USER_TURN')) {
    steps.push({ agent: 'say', content: 'Happy to help. Could you tell me everything I need to know for that?' })
    steps.push({ user: 'say', content: scenario.user.goal })
  }
  const changesSettings = (index: number) => (milestones[index]?.constraints ?? []).some((constraint) => constraint.kind === 'table' && constraint.table === 'settings')
  for (const index of topologicalOrder(milestones.length, scenario.milestoneEdges, changesSettings)) {
    const milestone = milestones[index] as MilestoneInput
    const where = `milestone ${index}`
    const calls: Call[] = []
    const said: { content: string; values?: Record<string, { $ref: { step: number; call: number; path: string } }> }[] = []
    const refTo = (fill: { milestone: number }, path: string) => {
      const step = resultStep.get(fill.milestone)
      if (step === undefined) throw new NoReferenceError(`${where} fills from milestone ${fill.milestone}, which makes no call`)
      return { $ref: { step, call: 0, path: resultPath(path) } }
    }
    const explicit = new Set(milestone.constraints.flatMap((constraint) => (constraint.kind === 'tool-call' ? constraint.anyOf.map((target) => target.tool) : [])))
    for (const constraint of milestone.constraints) {
      for (const call of callsFor(constraint, where, explicit, settings, refTo)) {
        // Several constraints on one tool at one milestone check parts of one call: merge them.
        const same = constraint.kind === 'tool-call' ? calls.find((other) => other.tool === call.tool) : undefined
        if (same === undefined) calls.push(call)
        else Object.assign(same.arguments, call.arguments)
      }
    }
    for (const call of calls) {
      const criterion = EVERYTHING[call.tool]
      if (criterion !== undefined && Object.keys(call.arguments).length === 0) Object.assign(call.arguments, criterion)
    }
    for (const constraint of milestone.constraints) {
      if (constraint.kind !== 'message') continue
      const content = Array.isArray(constraint.content) ? (constraint.content[0] as string) : constraint.content
      if (constraint.fill === undefined) {
        said.push({ content })
        continue
      }
      const fill = constraint.fill
      const values: Record<string, { $ref: { step: number; call: number; path: string } }> = {}
      for (const [name, path] of Object.entries(fill.values ?? {})) if (content.includes(`{${name}}`)) values[name] = refTo(fill, path)
      said.push({ content, values })
    }
    for (const call of calls) {
      if (!offered.has(call.tool)) throw new NoReferenceError(`${where} needs a call of ${call.tool}, which the scenario does not offer`)
      if (!resultStep.has(index)) resultStep.set(index, steps.length)
      steps.push({ agent: 'call', calls: [call] })
    }
    for (const message of said) {
      // The scripted user ends the conversation at a reply it does not have: a say before more
      // work is followed by the user asking for the rest of its goal.
      if (steps.at(-1) !== undefined && 'agent' in (steps.at(-1) as ReferenceStep) && (steps.at(-1) as { agent: string }).agent === 'say') steps.push({ user: 'say', content: scenario.user.goal })
      steps.push({ agent: 'say', content: message.content, ...(message.values === undefined ? {} : { values: message.values }) })
    }
  }
  for (const [position, step] of steps.entries()) {
    const next = steps[position + 1]
    if ('agent' in step && step.agent === 'say' && next !== undefined && 'agent' in next) steps.splice(position + 1, 0, { user: 'say', content: scenario.user.goal })
  }
  fillDateParts(steps, milestones, scenario.clock?.timeZone ?? 'America/Los_Angeles')
  const last = steps.at(-1)
  if (last === undefined || !('agent' in last) || last.agent !== 'say')
    steps.push({ agent: 'say', content: milestones.length === 0 ? "Sorry, I can't do that with what I have." : 'Done.' })
  steps.push({ user: 'end' })
  return steps
}

/**
 * A `datetime_info_to_timestamp` call whose milestone names no date (any call counts) gets the
 * date and time of the first reminder time a later milestone expects, in the scenario's zone:
 * the timestamp the reminder needs is what the call is for.
 */
function fillDateParts(steps: ReferenceStep[], milestones: readonly MilestoneInput[], timeZone: string): void {
  const wanted = milestones.flatMap((milestone) => milestone.constraints.flatMap((constraint) => ('rows' in constraint ? constraint.rows.map((row) => (row as Record<string, JsonValue>)['reminder_timestamp']) : []))).find((value) => typeof value === 'number')
  if (typeof wanted !== 'number') return
  for (const step of steps) {
    if (!('calls' in step)) continue
    for (const call of step.calls) {
      if (call.tool !== 'datetime_info_to_timestamp' || Object.keys(call.arguments).length > 0) continue
      const { year, month, day, hour, minute, second } = localDateTime(wanted, timeZone)
      Object.assign(call.arguments, { year, month, day, hour, minute, second })
    }
  }
}

/** The calls one constraint needs, given the settings so far (which it updates). */
function callsFor(
  constraint: ConstraintInput,
  where: string,
  explicit: ReadonlySet<string>,
  settings: Record<string, JsonValue>,
  refTo: (fill: { milestone: number }, path: string) => { $ref: { step: number; call: number; path: string } },
): Call[] {
  switch (constraint.kind) {
    case 'tool-call': {
      const target = constraint.anyOf[0]
      if (target === undefined) return []
      const args: Call['arguments'] = {}
      for (const [name, value] of Object.entries(target.arguments ?? {})) {
        const fill = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)['$fill'] : undefined
        const fillName = typeof fill === 'string' ? fill : undefined
        if (fillName === undefined) {
          args[name] = value as JsonValue
          continue
        }
        const path = constraint.fill?.values?.[fillName]
        if (constraint.fill === undefined || path === undefined) throw new NoReferenceError(`${where} fills ${fillName} from nowhere`)
        args[name] = refTo(constraint.fill, path)
      }
      return [{ tool: target.tool, arguments: args }]
    }
    case 'table': {
      if (constraint.table !== 'settings') throw new NoReferenceError(`${where} wants the whole ${constraint.table} table as it is, which no one call makes`)
      const calls: Call[] = []
      for (const [column, value] of Object.entries((constraint.rows[0] ?? {}) as Record<string, JsonValue>)) {
        const tool = SETTING_TOOLS[column]
        if (tool === undefined) throw new NoReferenceError(`${where} wants the setting ${column}, which no tool switches`)
        if (settings[column] === value || explicit.has(tool)) continue
        calls.push({ tool, arguments: { on: value } })
        settings[column] = value
        // Low battery mode switches the radios and the location service off, as ToolSandbox's does.
        if (column === 'low_battery_mode' && value === true) for (const radio of ['cellular', 'wifi', 'location_service']) settings[radio] = false
      }
      return calls
    }
    case 'added':
    case 'removed':
    case 'updated': {
      const maker = ROW_TOOLS[`${constraint.kind} ${constraint.table}`]
      if (maker === undefined) throw new NoReferenceError(`${where} wants rows ${constraint.kind} in ${constraint.table}, which no tool does`)
      if (explicit.has(maker.tool)) return []
      return constraint.rows.map((row) => ({ tool: maker.tool, arguments: maker.arguments(row as Record<string, JsonValue>) }))
    }
    default:
      return []
  }
}
