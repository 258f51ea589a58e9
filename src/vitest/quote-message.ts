import type { Trajectory } from '../conversation/index.ts'
import { escapeControlCharacters } from '../conversation/safe-text.ts'

/** How long a quoted text or argument list may get before it is cut. */
const QUOTE_LIMIT = 160

/**
 * What happened at one message, in words, for failure texts: `the agent said "..."`, `the agent
 * called transfer_funds {"amount":500}; it returned {"transfer_id":"t-1"}`, `the agent called
 * setting_8 (set_wifi_status) {"on":true}; it failed: ...`. A call is named as the agent saw it,
 * with the real tool in brackets when the name was scrambled; control characters escaped.
 * `undefined` for an index out of range.
 */
export function quoteMessage(trajectory: Trajectory, index: number): string | undefined {
  const quoted = describeMessage(trajectory, index)
  // Tool names and error texts are the model's and the tools' own words, printed on a terminal.
  return quoted === undefined ? undefined : escapeControlCharacters(quoted)
}

function describeMessage(trajectory: Trajectory, index: number): string | undefined {
  const message = trajectory.messages[index]
  if (message === undefined) return undefined
  const trace = message.toolResult
  if (trace !== undefined) {
    const call = trajectory.messages
      .slice(0, index)
      .reverse()
      .flatMap((earlier) => earlier.toolCalls ?? [])
      .find((candidate) => candidate.id === trace.callId)
    const shown = call?.name ?? trace.tool
    const name = shown === trace.tool ? shown : `${shown} (${trace.tool})`
    const outcome = trace.error === undefined ? `it returned ${cut(JSON.stringify(trace.result ?? null))}` : `it failed: ${cut(trace.error.message)}`
    return `the ${message.recipient} called ${name} ${cut(JSON.stringify(call?.arguments ?? trace.arguments))}; ${outcome}`
  }
  if (message.toolCalls !== undefined && message.toolCalls.length > 0)
    return `the ${message.sender} called ${message.toolCalls.map((call) => `${call.name} ${cut(JSON.stringify(call.arguments))}`).join(', ')}`
  if (message.content.trim() === '') return `the ${message.sender} sent an empty message to the ${message.recipient}`
  return `the ${message.sender} said ${JSON.stringify(cut(message.content))}${message.recipient === 'user' || message.recipient === 'agent' ? '' : ` to the ${message.recipient}`}`
}

function cut(text: string): string {
  return text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT - 1)}…` : text
}
