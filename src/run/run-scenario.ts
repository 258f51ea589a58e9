import { plainPresentation } from '../augmentation/index.ts'
import type { Message, RaceRecord, RunError, RunStatus, ToolCall, Trajectory, Usage } from '../conversation/index.ts'
import { addUsage, agentView, ConversationBus, countTurns, NO_USAGE, toolSandboxRows, userView } from '../conversation/index.ts'
import { buildStartingWorld, deviceTools } from '../../scenarios/toolsandbox/domain/index.ts'
import type { Agent, RequestedCall, RoleContext, User } from '../roles/types.ts'
import { InfrastructureError } from '../roles/types.ts'
import { referenceUser } from '../roles/reference-user.ts'
import type { Scenario, ScenarioPresentation } from '../scenario/index.ts'
import type { Clock, IdSource } from '../tools/context.ts'
import { seededIds } from '../tools/context.ts'
import { executeToolCall } from '../tools/execute-tool-call.ts'
import { presentTool } from '../tools/present-tool.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import { createRegistry } from '../tools/tool-registry.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import type { JsonValue, WorldSnapshot } from '../world/index.ts'
import { clockOf } from './clock-of.ts'
import { runParallelCalls } from './run-parallel-calls.ts'
import { rememberScenario } from './scenario-of.ts'
import { DEFAULT_AGENT_SYSTEM_PROMPT, userBriefing } from './system-prompts.ts'

/** How to play a scenario. Only `agent` is required. */
export interface RunOptions {
  readonly agent: Agent
  /** The simulated user; by default one that gives the reference solution's replies. */
  readonly user?: User
  /** The tools and first message the agent is shown; by default the allowed tools, plainly, and the scenario's first message. */
  readonly presentation?: ScenarioPresentation
  /** The tools that can run; by default the built-in device tools. */
  readonly registry?: ToolRegistry
  /** The starting world; by default the built-in world with the scenario's changes. */
  readonly startingWorld?: WorldSnapshot
  /** The most messages after the first user message; by default the scenario's `maxTurns`. */
  readonly maxTurns?: number
  /** Which trial this is (from 0); passed to the roles for their cache keys. */
  readonly trial?: number
  /** Seeds ids and the sample of parallel-call orders (0 by default). */
  readonly seed?: number
  readonly signal?: AbortSignal
  /** Replaces the agent's system prompt. */
  readonly systemPrompt?: string
}

let defaultRegistry: ToolRegistry | undefined

/**
 * Plays a scenario between an agent, a user and the tool world, and returns the trajectory. It
 * never throws for anything a role or a tool does: failures of the infrastructure end the run
 * with status `error`. (It does throw, before anything runs, when the scenario allows a tool the
 * registry does not have.)
 *
 * The run opens with three messages: the system prompt to the agent, the user's instructions to
 * the user, and the first user message to the agent. Then one loop, in which the role the last
 * message was addressed to acts:
 * - the agent replies with tool calls (sent to the environment, which answers each with an
 *   environment→agent message carrying its trace; several calls run as parallel calls, see
 *   `runParallelCalls`), or with text for the user (a reply with neither is an empty message);
 * - the user answers the agent, or ends the conversation (a user→environment `end_conversation`
 *   call and the environment's answer, marked `ended`).
 *
 * The loop stops, checked before every role acts, when:
 * - **completed**: the user ended the conversation;
 * - **max-turns**: `maxTurns` messages have followed the first user message (every message
 *   counts: agent text, calls, results, user replies), as ToolSandbox's 30-message budget; an
 *   agent message with several calls counts once per call, as ToolSandbox stores one row per
 *   call. The agent's calls and their results are never split, so a parallel message may end
 *   a run a few messages past the budget, as in ToolSandbox;
 * - **error**: a role threw (an `InfrastructureError` gives its kind, anything else `internal`)
 *   or the signal was aborted (`aborted`).
 */
export async function runScenario(scenario: Scenario, options: RunOptions): Promise<Trajectory> {
  const registry = options.registry ?? (defaultRegistry ??= createRegistry(deviceTools))
  const clock = clockOf(scenario)
  const seed = options.seed ?? 0
  const trial = options.trial ?? 0
  const presentation = options.presentation ?? plainPresentation(scenario, registry)
  const user = options.user ?? referenceUser(scenario)
  const maxTurns = options.maxTurns ?? scenario.maxTurns
  const agentSystemPrompt = options.systemPrompt ?? DEFAULT_AGENT_SYSTEM_PROMPT
  const userPrompt = userBriefing(scenario)
  const context: RoleContext = { scenario, trial, seed, ...(options.signal === undefined ? {} : { signal: options.signal }) }
  const userTools = registry.list().filter((tool) => tool.audience?.includes('user') === true).map((tool) => presentTool(tool))

  const bus = new ConversationBus(options.startingWorld ?? buildStartingWorld(scenario.world, clock))
  bus.post({ sender: 'system', recipient: 'agent', content: agentSystemPrompt })
  bus.post({ sender: 'system', recipient: 'user', content: userPrompt })
  const firstUserMessageIndex = bus.post({ sender: 'user', recipient: 'agent', content: presentation.firstMessage }).index

  const state: LoopState = { callIds: new Set(), ids: seededIds(`${scenario.id}/${seed}`), usage: NO_USAGE, races: [] }
  const environment: Environment = { registry, clock, seed }
  // Messages after the first user message, in ToolSandbox's rows (see `toolSandboxRows`).
  const budget = { used: 0, counted: firstUserMessageIndex + 1 }
  let status: RunStatus
  let error: RunError | undefined
  for (;;) {
    if (options.signal?.aborted === true) {
      status = 'error'
      error = { kind: 'aborted', message: 'the run was aborted' }
      break
    }
    const last = bus.messages[bus.messages.length - 1] as Message
    if (last.ended === true) {
      status = 'completed'
      break
    }
    budget.used += bus.messages.slice(budget.counted).reduce((sum, message) => sum + toolSandboxRows(message), 0)
    budget.counted = bus.messages.length
    if (budget.used >= maxTurns) {
      status = 'max-turns'
      break
    }
    const role: 'agent' | 'user' = last.recipient === 'user' ? 'user' : 'agent'
    try {
      if (role === 'agent') await agentTurn(options.agent, bus, presentation.tools, agentSystemPrompt, context, environment, state)
      else await userTurn(user, bus, userPrompt, context, userTools, environment, state)
    } catch (thrown) {
      status = 'error'
      error = thrown instanceof InfrastructureError ? { kind: thrown.kind, message: thrown.message, role } : { kind: 'internal', message: thrown instanceof Error ? thrown.message : String(thrown), role }
      break
    }
  }

  const trajectory: Trajectory = {
    scenarioId: scenario.id,
    augmentation: presentation.label,
    trial,
    seed,
    messages: bus.messages,
    snapshots: bus.snapshots,
    traces: bus.traces,
    firstUserMessageIndex,
    turns: countTurns(bus.messages, firstUserMessageIndex),
    status,
    ...(error === undefined ? {} : { error }),
    usage: state.usage,
    races: state.races,
  }
  return rememberScenario(trajectory, scenario)
}

