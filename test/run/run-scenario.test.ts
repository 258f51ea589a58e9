import { describe, expect, test } from 'vitest'
import { InfrastructureError, functionAgent, referenceAgent, scriptedAgent, scriptedUser } from '../../src/roles/index.ts'
import type { AgentReply } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import type { RunOptions } from '../../src/run/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import type { ScenarioInput } from '../../src/scenario/index.ts'
import { presentTool } from '../../src/tools/index.ts'
import { fixtureRegistry, fixtureWorld } from '../tools/fixture-tools.ts'

const FREDRIK = '+12453344098'

function scenario(overrides: Partial<ScenarioInput> = {}) {
  return defineScenario({
    id: 'send-message-cellular-off',
    categories: ['STATE_DEPENDENCY'],
    user: { goal: 'Text Fredrik "on my way".', knowledge: "Fredrik's number is +12453344098." },
    firstMessage: 'Text Fredrik that I am on my way.',
    tools: { allow: ['send_message_with_phone_number', 'set_cellular_service_status', 'get_cellular_service_status', 'set_low_battery_mode_status', 'search_contacts'] },
    reference: [
      { agent: 'call', calls: [{ tool: 'set_cellular_service_status', arguments: { on: true } }] },
      { agent: 'call', calls: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: FREDRIK, content: 'On my way' } }] },
      { agent: 'say', content: 'Sent.' },
      { user: 'end' },
    ],
    ...overrides,
  })
}

function options(agent: RunOptions['agent'], settings: Record<string, boolean> = {}, extra: Partial<RunOptions> = {}): RunOptions {
  return { agent, user: scriptedUser([{ end: true }]), registry: fixtureRegistry, startingWorld: fixtureWorld(settings), ...extra }
}

const send = (content = 'On my way'): AgentReply => ({ toolCalls: [{ name: 'send_message_with_phone_number', arguments: { phone_number: FREDRIK, content } }] })
const cellularOn: AgentReply = { toolCalls: [{ name: 'set_cellular_service_status', arguments: { on: true } }] }

