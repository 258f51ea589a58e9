import { describe, expect, test } from 'vitest'
import { readChatReply, readToolArguments } from '../../src/roles/endpoint/read-chat-reply.ts'

const limits = { maxReplyDepth: 64 }

/** A body whose first message is `message`. */
const bodyWith = (message: unknown) => ({ choices: [{ index: 0, message, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 4 } })
const problemOf = (body: unknown) => {
  const reading = readChatReply(body, limits)
  return reading.ok ? undefined : reading.problem
}
/** Arguments text nested `depth` levels deep. */
const nestedText = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`

describe('readChatReply', () => {
  test('reads text, calls in order, argument text, empty arguments and usage', () => {
    const reading = readChatReply(
      bodyWith({
        role: 'assistant',
        content: 'On it.',
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'x', arguments: '{"n": 1}' } },
          { id: 'b', type: 'function', function: { name: 'y', arguments: '{n: 1}' } },
          { id: 'c', function: { name: 'z', arguments: '' } },
          { id: 'd', type: 'web_search' },
          { id: 7, type: 'function', function: { name: 'w' } },
        ],
      }),
      limits,
    )
    expect(reading).toEqual({
      ok: true,
      reply: {
        content: 'On it.',
        toolCalls: [
          { id: 'a', name: 'x', arguments: { n: 1 } },
          { id: 'b', name: 'y', arguments: '{n: 1}' },
          { id: 'c', name: 'z', arguments: {} },
          { id: '7', name: 'w', arguments: {} },
        ],
        promptTokens: 3,
        completionTokens: 4,
      },
    })
  })

  test('reads arguments sent as a JSON object as the servers that send them mean them', () => {
    const reading = readChatReply(bodyWith({ content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'x', arguments: { location: 'Cupertino', days: [1, 2] } } }] }), limits)
    expect(reading.ok && reading.reply.toolCalls).toEqual([{ id: 'a', name: 'x', arguments: { location: 'Cupertino', days: [1, 2] } }])
  })

  test('reads text sent as a list of parts', () => {
    const reading = readChatReply(bodyWith({ content: [{ type: 'text', text: 'Hello ' }, { type: 'text', text: 'there' }] }), limits)
    expect(reading.ok && reading.reply.content).toBe('Hello there')
  })

  test('names the field and what was there for every shape it cannot read', () => {
    expect(problemOf('<html>')).toBe('the body is the text "<html>", not a JSON object')
    expect(problemOf({})).toBe('choices is missing, not a list')
    expect(problemOf({ choices: [] })).toBe('choices is an empty list')
    expect(problemOf({ choices: [null] })).toBe('choices[0] is null, not an object')
    expect(problemOf({ choices: [{}] })).toBe('choices[0].message is missing, not an object')
    expect(problemOf(bodyWith({ content: 5 }))).toBe('choices[0].message.content is the number 5, not text')
    expect(problemOf(bodyWith({ content: [{ type: 'image_url' }] }))).toBe('choices[0].message.content[0] is an object, not a text part')
    expect(problemOf(bodyWith({ tool_calls: {} }))).toBe('choices[0].message.tool_calls is an object, not a list')
    expect(problemOf(bodyWith({ tool_calls: [null] }))).toBe('choices[0].message.tool_calls[0] is null, not an object')
    expect(problemOf(bodyWith({ tool_calls: [{ type: 'function' }] }))).toBe('choices[0].message.tool_calls[0].function is missing, not an object')
    expect(problemOf(bodyWith({ tool_calls: [{ function: { name: '' } }] }))).toBe('choices[0].message.tool_calls[0].function.name is the text "", not a tool name')
    expect(problemOf(bodyWith({ tool_calls: [{ function: { name: 'x' }, id: {} }] }))).toBe('choices[0].message.tool_calls[0].id is an object, not text')
    expect(problemOf(bodyWith({ tool_calls: [{ function: { name: 'x' }, type: 3 }] }))).toBe('choices[0].message.tool_calls[0].type is the number 3, not text')
    expect(problemOf({ ...bodyWith({ content: 'x' }), usage: { prompt_tokens: 'many' } })).toBe('usage.prompt_tokens is the text "many", not a count')
    expect(problemOf({ ...bodyWith({ content: 'x' }), usage: [] })).toBe('usage is a list of 0, not an object')
  })

  test('refuses arguments nested past the limit, as text or as an object, and reads them up to it', () => {
    const call = (args: unknown) => bodyWith({ tool_calls: [{ id: 'a', type: 'function', function: { name: 'x', arguments: args } }] })
    expect(readChatReply(call(nestedText(64)), limits).ok).toBe(true)
    expect(readChatReply(call(JSON.parse(nestedText(64))), limits).ok).toBe(true)
    expect(problemOf(call(nestedText(65)))).toBe('choices[0].message.tool_calls[0].function.arguments are nested more than 64 levels deep')
    expect(problemOf(call(nestedText(3000)))).toBe('choices[0].message.tool_calls[0].function.arguments are nested more than 64 levels deep')
    expect(problemOf(call(JSON.parse(nestedText(100_000))))).toBe('the body is nested more than 71 levels deep')
    expect(readChatReply(call(nestedText(100)), { maxReplyDepth: 100 }).ok).toBe(true)
  })

  test('refuses a body nested past the limit elsewhere too', () => {
    expect(problemOf({ ...bodyWith({ content: 'x' }), extra: JSON.parse(nestedText(72)) })).toBe('the body is nested more than 71 levels deep')
  })
})

describe('readToolArguments', () => {
  test('parses text, keeps text that is not JSON, reads empty as no arguments', () => {
    expect(readToolArguments('{"a": 1}', 64)).toEqual({ ok: true, arguments: { a: 1 } })
    expect(readToolArguments('{a: 1}', 64)).toEqual({ ok: true, arguments: '{a: 1}' })
    expect(readToolArguments('  ', 64)).toEqual({ ok: true, arguments: {} })
    expect(readToolArguments(null, 64)).toEqual({ ok: true, arguments: {} })
    expect(readToolArguments({ a: [1] }, 64)).toEqual({ ok: true, arguments: { a: [1] } })
    expect(readToolArguments(nestedText(65), 64)).toEqual({ ok: false, problem: 'arguments nested more than 64 levels deep' })
  })
})
