import { afterEach, describe, expect, test } from 'vitest'
import { NEUTRAL_USER_PROMPT } from '../../src/domain/index.ts'
import { DEFAULT_DEMONSTRATION, llmUser, USER_RULES, userSystemPrompt } from '../../src/roles/llm-user.ts'
import { InfrastructureError } from '../../src/roles/types.ts'
import type { MockServer } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import { context, messages, scenario } from './helpers.ts'

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const view = { systemPrompt: '', messages: messages({ sender: 'user', recipient: 'agent', content: 'weather?' }, { sender: 'agent', recipient: 'user', content: 'Where are you?' }) }

describe('llmUser', () => {
  test('text becomes a reply; an end_conversation call ends, with usage', async () => {
    server = await startMockServer({ replies: [{ content: '  Cupertino.  ' }, { content: 'bye', toolCalls: [{ name: 'end_conversation' }] }] })
    const user = llmUser({ model: 'u', baseURL: server.baseURL, apiKey: 'x', cache: false })
    expect(user.name).toBe('openai:u')
    expect(await user.respond(view, context())).toMatchObject({ kind: 'say', content: 'Cupertino.' })
    const ended = await user.respond(view, context())
    expect(ended.kind).toBe('end')
    expect(ended.usage?.calls).toBe(1)
  })

  test('neither text nor an end call is a malformed reply', async () => {
    server = await startMockServer({ replies: [{ content: '' }] })
    const user = llmUser({ model: 'u', baseURL: server.baseURL, apiKey: 'x', cache: false })
    const error = await user.respond(view, context()).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InfrastructureError)
    expect((error as InfrastructureError).kind).toBe('malformed-reply')
  })

  test('the prompt holds instructions, goal, knowledge and demonstrations; the run briefing only when it adds something', () => {
    const prompt = userSystemPrompt(scenario)
    expect(prompt.startsWith(`${NEUTRAL_USER_PROMPT}\n${USER_RULES}`)).toBe(true)
    expect(prompt).toContain(`Your goal: ${scenario.user.goal}`)
    expect(prompt).toContain(`What you know: ${scenario.user.knowledge}`)
    expect(prompt).toContain('Person: what time is it')
    expect(prompt).toContain('Assistant: It is 10:00.')
    expect(userSystemPrompt(scenario, { systemPrompt: `Goal: ${scenario.user.goal}` })).toBe(prompt)
    expect(userSystemPrompt(scenario, { systemPrompt: 'You are in a hurry.' })).toContain('You are in a hurry.')
    expect(userSystemPrompt(scenario, { systemPrompt: '' }, 'Be a pirate.').startsWith('Be a pirate.')).toBe(true)
    // Who the user is comes from the run (the domain's persona), before the shared rules.
    expect(userSystemPrompt(scenario, { systemPrompt: '', persona: 'You bank with Northwind.' }).startsWith(`You bank with Northwind.\n${USER_RULES}`)).toBe(true)
    expect(prompt).not.toContain(DEFAULT_DEMONSTRATION.goal)
  })

  test("a scenario without demonstrations gets its domain's example conversation, else the built-in one", () => {
    const bare = { ...scenario, user: { ...scenario.user, demonstrations: [] } }
    const prompt = userSystemPrompt(bare)
    expect(prompt).toContain(`Example 1 of how such a person talks (another conversation, with the goal: ${DEFAULT_DEMONSTRATION.goal})`)
    expect(prompt).toContain('Person: when is my next dentist appointment')
    const example = { goal: 'Text Ana.', turns: [{ role: 'user' as const, content: 'text ana im running 10 min late' }] }
    expect(userSystemPrompt(bare, { systemPrompt: '', example })).toContain('Person: text ana im running 10 min late')
  })
})
