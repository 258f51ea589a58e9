import { describe, expect, test } from 'vitest'
import { deviceDomain, deviceTools } from '../../scenarios/toolsandbox/domain/index.ts'
import { referenceAgent, scriptedAgent, scriptedUser } from '../../src/roles/index.ts'
import type { AgentReply } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import type { ScenarioInput } from '../../src/scenario/index.ts'

/** ToolSandbox's signature cases, played on the built-in device tools and default world. */
const PRIYA = '+14155550178'
const send: AgentReply = { toolCalls: [{ name: 'send_message_with_phone_number', arguments: { phone_number: PRIYA, content: 'Running late' } }] }
const cellularOn: AgentReply = { toolCalls: [{ name: 'set_cellular_service_status', arguments: { on: true } }] }
const lowBatteryOff: AgentReply = { toolCalls: [{ name: 'set_low_battery_mode_status', arguments: { on: false } }] }

function scenario(settings: Record<string, boolean>, extra: Partial<ScenarioInput> = {}) {
  return defineScenario({
    id: 'text-priya',
    categories: ['STATE_DEPENDENCY'],
    world: { settings },
    user: { goal: 'Tell Priya you are running late.', knowledge: "You do not know Priya's number." },
    firstMessage: "Text Priya that I'm running late.",
    tools: { allow: ['search_contacts', 'send_message_with_phone_number', 'set_cellular_service_status', 'get_cellular_service_status', 'set_low_battery_mode_status'] },
    reference: [
      { agent: 'call', calls: [{ tool: 'search_contacts', arguments: { name: 'Priya' } }] },
      { agent: 'call', calls: [{ tool: 'set_cellular_service_status', arguments: { on: true } }] },
      { agent: 'call', calls: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: { $ref: { step: 0, path: '0.phone_number' } }, content: 'Running late' } }] },
      { agent: 'say', content: 'Done, Priya knows you are running late.' },
      { user: 'end' },
    ],
    ...extra,
  })
}

const sentTo = (trajectory: Awaited<ReturnType<typeof runScenario>>) =>
  (trajectory.snapshots.at(-1)?.tables.messages ?? []).filter((row) => row.recipient_phone_number === PRIYA && row.content === 'Running late')

describe('runScenario on the device world', () => {
  test('cellular off: the send fails, cellular comes on, the retry lands in the world', async () => {
    const trajectory = await runScenario(scenario({ cellular: false }), { agent: scriptedAgent([send, cellularOn, send, { content: 'Sent.' }]), user: scriptedUser([{ end: true }]) })
    expect(trajectory.status).toBe('completed')
    expect(trajectory.traces.map((trace) => trace.error?.kind ?? 'ok')).toEqual(['ConnectionError', 'ok', 'ok'])
    expect(trajectory.messages[4]?.content).toMatch(/^ConnectionError: the cellular service is off/)
    expect(sentTo(trajectory)).toHaveLength(1)
  })

  test('low battery mode: enabling cellular is refused until low battery mode is off', async () => {
    const agent = scriptedAgent([send, cellularOn, lowBatteryOff, cellularOn, send, { content: 'Sent.' }])
    const trajectory = await runScenario(scenario({ low_battery_mode: true, cellular: false, wifi: false, location_service: false }), { agent, user: scriptedUser([{ end: true }]) })
    expect(trajectory.traces.map((trace) => trace.error?.kind ?? 'ok')).toEqual(['ConnectionError', 'PermissionError', 'ok', 'ok', 'ok'])
    expect(sentTo(trajectory)).toHaveLength(1)
  })

  test('enabling cellular and sending in one message is a race that the send loses', async () => {
    const agent = scriptedAgent([{ toolCalls: [...(cellularOn.toolCalls ?? []), ...(send.toolCalls ?? [])] }, { content: 'Sent.' }])
    const trajectory = await runScenario(scenario({ cellular: false }), { agent, user: scriptedUser([{ end: true }]) })
    expect(trajectory.races).toHaveLength(1)
    expect(trajectory.races[0]).toMatchObject({ tools: ['set_cellular_service_status', 'send_message_with_phone_number'], keptOrder: [1, 0] })
    expect(trajectory.traces[0]?.error?.kind).toBe('ConnectionError')
    expect(sentTo(trajectory)).toHaveLength(0)
    expect(trajectory.snapshots.at(-1)?.tables.settings?.[0]?.cellular).toBe(true)
  })

  test('the reference agent and user complete the reference solution with the default registry and world', async () => {
    const trajectory = await runScenario(scenario({ cellular: false }), { agent: referenceAgent() })
    expect(trajectory.status).toBe('completed')
    expect(trajectory.traces.every((trace) => trace.error === undefined)).toBe(true)
    expect(sentTo(trajectory)).toHaveLength(1)
    // The user's end call runs the real end_conversation tool.
    expect(trajectory.messages.at(-1)).toMatchObject({ sender: 'environment', recipient: 'user', ended: true })
    expect(trajectory.messages.at(-1)?.toolResult?.error).toBeUndefined()
  })

  test("end_conversation is the user's only tool, added by the domain to its registry", () => {
    expect(deviceTools.filter((tool) => tool.audience?.includes('user') === true)).toEqual([])
    const forUser = deviceDomain.registry.list().filter((tool) => tool.audience?.includes('user') === true).map((tool) => tool.name)
    expect(forUser).toEqual(['end_conversation'])
  })
})
