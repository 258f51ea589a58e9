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

/** Marks the errors `ToolError` made, so that one from another copy of toolcheck is still known. */
const TOOL_ERROR_BRAND = Symbol.for('toolcheck.tool-error')

/**
 * An error a tool raises on purpose: its message goes back to the agent as the tool result and
 * the conversation goes on. Anything else a tool throws (a `TypeError` from reading a column that
 * does not exist, a plain `Error`) is a bug in the tool: the run ends as a domain error naming
 * the tool, its arguments and the stack, and is not held against the agent.
 */
export class ToolError extends Error {
  readonly kind: ToolErrorKind

  constructor(kind: ToolErrorKind, message: string) {
    super(message)
    this.name = 'ToolError'
    this.kind = kind
  }

  /** Whether a value is a `ToolError` (of this or another copy of toolcheck). */
  static is(value: unknown): value is ToolError {
    return value instanceof ToolError || (typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[TOOL_ERROR_BRAND] === true)
  }

  /** The text the agent sees. */
  toAgentText(): string {
    return `${this.kind}: ${this.message}`
  }

  static {
    // On the prototype, so that making one costs nothing more.
    Object.defineProperty(ToolError.prototype, TOOL_ERROR_BRAND, { value: true })
  }
}
