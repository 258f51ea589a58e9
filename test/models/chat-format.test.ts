import { describe, expect, test } from 'vitest'
import { agentViewToChat, chatReplyToAgentReply, toolSpecsToChat, userViewToChat } from '../../src/roles/chat-format.ts'
import { InfrastructureError } from '../../src/roles/types.ts'
import { messages, weatherTool } from './helpers.ts'

describe('chat format', () => {
  test('agent text and calls in one message stay together; system messages pass through', () => {
    const chat = agentViewToChat({
      systemPrompt: 'be brief',
      tools: [],
      messages: messages(
        { sender: 'system', recipient: 'agent', content: 'extra rule' },
        { sender: 'user', recipient: 'agent', content: 'hi' },
        { sender: 'agent', recipient: 'environment', content: 'Checking.', toolCalls: [{ id: 'c1', name: 't', arguments: { a: 1 } }] },
        { sender: 'environment', recipient: 'agent', content: '1', toolResult: { callId: 'c1', tool: 't', arguments: { a: 1 }, result: 1 } },
        { sender: 'agent', recipient: 'user', content: 'Done.' },
      ),
    })
    expect(chat).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'system', content: 'extra rule' },
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Checking.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 't', arguments: '{"a":1}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '1' },
      { role: 'assistant', content: 'Done.' },
    ])
  })

  test("the run's system message is not repeated; a replacement prompt takes its place", () => {
    const view = {
      systemPrompt: 'run prompt',
      tools: [],
      messages: messages({ sender: 'system', recipient: 'agent', content: 'run prompt' }, { sender: 'user', recipient: 'agent', content: 'hi' }),
    }
    expect(agentViewToChat(view)).toEqual([
      { role: 'system', content: 'run prompt' },
      { role: 'user', content: 'hi' },
    ])
    expect(agentViewToChat(view, 'my own prompt')).toEqual([
      { role: 'system', content: 'my own prompt' },
      { role: 'user', content: 'hi' },
    ])
  })

  test('the user view is inverted and keeps only the exchange with the agent', () => {
    const chat = userViewToChat(
      {
        systemPrompt: 'ignored here',
        messages: messages(
          { sender: 'system', recipient: 'user', content: 'briefing' },
          { sender: 'user', recipient: 'agent', content: 'text Sam' },
          { sender: 'agent', recipient: 'user', content: 'What should it say?' },
          { sender: 'user', recipient: 'environment', content: '', toolCalls: [{ id: 'e', name: 'end_conversation', arguments: {} }] },
        ),
      },
      'you are a person',
    )
    expect(chat).toEqual([
      { role: 'system', content: 'you are a person' },
      { role: 'assistant', content: 'text Sam' },
      { role: 'user', content: 'What should it say?' },
    ])
  })

  test('tool specs become function tools, strict only when asked', () => {
    expect(toolSpecsToChat([weatherTool])[0]).toEqual({ type: 'function', function: { name: weatherTool.name, description: weatherTool.description, parameters: weatherTool.parameters } })
    expect(toolSpecsToChat([weatherTool], true)[0]?.function.strict).toBe(true)
  })

  test('replies: several calls, raw argument text, empty arguments, content with calls', () => {
    const reply = chatReplyToAgentReply(
      {
        choices: [
          {
            message: {
              content: 'On it.',
              tool_calls: [
                { id: 'a', type: 'function', function: { name: 'x', arguments: '{"n": 1}' } },
                { id: 'b', type: 'function', function: { name: 'y', arguments: '{n: 1}' } },
                { id: 'c', type: 'function', function: { name: 'z', arguments: '' } },
                { id: 'd', type: 'custom' },
              ],
            },
          },
        ],
      },
      'test',
    )
    expect(reply).toEqual({
      content: 'On it.',
      toolCalls: [
        { id: 'a', name: 'x', arguments: { n: 1 } },
        { id: 'b', name: 'y', arguments: '{n: 1}' },
        { id: 'c', name: 'z', arguments: {} },
      ],
    })
    expect(chatReplyToAgentReply({ choices: [{ message: { content: null } }] }, 'test')).toEqual({ content: '' })
    expect(() => chatReplyToAgentReply({ choices: [] }, 'the server')).toThrow(InfrastructureError)
    expect(() => chatReplyToAgentReply({ choices: [{ message: { tool_calls: [{ id: 'a', function: {} }] } }] }, 'the server')).toThrow(
      'the server sent a reply that cannot be read: choices[0].message.tool_calls[0].function.name is missing, not a tool name',
    )
  })
})

describe('toolSpecsToChat', () => {
  test('never marks a spec with hidden argument types as strict', () => {
    const spec = { name: 'set_wifi_status', description: 'Wi-Fi', parameters: { type: 'object', properties: { on: { description: 'on' } } }, tool: 'set_wifi_status' }
    const [plain, hidden] = toolSpecsToChat([spec, { ...spec, typesHidden: true }], true)
    expect(plain?.function.strict).toBe(true)
    expect(hidden?.function.strict).toBe(false)
    expect(toolSpecsToChat([spec])[0]?.function).not.toHaveProperty('strict')
  })
})
