import { toolTalkTool } from './domain/index.ts'
import type { ReferenceStep, Scenario } from '../../src/scenario/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import type { JsonObject } from '../../src/world/index.ts'
import type { ToolTalkConversation } from './tooltalk-conversation.ts'
import { toolTalkToolNames } from './tooltalk-view.ts'

/**
 * A toolcheck scenario for a ToolTalk conversation, so agents get the usual `RoleContext`: the
 * first user message, the user's goal (the conversation's scenario text), every ToolTalk tool
 * allowed, and the ground truth as the reference solution (without the session tokens, which
 * the executor supplies). Milestones stay empty: ToolTalk is scored by its own metrics.
 */
export function toolTalkScenario(conversation: ToolTalkConversation): Scenario {
  const reference: ReferenceStep[] = conversation.turns.flatMap((turn): ReferenceStep[] => {
    if (turn.role === 'user') return [{ user: 'say', content: turn.text || '(empty)' }]
    const calls = turn.calls.map((call) => ({ tool: call.apiName, arguments: modelArguments(call.apiName, call.parameters ?? {}) }))
    return [...(calls.length > 0 ? [{ agent: 'call' as const, calls }] : []), { agent: 'say', content: turn.text }]
  })
  const callCount = conversation.turns.reduce((total, turn) => total + turn.calls.length, 0)
  const userTurns = conversation.turns.filter((turn) => turn.role === 'user').length
  const firstUser = conversation.turns.find((turn) => turn.role === 'user')
  // An empty scenario text says nothing; the scenario's goal and description must not be empty.
  const scenarioText = conversation.scenario === undefined || conversation.scenario.trim() === '' ? undefined : conversation.scenario
  return defineScenario(
    {
      id: `tooltalk-${conversation.name.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+/, '')}`,
      description: scenarioText ?? `ToolTalk conversation ${conversation.name}`,
      categories: [callCount > 1 ? 'MULTIPLE_TOOL_CALL' : 'SINGLE_TOOL_CALL', userTurns > 1 ? 'MULTIPLE_USER_TURN' : 'SINGLE_USER_TURN'],
      clock: { now: `${isoDate(conversation.timestamp)}+00:00`, timeZone: 'UTC' },
      user: { goal: scenarioText ?? 'Follow the recorded ToolTalk conversation.', knowledge: 'Only what the recorded conversation says.' },
      firstMessage: firstUser?.text || '(no user message)',
      tools: { allow: toolTalkToolNames() },
      reference: reference.length > 0 ? reference : [{ user: 'end' }],
    },
    conversation.file,
  )
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
