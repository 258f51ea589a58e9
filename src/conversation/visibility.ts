import type { Message, Role } from './message.ts'

/**
 * Who sees a message, by its sender and recipient: both ends, as in ToolSandbox. That gives the
 * agent system→agent, user↔agent and agent↔environment messages, and the user system→user,
 * user↔agent and user↔environment messages; neither sees the other's instructions or the
 * other's tool traffic.
 */
export function visibilityOf(sender: Role, recipient: Role): readonly Role[] {
  return sender === recipient ? [sender] : [sender, recipient]
}

/** Whether `role` sees `message`. */
export function isVisibleTo(message: Pick<Message, 'visibleTo'>, role: Role): boolean {
  return message.visibleTo.includes(role)
}

/** The messages `role` sees, oldest first. */
export function messagesVisibleTo(messages: readonly Message[], role: Role): Message[] {
  return messages.filter((message) => isVisibleTo(message, role))
}

/** The agent's view of a conversation: system→agent, user↔agent and agent↔environment messages. */
export function agentView(messages: readonly Message[]): Message[] {
  return messagesVisibleTo(messages, 'agent')
}

/** The user's view of a conversation: system→user, user↔agent and user↔environment messages. */
export function userView(messages: readonly Message[]): Message[] {
  return messagesVisibleTo(messages, 'user')
}
