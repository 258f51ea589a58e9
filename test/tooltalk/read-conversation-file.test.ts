import { readdirSync, readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, expectTypeOf, test } from 'vitest'
import type { z } from 'zod'
import type { ConversationFile, ConversationFileReading } from '../../scenarios/tooltalk/index.ts'
import { conversationFileSchema, readConversationFile } from '../../scenarios/tooltalk/index.ts'
import type { JsonObject, JsonValue } from '../../src/world/index.ts'
import { HAS_TOOLTALK_DATA, MISSING_DATA, TOOLTALK_DATA } from './tooltalk-data.ts'

/** What the zod schema makes of a value, in the reader's terms: the file, or its issues as `path: message`. */
function asZodReadsIt(content: JsonValue): ConversationFileReading {
  const parsed = conversationFileSchema.safeParse(content)
  if (parsed.success) return { file: parsed.data }
  return { problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(top level)'}: ${issue.message}`) }
}

const call = fc.record(
  {
    request: fc.record({ api_name: fc.string({ minLength: 1 }), parameters: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) }),
    response: fc.jsonValue({ maxDepth: 2 }),
    exception: fc.option(fc.string()),
  },
  { requiredKeys: ['request'] },
)
const turn = fc.record(
  { index: fc.nat(40), role: fc.constantFrom('user', 'assistant', 'User'), text: fc.string(), apis: fc.array(call, { maxLength: 3 }) },
  { requiredKeys: ['role', 'text'] },
)
/** Conversation files as ToolTalk writes them, with the optional fields sometimes left out. */
const conversationFile = fc.record(
  {
    name: fc.string({ minLength: 1 }),
    conversation_id: fc.oneof(fc.string(), fc.integer()),
    suites_used: fc.array(fc.string(), { maxLength: 3 }),
    apis_used: fc.array(fc.string(), { maxLength: 3 }),
    scenario: fc.string(),
    user: fc.record(
      { username: fc.string({ minLength: 1 }), email: fc.string(), phone: fc.string(), name: fc.string(), password: fc.string(), session_token: fc.string(), verification_code: fc.string() },
      { requiredKeys: ['username'] },
    ),
    metadata: fc.record(
      { location: fc.string(), timestamp: fc.constantFrom('2023-09-11 13:00:00', '2023-9-1 1:2:3'), session_token: fc.string(), username: fc.string() },
      { requiredKeys: ['location', 'timestamp'] },
    ),
    conversation: fc.array(turn, { minLength: 1, maxLength: 4 }),
  },
  { requiredKeys: ['name', 'conversation_id', 'user', 'metadata', 'conversation'] },
)

/** Every field name of the file format, so that a mutation can also add a field that was left out. */
const FIELDS = [
  ...['name', 'conversation_id', 'suites_used', 'apis_used', 'scenario', 'user', 'metadata', 'conversation'],
  ...['username', 'email', 'phone', 'password', 'session_token', 'verification_code', 'location', 'timestamp'],
  ...['index', 'role', 'text', 'apis', 'request', 'api_name', 'parameters', 'response', 'exception'],
]

/** Values that are wrong somewhere in a conversation file; `undefined` removes the field. */
const awkward = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<JsonValue>,
  fc.constantFrom<JsonValue | undefined>(undefined, null, '', 'May 3', '2023-1-1 1:1:1', 1.5, -1, 1e300, -1e300, Number.POSITIVE_INFINITY, Number.NaN, [], {}, [1], ['a'], { a: Number.NEGATIVE_INFINITY }),
)

/** Every place in a value: each existing node, and each field of the format an object lacks. */
function places(value: JsonValue, path: (string | number)[] = []): (string | number)[][] {
  const found = [path]
  if (Array.isArray(value)) value.forEach((item, position) => found.push(...places(item, [...path, position])))
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) found.push(...places(item, [...path, key]))
    for (const field of FIELDS) if (!Object.hasOwn(value, field)) found.push([...path, field])
  }
  return found
}

/** The value with `replacement` at `path` (removed when undefined; the whole value at the top). */
function mutated(value: JsonValue, path: readonly (string | number)[], replacement: JsonValue | undefined): JsonValue {
  if (path.length === 0) return replacement ?? null
  const copy = structuredClone(value) as JsonObject
  let parent: JsonObject = copy
  for (const step of path.slice(0, -1)) parent = parent[step] as JsonObject
  const last = path.at(-1) as string
  if (replacement === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1)
    else delete parent[last]
  } else parent[last] = replacement
  return copy
}

