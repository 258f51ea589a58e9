import type { ToolSpec } from '../tools/tool-spec.ts'
import type { JsonValue, WorldSnapshot } from '../world/index.ts'
import type { Culprit } from './culprit.ts'
import type { Message, ToolTrace } from './message.ts'

/**
 * How a run ended. `completed`: the user ended the conversation. `max-turns`: the turn limit was
 * reached first. `error`: someone's code stopped it, and its `RunError` says whose: the agent's
 * own code (a failure of the agent, scored 0), a tool of the domain, or the infrastructure
 * (network, rate limit after retries, a reply that could not be read, a cache miss in replay
 * mode); the last two are never scored as agent failures.
 */
export type RunStatus = 'completed' | 'max-turns' | 'error'

/** Token usage, latency and cost of the model calls of one run (or one call). */
export interface Usage {
  readonly calls: number
  readonly promptTokens: number
  readonly completionTokens: number
  /** Sum of call latencies in milliseconds (0 for cached or offline calls). */
  readonly latencyMs: number
  /** Cost in US dollars when a price table was given. */
  readonly costUsd?: number
  /** Calls answered from the cache. */
  readonly cachedCalls: number
}

/** The empty usage. */
export const NO_USAGE: Usage = Object.freeze({ calls: 0, promptTokens: 0, completionTokens: 0, latencyMs: 0, cachedCalls: 0 })

/** Adds two usages. */
export function addUsage(a: Usage, b: Usage): Usage {
  const cost = a.costUsd === undefined && b.costUsd === undefined ? undefined : (a.costUsd ?? 0) + (b.costUsd ?? 0)
  return {
    calls: a.calls + b.calls,
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    latencyMs: a.latencyMs + b.latencyMs,
    cachedCalls: a.cachedCalls + b.cachedCalls,
    ...(cost === undefined ? {} : { costUsd: cost }),
  }
}

/** Several tool calls in one message whose outcome depended on the order they ran in. */
export interface RaceRecord {
  /** The index of the agent message that made the calls. */
  readonly messageIndex: number
  /** The tools involved, in the order the agent listed them. */
  readonly tools: readonly string[]
  /** How many orders were tried, and how many gave different outcomes. */
  readonly ordersTried: number
  readonly distinctOutcomes: number
  /** The order kept (the worst one), as positions in the agent's list. */
  readonly keptOrder: readonly number[]
}

/**
 * A tool call the scenario's augmentation changed (a fault, an injected answer): where its
 * result is, which tool, and what was done in words (`get_booking (its 1st call): failed with a
 * transient error`). Part of the scenario, not a failure of the domain or the infrastructure.
 */
export interface TamperRecord {
  /** The index of the environment→agent message that carries the call's result. */
  readonly messageIndex: number
  readonly tool: string
  readonly note: string
}

/** What ended a run before it finished, and whose code it was. */
export interface RunError {
  /**
   * Whose code made the run end:
   * - `agent`: the agent's own code threw (`agent-threw`) or returned something that is not a
   *   reply (`agent-invalid-reply`): the agent failed the scenario, the run scores 0 and counts
   *   in scores and gates;
   * - `domain`: a tool of the domain broke (`tool-threw`, `tool-timeout`, `invalid-result`,
   *   `unknown-table`, `unknown-column`, `missing-key`, `row-mutated`; see `ToolFault`): a bug in
   *   the domain, counted apart and never scored;
   * - `infrastructure`: endpoints and the harness (`rate-limit`, `timeout`, `server-error`,
   *   `network`, `malformed-reply`, `request-rejected`, `auth`, `cache-miss`, `circuit-open`,
   *   `aborted`, `internal`, ...):
   *   counted apart and never scored;
   * - `user`: the simulated user broke its part (`leak`, `quit`, `off-goal`, `role-swap`; see
   *   `checkUserPart`): the run says nothing about the agent, is counted apart and never scored,
   *   and can be played again with a fresh user trial.
   */
  readonly culprit: Culprit
  /** A short machine-readable cause (see `culprit`). */
  readonly kind: string
  readonly message: string
  /** Which role's turn it was. */
  readonly role?: 'agent' | 'user'
  /** A domain error's tool (its real name). */
  readonly tool?: string
  /** A domain error's arguments, under their real names. */
  readonly arguments?: JsonValue
  /** The stack of the code that broke (the agent's or the tool's), cut to that code. */
  readonly stack?: string
  /** What an agent returned instead of a reply, as text (`undefined`, a JSON value, ...). */
  readonly returned?: string
}

/**
 * Everything that happened in one run: the messages in order, the world after each (by index into
 * `snapshots`), the tool traces, and how it ended.
 */
export interface Trajectory {
  readonly scenarioId: string
  /** The domain the run played in (`device`, `bank`, ...). */
  readonly domain: string
  /** The agent's name (`openai:gpt-4o`, `reference`, a function agent's own name). */
  readonly agent: string
  /** The simulated user's name (`reference`, `scripted`, `openai:gpt-4o-mini`). */
  readonly user: string
  /** A description of the augmentation applied, or `'none'`. */
  readonly augmentation: string
  readonly trial: number
  readonly seed: number
  readonly messages: readonly Message[]
  /** Distinct world states; `snapshots[0]` is the starting world. */
  readonly snapshots: readonly WorldSnapshot[]
  /** Every tool call the agent made, in order. */
  readonly traces: readonly ToolTrace[]
  /** The index of the first user→agent message (where evaluation starts). */
  readonly firstUserMessageIndex: number
  /**
   * True when the simulated user wrote the first message itself (`User.opening`), rather than
   * the scenario (or its presentation); the user checks then read it as the user's own.
   */
  readonly openedByUser?: true
  /** Turns as ToolSandbox counts them (see `countTurns`). */
  readonly turns: number
  readonly status: RunStatus
  readonly error?: RunError
  readonly usage: Usage
  readonly races: readonly RaceRecord[]
  /**
   * The scoring mode the run was played for, which decided the order kept for parallel calls that
   * raced (`toolcheck`: the worst; `toolsandbox`: ToolSandbox's). `evaluate` scores in this mode
   * unless told otherwise. Absent on trajectories recorded before it existed.
   */
  readonly scoring?: 'toolcheck' | 'toolsandbox'
  /**
   * The tools the agent was shown, as shown (scrambled names, removed descriptions, renamed
   * arguments); each spec's `tool` names the real tool. Absent on trajectories built by hand.
   */
  readonly tools?: readonly ToolSpec[]
  /** The calls the augmentation changed, in order; absent when it changed none. */
  readonly tampered?: readonly TamperRecord[]
}
