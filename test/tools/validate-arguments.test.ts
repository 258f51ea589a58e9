import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { defineTool, presentTool, validateArguments } from '../../src/tools/index.ts'
import type { ToolSpec } from '../../src/tools/index.ts'
import { addReminder, searchContacts, sendMessage, setCellular } from './fixture-tools.ts'

function errorOf(result: ReturnType<typeof validateArguments>): string {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.arguments)}`)
  return result.error.toAgentText()
}

describe('validateArguments', () => {
  const cellular = presentTool(setCellular)
  const send = presentTool(sendMessage)
  const search = presentTool(searchContacts)

  test('accepts a JSON text or an object', () => {
    expect(validateArguments(setCellular, cellular, '{"on": true}')).toMatchObject({ ok: true, arguments: { on: true } })
    expect(validateArguments(setCellular, cellular, { on: false })).toMatchObject({ ok: true, arguments: { on: false } })
  })

  test('invalid JSON names the problem', () => {
    expect(errorOf(validateArguments(setCellular, cellular, '{"on": tru'))).toMatch(/^ArgumentError: the arguments are not valid JSON \(.+\)/)
  })

  test('a non-object is rejected with what was received', () => {
    expect(errorOf(validateArguments(setCellular, cellular, '[1, 2]'))).toContain('must be a JSON object of argument names and values, but got an array of 2 items')
    expect(errorOf(validateArguments(setCellular, cellular, 42))).toContain('but got the number 42')
  })

  test('an unknown argument is named with the accepted ones', () => {
    expect(errorOf(validateArguments(setCellular, cellular, { enabled: true }))).toBe('ArgumentError: unknown argument `enabled` for `set_cellular_service_status`; it accepts `on`')
  })

  test('a wrong type names the argument, the expected type and what came', () => {
    expect(errorOf(validateArguments(setCellular, cellular, { on: 'yes' }))).toBe('ArgumentError: argument `on` should be a boolean, but got the string "yes"')
    expect(errorOf(validateArguments(searchContacts, search, { relationship: 'cousin' }))).toBe('ArgumentError: argument `relationship` should be one of "friend", "boss", "self", but got the string "cousin"')
  })

  test('a missing required argument is named', () => {
    expect(errorOf(validateArguments(sendMessage, send, { content: 'hi' }))).toBe('ArgumentError: missing required argument `phone_number` (a string)')
  })

  test('null means "left out" for optional arguments, defaults apply', () => {
    expect(validateArguments(searchContacts, search, { name: 'Fred', relationship: null, limit: null })).toMatchObject({ ok: true, arguments: { name: 'Fred', limit: 5 } })
    expect(errorOf(validateArguments(sendMessage, send, { phone_number: null, content: 'x' }))).toContain('argument `phone_number` should be a string, but got null')
  })

  test('null for an optional argument that accepts null is kept as a value, not dropped', () => {
    const placeTool = defineTool({
      name: 'move_pin',
      group: 'test',
      description: 'Moves or clears a pin.',
      args: z.object({ id: z.string().describe('the pin'), latitude: z.number().nullable().optional().describe('new latitude, or null to clear') }),
      returns: 'null',
      action: true,
      execute: () => null,
    })
    expect(validateArguments(placeTool, presentTool(placeTool), { id: 'a', latitude: null })).toMatchObject({ ok: true, arguments: { id: 'a', latitude: null }, parsed: { id: 'a', latitude: null } })
    expect(validateArguments(placeTool, presentTool(placeTool), { id: 'a' })).toMatchObject({ ok: true, arguments: { id: 'a' } })
  })

  test('numbers: an integer is accepted for a number, a boolean is not read as a number (a deliberate departure from ToolSandbox)', () => {
    const shift = defineTool({
      name: 'shift',
      group: 'test',
      description: 'Shifts.',
      args: z.object({ timestamp: z.number().describe('instant'), days: z.number().int().optional().describe('days') }),
      returns: 'a number',
      action: false,
      execute: () => 0,
    })
    const spec = presentTool(shift)
    expect(validateArguments(shift, spec, { timestamp: 1_800_000_000, days: 2 })).toMatchObject({ ok: true })
    expect(errorOf(validateArguments(shift, spec, { timestamp: true }))).toBe('ArgumentError: argument `timestamp` should be a number, but got the boolean true')
    expect(errorOf(validateArguments(shift, spec, { timestamp: 1, days: 1.5 }))).toBe('ArgumentError: argument `days` should be an integer, but got the number 1.5')
  })

  test('a value out of range is described in our words, naming the argument, the bound and the value', () => {
    const bounded = defineTool({
      name: 'bounded',
      group: 'test',
      description: 'Bounded arguments.',
      args: z.object({
        days: z.number().int().optional().describe('days'),
        rating: z.number().min(0).max(5).optional().describe('stars'),
        code: z.string().min(3).optional().describe('a code'),
        tags: z.array(z.string()).max(1).optional().describe('tags'),
      }),
      returns: 'null',
      action: false,
      execute: () => null,
    })
    const spec = presentTool(bounded)
    expect(errorOf(validateArguments(bounded, spec, { days: 1e300 }))).toBe('ArgumentError: argument `days` should be an integer of at most 9007199254740991, but got the number 1e+300')
    expect(errorOf(validateArguments(bounded, spec, { rating: -1 }))).toBe('ArgumentError: argument `rating` should be a number of at least 0, but got the number -1')
    expect(errorOf(validateArguments(bounded, spec, { code: 'ab' }))).toBe('ArgumentError: argument `code` should be a string of at least 3 characters, but got the string "ab"')
    expect(errorOf(validateArguments(bounded, spec, { tags: ['a', 'b'] }))).toBe('ArgumentError: argument `tags` should be an array of at most 1 item, but got an array of 2 items')
  })

  test('null inside a nested optional field is left out too', () => {
    const result = validateArguments(addReminder, presentTool(addReminder), { content: 'x', when: { timestamp: 5, note: null }, tags: null })
    expect(result).toMatchObject({ ok: true, arguments: { content: 'x', when: { timestamp: 5 } } })
    expect(errorOf(validateArguments(addReminder, presentTool(addReminder), { content: 'x', when: { timestamp: 'soon' } }))).toContain('argument `when.timestamp` should be a number, but got the string "soon"')
  })

  test('renamed arguments map back to their real names; the real name is then unknown', () => {
    const renamed: ToolSpec = { ...send, name: 'tool_a', argumentNames: { arg_0: 'phone_number', arg_1: 'content' } }
    expect(validateArguments(sendMessage, renamed, { arg_0: '+1', arg_1: 'hi' })).toMatchObject({ ok: true, arguments: { phone_number: '+1', content: 'hi' } })
    expect(errorOf(validateArguments(sendMessage, renamed, { phone_number: '+1', arg_1: 'hi' }))).toContain('unknown argument `phone_number` for `tool_a`; it accepts `arg_0`, `arg_1`')
    expect(errorOf(validateArguments(sendMessage, renamed, { arg_1: 'hi' }))).toContain('missing required argument `arg_0`')
  })

  test('with types hidden, unambiguous text is read as the expected type', () => {
    const hidden: ToolSpec = { ...search, typesHidden: true }
    expect(validateArguments(searchContacts, hidden, { name: 'x', limit: '3' })).toMatchObject({ ok: true, arguments: { name: 'x', limit: 3 } })
    expect(validateArguments(setCellular, { ...cellular, typesHidden: true }, { on: 'TRUE' })).toMatchObject({ ok: true, arguments: { on: true } })
    expect(errorOf(validateArguments(setCellular, { ...cellular, typesHidden: true }, { on: 'yes please' }))).toBe('ArgumentError: argument `on` should be a boolean; the string "yes please" cannot be read as one')
    expect(errorOf(validateArguments(searchContacts, hidden, { name: 'x', limit: '2.5' }))).toContain('should be an integer')
    expect(validateArguments(sendMessage, { ...send, typesHidden: true }, { phone_number: 12453344098, content: 'x' })).toMatchObject({ ok: true, arguments: { phone_number: '12453344098' } })
  })

  test('without hidden types nothing is coerced', () => {
    expect(errorOf(validateArguments(searchContacts, search, { name: 'x', limit: '3' }))).toContain('argument `limit` should be an integer, but got the string "3"')
  })

  test('__proto__ and constructor keys are unknown arguments and touch no prototype', () => {
    const raw = JSON.parse('{"__proto__": {"polluted": true}, "on": true}') as unknown
    expect(errorOf(validateArguments(setCellular, cellular, raw))).toContain('unknown argument `__proto__`')
    expect(errorOf(validateArguments(setCellular, cellular, '{"constructor": {"prototype": {"x": 1}}}'))).toContain('unknown argument `constructor`')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  test('huge values give short messages', () => {
    const huge = 'x'.repeat(1_000_000)
    expect(errorOf(validateArguments(setCellular, cellular, { on: huge })).length).toBeLessThan(200)
    expect(errorOf(validateArguments(setCellular, cellular, { [huge]: 1 })).length).toBeLessThan(400)
    expect(errorOf(validateArguments(setCellular, cellular, `{"on": "${huge}`)).length).toBeLessThan(400)
  })
})
