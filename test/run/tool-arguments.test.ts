import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { defineDomain } from '../../src/domain/index.ts'
import type { MockServer } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import { functionAgent, openaiAgent, scriptedUser } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import { defineTool } from '../../src/tools/index.ts'
import type { JsonValue } from '../../src/world/index.ts'

// A tool whose argument is z.any() and that changes it in place: what it changes is its own copy,
// never the call the agent made, as the agent, the trajectory and the next model request keep it.
const stamp = defineTool({
  name: 'stamp_note',
  description: 'Stamps a note.',
  args: z.object({ note: z.any().describe('The note.') }),
  returns: 'the stamped note',
  action: false,
  execute: (args: { note: { items: number[]; stamped?: boolean } }) => {
    args.note.stamped = true
    args.note.items.push(99)
    return args.note as unknown as JsonValue
  },
})
const notes = defineDomain({ name: 'notes', tables: {}, defaultRows: () => ({}), tools: [stamp] })
const scenario = defineScenario({
  id: 'stamp-a-note',
  categories: ['SINGLE_TOOL_CALL'],
  domain: notes,
  user: { goal: 'Stamp the note.', knowledge: 'The note holds 1.' },
  firstMessage: 'Stamp my note.',
  tools: { allow: ['stamp_note'] },
  milestones: [{ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'stamp_note' }] }] }],
  reference: [{ agent: 'call', calls: [{ tool: 'stamp_note', arguments: { note: { items: [1] } } }] }, { agent: 'say', content: 'Stamped.' }, { user: 'end' }],
})

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({
    respond: ({ body }) => (body.messages.some((message) => message.role === 'tool') ? { content: 'Stamped.' } : { toolCalls: [{ name: 'stamp_note', arguments: { note: { items: [1] } }, id: 'call-1' }] }),
  })
})
afterAll(() => server.close())

describe('arguments given to a tool', () => {
  test('a tool that mutates its own z.any() argument does not rewrite the agent\'s recorded call in the next model request', async () => {
    const agent = openaiAgent({ model: 'm', baseURL: server.baseURL, apiKey: 'local', cache: false })
    const trajectory = await runScenario(scenario, { agent, user: scriptedUser([{ end: true }]) })
    expect(trajectory.error).toBeUndefined()
    expect(trajectory.traces).toMatchObject([{ tool: 'stamp_note', arguments: { note: { items: [1] } }, result: { items: [1, 99], stamped: true } }])
    const body = server.requests[1]?.body as { messages: { role: string; tool_calls?: { function: { arguments: string } }[] }[] } | undefined
    const next = body?.messages.find((message) => message.role === 'assistant')
    expect(next?.tool_calls?.[0]?.function.arguments).toBe('{"note":{"items":[1]}}')
  })

  test('a function agent\'s own arguments object is left as it made it', async () => {
    const made = { note: { items: [1] } }
    const agent = functionAgent(({ messages }) => (messages.some((message) => message.sender === 'agent') ? 'Done.' : [{ name: 'stamp_note', arguments: made }]))
    const trajectory = await runScenario(scenario, { agent, user: scriptedUser([{ end: true }]) })
    expect(trajectory.error).toBeUndefined()
    expect(made).toEqual({ note: { items: [1] } })
    const calls = trajectory.messages.flatMap((message) => message.toolCalls ?? []).filter((call) => call.name === 'stamp_note')
    expect(calls.map((call) => call.arguments)).toEqual([{ note: { items: [1] } }])
  })
})
