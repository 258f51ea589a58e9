import type { JsonValue } from '../../../src/world/index.ts'
import type { MilestoneInput, ScenarioInput } from '../../../src/scenario/index.ts'
import { CATEGORIES } from '../../../src/scenario/index.ts'
import type { ExtractedScenario } from './extracted-scenario.ts'
import { convertMilestone, TABLE_OF_NAMESPACE } from './convert-milestone.ts'

/** The clock every imported scenario runs at; the extractor freezes Python's `now` at the same instant. */
export const IMPORT_CLOCK = Object.freeze({ now: '2026-05-14T10:00:00-07:00', timeZone: 'America/Los_Angeles' })
/** {@link IMPORT_CLOCK}'s now in seconds since the epoch. */
export const IMPORT_NOW = Date.parse(IMPORT_CLOCK.now) / 1000

/** ToolSandbox's user tool, which toolcheck's user always has and the agent is never offered. */
const USER_TOOL = 'end_conversation'
/** Columns that hold a time: written into the world as offsets from the scenario's now. */
const TIME_COLUMNS = new Set(['creation_timestamp', 'reminder_timestamp'])
/** The knowledge boundary starts at the first sentence that speaks to the user about themself. */
const KNOWLEDGE_START = /(?<=[.!?])\s*(?=You\b)/

/** What the converter made of one scenario, before its reference solution is written. */
export interface ConvertedScenario {
  readonly scenario: ScenarioInput
  /** How many authored milestone and minefield constraints were mapped. */
  readonly constraints: number
}

/** A scenario whose shape the converter does not know. */
export class UnconvertibleScenarioError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnconvertibleScenarioError'
  }
}

/** Tools that read the device's location: always, or when called without coordinates. */
const LOCATION_ALWAYS = new Set(['get_current_location'])
const LOCATION_WITHOUT_COORDINATES = new Set(['search_location_around_lat_lon', 'search_weather_around_lat_lon'])

/**
 * The tool of a milestone call that needs the location service when the scenario starts with it
 * off and offers no switch for it (ToolSandbox's tools then refuse the call, whatever the agent
 * does); `undefined` when there is none.
 */
function locationBound(milestones: readonly MilestoneInput[], source: ExtractedScenario, offered: ReadonlySet<string>): string | undefined {
  if (source.tables['SETTING']?.[0]?.['location_service'] !== false || offered.has('set_location_service_status')) return undefined
  for (const milestone of milestones)
    for (const constraint of milestone.constraints) {
      if (!('anyOf' in constraint)) continue
      const bound = constraint.anyOf.find((target) => LOCATION_ALWAYS.has(target.tool) || (LOCATION_WITHOUT_COORDINATES.has(target.tool) && !Object.hasOwn(target.arguments ?? {}, 'latitude')))
      if (bound !== undefined) return bound.tool
    }
  return undefined
}

/** ToolSandbox's goal text (what follows its role-play instruction) split into goal and knowledge boundary. */
export function splitGoal(text: string): { goal: string; knowledge: string } {
  const match = KNOWLEDGE_START.exec(text)
  if (match === null) return { goal: text.trim(), knowledge: '' }
  return { goal: text.slice(0, match.index).trim(), knowledge: text.slice(match.index).trim() }
}

function withoutInstruction(content: string, instruction: string): string {
  return content.startsWith(instruction) ? content.slice(instruction.length) : content
}

/** The user-simulator demonstrations: the messages only the user sees, one conversation per SYSTEM→USER message. */
function demonstrations(source: ExtractedScenario, instruction: string): NonNullable<ScenarioInput['user']['demonstrations']> {
  const found: { goal: string; turns: { role: 'user' | 'agent'; content: string }[] }[] = []
  for (const message of source.messages) {
    if (message.visibleTo === null || message.content === null) continue
    if (message.sender === 'SYSTEM' && message.recipient === 'USER') found.push({ goal: withoutInstruction(message.content, instruction).trim(), turns: [] })
    else if (message.sender === 'USER' && message.recipient === 'AGENT') found.at(-1)?.turns.push({ role: 'user', content: message.content })
    else if (message.sender === 'AGENT' && message.recipient === 'USER') found.at(-1)?.turns.push({ role: 'agent', content: message.content })
  }
  return found.filter((demonstration) => demonstration.turns.length > 0)
}

function worldRow(row: Record<string, JsonValue>): Record<string, JsonValue> {
  const converted: Record<string, JsonValue> = {}
  for (const [column, value] of Object.entries(row)) {
    // Offsets rounded to microseconds: the subtraction of two epoch floats leaves noise below that.
    converted[column] = TIME_COLUMNS.has(column) && typeof value === 'number' ? { $now: Math.round((value - IMPORT_NOW) * 1e6) / 1e6 } : value
  }
  return converted
}

/** The starting world: ToolSandbox's settings row, and its contacts, messages and reminders in place of the device domain's. */
function world(source: ExtractedScenario): NonNullable<ScenarioInput['world']> {
  const settings = source.tables['SETTING']?.[0]
  const replace: Record<string, Record<string, JsonValue>[]> = {}
  const duplicateKeys: string[] = []
  for (const [namespace, table] of Object.entries(TABLE_OF_NAMESPACE)) {
    if (namespace === 'SETTING') continue
    const rows = (source.tables[namespace] ?? []).map(worldRow)
    replace[table] = rows
    const key = { contacts: 'person_id', messages: 'message_id', reminders: 'reminder_id' }[table] as string
    if (new Set(rows.map((row) => row[key])).size !== rows.length) duplicateKeys.push(table)
  }
  return { ...(settings === undefined ? {} : { settings }), replace, ...(duplicateKeys.length === 0 ? {} : { duplicateKeys }) }
}

