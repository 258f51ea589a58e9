import type { Message } from '../conversation/index.ts'
import type { Usage } from '../conversation/index.ts'
import type { Scenario } from '../scenario/index.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import type { JsonValue } from '../world/index.ts'
import { markSafe, safeCause, safeText } from '../conversation/safe-text.ts'

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

/** A user's turn: a reply to the agent, or the end of the conversation. */
export type UserReply =
  | { readonly kind: 'say'; readonly content: string; readonly usage?: Usage }
  | { readonly kind: 'end'; readonly usage?: Usage }

/** The user boundary. Implementations: `scriptedUser`, `llmUser`. */
export interface User {
  readonly name: string
  respond(view: UserView, context: RoleContext): Promise<UserReply>
}

/**
 * A failure outside the agent's control: the network, a rate limit after all retries, a timeout,
 * a reply that cannot be read, a cache miss in replay mode. The run ends with status `error`.
 */
export class InfrastructureError extends Error {
  /**
   * `rate-limit`, `timeout`, `server-error`, `network`, `malformed-reply`, `request-rejected`,
   * `circuit-open` (the endpoint's circuit breaker refused the call after repeated failures),
   * `cache-miss`, `cache-corrupt`, `cache-write`, `cache-directory` (a file where the cache's
   * folder should be), `aborted`, `internal`.
   */
  readonly kind: string

  /**
   * The message and the cause go through `safeText` and `safeCause`: a server's error text and a
   * client's exception (which quotes the URL it was given) reach reports, terminals and error
   * causes without credentials and without control characters.
   */
  constructor(kind: string, message: string, options?: { cause?: unknown }) {
    super(safeText(message), options?.cause === undefined ? undefined : { cause: safeCause(options.cause) })
    this.name = 'InfrastructureError'
    this.kind = kind
    markSafe(this)
  }
}
