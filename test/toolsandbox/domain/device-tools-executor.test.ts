import { describe, expect, it } from 'vitest'
import { buildStartingWorld, deviceTools } from '../../../scenarios/toolsandbox/domain/index.ts'
import { createRegistry, executeToolCall, presentTool, seededIds, toolJsonSchema } from '../../../src/tools/index.ts'
import type { JsonValue, WorldSnapshot } from '../../../src/world/index.ts'
import { tableRows } from '../../../src/world/index.ts'
import { CLOCK } from './helpers.ts'

const registry = createRegistry(deviceTools)
const specs = deviceTools.map((tool) => presentTool(tool))

function run(world: WorldSnapshot, name: string, args: JsonValue) {
  return executeToolCall({ call: { id: 'c1', name, arguments: args }, specs, registry, world, clock: CLOCK, ids: seededIds('x'), audience: 'agent' })
}

describe('device tools through the executor', () => {
  it('every tool has a strict JSON schema', () => {
    for (const tool of deviceTools) expect(() => toolJsonSchema(tool, { strict: true }), tool.name).not.toThrow()
  })

  it('plays the cellular-off case: error, enable, retry', async () => {
    const start = buildStartingWorld({ settings: { cellular: false } }, CLOCK)
    const args = { phone_number: '+13105550191', content: 'Running late' }
    const refused = await run(start, 'send_message_with_phone_number', args)
    expect(refused.content).toMatch(/^ConnectionError: .*cellular/)
    expect(refused.world).toBe(start)
    const enabled = await run(start, 'set_cellular_service_status', { on: true })
    const sent = await run(enabled.world, 'send_message_with_phone_number', args)
    expect(tableRows(sent.world, 'messages').at(-1)?.['content']).toBe('Running late')
  })

  it('plays the nested low battery case', async () => {
    const start = buildStartingWorld({ settings: { low_battery_mode: true, cellular: false, wifi: false, location_service: false } }, CLOCK)
    expect((await run(start, 'set_cellular_service_status', { on: true })).content).toMatch(/^PermissionError: .*cellular.*low battery mode/)
    const saving = await run(start, 'set_low_battery_mode_status', { on: false })
    const enabled = await run(saving.world, 'set_cellular_service_status', { on: true })
    const sent = await run(enabled.world, 'send_message_with_phone_number', { phone_number: '+13105550191', content: 'Hi' })
    expect(sent.content).not.toMatch(/Error/)
  })

  it('reports wrong argument types without running the tool', async () => {
    const world = buildStartingWorld({}, CLOCK)
    const outcome = await run(world, 'set_wifi_status', { on: 'yes' })
    expect(outcome.content).toMatch(/^ArgumentError: .*on/)
    expect(outcome.world).toBe(world)
  })
})

describe('nullable arguments through the executor', () => {
  it('modify_reminder with latitude and longitude null drops the place, as its description says', async () => {
    const start = buildStartingWorld({}, CLOCK)
    const placed = tableRows(start, 'reminders').find((row) => row['latitude'] !== null)
    const id = String(placed?.['reminder_id'])
    const outcome = await run(start, 'modify_reminder', { reminder_id: id, latitude: null, longitude: null })
    expect(outcome.trace.error).toBeUndefined()
    expect(outcome.trace.arguments).toEqual({ reminder_id: id, latitude: null, longitude: null })
    const changed = tableRows(outcome.world, 'reminders').find((row) => row['reminder_id'] === id)
    expect(changed).toMatchObject({ latitude: null, longitude: null, content: placed?.['content'] })
  })
})