/**
 * One of ToolSandbox's base scenarios as a toolcheck scenario (without its reference solution,
 * which `referenceFromMilestones` writes): its name, categories, starting world, tool lists, user,
 * first message, prompts, milestones, minefields and edges. A milestone on a tool the scenario
 * never offers (an upstream defect) is kept, its tool listed as `outside` so the scenario loads,
 * and a caveat says so.
 */
export function convertScenario(source: ExtractedScenario, instruction: string, domainTools: ReadonlySet<string>): ConvertedScenario {
  const own = source.messages.filter((message) => message.visibleTo === null)
  const agentPrompt = own.find((message) => message.sender === 'SYSTEM' && message.recipient === 'AGENT')?.content
  const userPrompt = own.findLast((message) => message.sender === 'SYSTEM' && message.recipient === 'USER')?.content
  const userMessages = own.filter((message) => message.sender === 'USER' && message.recipient === 'AGENT')
  const firstMessage = userMessages[0]?.content
  if (userPrompt === undefined || userPrompt === null || firstMessage === undefined || firstMessage === null)
    throw new UnconvertibleScenarioError('it has no user-simulator instruction or no first user message')
  if (userMessages.length > 1 || own.some((message) => message.sender === 'AGENT'))
    throw new UnconvertibleScenarioError('it seeds more of the conversation than the first user message')
  const categories = source.categories.filter((category) => (CATEGORIES as readonly string[]).includes(category))
  if (categories.length === 0) throw new UnconvertibleScenarioError(`it has none of ToolSandbox's categories (${source.categories.join(', ')})`)

  const unknown = [...source.allowList, ...(source.denyList ?? [])].filter((tool) => tool !== USER_TOOL && !domainTools.has(tool))
  if (unknown.length > 0) throw new UnconvertibleScenarioError(`it names tools the device domain does not have: ${unknown.join(', ')}`)
  const allow = source.allowList.filter((tool) => tool !== USER_TOOL)
  const deny = (source.denyList ?? []).filter((tool) => tool !== USER_TOOL)
  if (allow.length === 0) throw new UnconvertibleScenarioError('it offers the agent no tool')
  const offered = new Set(allow.filter((tool) => !deny.includes(tool)))

  let constraints = 0
  const convert = (list: ExtractedScenario['milestones'], what: string): MilestoneInput[] =>
    list.map((milestone, index) => {
      try {
        constraints += milestone.constraints.length
        return convertMilestone(milestone, { tools: domainTools })
      } catch (error) {
        throw new UnconvertibleScenarioError(`${what} ${index}: ${(error as Error).message}`)
      }
    })
  const milestones = convert(source.milestones, 'milestone')
  const minefields = convert(source.minefields, 'minefield')

  // A milestone on a tool the scenario never offers cannot be reached by any agent.
  const unoffered = [...new Set(milestones.flatMap((milestone) => milestone.constraints.flatMap((constraint) => ('anyOf' in constraint ? constraint.anyOf.map((target) => target.tool) : [])).filter((tool) => !offered.has(tool))))]
  const caveats: NonNullable<ScenarioInput['caveats']> = unoffered.map((tool) => ({ kind: 'upstream-defect', reason: `a milestone expects a call of ${tool}, which ToolSandbox's scenario never offers the agent` }))
  const needsLocation = locationBound(milestones, source, offered)
  if (needsLocation !== undefined)
    caveats.push({ kind: 'upstream-defect', reason: `a milestone expects a call of ${needsLocation} that needs the location service, which is off, and no tool the scenario offers can switch it on` })

  const { goal, knowledge } = splitGoal(withoutInstruction(userPrompt, instruction))
  const scenario: ScenarioInput = {
    id: source.name,
    description: `ToolSandbox's ${source.name} (${source.file}), imported from a ToolSandbox checkout.`,
    categories,
    clock: { ...IMPORT_CLOCK },
    world: world(source),
    user: { goal: goal === '' ? firstMessage : goal, knowledge, demonstrations: demonstrations(source, instruction) },
    firstMessage,
    tools: { allow, ...(deny.length === 0 ? {} : { deny }), ...(unoffered.length === 0 ? {} : { outside: unoffered }) },
    milestones,
    ...(source.milestoneEdges === null ? {} : { milestoneEdges: source.milestoneEdges }),
    minefields,
    ...(source.minefieldEdges === null ? {} : { minefieldEdges: source.minefieldEdges }),
    prompts: { ...(agentPrompt === undefined || agentPrompt === null || agentPrompt === '' ? {} : { agent: agentPrompt }), ...(instruction.trim() === '' ? {} : { user: instruction.trim() }) },
    maxTurns: 30,
    scoring: 'toolsandbox',
    ...(caveats.length === 0 ? {} : { caveats }),
  }
  return { scenario, constraints }
}
