import type { JsonValue } from '../world/index.ts'

/** The longest part of a message quoted in a description. */
const QUOTE_LENGTH = 80

/**
 * The messages of a cache key in words, for an error that says which call had no cassette: how
 * many there are, their roles in order, and the last one quoted, as in `3 messages (system, user,
 * assistant), the last from assistant: "Wi-Fi is on."`. Reads the chat-completions messages of
 * the built-in agents, the AI SDK's prompt and the Agents SDK's input items alike; anything else is
 * described by its size.
 */
export function describeMessages(messages: JsonValue): string {
  if (!Array.isArray(messages)) return `messages of ${JSON.stringify(messages)?.length ?? 0} characters`
  if (messages.length === 0) return 'no messages'
  const roles = messages.map(roleOf)
  const last = messages[messages.length - 1] as JsonValue
  const text = textOf(last)
  const shown = text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1)}…` : text
  const count = messages.length === 1 ? '1 message' : `${messages.length} messages`
  return `${count} (${roles.join(', ')}), the last from ${roles[roles.length - 1]}: ${JSON.stringify(shown)}`
}

function roleOf(message: JsonValue): string {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return typeof message
  if (typeof message.role === 'string') return message.role
  if (typeof message.type === 'string') return message.type
  return 'object'
}

/** The readable text of a message: its content (text, or text parts), else its tool calls' names and arguments. */
function textOf(message: JsonValue): string {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return String(message)
  const parts: string[] = []
  const collect = (value: JsonValue | undefined): void => {
    if (typeof value === 'string') parts.push(value)
    else if (Array.isArray(value)) for (const part of value) collect(part)
    else if (value !== null && typeof value === 'object') {
      if (typeof value.text === 'string') parts.push(value.text)
      else if (typeof value.toolName === 'string') parts.push(`${value.toolName}(${JSON.stringify(value.input ?? value.output ?? null)})`)
      else if (value.output !== undefined) collect(value.output)
      else if (typeof value.value === 'string') parts.push(value.value)
    }
  }
  collect(message.content)
  if (Array.isArray(message.tool_calls))
    for (const call of message.tool_calls) if (call !== null && typeof call === 'object' && !Array.isArray(call) && typeof call.function === 'object') parts.push(JSON.stringify(call.function))
  if (typeof message.name === 'string' && typeof message.arguments === 'string') parts.push(`${message.name}(${message.arguments})`)
  if (message.output !== undefined && parts.length === 0) collect(message.output)
  return parts.join(' ')
}
