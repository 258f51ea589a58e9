import { describe, expect, test } from 'vitest'
import type { Message } from '../../src/conversation/index.ts'
import { REFERENCE_DONE_LINE, referenceAgent } from '../../src/roles/index.ts'
import type { RoleContext } from '../../src/roles/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import type { ToolSpec } from '../../src/tools/index.ts'

const scenario = defineScenario({
  id: 'reference-unit',
  categories: ['MULTIPLE_TOOL_CALL'],
  user: { goal: 'g', knowledge: 'k' },
  firstMessage: 'hi',
  tools: { allow: ['search_contacts', 'send_message_with_phone_number'] },
  reference: [
    { agent: 'call', calls: [{ tool: 'search_contacts', arguments: { name: 'Priya' } }, { tool: 'search_contacts', arguments: { name: 'Sam' } }] },
    { agent: 'call', calls: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: { $ref: { step: 0, call: 1, path: '0.phone_number' } }, content: 'hi' } }] },
    { user: 'end' },
  ],
})
const context: RoleContext = { scenario, trial: 0, seed: 0 }
const spec = (name: string, tool: string, argumentNames?: Record<string, string>): ToolSpec => ({ name, tool, description: '', parameters: { type: 'object' }, ...(argumentNames === undefined ? {} : { argumentNames }) })
const tools = [spec('lookup', 'search_contacts'), spec('text', 'send_message_with_phone_number', { to: 'phone_number', body: 'content' })]

function message(index: number, sender: Message['sender'], recipient: Message['recipient'], extra: Partial<Message> = {}): Message {
  return { index, sender, recipient, content: '', visibleTo: [sender, recipient], snapshot: 0, ...extra }
}

describe('referenceAgent', () => {
  test('makes the first step with presented names and ids ref-<step>-<call>', async () => {
    const reply = await referenceAgent().respond({ messages: [message(0, 'user', 'agent')], tools, systemPrompt: '' }, context)
    expect(reply).toEqual({
      toolCalls: [
        { id: 'ref-0-0', name: 'lookup', arguments: { name: 'Priya' } },
        { id: 'ref-0-1', name: 'lookup', arguments: { name: 'Sam' } },
      ],
    })
  })

  test('resolves $ref from the result of the call it names, under renamed arguments', async () => {
    const messages = [
      message(0, 'user', 'agent'),
      message(1, 'agent', 'environment'),
      message(2, 'environment', 'agent', { toolResult: { callId: 'ref-0-0', tool: 'search_contacts', arguments: {}, result: [{ phone_number: '+1000' }] } }),
      message(3, 'environment', 'agent', { toolResult: { callId: 'ref-0-1', tool: 'search_contacts', arguments: {}, result: [{ phone_number: '+2000' }] } }),
    ]
    const reply = await referenceAgent().respond({ messages, tools, systemPrompt: '' }, context)
    expect(reply.toolCalls).toEqual([{ id: 'ref-1-0', name: 'text', arguments: { to: '+2000', body: 'hi' } }])
  })

  test('a $ref to a call that failed or is missing gives null', async () => {
    const messages = [message(0, 'user', 'agent'), message(1, 'agent', 'environment'), message(2, 'environment', 'agent', { toolResult: { callId: 'ref-0-1', tool: 'search_contacts', arguments: {}, error: { kind: 'ValueError', message: 'x' } } })]
    const reply = await referenceAgent().respond({ messages, tools, systemPrompt: '' }, context)
    expect(reply.toolCalls?.[0]?.arguments).toEqual({ to: null, body: 'hi' })
  })

  test('after its last step it offers more help', async () => {
    const messages = [message(0, 'user', 'agent'), message(1, 'agent', 'environment'), message(2, 'agent', 'environment')]
    expect(await referenceAgent().respond({ messages, tools, systemPrompt: '' }, context)).toEqual({ content: REFERENCE_DONE_LINE })
  })
})
