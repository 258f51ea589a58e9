import type { Message } from '../conversation/index.ts'
import type { Usage } from '../conversation/index.ts'
import type { Scenario } from '../scenario/index.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import type { JsonValue } from '../world/index.ts'

/** What a role gets besides its view of the conversation. */
export interface RoleContext {
  readonly scenario: Scenario
  /** Which trial this is (from 0), part of every cache key. */
  readonly trial: number
  /** The run's seed. */
  readonly seed: number
  /** Aborts model calls when the test times out or is cancelled. */
  readonly signal?: AbortSignal
}

/**
 * What the agent sees: the messages visible to it, oldest first, and the tools it may call as
 * presented to it (possibly augmented).
 */
export interface AgentView {
  readonly messages: readonly Message[]
  readonly tools: readonly ToolSpec[]
  /** The system prompt the run gives the agent. */
  readonly systemPrompt: string
}

/** A tool call an agent wants to make; `arguments` may be raw text that is not valid JSON. */
export interface RequestedCall {
  readonly id?: string
  readonly name: string
  readonly arguments: JsonValue
}

/** An agent's turn: text for the user, or tool calls (several at once run as parallel calls). */
export interface AgentReply {
  readonly content?: string
  readonly toolCalls?: readonly RequestedCall[]
  readonly usage?: Usage
}

/**
 * The agent boundary. Implementations: `openaiAgent`, `huggingFaceAgent`, `functionAgent`,
 * `scriptedAgent`, `referenceAgent`. Throw `InfrastructureError` for failures that are not the
 * agent's fault (the run then ends with status `error`).
 */
export interface Agent {
  /** A stable name for reports and cache keys (`openai:gpt-4o`, `reference`). */
  readonly name: string
  respond(view: AgentView, context: RoleContext): Promise<AgentReply>
}

/** What a simulated user sees: the messages visible to it, oldest first, and its briefing. */
export interface UserView {
  readonly messages: readonly Message[]
  /** The instructions for the user: who they are, their goal and knowledge boundary, how to behave. */
  readonly systemPrompt: string
  /** Who the user is (the domain's, scenario's or run's role-play text), for users that write their own instructions. */
  readonly persona?: string
  /** The domain's example conversation, for model users whose scenario brings none. */
  readonly example?: { readonly goal: string; readonly turns: readonly { readonly role: 'user' | 'agent'; readonly content: string }[] }
}

/**
 * A user's turn: a reply to the agent, the end of the conversation, or calls of tools that are
 * not the user's (a model user that plays the agent). The run refuses such calls, each with an
 * error the user reads, and asks the user again; the user checks count them as a role swap.
 */
export type UserReply =
  | { readonly kind: 'say'; readonly content: string; readonly usage?: Usage }
  | { readonly kind: 'end'; readonly usage?: Usage }
  | { readonly kind: 'call'; readonly toolCalls: readonly RequestedCall[]; readonly usage?: Usage }

/** The first message a user writes itself (see `User.opening`). */
export interface UserOpening {
  readonly content: string
  readonly usage?: Usage
}

/** The user boundary. Implementations: `scriptedUser`, `llmUser`. */
export interface User {
  readonly name: string
  respond(view: UserView, context: RoleContext): Promise<UserReply>
  /**
   * Writes the first message of the conversation, instead of the scenario's (or its
   * presentation's) first message, which the view carries as `firstMessage`. Most users leave it
   * out: the scenario's first message is then the user's first turn. The user checks read a
   * first message the user wrote as its own (`Trajectory.openedByUser`).
   */
  opening?(view: UserView & { readonly firstMessage: string }, context: RoleContext): Promise<UserOpening>
}

export { InfrastructureError } from '../conversation/infrastructure-error.ts'
