import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { deviceTools } from '../../scenarios/toolsandbox/domain/index.ts'
import { createRegistry, defineTool, presentTool, StrictSchemaError, toolJsonSchema } from '../../src/tools/index.ts'
import type { JsonObject, JsonValue } from '../../src/world/index.ts'
import { addReminder, fixtureRegistry, searchContacts } from './fixture-tools.ts'

/** Every rule OpenAI's strict function calling sets, checked on every node of a schema. */
function strictViolations(node: JsonValue, path = '$'): string[] {
  if (typeof node !== 'object' || node === null) return []
  if (Array.isArray(node)) return node.flatMap((item, index) => strictViolations(item, `${path}[${index}]`))
  const problems: string[] = []
  if ('oneOf' in node) problems.push(`${path}: oneOf`)
  if ('default' in node) problems.push(`${path}: default`)
  if ('$schema' in node) problems.push(`${path}: $schema`)
  if (node.type === 'object' || 'properties' in node) {
    if (node.additionalProperties !== false) problems.push(`${path}: additionalProperties is not false`)
    const names = Object.keys((node.properties ?? {}) as JsonObject)
    const required = (node.required ?? []) as string[]
    for (const name of names) if (!required.includes(name)) problems.push(`${path}: ${name} not required`)
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties') for (const [name, child] of Object.entries(value as JsonObject)) problems.push(...strictViolations(child, `${path}.${name}`))
    else if (key !== 'enum' && key !== 'required') problems.push(...strictViolations(value, `${path}.${key}`))
  }
  return problems
}

describe('toolJsonSchema', () => {
  test.each([...fixtureRegistry.list(), ...createRegistry(deviceTools).list()].map((tool) => [`${tool.group}/${tool.name}`, tool] as const))('strict schema of %s follows every strict rule', (_name, tool) => {
    const schema = toolJsonSchema(tool, { strict: true })
    expect(strictViolations(schema)).toEqual([])
    for (const property of Object.values((schema.properties ?? {}) as JsonObject)) expect(typeof (property as JsonObject).description).toBe('string')
  })

  test('optional arguments become nullable in strict mode and stay optional otherwise', () => {
    const strict = toolJsonSchema(searchContacts, { strict: true }) as { properties: Record<string, JsonObject>; required: string[] }
    expect(strict.required).toEqual(['name', 'relationship', 'limit'])
    expect(strict.properties.name?.type).toEqual(['string', 'null'])
    expect(strict.properties.relationship?.enum).toEqual(['friend', 'boss', 'self', null])
    expect(strict.properties.limit?.description).toBe('the most contacts to return Default: 5.')
    const plain = toolJsonSchema(searchContacts, { strict: false }) as { properties: Record<string, JsonObject>; required?: string[] }
    expect(plain.required ?? []).toEqual([])
    expect(plain.properties.name?.type).toBe('string')
    expect(plain.properties.limit?.default).toBe(5)
    expect('$schema' in plain).toBe(false)
  })

  test('nested objects are closed and fully required in strict mode', () => {
    const strict = toolJsonSchema(addReminder, { strict: true }) as { properties: Record<string, JsonObject> }
    const when = strict.properties.when as JsonObject
    expect(when.additionalProperties).toBe(false)
    expect(when.required).toEqual(['timestamp', 'note'])
    expect((strict.properties.tags as JsonObject).type).toEqual(['array', 'null'])
  })

  test('discriminated unions use anyOf', () => {
    const tool = defineTool({
      name: 'pick',
      group: 'test',
      description: 'x',
      args: z.object({ shape: z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), size: z.number().describe('s') }), z.object({ kind: z.literal('b') })]).describe('a shape') }),
      returns: 'x',
      action: false,
      execute: () => null,
    })
    const schema = toolJsonSchema(tool, { strict: true })
    expect(JSON.stringify(schema)).toContain('anyOf')
    expect(strictViolations(schema)).toEqual([])
  })

  test('a record argument cannot be strict and says which argument', () => {
    const tool = defineTool({ name: 'tagger', group: 'test', description: 'x', args: z.object({ labels: z.record(z.string(), z.string()).describe('labels') }), returns: 'x', action: false, execute: () => null })
    expect(() => toolJsonSchema(tool, { strict: true })).toThrow(StrictSchemaError)
    expect(() => toolJsonSchema(tool, { strict: true })).toThrow(/argument labels is a record/)
    expect(toolJsonSchema(tool, { strict: false }).type).toBe('object')
  })

  test('an argument named like a schema keyword is still an argument', () => {
    const tool = defineTool({ name: 'odd', group: 'test', description: 'x', args: z.object({ type: z.string().describe('t'), description: z.string().optional().describe('d') }), returns: 'x', action: false, execute: () => null })
    const schema = toolJsonSchema(tool, { strict: true }) as { properties: Record<string, JsonObject>; required: string[] }
    expect(schema.required).toEqual(['type', 'description'])
    expect(schema.properties.description?.type).toEqual(['string', 'null'])
  })
})

describe('presentTool', () => {
  test('shows the real name, the description with what it returns, and the schema', () => {
    const spec = presentTool(searchContacts)
    expect(spec.name).toBe('search_contacts')
    expect(spec.tool).toBe('search_contacts')
    expect(spec.description).toBe('Finds contacts by name or relationship. Returns: the matching contacts')
    expect(spec.parameters).toBe(toolJsonSchema(searchContacts))
    expect(presentTool(searchContacts, { strict: true }).parameters).toBe(toolJsonSchema(searchContacts, { strict: true }))
  })
})