interface LoopState {
  /** Every call id used so far, so a repeated id from a model is made unique. */
  readonly callIds: Set<string>
  ids: IdSource
  usage: Usage
  races: RaceRecord[]
}

interface Environment {
  readonly registry: ToolRegistry
  readonly clock: Clock
  readonly seed: number
}

async function agentTurn(agent: Agent, bus: ConversationBus, tools: readonly ToolSpec[], systemPrompt: string, context: RoleContext, environment: Environment, state: LoopState): Promise<void> {
  const reply = await agent.respond({ messages: agentView(bus.messages), tools, systemPrompt }, context)
  if (reply.usage !== undefined) state.usage = addUsage(state.usage, reply.usage)
  const requested = reply.toolCalls ?? []
  if (requested.length === 0) {
    bus.post({ sender: 'agent', recipient: 'user', content: typeof reply.content === 'string' ? reply.content : '' })
    return
  }
  const messageIndex = bus.messages.length
  const calls = requested.map((call, position) => toolCallOf(call, messageIndex, position, state.callIds))
  bus.post({ sender: 'agent', recipient: 'environment', content: reply.content ?? '', toolCalls: calls })
  const result = await runParallelCalls({
    calls,
    specs: tools,
    registry: environment.registry,
    world: bus.world,
    clock: environment.clock,
    ids: state.ids,
    audience: 'agent',
    seed: `${environment.seed}:${messageIndex}`,
  })
  state.ids = result.ids
  if (result.distinctOutcomes > 1)
    state.races.push({ messageIndex, tools: result.outcomes.map((_, index) => toolNameOf(calls[index] as ToolCall, result, index)), ordersTried: result.ordersTried, distinctOutcomes: result.distinctOutcomes, keptOrder: result.order })
  for (const outcome of result.outcomes) {
    bus.setWorld(outcome.world)
    bus.post({ sender: 'environment', recipient: 'agent', content: outcome.content, toolResult: outcome.trace })
  }
}

/** The real name of the agent's `index`-th call (its presented name when it named no tool). */
function toolNameOf(call: ToolCall, result: Awaited<ReturnType<typeof runParallelCalls>>, index: number): string {
  const step = result.order.indexOf(index)
  return result.outcomes[step]?.trace.tool ?? call.name
}

async function userTurn(user: User, bus: ConversationBus, systemPrompt: string, context: RoleContext, userTools: readonly ToolSpec[], environment: Environment, state: LoopState): Promise<void> {
  const reply = await user.respond({ messages: userView(bus.messages), systemPrompt }, context)
  if (reply.usage !== undefined) state.usage = addUsage(state.usage, reply.usage)
  if (reply.kind === 'say') {
    bus.post({ sender: 'user', recipient: 'agent', content: reply.content })
    return
  }
  const call: ToolCall = { id: `end-${bus.messages.length}`, name: 'end_conversation', arguments: {} }
  bus.post({ sender: 'user', recipient: 'environment', content: '', toolCalls: [call] })
  if (userTools.some((spec) => spec.name === call.name)) {
    const outcome = await executeToolCall({ call, specs: userTools, registry: environment.registry, world: bus.world, clock: environment.clock, ids: state.ids, audience: 'user' })
    bus.setWorld(outcome.world)
    bus.post({ sender: 'environment', recipient: 'user', content: outcome.content, toolResult: outcome.trace, ended: true })
  } else {
    bus.post({ sender: 'environment', recipient: 'user', content: 'null', toolResult: { callId: call.id, tool: call.name, arguments: {}, result: null }, ended: true })
  }
}

/**
 * A requested call with a unique id and JSON arguments. The agent's id is kept unless it is empty
 * or already used in this run (models sometimes repeat ids); then `call-<message>-<position>` is
 * used, with `-<n>` added if even that is taken.
 */
function toolCallOf(call: RequestedCall, messageIndex: number, position: number, used: Set<string>): ToolCall {
  let id = typeof call.id === 'string' && call.id !== '' && !used.has(call.id) ? call.id : `call-${messageIndex}-${position}`
  for (let suffix = 2; used.has(id); suffix++) id = `call-${messageIndex}-${position}-${suffix}`
  used.add(id)
  return { id, name: String(call.name), arguments: (call.arguments ?? {}) as JsonValue }
}
