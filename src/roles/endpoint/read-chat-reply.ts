import type { JsonValue } from '../../world/index.ts'
import { isJsonObject, nestingDepth } from '../../world/index.ts'

/** What toolcheck accepts from a model's reply (see `EndpointLimits`). */
export interface ReplyLimits {
  /** The most bytes a reply body may have; the built-in endpoints stop reading there. */
  readonly maxReplyBytes: number
  /** The deepest nesting of the body, and of each tool call's arguments once parsed. */
  readonly maxReplyDepth: number
}

/** One tool call as read from a reply. */
export interface ReadToolCall {
  /** The model's id for the call, when it gave one. */
  readonly id?: string
  readonly name: string
  /**
   * The arguments: parsed when they came as JSON text, as they are when they came as a JSON value
   * (Ollama and some other servers send an object), `{}` when absent or empty, and the raw text
   * when it is not JSON (the executor answers the model with the error).
   */
  readonly arguments: JsonValue
}

/** A chat reply's first choice, read and checked: what agents and simulated users act on. */
export interface ReadReply {
  /** The text, `''` when there is none. */
  readonly content: string
  /** The function calls, in order; calls of other types are left out. */
  readonly toolCalls: readonly ReadToolCall[]
  readonly promptTokens: number
  readonly completionTokens: number
}

/** The outcome of `readChatReply`: the reply, or what is wrong with it, naming where. */
export type ReplyReading = { readonly ok: true; readonly reply: ReadReply } | { readonly ok: false; readonly problem: string }

/**
 * Reads a chat-completions body completely, before anything is recorded or acted on: a JSON
 * object no deeper than the limit, with a non-empty `choices` list whose first entry has a
 * `message` (nested at most the depth limit plus the levels that wrap a call's arguments); text as
 * a string, null, or a list of text parts; `tool_calls` absent, null, or a
 * list of calls, each an object whose `function` has a name and arguments within the depth limit;
 * token counts, when given, as numbers. Anything else is a problem that names the field
 * (`choices[0].message.tool_calls[1]`) and what was found there. Never throws; walks nothing
 * recursively, so no body can overflow the stack.
 */
export function readChatReply(body: unknown, limits: Pick<ReplyLimits, 'maxReplyDepth'>): ReplyReading {
  try {
    return { ok: true, reply: readBody(body, limits.maxReplyDepth) }
  } catch (error) {
    if (error instanceof ReplyProblem) return { ok: false, problem: error.message }
    throw error
  }
}

/**
 * A tool call's arguments as the model meant them: JSON text parsed (the raw text when it is not
 * JSON, `{}` when empty), a JSON value as it is. Undefined (with the problem) when they are nested
 * deeper than `maxDepth`. For every path that reads tool calls from a model, adapters included.
 */
export function readToolArguments(raw: unknown, maxDepth: number): { readonly ok: true; readonly arguments: JsonValue } | { readonly ok: false; readonly problem: string } {
  let value: unknown = raw
  if (raw === undefined || raw === null) return { ok: true, arguments: {} }
  if (typeof raw === 'string') {
    if (raw.trim() === '') return { ok: true, arguments: {} }
    try {
      value = JSON.parse(raw)
    } catch {
      return { ok: true, arguments: raw }
    }
  }
  const depth = nestingDepth(value, maxDepth)
  if (depth > maxDepth) return { ok: false, problem: `arguments nested more than ${maxDepth} levels deep` }
  return { ok: true, arguments: value as JsonValue }
}

class ReplyProblem extends Error {}

/**
 * The levels a body wraps a tool call's arguments in (`{choices: [{message: {tool_calls: [{function:
 * {arguments`): the body may be that much deeper than the limit, so that arguments sent as an
 * object get the same depth as arguments sent as text.
 */
const WRAPPING_LEVELS = 7