describe('runScenario', () => {
  test('a message sent while cellular is off: error, enable, retry, message in the world', async () => {
    const agent = scriptedAgent([send(), cellularOn, send(), { content: 'Sent your message.' }])
    const trajectory = await runScenario(scenario(), options(agent, { cellular: false }))
    expect(trajectory.status).toBe('completed')
    expect(trajectory.traces.map((trace) => [trace.tool, trace.error?.kind ?? 'ok'])).toEqual([
      ['send_message_with_phone_number', 'ConnectionError'],
      ['set_cellular_service_status', 'ok'],
      ['send_message_with_phone_number', 'ok'],
    ])
    const roles = trajectory.messages.map((message) => `${message.sender}>${message.recipient}`)
    expect(roles).toEqual([
      'system>agent', 'system>user', 'user>agent',
      'agent>environment', 'environment>agent',
      'agent>environment', 'environment>agent',
      'agent>environment', 'environment>agent',
      'agent>user', 'user>environment', 'environment>user',
    ])
    expect(trajectory.messages[4]?.content).toBe('ConnectionError: cellular service is off')
    // Snapshots: start, cellular on, message sent. Each message records the world right after it.
    expect(trajectory.snapshots).toHaveLength(3)
    expect(trajectory.messages.map((message) => message.snapshot)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 2, 2])
    const last = trajectory.snapshots[2]
    expect(last?.tables.messages).toEqual([expect.objectContaining({ recipient_phone_number: FREDRIK, content: 'On my way' })])
    expect(last?.tables.contacts).toBe(trajectory.snapshots[0]?.tables.contacts)
    expect(trajectory.messages[11]?.ended).toBe(true)
    // Seven messages after the first user message, minus the two end-of-conversation messages.
    expect(trajectory.turns).toBe(7)
    expect(trajectory.firstUserMessageIndex).toBe(2)
    expect(trajectory.races).toEqual([])
  })

  test('the nested low-battery case: refused, low battery off, enable, send', async () => {
    const lowBatteryOff: AgentReply = { toolCalls: [{ name: 'set_low_battery_mode_status', arguments: { on: false } }] }
    const agent = scriptedAgent([send(), cellularOn, lowBatteryOff, cellularOn, send(), { content: 'Done.' }])
    const trajectory = await runScenario(scenario(), options(agent, { cellular: false, low_battery_mode: true, wifi: false }))
    expect(trajectory.status).toBe('completed')
    expect(trajectory.traces.map((trace) => trace.error?.kind ?? 'ok')).toEqual(['ConnectionError', 'PermissionError', 'ok', 'ok', 'ok'])
    expect(trajectory.messages[6]?.content).toBe('PermissionError: cellular service cannot be turned on while low battery mode is on')
    expect(trajectory.snapshots.at(-1)?.tables.messages).toHaveLength(1)
    expect(trajectory.snapshots).toHaveLength(4)
  })

  test('"enable cellular" and "send message" in one message: a race, the send fails', async () => {
    const agent = scriptedAgent([{ toolCalls: [...(cellularOn.toolCalls ?? []), ...(send().toolCalls ?? [])] }, { content: 'Done.' }])
    const trajectory = await runScenario(scenario(), options(agent, { cellular: false }))
    expect(trajectory.races).toEqual([
      { messageIndex: 3, tools: ['set_cellular_service_status', 'send_message_with_phone_number'], ordersTried: 2, distinctOutcomes: 2, keptOrder: [1, 0] },
    ])
    // The worst order is kept: the send ran first and failed, then cellular came on.
    expect(trajectory.messages.slice(4, 6).map((message) => message.toolResult?.tool)).toEqual(['send_message_with_phone_number', 'set_cellular_service_status'])
    expect(trajectory.messages[4]?.content).toBe('ConnectionError: cellular service is off')
    const final = trajectory.snapshots.at(-1)
    expect(final?.tables.settings?.[0]?.cellular).toBe(true)
    expect(final?.tables.messages).toEqual([])
  })

  test("with ToolSandbox's rule a batch keeps the first order in which a call fails, where toolcheck keeps the one with the most failures", async () => {
    const lowBatteryOn: AgentReply = { toolCalls: [{ name: 'set_low_battery_mode_status', arguments: { on: true } }] }
    // Starting with cellular off: [send, cellular on, low battery on] fails once as listed (the
    // send); [send, low battery on, cellular on] fails twice (the send, then cellular is refused).
    const batch = { toolCalls: [...(send().toolCalls ?? []), ...(cellularOn.toolCalls ?? []), ...(lowBatteryOn.toolCalls ?? [])] }
    const play = (rule?: 'toolsandbox') => runScenario(scenario(), options(scriptedAgent([batch, { content: 'Done.' }]), { cellular: false }, rule === undefined ? {} : { parallelCalls: rule }))
    const worst = await play()
    expect(worst.races[0]).toMatchObject({ ordersTried: 6, keptOrder: [0, 2, 1] })
    const toolSandbox = await play('toolsandbox')
    // ToolSandbox stops at the first permutation with a failure: the agent's own order here.
    expect(toolSandbox.races).toEqual([])
    expect(toolSandbox.traces.map((trace) => [trace.tool, trace.error?.kind ?? 'ok'])).toEqual([
      ['send_message_with_phone_number', 'ConnectionError'],
      ['set_cellular_service_status', 'ok'],
      ['set_low_battery_mode_status', 'ok'],
    ])
    expect(toolSandbox.snapshots.at(-1)?.tables.settings?.[0]).toMatchObject({ cellular: false, low_battery_mode: true })
  })

  test("with ToolSandbox's rule five calls that all succeed try all 120 orders and keep the agent's; a failure in a later order is kept", async () => {
    const sends = ['a', 'b', 'c', 'd', 'e'].flatMap((content) => send(content).toolCalls ?? [])
    const fine = await runScenario(scenario(), options(scriptedAgent([{ toolCalls: sends }, { content: 'Done.' }]), {}, { parallelCalls: 'toolsandbox' }))
    expect(fine.races).toEqual([])
    expect(fine.traces.map((trace) => (trace.arguments as { content: string }).content)).toEqual(['a', 'b', 'c', 'd', 'e'])
    const calls = [...(cellularOn.toolCalls ?? []), ...['a', 'b', 'c', 'd'].flatMap((content) => send(content).toolCalls ?? [])]
    const raced = await runScenario(scenario(), options(scriptedAgent([{ toolCalls: calls }, { content: 'Done.' }]), { cellular: false }, { parallelCalls: 'toolsandbox' }))
    // Permutations starting with cellular on (24 of them) all succeed; the 25th, [1, 0, 2, 3, 4], fails once.
    expect(raced.races[0]).toMatchObject({ ordersTried: 25, keptOrder: [1, 0, 2, 3, 4] })
  })

  test('independent parallel calls are not a race and keep the agent order', async () => {
    const agent = scriptedAgent([{ toolCalls: [...(send('one').toolCalls ?? []), ...(send('two').toolCalls ?? [])] }, { content: 'Done.' }])
    const trajectory = await runScenario(scenario(), options(agent))
    expect(trajectory.races).toEqual([])
    expect(trajectory.traces.map((trace) => (trace.arguments as { content: string }).content)).toEqual(['one', 'two'])
    expect(trajectory.snapshots.at(-1)?.tables.messages).toHaveLength(2)
  })

  test('five parallel calls try a sample of 24 orders', async () => {
    const calls = ['a', 'b', 'c', 'd'].flatMap((content) => send(content).toolCalls ?? [])
    const agent = scriptedAgent([{ toolCalls: [...calls, ...(cellularOn.toolCalls ?? [])] }, { content: 'Done.' }])
    const trajectory = await runScenario(scenario(), options(agent, { cellular: false }))
    expect(trajectory.races).toHaveLength(1)
    expect(trajectory.races[0]?.ordersTried).toBe(24)
    // The worst order runs cellular last, so all four sends fail.
    expect(trajectory.races[0]?.keptOrder.at(-1)).toBe(4)
    expect(trajectory.traces.filter((trace) => trace.error !== undefined)).toHaveLength(4)
  })

  test('a made-up tool and malformed arguments get clear errors and the run goes on', async () => {
    const agent = scriptedAgent([
      { toolCalls: [{ name: 'send_msg', arguments: {} }] },
      { toolCalls: [{ name: 'send_message_with_phone_number', arguments: '{"phone_number": "+1", "content": ' }] },
      { toolCalls: [{ name: 'set_cellular_service_status', arguments: { on: 'definitely' } }] },
      send(),
      { content: 'Sent.' },
    ])
    const trajectory = await runScenario(scenario(), options(agent))
    expect(trajectory.status).toBe('completed')
    const results = trajectory.messages.filter((message) => message.sender === 'environment' && message.recipient === 'agent').map((message) => message.content)
    expect(results[0]).toBe('UnknownToolError: there is no tool named `send_msg`; did you mean `send_message_with_phone_number`?')
    expect(results[1]).toMatch(/^ArgumentError: the arguments are not valid JSON/)
    expect(results[2]).toBe('ArgumentError: argument `on` should be a boolean, but got the string "definitely"')
    expect(trajectory.traces[1]?.arguments).toBe('{"phone_number": "+1", "content": ')
    expect(trajectory.snapshots.at(-1)?.tables.messages).toHaveLength(1)
  })

  test('the message budget ends a run that never stops with max-turns', async () => {
    const agent = functionAgent(() => [{ name: 'get_cellular_service_status', arguments: {} }])
    const trajectory = await runScenario(scenario(), options(agent, {}, { maxTurns: 10 }))
    expect(trajectory.status).toBe('max-turns')
    expect(trajectory.messages.length - 1 - trajectory.firstUserMessageIndex).toBe(10)
    expect(trajectory.turns).toBe(10)
    expect(trajectory.snapshots).toHaveLength(1)
  })

  test('parallel calls count one turn per call and use one message of the budget per call, as in ToolSandbox', async () => {
    const statuses = { toolCalls: ['get_cellular_service_status', 'get_cellular_service_status', 'get_cellular_service_status'].map((name) => ({ name, arguments: {} })) }
    const finished = await runScenario(scenario(), options(scriptedAgent([statuses, { content: 'All on.' }])))
    expect(finished.status).toBe('completed')
    // ToolSandbox rows after the first user message: 3 calls, 3 results, the reply (the end call does not count)
    expect(finished.turns).toBe(7)
    // A budget of 7 is spent by one three-call message and its results (6) and the reply (7); the user never answers.
    const cut = await runScenario(scenario(), options(scriptedAgent([statuses, { content: 'All on.' }, { content: 'More?' }]), {}, { maxTurns: 7 }))
    expect(cut.status).toBe('max-turns')
    expect(cut.messages.map((message) => `${message.sender}>${message.recipient}`).slice(3)).toEqual(['agent>environment', 'environment>agent', 'environment>agent', 'environment>agent', 'agent>user'])
  })

  test('an agent that throws InfrastructureError ends the run with status error', async () => {
    const agent = scriptedAgent(() => {
      throw new InfrastructureError('rate-limit', 'too many requests after 3 retries')
    })
    const trajectory = await runScenario(scenario(), options(agent))
    expect(trajectory.status).toBe('error')
    expect(trajectory.error).toEqual({ culprit: 'infrastructure', kind: 'rate-limit', message: 'too many requests after 3 retries', role: 'agent' })
    expect(trajectory.messages).toHaveLength(3)
  })

  test("any other exception from the user is an internal error of the infrastructure, naming the role", async () => {
    const user = { name: 'broken', respond: async () => Promise.reject(new Error('user simulator crashed')) }
    const trajectory = await runScenario(scenario(), options(scriptedAgent([{ content: 'Hi' }]), {}, { user }))
    expect(trajectory.status).toBe('error')
    expect(trajectory.error).toEqual({ culprit: 'infrastructure', kind: 'internal', message: 'user simulator crashed', role: 'user' })
  })

  test('an aborted signal stops the run', async () => {
    const controller = new AbortController()
    controller.abort()
    const trajectory = await runScenario(scenario(), options(scriptedAgent([{ content: 'Hi' }]), {}, { signal: controller.signal }))
    expect(trajectory.status).toBe('error')
    expect(trajectory.error?.kind).toBe('aborted')
  })

  test('an empty reply is an empty message to the user; missing call ids are derived', async () => {
    const agent = scriptedAgent([{}, { toolCalls: [{ name: 'get_cellular_service_status', arguments: {} }] }, { content: 'ok' }])
    const trajectory = await runScenario(scenario(), options(agent, {}, { user: scriptedUser(['hello?']) }))
    expect(trajectory.messages[3]).toMatchObject({ sender: 'agent', recipient: 'user', content: '' })
    expect(trajectory.messages[5]?.toolCalls?.[0]?.id).toBe('call-5-0')
    expect(trajectory.traces[0]?.callId).toBe('call-5-0')
  })

  test('a call id the agent repeats is made unique', async () => {
    const repeated = { toolCalls: [{ id: 'same', name: 'get_cellular_service_status', arguments: {} }, { id: 'same', name: 'get_cellular_service_status', arguments: {} }] }
    const trajectory = await runScenario(scenario(), options(scriptedAgent([repeated, { toolCalls: [{ id: 'same', name: 'get_cellular_service_status', arguments: {} }] }, { content: 'ok' }])))
    expect(trajectory.traces.map((trace) => trace.callId)).toEqual(['same', 'call-3-1', 'call-6-0'])
  })

  test('usage from replies is summed', async () => {
    const usage = { calls: 1, promptTokens: 10, completionTokens: 2, latencyMs: 5, cachedCalls: 0 }
    const trajectory = await runScenario(scenario(), options(scriptedAgent([{ content: 'Hi', usage }]), {}, { user: { name: 'u', respond: async () => ({ kind: 'end', usage }) } }))
    expect(trajectory.usage).toEqual({ calls: 2, promptTokens: 20, completionTokens: 4, latencyMs: 10, cachedCalls: 0 })
  })

  test('the same run twice gives the same trajectory', async () => {
    const play = () => runScenario(scenario(), options(scriptedAgent([send(), cellularOn, send(), { content: 'Sent.' }]), { cellular: false }))
    expect(JSON.stringify(await play())).toBe(JSON.stringify(await play()))
  })

  test('views: the agent never sees the user instructions, the user never sees tool traffic', async () => {
    const seen: { agent: string[]; user: string[] } = { agent: [], user: [] }
    const agent = scriptedAgent((view) => {
      seen.agent = view.messages.map((message) => `${message.sender}>${message.recipient}`)
      return view.messages.some((message) => message.sender === 'environment') ? { content: 'Done' } : cellularOn
    })
    const user = { name: 'spy', respond: async (view: { messages: readonly { sender: string; recipient: string }[] }) => ((seen.user = view.messages.map((message) => `${message.sender}>${message.recipient}`)), { kind: 'end' as const }) }
    await runScenario(scenario(), options(agent, { cellular: false }, { user }))
    expect(seen.agent).toEqual(['system>agent', 'user>agent', 'agent>environment', 'environment>agent'])
    expect(seen.user).toEqual(['system>user', 'user>agent', 'agent>user'])
  })
})

