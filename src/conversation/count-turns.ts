import type { Message } from './message.ts'

/**
 * The turn count as ToolSandbox reports it: the messages after the first user message, leaving
 * out messages the system sent and the user's own tool traffic (user→environment end calls and
 * their environment→user results). Agent messages, tool calls, tool results and later user
 * messages each count as one. The first user message itself does not count (ToolSandbox seeds it
 * with the scenario, and its counter drops seeded rows).
 */
export function countTurns(messages: readonly Message[], firstUserMessageIndex: number): number {
  let turns = 0
  for (const message of messages) {
    if (message.index <= firstUserMessageIndex) continue
    if (message.sender === 'system') continue
    if (isUserEnvironment(message)) continue
    turns++
  }
  return turns
}

function isUserEnvironment(message: Message): boolean {
  return (message.sender === 'user' && message.recipient === 'environment') || (message.sender === 'environment' && message.recipient === 'user')
}
