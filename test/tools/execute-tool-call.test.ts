import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { executeToolCall, presentTool, requireSetting, seededIds, ToolError } from '../../src/tools/index.ts'
import type { ExecutionRequest } from '../../src/tools/index.ts'
import { WorldDraft } from '../../src/world/index.ts'
import type { JsonValue } from '../../src/world/index.ts'
import { buildWorld } from '../../src/domain/index.ts'
import type { CallTamper } from '../../src/tools/call-tamper.ts'
import { shopDomain } from '../run/shop-domain.ts'
import { fixtureRegistry, fixtureWorld } from './fixture-tools.ts'

const clock = { now: 1_778_778_000, timeZone: 'America/Los_Angeles' }
const agentSpecs = fixtureRegistry
  .list()
  .filter((tool) => (tool.audience ?? ['agent']).includes('agent'))
  .map((tool) => presentTool(tool))

function request(name: string, args: JsonValue, overrides: Partial<ExecutionRequest> = {}): ExecutionRequest {
  return { call: { id: 'call-1', name, arguments: args }, specs: agentSpecs, registry: fixtureRegistry, world: fixtureWorld(), clock, ids: seededIds(0), audience: 'agent', ...overrides }
}

describe('executeToolCall', () => {
  test('a successful action returns its result and a new world', async () => {
    const world = fixtureWorld()
    const outcome = await executeToolCall(request('send_message_with_phone_number', '{"phone_number": "+12453344098", "content": "hi"}', { world }))
    expect(outcome.trace.error).toBeUndefined()
    expect(outcome.trace).toMatchObject({ callId: 'call-1', tool: 'send_message_with_phone_number', arguments: { phone_number: '+12453344098', content: 'hi' } })
    expect(outcome.world).not.toBe(world)
    expect(outcome.world.tables.messages).toHaveLength(1)
    expect(outcome.world.tables.contacts).toBe(world.tables.contacts)
    expect(outcome.content).toBe(JSON.stringify(outcome.trace.result))
  })

  test('a read leaves the very same world', async () => {
    const world = fixtureWorld()
    const outcome = await executeToolCall(request('get_cellular_service_status', {}, { world }))
    expect(outcome.world).toBe(world)
    expect(outcome.trace.result).toBe(true)
  })

  test('an unmet requirement gives its error and changes nothing', async () => {
    const world = fixtureWorld({ cellular: false })
    const outcome = await executeToolCall(request('send_message_with_phone_number', { phone_number: '+1', content: 'x' }, { world }))
    expect(outcome.content).toBe('ConnectionError: cellular service is off')
    expect(outcome.trace.error).toEqual({ kind: 'ConnectionError', message: 'cellular service is off' })
    expect(outcome.world).toBe(world)
  })

  test('a made-up tool name gets the closest offered names', async () => {
    const outcome = await executeToolCall(request('send_msg', {}))
    expect(outcome.content).toBe('UnknownToolError: there is no tool named `send_msg`; did you mean `send_message_with_phone_number`?')
    expect(outcome.trace.tool).toBe('send_msg')
  })

  test('a registered tool that was not offered is unknown to this caller', async () => {
    const offered = agentSpecs.filter((spec) => spec.name !== 'search_contacts')
    const outcome = await executeToolCall(request('search_contacts', { name: 'x' }, { specs: offered }))
    expect(outcome.trace.error?.kind).toBe('UnknownToolError')
    const userOnly = await executeToolCall(request('end_conversation', {}, { specs: [presentTool(fixtureRegistry.getOrThrow('end_conversation'))] }))
    expect(userOnly.trace.error?.kind).toBe('UnknownToolError')
    const asUser = await executeToolCall(request('end_conversation', {}, { specs: [presentTool(fixtureRegistry.getOrThrow('end_conversation'))], audience: 'user' }))
    expect(asUser.trace.error).toBeUndefined()
  })

  test('a scrambled name runs the real tool and traces the real name', async () => {
    const spec = { ...presentTool(fixtureRegistry.getOrThrow('set_cellular_service_status')), name: 'tool_7', argumentNames: { flag: 'on' } }
    const outcome = await executeToolCall(request('tool_7', { flag: false }, { specs: [spec] }))
    expect(outcome.trace).toMatchObject({ tool: 'set_cellular_service_status', arguments: { on: false }, result: null })
    expect(outcome.world.tables.settings?.[0]?.cellular).toBe(false)
  })

  test('arguments renamed to __proto__ and constructor still reach the tool', async () => {
    const names = JSON.parse('{"__proto__": "phone_number", "constructor": "content"}') as Record<string, string>
    const spec = { ...presentTool(fixtureRegistry.getOrThrow('send_message_with_phone_number')), argumentNames: names }
    const outcome = await executeToolCall(request('send_message_with_phone_number', '{"__proto__": "+1", "constructor": "hi"}', { specs: [spec] }))
    expect(outcome.trace).toMatchObject({ arguments: { phone_number: '+1', content: 'hi' } })
    expect(outcome.trace.error).toBeUndefined()
  })

  test("a plain exception is the tool's fault: its writes are dropped, the caller reads a RuntimeError, and the fault names the tool, arguments and stack", async () => {
    const world = fixtureWorld()
    const outcome = await executeToolCall(request('broken_tool', {}, { world }))
    expect(outcome.content).toBe('RuntimeError: the tool broken_tool failed: threw TypeError: something inside broke')
    expect(outcome.world).toBe(world)
    expect(outcome.fault).toMatchObject({ kind: 'tool-threw', tool: 'broken_tool', arguments: {}, message: 'threw TypeError: something inside broke' })
    expect(outcome.fault?.stack).toMatch(/^TypeError: something inside broke\n {4}at .*fixture-tools\.ts:\d+:\d+/)
  })

  test("a result that is not JSON is the tool's fault", async () => {
    const outcome = await executeToolCall(request('date_tool', {}))
    expect(outcome.fault).toMatchObject({ kind: 'invalid-result', tool: 'date_tool' })
    expect(outcome.fault?.message).toMatch(/^returned a value that is not JSON: \$ is a Date/)
  })

  test('a ToolError from the tool keeps its kind', async () => {
    const outcome = await executeToolCall(request('set_cellular_service_status', { on: true }))
    expect(outcome.content).toBe('ValueError: cellular service is already on')
  })

  test('requireSetting throws the requirement error when the setting is off', () => {
    const draft = new WorldDraft(fixtureWorld({ wifi: false }))
    const requirement = { setting: 'wifi', kind: 'ConnectionError', message: 'wifi is off' }
    expect(() => requireSetting({ world: draft }, requirement)).toThrow(ToolError)
    expect(() => requireSetting({ world: new WorldDraft(fixtureWorld()) }, requirement)).not.toThrow()
  })

  test('property: arbitrary names and arguments never throw, and a rejected call never changes the world', async () => {
    const names = fc.oneof(fc.constantFrom(...fixtureRegistry.names(), '__proto__', 'constructor', 'toString'), fc.string(), fc.string({ minLength: 5000, maxLength: 20000 }))
    const awkwardKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'on', 'phone_number', 'content', 'name', 'limit', 'when', 'relationship')
    const values = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ minLength: 10_000, maxLength: 100_000 }), fc.constant(null))
    const objects = fc.dictionary(fc.oneof(awkwardKeys, fc.string()), values, { maxKeys: 5 })
    const raws = fc.oneof(objects, objects.map((value) => JSON.stringify(value)), fc.string(), fc.jsonValue({ maxDepth: 1 }))
    const worlds = fc.record({ cellular: fc.boolean(), low_battery_mode: fc.boolean() })
    // Some runs see the tools with types hidden and arguments renamed, as augmentations show them.
    const presentations = fc.record({ typesHidden: fc.boolean(), renamed: fc.boolean() })
    await fc.assert(
      fc.asyncProperty(names, raws, worlds, presentations, async (name, raw, settings, presentation) => {
        const world = fixtureWorld(settings)
        const before = JSON.stringify(world)
        const specs = agentSpecs.map((spec) => ({
          ...spec,
          ...(presentation.typesHidden ? { typesHidden: true } : {}),
          ...(presentation.renamed ? { argumentNames: JSON.parse('{"constructor": "on", "__proto__": "content", "arg_0": "phone_number"}') as Record<string, string> } : {}),
        }))
        const outcome = await executeToolCall(request(name, raw as JsonValue, { world, specs }))
        expect(JSON.stringify(world)).toBe(before)
        if (outcome.trace.error !== undefined) {
          expect(outcome.world).toBe(world)
          expect(outcome.content.length).toBeLessThan(2000)
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      }),
      { numRuns: 300, seed: 42 },
    )
  })
})

