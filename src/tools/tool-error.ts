/**
 * The kind of a tool error, shown to the agent before the message (`ConnectionError: ...`).
 * Kept close to the exception names ToolSandbox's tools raise, so prompts and milestones that
 * mention them carry over.
 */
export type ToolErrorKind =
  | 'ArgumentError'
  | 'ConnectionError'
  | 'PermissionError'
  | 'ValueError'
  | 'NotFoundError'
  | 'DuplicateError'
  | 'UnknownToolError'
  | 'RuntimeError'
  | (string & {})

/**
 * An error a tool raises on purpose: its message goes back to the agent as the tool result and
 * the conversation goes on. Any other exception thrown by a tool is reported the same way, with
 * kind `RuntimeError`.
 */
export class ToolError extends Error {
  readonly kind: ToolErrorKind

  constructor(kind: ToolErrorKind, message: string) {
    super(message)
    this.name = 'ToolError'
    this.kind = kind
  }

  /** The text the agent sees. */
  toAgentText(): string {
    return `${this.kind}: ${this.message}`
  }
}
