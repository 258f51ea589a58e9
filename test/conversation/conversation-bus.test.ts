import { describe, expect, test } from 'vitest'
import { agentView, ConversationBus, countTurns, userView, visibilityOf } from '../../src/conversation/index.ts'
import type { Message } from '../../src/conversation/index.ts'
import { createWorld, WorldDraft } from '../../src/world/index.ts'

const start = createWorld({ settings: [{ cellular: false }] })

function conversation(): ConversationBus {
  const bus = new ConversationBus(start)
  bus.post({ sender: 'system', recipient: 'agent', content: 'agent prompt' })
  bus.post({ sender: 'system', recipient: 'user', content: 'user prompt' })
  bus.post({ sender: 'user', recipient: 'agent', content: 'text Fredrik' })
  bus.post({ sender: 'agent', recipient: 'environment', content: '', toolCalls: [{ id: 'c1', name: 'set_cellular_service_status', arguments: { on: true } }] })
  const draft = new WorldDraft(bus.world)
  draft.setSettings({ cellular: true })
  bus.setWorld(draft.commit())
  bus.post({ sender: 'environment', recipient: 'agent', content: 'null', toolResult: { callId: 'c1', tool: 'set_cellular_service_status', arguments: { on: true }, result: null } })
  bus.post({ sender: 'agent', recipient: 'user', content: 'Done' })
  bus.post({ sender: 'user', recipient: 'environment', content: '', toolCalls: [{ id: 'end', name: 'end_conversation', arguments: {} }] })
  bus.post({ sender: 'environment', recipient: 'user', content: 'null', toolResult: { callId: 'end', tool: 'end_conversation', arguments: {}, result: null }, ended: true })
  return bus
}

const ends = (messages: readonly Message[]) => messages.map((message) => `${message.sender}>${message.recipient}`)

describe('ConversationBus', () => {
  test('numbers messages and records the snapshot right after each', () => {
    const bus = conversation()
    expect(bus.messages.map((message) => message.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(bus.messages.map((message) => message.snapshot)).toEqual([0, 0, 0, 0, 1, 1, 1, 1])
    expect(bus.snapshots).toHaveLength(2)
    expect(bus.snapshots[0]).toBe(start)
  })

  test('setting the same world again adds no snapshot', () => {
    const bus = new ConversationBus(start)
    bus.setWorld(start)
    bus.setWorld(new WorldDraft(start).commit())
    expect(bus.snapshots).toHaveLength(1)
  })

  test('keeps the traces of tool results sent to the agent only', () => {
    expect(conversation().traces.map((trace) => trace.tool)).toEqual(['set_cellular_service_status'])
  })

  test('messages are frozen', () => {
    const message = conversation().messages[0] as Message
    expect(Object.isFrozen(message)).toBe(true)
  })
})

describe('visibility', () => {
  test('both ends see a message', () => {
    expect(visibilityOf('user', 'agent')).toEqual(['user', 'agent'])
    expect(visibilityOf('system', 'user')).toEqual(['system', 'user'])
  })

  test('the agent sees system>agent, user<>agent and agent<>environment', () => {
    expect(ends(agentView(conversation().messages))).toEqual(['system>agent', 'user>agent', 'agent>environment', 'environment>agent', 'agent>user'])
  })

  test('the user sees system>user, user<>agent and user<>environment', () => {
    expect(ends(userView(conversation().messages))).toEqual(['system>user', 'user>agent', 'agent>user', 'user>environment', 'environment>user'])
  })
})

describe('countTurns', () => {
  test('counts messages after the first user message, without system and user<>environment messages', () => {
    // agent call, tool result, agent reply: 3 (the end call and its result do not count).
    expect(countTurns(conversation().messages, 2)).toBe(3)
  })

  test('a later system message does not count', () => {
    const bus = conversation()
    bus.post({ sender: 'system', recipient: 'agent', content: 'note' })
    bus.post({ sender: 'user', recipient: 'agent', content: 'thanks' })
    expect(countTurns(bus.messages, 2)).toBe(4)
  })

  test('an agent message with several tool calls counts once per call, as ToolSandbox stores one row per call', () => {
    const bus = new ConversationBus(start)
    bus.post({ sender: 'user', recipient: 'agent', content: 'check everything' })
    const calls = ['get_wifi_status', 'get_cellular_service_status', 'get_location_service_status'].map((name, index) => ({ id: `c${index}`, name, arguments: {} }))
    bus.post({ sender: 'agent', recipient: 'environment', content: '', toolCalls: calls })
    for (const call of calls) bus.post({ sender: 'environment', recipient: 'agent', content: 'true', toolResult: { callId: call.id, tool: call.name, arguments: {}, result: true } })
    bus.post({ sender: 'agent', recipient: 'user', content: 'All on.' })
    // three call rows, three result rows, the reply
    expect(countTurns(bus.messages, 0)).toBe(7)
  })
})