describe("executeToolCall applies an augmentation's tamper where the tool runs", () => {
  const world = buildWorld(shopDomain, {}, clock)
  const shopSpecs = shopDomain.registry.list().map((tool) => presentTool(tool))
  const shopCall = (name: string, args: JsonValue, tamper: CallTamper): ExecutionRequest => ({
    call: { id: 'call-1', name, arguments: args },
    specs: shopSpecs,
    registry: shopDomain.registry,
    world,
    clock,
    ids: seededIds(0),
    audience: 'agent',
    tables: world.info,
    tamper,
  })

  test('an injected fault answers before the tool runs: an ordinary tool error, even for a tool with a bug, and no fault', async () => {
    const outcome = await executeToolCall(shopCall('count_stock', { item_id: 'i-1' }, { error: new ToolError('TimeoutError', 'the stock service timed out'), note: 'count_stock: timed out' }))
    expect(outcome.fault).toBeUndefined()
    expect(outcome.content).toBe('TimeoutError: the stock service timed out')
    expect(outcome.tampered).toBe('count_stock: timed out')
    expect(outcome.world).toBe(world)
  })

  test('a stale read runs the tool on the older world and leaves the world as it was; a bug there is still the domain’s', async () => {
    const stale = buildWorld(shopDomain, { replace: { items: [{ item_id: 'i-1', name: 'old kettle', tags: [] }] } }, clock)
    const listed = await executeToolCall(shopCall('list_items', {}, { world: stale, note: 'list_items: stale' }))
    expect((listed.trace.result as { name: string }[])[0]?.name).toBe('old kettle')
    const tagged = await executeToolCall(shopCall('tag_item', { item_id: 'i-1', tag: 'sale' }, { world: stale, note: 'tag_item: stale' }))
    expect(tagged.trace.error).toBeUndefined()
    expect(tagged.world).toBe(world)
    const broken = await executeToolCall(shopCall('tag_item_in_place', { item_id: 'i-1', tag: 'sale' }, { world: stale, note: 'tag_item_in_place: stale' }))
    expect(broken.fault).toMatchObject({ kind: 'row-mutated', tool: 'tag_item_in_place' })
    expect(broken.world).toBe(world)
  })

  test('a changed answer replaces a good result only: a tool returning undefined is a fault, and the change is not made', async () => {
    let changed = 0
    const result = (value: JsonValue) => {
      changed++
      return { result: value, content: `${JSON.stringify(value)} (cut)` }
    }
    const listed = await executeToolCall(shopCall('list_items', {}, { result, note: 'list_items: truncated' }))
    expect(listed.content).toMatch(/ \(cut\)$/)
    const forgetful = await executeToolCall(shopCall('forgetful_lookup', { item_id: 'i-1' }, { result, note: 'forgetful_lookup: truncated' }))
    expect(forgetful.fault).toMatchObject({ kind: 'invalid-result', tool: 'forgetful_lookup' })
    expect(changed).toBe(1)
  })
})