describe('reference roles', () => {
  const withLookup = scenario({
    id: 'lookup-then-send',
    reference: [
      { agent: 'call', calls: [{ tool: 'search_contacts', arguments: { name: 'Fredrik' } }] },
      { agent: 'say', content: 'Fredrik has +12453344098. What should the message say?' },
      { user: 'say', content: 'On my way' },
      { agent: 'call', calls: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: { $ref: { step: 0, path: '0.phone_number' } }, content: 'On my way' } }] },
      { agent: 'say', content: 'Sent.' },
      { user: 'end' },
    ],
  })

  test('the reference agent and user play the reference solution, resolving $ref from results', async () => {
    const trajectory = await runScenario(withLookup, { agent: referenceAgent(), registry: fixtureRegistry, startingWorld: fixtureWorld() })
    expect(trajectory.status).toBe('completed')
    expect(trajectory.traces.map((trace) => trace.error ?? trace.tool)).toEqual(['search_contacts', 'send_message_with_phone_number'])
    expect(trajectory.traces[1]?.arguments).toEqual({ phone_number: FREDRIK, content: 'On my way' })
    expect(trajectory.messages.filter((message) => message.sender === 'user' && message.recipient === 'agent').map((message) => message.content)).toEqual(['Text Fredrik that I am on my way.', 'On my way'])
  })

  test('the reference agent follows scrambled tool and argument names', async () => {
    const tools = ['search_contacts', 'send_message_with_phone_number'].map((name, index) => {
      const spec = presentTool(fixtureRegistry.getOrThrow(name))
      return index === 1 ? { ...spec, name: 'tool_b', argumentNames: { number: 'phone_number', text: 'content' } } : { ...spec, name: 'tool_a' }
    })
    const trajectory = await runScenario(withLookup, { agent: referenceAgent(), registry: fixtureRegistry, startingWorld: fixtureWorld(), presentation: { label: 'scrambled', tools, firstMessage: 'Text Fredrik.' } })
    expect(trajectory.status).toBe('completed')
    expect(trajectory.augmentation).toBe('scrambled')
    expect(trajectory.messages[7]?.toolCalls?.[0]).toMatchObject({ name: 'tool_b', arguments: { number: FREDRIK, text: 'On my way' } })
    expect(trajectory.traces[1]).toMatchObject({ tool: 'send_message_with_phone_number', arguments: { phone_number: FREDRIK } })
    expect(trajectory.traces.every((trace) => trace.error === undefined)).toBe(true)
  })
})
