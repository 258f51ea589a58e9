import { describe, expect, test } from 'vitest'
import type { Message } from '../../src/conversation/index.ts'
import { referenceAgent, referenceCannotPlay } from '../../src/roles/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'

const base = {
  categories: ['MULTIPLE_TOOL_CALL'],
  user: { goal: 'Know the weather.' },
  firstMessage: 'How warm is it?',
  tools: { allow: ['search_weather_around_lat_lon'] },
}

function message(index: number, sender: Message['sender'], recipient: Message['recipient'], extra: Partial<Message> = {}): Message {
  return { index, sender, recipient, content: '', visibleTo: [sender, recipient], snapshot: 0, ...extra }
}

describe('the reference agent', () => {
  test('quotes values of earlier tool results in a say step', async () => {
    const scenario = defineScenario({
      ...base,
      id: 'say-values',
      reference: [
        { agent: 'call', calls: [{ tool: 'search_weather_around_lat_lon', arguments: {} }] },
        { agent: 'say', content: 'It is {temperature} degrees in {city}; {unknown} stays.', values: { temperature: { $ref: { step: 0, call: 0, path: 'current_temperature' } }, city: { $ref: { step: 0, call: 0, path: 'location' } } } },
        { user: 'end' },
      ],
    })
    const messages = [
      message(0, 'user', 'agent'),
      message(1, 'agent', 'environment', { toolCalls: [{ id: 'ref-0-0', name: 'search_weather_around_lat_lon', arguments: {} }] }),
      message(2, 'environment', 'agent', { toolResult: { callId: 'ref-0-0', tool: 'search_weather_around_lat_lon', arguments: {}, result: { current_temperature: 17.5, location: 'Cupertino' } } }),
    ]
    const reply = await referenceAgent().respond({ messages, tools: [], systemPrompt: '' }, { scenario, trial: 0, seed: 0 })
    expect(reply).toEqual({ content: 'It is 17.5 degrees in Cupertino; {unknown} stays.' })
  })

  test('says plainly that it cannot play a scenario without a reference solution', async () => {
    const scenario = defineScenario({ ...base, id: 'no-reference' })
    expect(scenario.reference).toEqual([])
    await expect(referenceAgent().respond({ messages: [message(0, 'user', 'agent')], tools: [], systemPrompt: '' }, { scenario, trial: 0, seed: 0 })).rejects.toThrow(
      'scenario no-reference has no reference solution, so the reference agent cannot play it; play it with another agent',
    )
  })

  test('runners can tell beforehand that the reference agent cannot play a scenario without a solution', () => {
    const without = defineScenario({ ...base, id: 'no-reference' })
    expect(referenceCannotPlay(referenceAgent(), without)).toBe('no-reference has no reference solution, so the reference agent cannot play it')
    expect(referenceCannotPlay(referenceAgent(), { id: 'with', reference: [{ user: 'hi' }] })).toBeUndefined()
    expect(referenceCannotPlay({ name: 'reference', respond: async () => ({ content: '' }) }, without)).toBeUndefined()
  })
})