function readBody(body: unknown, maxDepth: number): ReadReply {
  if (!isJsonObject(body)) throw new ReplyProblem(`the body is ${describe(body)}, not a JSON object`)
  const bodyDepth = maxDepth + WRAPPING_LEVELS
  if (nestingDepth(body, bodyDepth) > bodyDepth) throw new ReplyProblem(`the body is nested more than ${bodyDepth} levels deep`)
  const choices = body.choices
  if (!Array.isArray(choices)) throw new ReplyProblem(`choices is ${describe(choices)}, not a list`)
  if (choices.length === 0) throw new ReplyProblem('choices is an empty list')
  const choice = choices[0]
  if (!isJsonObject(choice)) throw new ReplyProblem(`choices[0] is ${describe(choice)}, not an object`)
  const message = choice.message
  if (!isJsonObject(message)) throw new ReplyProblem(`choices[0].message is ${describe(message)}, not an object`)
  return {
    content: contentOf(message.content),
    toolCalls: toolCallsOf(message.tool_calls, maxDepth),
    ...usageOf(body.usage),
  }
}

function contentOf(content: JsonValue | undefined): string {
  if (content === undefined || content === null) return ''
  if (typeof content === 'string') return content
  // Some servers send the text as a list of parts, as requests may be written.
  if (Array.isArray(content)) {
    return content
      .map((part, index) => {
        if (isJsonObject(part) && part.type === 'text' && typeof part.text === 'string') return part.text
        if (isJsonObject(part) && part.type === 'refusal' && typeof part.refusal === 'string') return part.refusal
        throw new ReplyProblem(`choices[0].message.content[${index}] is ${describe(part)}, not a text part`)
      })
      .join('')
  }
  throw new ReplyProblem(`choices[0].message.content is ${describe(content)}, not text`)
}

function toolCallsOf(calls: JsonValue | undefined, maxDepth: number): ReadToolCall[] {
  if (calls === undefined || calls === null) return []
  const path = 'choices[0].message.tool_calls'
  if (!Array.isArray(calls)) throw new ReplyProblem(`${path} is ${describe(calls)}, not a list`)
  const read: ReadToolCall[] = []
  for (const [index, call] of calls.entries()) {
    const at = `${path}[${index}]`
    if (!isJsonObject(call)) throw new ReplyProblem(`${at} is ${describe(call)}, not an object`)
    if (call.type !== undefined && call.type !== null && typeof call.type !== 'string') throw new ReplyProblem(`${at}.type is ${describe(call.type)}, not text`)
    const id = call.id
    if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number') throw new ReplyProblem(`${at}.id is ${describe(id)}, not text`)
    // Calls of other kinds (a server's own built-in tools) are not for the executor.
    if (typeof call.type === 'string' && call.type !== 'function') continue
    const fn = call.function
    if (!isJsonObject(fn)) throw new ReplyProblem(`${at}.function is ${describe(fn)}, not an object`)
    if (typeof fn.name !== 'string' || fn.name === '') throw new ReplyProblem(`${at}.function.name is ${describe(fn.name)}, not a tool name`)
    const args = readToolArguments(fn.arguments, maxDepth)
    if (!args.ok) throw new ReplyProblem(`${at}.function.arguments are ${args.problem.replace(/^arguments /, '')}`)
    read.push({ ...(id === undefined || id === null || id === '' ? {} : { id: String(id) }), name: fn.name, arguments: args.arguments })
  }
  return read
}

function usageOf(usage: JsonValue | undefined): Pick<ReadReply, 'promptTokens' | 'completionTokens'> {
  if (usage === undefined || usage === null) return { promptTokens: 0, completionTokens: 0 }
  if (!isJsonObject(usage)) throw new ReplyProblem(`usage is ${describe(usage)}, not an object`)
  const count = (name: 'prompt_tokens' | 'completion_tokens'): number => {
    const value = usage[name]
    if (value === undefined || value === null) return 0
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new ReplyProblem(`usage.${name} is ${describe(value)}, not a count`)
    return value
  }
  return { promptTokens: count('prompt_tokens'), completionTokens: count('completion_tokens') }
}

/** A value in a few words, quoting at most a short excerpt of text. */
function describe(value: unknown): string {
  if (value === undefined) return 'missing'
  if (value === null) return 'null'
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value)}`
  if (Array.isArray(value)) return `a list of ${value.length}`
  if (typeof value === 'object') return 'an object'
  return `the ${typeof value} ${String(value)}`
}
