import type { JsonValue } from '../world/index.ts'

/**
 * The parties of a conversation. `environment` executes tool calls (ToolSandbox's execution
 * environment); `system` only speaks first, to set up the agent and the user.
 */
export type Role = 'system' | 'user' | 'agent' | 'environment'

/** A tool call as the agent made it, with the name and argument text it used. */
export interface ToolCall {
  /** The call id (from the model, or made up deterministically). */
  readonly id: string
  /** The tool name as the agent saw it (scrambled names stay scrambled here). */
  readonly name: string
  /** The arguments as sent: parsed JSON when they parsed, else the raw text. */
  readonly arguments: JsonValue
}

/**
 * A tool call that ran (or tried to): the real tool name and the real argument names, its result,
 * or the error the agent was given.
 */
export interface ToolTrace {
  readonly callId: string
  /** The real tool name (after undoing any scrambling); the presented name when no tool matched. */
  readonly tool: string
  /** Arguments under their real names, after validation (or as sent when validation failed). */
  readonly arguments: JsonValue
  /** Present when the call succeeded. */
  readonly result?: JsonValue
  /** Present when the call failed: the text the agent saw and the error kind. */
  readonly error?: { readonly kind: string; readonly message: string }
  /**
   * Present when the agent's own framework ran the call, outside toolcheck's world (so no world
   * change can follow from it): a tool of the agent's own, or a handoff from one agent to another.
   * Such calls count as calls for tool-call milestones and minefields like any other.
   */
  readonly outside?: OutsideRun
}

/** How a call that ran outside the world ran. */
export type OutsideRun =
  /** A tool the agent brought itself (a framework tool with its own `execute`). */
  | { readonly kind: 'tool' }
  /** The framework handed the conversation from one of the agent's agents to another. */
  | { readonly kind: 'handoff'; readonly from: string; readonly to: string }
  /**
   * The framework refused the call before anything ran (a tool it had not offered at that step:
   * outside the AI SDK's `activeTools`, or a world tool an Agents SDK agent was not given): it
   * never ran in the world, and its trace carries the refusal as its error.
   */
  | { readonly kind: 'refused' }

/** One message on the conversation bus. */
export interface Message {
  /** Position in the trajectory, from 0. */
  readonly index: number
  readonly sender: Role
  readonly recipient: Role
  /** Text content; empty for a pure tool-call message. */
  readonly content: string
  /** On an agent→environment (or user→environment) message: the calls it makes, in order. */
  readonly toolCalls?: readonly ToolCall[]
  /** On an environment→agent (or →user) message: the outcome of one call. */
  readonly toolResult?: ToolTrace
  /** Which roles see this message. */
  readonly visibleTo: readonly Role[]
  /** The index of the world snapshot right after this message (see `Trajectory.snapshots`). */
  readonly snapshot: number
  /** True on the message that ended the conversation (the user's end call result). */
  readonly ended?: boolean
}