describe('readConversationFile', () => {
  test('reads a conversation file as conversationFileSchema does (its type too)', () => {
    expectTypeOf<ConversationFile>().toEqualTypeOf<z.output<typeof conversationFileSchema>>()
    const content: JsonValue = {
      name: 'AddAlarm-easy',
      conversation_id: 12,
      scenario: 'Set an alarm.',
      user: { username: 'justinkool', email: 'justintime@fmail.com', extra: 'left out' },
      metadata: { location: 'Austin', timestamp: '2023-09-11 13:00:00' },
      conversation: [
        { index: 0, role: 'user', text: 'Wake me at 6.' },
        { index: 1, role: 'assistant', text: 'Done.', apis: [{ request: { api_name: 'AddAlarm', parameters: { time: '06:00:00' } }, response: { alarm_id: '5bff-dd80' } }] },
      ],
    }
    expect(readConversationFile(content)).toEqual({
      file: {
        name: 'AddAlarm-easy',
        conversation_id: '12',
        suites_used: [],
        apis_used: [],
        scenario: 'Set an alarm.',
        user: { username: 'justinkool', email: 'justintime@fmail.com' },
        metadata: { location: 'Austin', timestamp: '2023-09-11 13:00:00' },
        conversation: [
          { index: 0, role: 'user', text: 'Wake me at 6.' },
          { index: 1, role: 'assistant', text: 'Done.', apis: [{ request: { api_name: 'AddAlarm', parameters: { time: '06:00:00' } }, response: { alarm_id: '5bff-dd80' }, exception: null }] },
        ],
      },
    })
    expect(readConversationFile(content)).toEqual(asZodReadsIt(content))
  })

  test('names every problem by its path, in the schema\'s words and order', () => {
    expect(readConversationFile({ name: 'x' })).toEqual({
      problems: [
        'conversation_id: Invalid input',
        'user: Invalid input: expected object, received undefined',
        'metadata: Invalid input: expected object, received undefined',
        'conversation: Invalid input: expected array, received undefined',
      ],
    })
    expect(readConversationFile([])).toEqual({ problems: ['(top level): Invalid input: expected object, received array'] })
    const content: JsonValue = {
      name: 'c',
      conversation_id: 7,
      user: { username: '', email: null },
      metadata: { location: 'Paris', timestamp: 'May 3' },
      conversation: [{ role: 'user', text: 'hi', apis: [{ request: { api_name: 'AddAlarm', parameters: [] }, exception: 3 }] }, { index: 1.5, role: 'assistant' }],
    }
    const problems = [
      'user.username: Too small: expected string to have >=1 characters',
      'user.email: Invalid input: expected string, received null',
      'metadata.timestamp: expected YYYY-MM-DD HH:MM:SS',
      'conversation.0.apis.0.request.parameters: Invalid input: expected record, received array',
      'conversation.0.apis.0.exception: Invalid input: expected string, received number',
      'conversation.1.index: Invalid input: expected int, received number',
      'conversation.1.text: Invalid input: expected string, received undefined',
    ]
    expect(readConversationFile(content)).toEqual({ problems })
    expect(asZodReadsIt(content)).toEqual({ problems })
  })

  test('leaves out __proto__ keys of parameters and responses, at any depth, as the schema does', () => {
    const content = JSON.parse(
      '{"name":"x","conversation_id":"1","user":{"username":"u"},"metadata":{"location":"","timestamp":"2023-09-11 13:00:00"},"conversation":[{"role":"user","text":"","apis":[{"request":{"api_name":"A","parameters":{"__proto__":{"polluted":1},"b":2}},"response":{"__proto__":null,"ok":[{"__proto__":3,"c":4}]}}]}]}',
    ) as JsonValue
    const reading = readConversationFile(content)
    expect(reading).toEqual(asZodReadsIt(content))
    const call = 'file' in reading ? reading.file.conversation[0]?.apis?.[0] : undefined
    expect(call?.request.parameters).toEqual({ b: 2 })
    expect(Object.keys(call?.request.parameters ?? {})).toEqual(['b'])
    expect(Object.getPrototypeOf(call?.request.parameters)).toBe(Object.prototype)
    expect(JSON.stringify(call?.response)).toBe('{"ok":[{"c":4}]}')
  })

  test('agrees with conversationFileSchema on conversation files with anything wrong anywhere', () => {
    const cases = fc.tuple(conversationFile, fc.array(fc.tuple(fc.nat(), awkward), { maxLength: 4 })).map(([file, changes]) => {
      let content = file as JsonValue
      for (const [pick, replacement] of changes) {
        const all = places(content)
        content = mutated(content, all[pick % all.length] ?? [], replacement)
      }
      return content
    })
    fc.assert(
      fc.property(cases, (content) => {
        expect(readConversationFile(content)).toEqual(asZodReadsIt(content))
      }),
      { numRuns: 1000 },
    )
  })
})

describe.skipIf(!HAS_TOOLTALK_DATA)(`readConversationFile on ToolTalk's files ${HAS_TOOLTALK_DATA ? '' : MISSING_DATA}`, () => {
  test.for(['easy', 'tooltalk'])('%s: every file reads as conversationFileSchema reads it', (split) => {
    const folder = `${TOOLTALK_DATA}${split}/`
    const names = readdirSync(folder).filter((name) => name.endsWith('.json'))
    expect(names.length).toBeGreaterThan(0)
    for (const name of names) {
      const content = JSON.parse(readFileSync(`${folder}${name}`, 'utf8')) as JsonValue
      const read = readConversationFile(content)
      expect(read, name).toHaveProperty('file')
      expect(read, name).toEqual(asZodReadsIt(content))
    }
  })
})
