import { describe, expect, test } from 'vitest'
import type { Message } from '../../src/conversation/index.ts'
import { functionAgent, InfrastructureError, OUT_OF_SCRIPT_LINE, referenceUser, scriptedAgent, scriptedUser } from '../../src/roles/index.ts'
import type { RoleContext } from '../../src/roles/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'

const scenario = defineScenario({
  id: 'roles',
  categories: ['MULTIPLE_USER_TURN'],
  user: { goal: 'g', knowledge: 'k' },
  firstMessage: 'hi',
  tools: { allow: ['search_contacts'] },
  reference: [
    { agent: 'say', content: 'Who?' },
    { user: 'say', content: 'Fredrik' },
    { agent: 'say', content: 'And?' },
    { user: 'say', content: 'That is all' },
    { user: 'end' },
    { user: 'say', content: 'never reached' },
  ],
})
const context: RoleContext = { scenario, trial: 0, seed: 0 }

function message(index: number, sender: Message['sender'], recipient: Message['recipient'], content = '', extra: Partial<Message> = {}): Message {
  return { index, sender, recipient, content, visibleTo: [sender, recipient], snapshot: 0, ...extra }
}

/** A user view after the first message and `replies` user replies. */
function userMessages(replies: number): Message[] {
  const messages = [message(0, 'system', 'user'), message(1, 'user', 'agent', 'hi')]
  for (let reply = 0; reply < replies; reply++) messages.push(message(messages.length, 'agent', 'user', 'q'), message(messages.length + 1, 'user', 'agent', `r${reply}`))
  messages.push(message(messages.length, 'agent', 'user', 'q'))
  return messages
}

describe('scriptedUser', () => {
  test('replies in order, then says it has nothing more once, then ends', async () => {
    const user = scriptedUser(['one', 'two'])
    const replies = await Promise.all([0, 1, 2, 3].map((replies) => user.respond({ messages: userMessages(replies), systemPrompt: '' }, context)))
    expect(replies).toEqual([{ kind: 'say', content: 'one' }, { kind: 'say', content: 'two' }, { kind: 'say', content: OUT_OF_SCRIPT_LINE }, { kind: 'end' }])
  })

  test('an end line ends at once', async () => {
    expect(await scriptedUser([{ end: true }, 'unreached']).respond({ messages: userMessages(0), systemPrompt: '' }, context)).toEqual({ kind: 'end' })
  })

  test('referenceUser gives the reference replies and stops at the end step', async () => {
    const user = referenceUser(scenario)
    const replies = await Promise.all([0, 1, 2].map((replies) => user.respond({ messages: userMessages(replies), systemPrompt: '' }, context)))
    expect(replies).toEqual([{ kind: 'say', content: 'Fredrik' }, { kind: 'say', content: 'That is all' }, { kind: 'end' }])
  })
})

describe('scriptedAgent', () => {
  test('gives the n-th reply on its n-th turn and fails clearly when the script runs out', async () => {
    const agent = scriptedAgent([{ content: 'a' }, { content: 'b' }])
    const view = (turns: number) => ({ messages: Array.from({ length: turns }, (_, index) => message(index, 'agent', 'user')), tools: [], systemPrompt: '' })
    expect(await agent.respond(view(0), context)).toEqual({ content: 'a' })
    expect(await agent.respond(view(1), context)).toEqual({ content: 'b' })
    await expect(agent.respond(view(2), context)).rejects.toThrow(InfrastructureError)
    await expect(agent.respond(view(2), context)).rejects.toThrow('the scripted agent has 2 replies and was asked for reply 3')
  })
})

describe('functionAgent', () => {
  test('gets the last user message and the latest tool results, and may return text or calls', async () => {
    const messages = [
      message(0, 'user', 'agent', 'turn cellular on'),
      message(1, 'agent', 'environment', '', { toolCalls: [{ id: 'x', name: 'get_cellular_service_status', arguments: {} }] }),
      message(2, 'environment', 'agent', 'false', { toolResult: { callId: 'x', tool: 'get_cellular_service_status', arguments: {}, result: false } }),
    ]
    let seen: unknown
    const agent = functionAgent((input) => {
      seen = { last: input.lastUserMessage(), results: input.latestToolResults().map((trace) => trace.result), scenario: input.context.scenario.id }
      return input.latestToolResults()[0]?.result === false ? [{ name: 'set_cellular_service_status', arguments: { on: true } }] : 'done'
    })
    expect(await agent.respond({ messages, tools: [], systemPrompt: '' }, context)).toEqual({ toolCalls: [{ name: 'set_cellular_service_status', arguments: { on: true } }] })
    expect(seen).toEqual({ last: 'turn cellular on', results: [false], scenario: 'roles' })
    expect(await agent.respond({ messages: messages.slice(0, 1), tools: [], systemPrompt: '' }, context)).toEqual({ content: 'done' })
  })
})
