import type { Message, OutsideRun, Usage } from '../conversation/index.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import type { JsonValue } from '../world/index.ts'
import type { Agent, InfrastructureError, RoleContext } from './types.ts'

/** What a tool call made through a `TurnTool` gave back, as the run recorded it. */
export interface TurnToolResult {
  /** The id the call was recorded under (the framework's own id unless it was empty or taken). */
  readonly callId: string
  /**
   * The text a step-level model reads for this call: the result as JSON text, or `Kind: message`
   * for an error. Hand this to the framework as the tool's output, so its model sees what any
   * other agent would.
   */
  readonly content: string
  /** The result, when the call succeeded. */
  readonly result?: JsonValue
  /** The error, when the call failed (unknown argument, state requirement, a tool's own error). */
  readonly error?: { readonly kind: string; readonly message: string }
}

/** Options of one `TurnTool.call`. */
export interface TurnToolCallOptions {
  /** The framework's id for the call (the model's `tool_call_id`); one is made up when absent. */
  readonly callId?: string
}

/**
 * One of the scenario's tools as a turn-level agent gets it: the spec as presented (augmentations
 * included: the name, description and schema may be scrambled) and a `call` that executes it
 * through the run, which records it on the bus like a step-level agent's call (the agent's call
 * message, the environment's result, the world snapshot).
 *
 * Calls started before the event loop turns (the same tick and its promise callbacks, as a
 * framework's `Promise.all` over a step's tool calls does) are one parallel message, run in every
 * order for race detection. A call never rejects for what the tool did: errors come back as
 * `TurnToolResult.error`. It rejects with `TurnClosedError` once the turn is over (the message
 * budget ran out, the run was cancelled, or `runTurn` already returned).
 */
export interface TurnTool {
  readonly spec: ToolSpec
  /** Runs the tool with these arguments (a JSON object, or JSON text as a model sent it). */
  call(args: JsonValue, options?: TurnToolCallOptions): Promise<TurnToolResult>
}

/**
 * A call the agent's framework ran itself, outside toolcheck's world (a tool of the agent's own,
 * a handoff), with what came of it, for the run to record beside the world's calls.
 */
export interface OutsideCall {
  /** The tool name the model called. */
  readonly name: string
  /** The arguments as the model sent them (JSON, or the text when it was not JSON). */
  readonly arguments: JsonValue
  /** The framework's id for the call (the model's tool-call id); one is made up when absent. */
  readonly callId?: string
  /** What the tool returned, as JSON, when it succeeded. */
  readonly result?: JsonValue
  /** What went wrong, when it failed (a thrown error, a refusal of the framework). */
  readonly error?: { readonly kind: string; readonly message: string }
  /** How it ran: a tool of the agent's own, or a handoff (naming both agents). */
  readonly run: OutsideRun
}

/** What a turn-level agent gets for one user turn. */
export interface TurnInput {
  /** The messages the agent sees, oldest first, ending with the user's latest message. */
  readonly messages: readonly Message[]
  /** The scenario's tools as presented, bound to this run. */
  readonly tools: readonly TurnTool[]
  /** The system prompt the run gives the agent (the domain's, scenario's or run's). */
  readonly systemPrompt: string
  /**
   * Fires when the turn must stop: the message budget ran out, or the run was cancelled. Pass it
   * to the framework (`abortSignal`, `signal`), so its loop stops at once.
   */
  readonly signal: AbortSignal
  /**
   * Adds the usage of model calls made in this turn to the run's. Report each call as it ends,
   * so a turn cut short still counts what it spent.
   */
  recordUsage(usage: Usage): void
  /**
   * Runs a call by the name the model used, whether or not the turn offers it: an offered name
   * runs that tool, exactly as its `TurnTool` would; any other name is recorded as a failed call
   * (`UnknownToolError`, naming the close names offered), as the run records a hallucinated name
   * for every agent. For frameworks that refuse a name they do not know before anything runs.
   */
  callByName(name: string, args: JsonValue, options?: TurnToolCallOptions): Promise<TurnToolResult>
  /**
   * Records a call the framework ran outside the world, with its outcome: it joins the parallel
   * message of the world's calls started with it (see `TurnTool`), and tool-call milestones and
   * minefields see it like any call.
   */
  recordOutsideCall(call: OutsideCall): Promise<void>
  /**
   * Tells the run which system prompt (instructions) a model call of this turn carried. The run
   * records it as a system message to the agent, in order with the calls, whenever it is not
   * the prompt the agent was last seen with, so the transcript shows what the model received.
   */
  recordSystemPrompt(text: string): void
  /**
   * Tells the run that a model call of this turn failed for good (the adapters' guarded models
   * do). Should the turn then end with an error that is not an `InfrastructureError` (a framework
   * that wraps the failure, or swallows it and reports "no output"), the run ends with this
   * failure instead, so an infrastructure failure is never mistaken for the agent's.
   */
  reportFailure(error: InfrastructureError): void
}

/** How a turn ended: the text for the user (`''` when the agent's loop ended without one). */
export interface TurnReply {
  readonly content: string
}

/**
 * The turn-level agent boundary, beside the step-level `Agent`: for each user turn the agent
 * runs its own loop (the Vercel AI SDK's `generateText`, the OpenAI Agents SDK's `run`, an agent
 * in another process over MCP) and calls the tools it was handed; its final text becomes the
 * agent's message to the user. Throw `InfrastructureError` for failures that are not the agent's
 * fault; any other exception ends the run with status `error` and kind `internal`.
 */
export interface TurnAgent {
  /** A stable name for reports and cache keys. */
  readonly name: string
  runTurn(input: TurnInput, context: RoleContext): Promise<TurnReply | string>
}

/** An agent of either kind: step-level (`respond`) or turn-level (`runTurn`). */
export type AnyAgent = Agent | TurnAgent

/** Whether an agent runs whole turns itself. */
export function isTurnAgent(agent: AnyAgent): agent is TurnAgent {
  return typeof (agent as Partial<TurnAgent>).runTurn === 'function'
}

/**
 * Declares a turn-level agent from a function: the seam for wrapping an agent loop you already
 * have. Return the final text (or `{ content }`).
 *
 * @example
 * turnAgent('my-loop', async ({ messages, tools, signal }) => {
 *   const wifi = tools.find((tool) => tool.spec.tool === 'set_wifi_status')
 *   await wifi?.call({ on: true })
 *   return 'Wi-Fi is on.'
 * })
 */
export function turnAgent(name: string, runTurn: (input: TurnInput, context: RoleContext) => Promise<TurnReply | string> | TurnReply | string): TurnAgent {
  return { name, runTurn: async (input, context) => await runTurn(input, context) }
}

/** The reply of a turn as text. */
export function turnReplyText(reply: TurnReply | string): string {
  return typeof reply === 'string' ? reply : typeof reply?.content === 'string' ? reply.content : ''
}
