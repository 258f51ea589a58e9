import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import type { Agent, AgentReply, RequestedCall } from '../../src/roles/types.ts'
import type { ToolTalkConversation, ToolTalkDataset } from '../../scenarios/tooltalk/index.ts'
import { evaluateToolTalkConversation, importToolTalkConversation, loadToolTalkDataset, referenceToolTalkAgent } from '../../scenarios/tooltalk/index.ts'
import { aggregateToolTalkMetrics } from '../../scenarios/tooltalk/metrics/index.ts'
import { HAS_TOOLTALK_DATA, MISSING_DATA, TOOLTALK_DATA } from './tooltalk-data.ts'

/** The reference agent with its tool calls changed by `change` (which may drop or add calls). */
function alteredAgent(conversation: ToolTalkConversation, change: (call: RequestedCall) => RequestedCall[]): Agent {
  const reference = referenceToolTalkAgent(conversation)
  const pending: RequestedCall[] = []
  return {
    name: 'altered',
    async respond(view, context): Promise<AgentReply> {
      const waiting = pending.shift()
      if (waiting !== undefined) return { toolCalls: [waiting] }
      // The reference agent counts calls made since the last answer; hide the extra ones from it.
      const reply = await reference.respond({ ...view, messages: view.messages.filter((message) => !(message.toolCalls ?? []).some((call) => call.id.startsWith('extra'))) }, context)
      const call = reply.toolCalls?.[0]
      if (call === undefined) return reply
      const [first, ...rest] = change(call)
      pending.push(...rest)
      return first === undefined ? reference.respond({ ...view, messages: [...view.messages, { index: view.messages.length, sender: 'agent', recipient: 'environment', content: '', toolCalls: [{ id: 'skipped', name: call.name, arguments: call.arguments }], visibleTo: ['agent'], snapshot: 0 }] }, context) : { toolCalls: [first] }
    },
  }
}

const extra = (name: string, args: Record<string, string>): RequestedCall => ({ id: `extra-${name}`, name, arguments: args })

