import type { ToolTalkDatabases } from './domain/index.ts'
import { KEY_COLUMN, toolTalkTool } from './domain/index.ts'
import type { ReferenceStep, Scenario, WorldSpec } from '../../src/scenario/index.ts'
import type { JsonObject, JsonValue, WorldSnapshot } from '../../src/world/index.ts'
import type { ToolTalkConversation } from './tooltalk-conversation.ts'
import { SESSION_TABLE, TOOLTALK_DOMAIN } from './tooltalk-domain-names.ts'
import { toolTalkSystemPrompt, toolTalkToolNames } from './tooltalk-view.ts'

/** Options of `toolTalkScenario`. */
export interface ToolTalkScenarioOptions {
  /**
   * The databases the conversation runs on (`dataset.databases`). With them the scenario's world
   * starts as ToolTalk starts the conversation: its user logged in when the file says so, a pending
   * verification code stored; without them only the databases' own state can be played.
   */
  readonly databases?: ToolTalkDatabases | WorldSnapshot
}

/**
 * A toolcheck scenario of `toolTalkDomain` for a ToolTalk conversation: the first user message
 * (consecutive user turns at the start joined), the user's goal (the conversation's scenario
 * text), every ToolTalk tool allowed, the conversation's own system prompt, and the ground truth
 * as the reference solution: each assistant turn's recorded calls one at a time (without the
 * session tokens, which the executor supplies), then its text, then the user's next turn; the
 * user ends after the last assistant turn. Agents get it as their `RoleContext`, and it can be
 * played with `runScenario(scenario, { domain: toolTalkDomain(databases) })`. Milestones stay
 * empty: ToolTalk is scored by its own metrics.
 */
export function toolTalkScenario(conversation: ToolTalkConversation, options: ToolTalkScenarioOptions = {}): Scenario {
  const turns = conversation.turns
  const opening = turns.findIndex((turn) => turn.role !== 'user')
  const openingUserTurns = turns.slice(0, opening === -1 ? turns.length : opening)
  const lastAssistant = turns.findLastIndex((turn) => turn.role === 'assistant')
  const reference: ReferenceStep[] = []
  for (const turn of turns.slice(openingUserTurns.length, lastAssistant + 1)) {
    if (turn.role === 'user') {
      reference.push({ user: 'say', content: turn.text || '(empty)' })
      continue
    }
    for (const call of turn.calls) reference.push({ agent: 'call', calls: [{ tool: call.apiName, arguments: modelArguments(call.apiName, call.parameters ?? {}) }] })
    reference.push({ agent: 'say', content: turn.text })
  }
  reference.push({ user: 'end' })
  const callCount = turns.reduce((total, turn) => total + turn.calls.length, 0)
  const userTurns = turns.filter((turn) => turn.role === 'user').length
  const firstMessage = openingUserTurns.map((turn) => turn.text).filter((text) => text !== '').join('\n\n')
  // An empty scenario text says nothing; the scenario's goal and description must not be empty.
  const scenarioText = conversation.scenario === undefined || conversation.scenario.trim() === '' ? undefined : conversation.scenario
  // Written out whole, defaults included, rather than through defineScenario: validating it would
  // load zod, and a scenario made this way is valid by construction (the conversation was checked
  // on import; a test checks defineScenario returns every one of ToolTalk's unchanged).
  return {
    id: `tooltalk-${conversation.name.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+/, '')}`,
    domain: TOOLTALK_DOMAIN,
    description: scenarioText ?? `ToolTalk conversation ${conversation.name}`,
    categories: [callCount > 1 ? 'MULTIPLE_TOOL_CALL' : 'SINGLE_TOOL_CALL', userTurns > 1 ? 'MULTIPLE_USER_TURN' : 'SINGLE_USER_TURN'],
    clock: { now: `${isoDate(conversation.timestamp)}+00:00`, timeZone: 'UTC' },
    world: options.databases === undefined ? {} : startingWorld(conversation, options.databases),
    user: { goal: scenarioText ?? 'Follow the recorded ToolTalk conversation.', knowledge: 'Only what the recorded conversation says.', demonstrations: [] },
    firstMessage: firstMessage || '(no user message)',
    paraphrases: [],
    tools: { allow: toolTalkToolNames(), deny: [] },
    milestones: [],
    minefields: [],
    prompts: { agent: toolTalkSystemPrompt(conversation) },
    // Every message of the recorded conversation fits, however long (ToolSandbox's 30 would cut some).
    maxTurns: Math.max(30, 2 * callCount + turns.length + 2),
    reference,
  }
}

/**
 * How the conversation's world differs from the databases, as ToolTalk's `init_conversation_state`
 * sets it up: the user's session token written into their account and opened as the session, and
 * a verification code stored. A user without an account is left as the databases have it.
 */
function startingWorld(conversation: ToolTalkConversation, databases: ToolTalkDatabases | WorldSnapshot): WorldSpec {
  const world = 'world' in databases ? databases.world : databases
  const { username, sessionToken, verificationCode } = conversation.user
  const accounts = world.tables.Account ?? []
  if (!accounts.some((row) => row[KEY_COLUMN] === username) || (sessionToken === undefined && verificationCode === undefined)) return {}
  const patch: JsonObject = {
    ...(sessionToken === undefined ? {} : { session_token: sessionToken }),
    ...(verificationCode === undefined ? {} : { verification_code: verificationCode }),
  }
  const rows = accounts.map((row) => (row[KEY_COLUMN] === username ? { ...row, ...patch } : { ...row }) as Record<string, JsonValue>)
  return { ...(sessionToken === undefined ? {} : { insert: { [SESSION_TABLE]: [{ token: sessionToken }] } }), replace: { Account: rows } }
}

/** A call's arguments as the model gives them: without the session token the executor adds. */
export function modelArguments(apiName: string, parameters: JsonObject): JsonObject {
  if (toolTalkTool(apiName)?.requiresAuth !== true) return { ...parameters }
  const { session_token: _token, ...rest } = parameters
  return rest
}

function isoDate(timestamp: string): string {
  const [day = '', time = ''] = timestamp.split(' ')
  const [year = '', month = '', date = ''] = day.split('-')
  const [hour = '', minute = '', second = ''] = time.split(':')
  const pad = (text: string) => text.padStart(2, '0')
  return `${year}-${pad(month)}-${pad(date)}T${pad(hour)}:${pad(minute)}:${pad(second)}`
}
