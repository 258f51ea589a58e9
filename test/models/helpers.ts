import { expect } from 'vitest'
import type { Message } from '../../src/conversation/index.ts'
import type { ChatEndpoint } from '../../src/roles/endpoint/chat-endpoint.ts'
import type { AgentView, RoleContext } from '../../src/roles/types.ts'
import { InfrastructureError } from '../../src/roles/types.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import type { ToolSpec } from '../../src/tools/tool-spec.ts'

/** A small scenario for role contexts. */
export const scenario = defineScenario({
  id: 'weather-check',
  categories: ['SINGLE_TOOL_CALL'],
  user: {
    goal: 'Find out the weather in Cupertino today.',
    knowledge: 'You do not have any more information.',
    demonstrations: [{ goal: 'Ask what time it is.', turns: [{ role: 'user', content: 'what time is it' }, { role: 'agent', content: 'It is 10:00.' }] }],
  },
  firstMessage: 'whats the weather in cupertino',
  tools: { allow: ['search_weather_around_lat_lon'] },
  reference: [{ agent: 'say', content: 'It is sunny.' }],
})

export const weatherTool: ToolSpec = {
  name: 'search_weather_around_lat_lon',
  tool: 'search_weather_around_lat_lon',
  description: 'The weather at a place.',
  parameters: { type: 'object', properties: { location: { type: 'string', description: 'A place name' } }, required: ['location'] },
}

/** Builds messages with indexes and snapshot 0. */
export function messages(...parts: Omit<Message, 'index' | 'snapshot' | 'visibleTo'>[]): Message[] {
  return parts.map((part, index) => ({ ...part, index, snapshot: 0, visibleTo: [part.sender, part.recipient] }))
}

export const firstView: AgentView = {
  systemPrompt: 'Ask when unsure.',
  tools: [weatherTool],
  messages: messages({ sender: 'user', recipient: 'agent', content: 'whats the weather in cupertino' }),
}

export function context(overrides: Partial<RoleContext> = {}): RoleContext {
  return { scenario, trial: 0, seed: 1, ...overrides }
}

/**
 * Limits that keep retry waits short in tests. The time limit is one only a hang reaches: the mock
 * server shares the client's event loop, and on a loaded machine an ordinary answer can take
 * seconds; a test of the time limit sets its own.
 */
export const fastLimits = { retries: 3, backoffBaseMs: 5, backoffMaxMs: 20, timeoutMs: 30_000 }

/** The `InfrastructureError` a promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function failureOf(promise: Promise<unknown>): Promise<InfrastructureError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(InfrastructureError)
  return error as InfrastructureError
}

/** An endpoint answering from `send`, counting its attempts. */
export function fakeEndpoint(address: string, send: ChatEndpoint['send']): ChatEndpoint & { readonly attempts: () => number } {
  let attempts = 0
  return {
    client: 'fake',
    address,
    send: (body, signal) => {
      attempts++
      return send(body, signal)
    },
    attempts: () => attempts,
  }
}
