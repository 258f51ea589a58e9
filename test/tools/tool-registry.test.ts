import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { createRegistry, defineTool, ToolLookupError, ToolRegistryError } from '../../src/tools/index.ts'
import { fixtureTools, getCellular, sendMessage } from './fixture-tools.ts'

describe('createRegistry', () => {
  test('looks tools up by name and keeps registration order', () => {
    const registry = createRegistry(fixtureTools)
    expect(registry.get('send_message_with_phone_number')).toBe(sendMessage)
    expect(registry.has('get_cellular_service_status')).toBe(true)
    expect(registry.has('toString')).toBe(false)
    expect(registry.get('constructor')).toBeUndefined()
    expect(registry.names()).toEqual(fixtureTools.map((tool) => tool.name))
    expect(registry.list()).toEqual(fixtureTools)
  })

  test('rejects two tools with one name', () => {
    expect(() => createRegistry([getCellular, getCellular])).toThrow(ToolRegistryError)
    expect(() => createRegistry([getCellular, getCellular])).toThrow(/two tools are named `get_cellular_service_status`/)
  })

  test('rejects arguments without a description, naming them', () => {
    const bare = defineTool({ name: 'bare', group: 'test', description: 'x', args: z.object({ a: z.string(), b: z.number().describe('b') }), returns: 'x', action: false, execute: () => null })
    expect(() => createRegistry([bare])).toThrow(/`bare` has arguments without a description: a;/)
  })

  test('getOrThrow suggests the closest registered names', () => {
    const registry = createRegistry(fixtureTools)
    expect(() => registry.getOrThrow('send_msg')).toThrow(ToolLookupError)
    expect(() => registry.getOrThrow('send_msg')).toThrow(/did you mean `send_message_with_phone_number`/)
  })
})