describe.skipIf(!HAS_TOOLTALK_DATA)(`ToolTalk evaluation protocol ${HAS_TOOLTALK_DATA ? '' : MISSING_DATA}`, () => {
  const datasets = new Map<string, Promise<ToolTalkDataset>>()
  const dataset = (split: string) => {
    if (!datasets.has(split)) datasets.set(split, loadToolTalkDataset(`${TOOLTALK_DATA}${split}`))
    return datasets.get(split) as Promise<ToolTalkDataset>
  }
  const run = async (name: string, change?: (call: RequestedCall) => RequestedCall[], strict = false) => {
    const data = await dataset(name.endsWith('-easy') ? 'easy' : 'tooltalk')
    const conversation = data.conversations.find((candidate) => candidate.name === name)
    if (conversation === undefined) throw new Error(`no conversation ${name}`)
    const agent = change === undefined ? referenceToolTalkAgent(conversation) : alteredAgent(conversation, change)
    return evaluateToolTalkConversation(conversation, agent, { world: data.databases.world, strict })
  }

  test.for(['easy', 'tooltalk'])('the reference agent scores 1 on every %s conversation', async (split) => {
    const data = await dataset(split)
    const results = await Promise.all(data.conversations.map((conversation) => evaluateToolTalkConversation(conversation, referenceToolTalkAgent(conversation), { world: data.databases.world })))
    for (const result of results) {
      expect(result.metrics, result.name).toMatchObject({ precision: 1, recall: 1, bad_action_rate: 0, success: true, soft_success: 1 })
      expect(result.turns.every((turn) => turn.end === 'answered')).toBe(true)
    }
    const totals = aggregateToolTalkMetrics(results.map((result) => result.metrics))
    expect(totals).toMatchObject({ conversations: data.conversations.length, precision: 1, recall: 1, bad_action_rate: 0, success_rate: 1 })
  })

  // Expected figures: the probe table of the facts file (§2c).
  test.for([
    ['wrong argument: CurrentWeather "new york" for "New York"', 'CurrentWeather-easy', (call: RequestedCall) => [{ ...call, arguments: { location: 'new york' } }], { precision: 0, recall: 0, bad_action_rate: 0, success: false }],
    ['wrong argument: CreateEvent at another start time', 'CreateEvent-easy', (call: RequestedCall) => [{ ...call, arguments: { ...(call.arguments as object), start_time: '2023-09-15 19:00:00' } }], { precision: 0, recall: 0, bad_action_rate: 1, success: false }],
    ['unrelated SendMessage text', 'SendMessage-easy', (call: RequestedCall) => [{ ...call, arguments: { ...(call.arguments as object), message: 'zebra quantum pancake' } }], { precision: 0, recall: 0, bad_action_rate: 1, success: false }],
    ['SendMessage to the wrong receiver (upstream never compares it)', 'SendMessage-easy', (call: RequestedCall) => [{ ...call, arguments: { ...(call.arguments as object), receiver: 'nobody' } }], { precision: 1, recall: 1, bad_action_rate: 0, success: true }],
    ['SendEmail with a repeated recipient', 'SendEmail-easy', (call: RequestedCall) => {
      const args = call.arguments as { to: string[] }
      return [{ ...call, arguments: { ...args, to: [...args.to, ...args.to] } }]
    }, { precision: 1, recall: 1, bad_action_rate: 0, success: true }],
    ['SendEmail with an extra recipient', 'SendEmail-easy', (call: RequestedCall) => {
      const args = call.arguments as { to: string[] }
      return [{ ...call, arguments: { ...args, to: [...args.to, 'someone@else.com'] } }]
    }, { precision: 0, recall: 0, bad_action_rate: 1, success: false }],
    ['extra successful action (AddReminder)', 'AddAlarm-easy', (call: RequestedCall) => [call, extra('AddReminder', { task: 'nap' })], { precision: 0.5, recall: 1, bad_action_rate: 0.5, success: false }],
    ['extra failing action (DeleteAlarm of no alarm)', 'AddAlarm-easy', (call: RequestedCall) => [call, extra('DeleteAlarm', { alarm_id: '0000-0000' })], { precision: 0.5, recall: 1, bad_action_rate: 0, success: true }],
    ['extra non-action (FindAlarms)', 'AddAlarm-easy', (call: RequestedCall) => [call, extra('FindAlarms', {})], { precision: 0.5, recall: 1, bad_action_rate: 0, success: true }],
    ['hallucinated tool', 'AddAlarm-easy', (call: RequestedCall) => [call, extra('SetTimer', {})], { precision: 0.5, recall: 1, bad_action_rate: 0, success: true }],
    ['missing call', 'AddAlarm-easy', () => [], { precision: 0, recall: 0, bad_action_rate: 0, success: false }],
  ] as const)('%s', async ([, name, change, expected]) => {
    const result = await run(name, change)
    expect(result.metrics).toMatchObject(expected)
    expect(result.metrics.soft_success).toBeCloseTo(result.metrics.recall * (1 - result.metrics.bad_action_rate), 12)
  })

  test('strict rules compare the SendMessage receiver and say why it failed', async () => {
    const result = await run('SendMessage-easy', (call) => [{ ...call, arguments: { ...(call.arguments as object), receiver: 'nobody' } }], true)
    expect(result.metrics).toMatchObject({ precision: 0, recall: 0, bad_action_rate: 1, success: false })
    expect(result.comparison.predictions[0]?.attempts[0]?.reason).toMatch(/receiver is "nobody"/)
  })

  test('strict rules read the weather location as the tool does', async () => {
    const result = await run('CurrentWeather-easy', (call) => [{ ...call, arguments: { location: 'new york' } }], true)
    expect(result.metrics.success).toBe(true)
  })

  test('a call made a turn late still matches (ToolTalk pools the whole conversation)', async () => {
    const data = await dataset('tooltalk')
    const conversation = data.conversations.find((candidate) => candidate.name === 'Alarm-Reminder-Weather-FindAlarm-2')
    if (conversation === undefined) return
    const reference = referenceToolTalkAgent(conversation)
    let delayed: RequestedCall | undefined
    const agent: Agent = {
      name: 'late',
      async respond(view, context) {
        const reply = await reference.respond(view, context)
        const call = reply.toolCalls?.[0]
        if (call?.name === 'ForecastWeather' && delayed === undefined) {
          delayed = call
          return reference.respond({ ...view, messages: [...view.messages, { index: 0, sender: 'agent', recipient: 'environment', content: '', toolCalls: [{ id: 'x', name: call.name, arguments: call.arguments }], visibleTo: ['agent'], snapshot: 0 }] }, context)
        }
        if (delayed !== undefined && call === undefined && !view.messages.some((message) => message.toolCalls?.some((made) => made.id === 'late'))) {
          const answered = view.messages.filter((message) => message.sender === 'agent' && message.recipient === 'user').length
          if (answered > 0) return { toolCalls: [{ ...delayed, id: 'late' }] }
        }
        return reply
      },
    }
    const result = await evaluateToolTalkConversation(conversation, agent, { world: data.databases.world })
    expect(result.turns[0]?.predictions.map((call) => call.apiName)).not.toContain('ForecastWeather')
    expect(result.metrics).toMatchObject({ recall: 1, success: true })
  })

  test('calls recorded on a user turn are scored as ground truth but never replayed, as in ToolTalk', async () => {
    const data = await dataset('easy')
    const content = JSON.parse(await readFile(`${TOOLTALK_DATA}easy/AddAlarm-easy.json`, 'utf8')) as { conversation: { role: string; apis?: unknown[] }[] }
    const userTurn = content.conversation.find((turn) => turn.role === 'user')
    if (userTurn === undefined) throw new Error('AddAlarm-easy has no user turn')
    userTurn.apis = [{ request: { api_name: 'AddAlarm', parameters: { session_token: '98a5a87a-7714-b404', time: '06:00:00' } }, response: { alarm_id: 'aaaa-bbbb' }, exception: null }]
    const conversation = importToolTalkConversation(content as never, 'AddAlarm-easy.json')
    const result = await evaluateToolTalkConversation(conversation, referenceToolTalkAgent(conversation), { world: data.databases.world })
    // ToolTalk replays only the calls of earlier assistant turns, so the turn's AddAlarm draws the
    // first id of a fresh Random(489) and no 06:00 alarm exists.
    expect(result.turns[0]?.predictions[0]?.response).toEqual({ alarm_id: '5bff-dd80' })
    expect(result.metrics).toMatchObject({ ground_truths: 2, matches: 1, recall: 0.5 })
    expect(result.replay.calls).toBe(1)
  })

  test('an agent that never stops calling is cut off at the limit', async () => {
    const data = await dataset('easy')
    const conversation = data.conversations.find((candidate) => candidate.name === 'FindAlarms-easy')
    if (conversation === undefined) return
    const looping: Agent = { name: 'loop', respond: async () => ({ toolCalls: [{ name: 'FindAlarms', arguments: {} }] }) }
    const result = await evaluateToolTalkConversation(conversation, looping, { world: data.databases.world, maxCallsPerTurn: 5 })
    expect(result.turns.map((turn) => [turn.end, turn.predictions.length])).toEqual(result.turns.map(() => ['call-limit', 5]))
  })
})
