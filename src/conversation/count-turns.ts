import type { Message } from './message.ts'

/**
 * The turn count as ToolSandbox reports it: the messages after the first user message, leaving
 * out messages the system sent and the user's own tool traffic (user→environment end calls and
 * their environment→user results). Agent messages, tool calls, tool results and later user
 * messages each count as one. The first user message itself does not count (ToolSandbox seeds it
 * with the scenario, and its counter drops seeded rows). An agent message with several tool calls
 * counts once per call, since ToolSandbox stores each call as a row of its own.
 */
export function countTurns(messages: readonly Message[], firstUserMessageIndex: number): number {
  let turns = 0
  for (const message of messages) {
    if (message.index <= firstUserMessageIndex) continue
    if (message.sender === 'system') continue
    if (isUserEnvironment(message)) continue
    turns += toolSandboxRows(message)
  }
  return turns
}

/**
 * How many of ToolSandbox's message rows a message stands for: one per tool call for an agent
 * message that makes calls (ToolSandbox's agents send each call as a message of its own), one
 * for every other message. The turn count and the message budget both count in these rows.
 */
export function toolSandboxRows(message: Pick<Message, 'sender' | 'toolCalls'>): number {
  return message.sender === 'agent' && message.toolCalls !== undefined && message.toolCalls.length > 1 ? message.toolCalls.length : 1
}

function isUserEnvironment(message: Message): boolean {
  return (message.sender === 'user' && message.recipient === 'environment') || (message.sender === 'environment' && message.recipient === 'user')
}
