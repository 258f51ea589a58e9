import { plainPresentation } from '../augmentation/index.ts'
import type { Message, RaceRecord, RunError, RunStatus, TamperRecord, ToolCall, ToolTrace, Trajectory, Usage } from '../conversation/index.ts'
import { addUsage, agentView, ConversationBus, countTurns, NO_USAGE, toolSandboxRows, userView } from '../conversation/index.ts'
import type { AnyDomain, Demonstration } from '../domain/index.ts'
import { buildWorld } from '../domain/index.ts'
import type { Agent, RequestedCall, RoleContext, User } from '../roles/types.ts'
import { InfrastructureError } from '../roles/types.ts'
import { AgentReplyError, checkAgentReply } from '../roles/agent-reply-error.ts'
import { isBuiltInAgent } from '../roles/built-in-role.ts'
import { safeText } from '../conversation/safe-text.ts'
import type { AnyAgent, TurnAgent, TurnToolResult } from '../roles/turn-agent.ts'
import { isTurnAgent } from '../roles/turn-agent.ts'
import type { BatchedCall } from '../roles/bind-turn-tools.ts'
import { playTurn } from '../roles/play-turn.ts'
import { scriptedUser } from '../roles/scripted-user.ts'
import type { Scenario, ScenarioPresentation } from '../scenario/index.ts'
import { expectScenario } from '../scenario/expect-scenario.ts'
import { resolveScenarioDomain } from '../scenario/index.ts'
import type { CallTamper } from '../tools/call-tamper.ts'
import { codeStack, thrownText } from '../tools/code-stack.ts'
import type { Clock, IdSource } from '../tools/context.ts'
import { seededIds } from '../tools/context.ts'
import type { ToolFault } from '../tools/tool-fault.ts'
import { executeToolCall } from '../tools/execute-tool-call.ts'
import { presentTool } from '../tools/present-tool.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import { createRegistry } from '../tools/tool-registry.ts'
import { endConversation } from '../tools/end-conversation-tool.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import type { JsonValue, TableInfo, WorldSnapshot } from '../world/index.ts'
import { canonicalJson, DEPTH_CEILING, nestingDepth } from '../world/index.ts'
import { clockOf } from '../scenario/index.ts'
import type { ParallelCallRule } from './run-parallel-calls.ts'
import { runParallelCalls } from './run-parallel-calls.ts'
import { defaultScoring } from './default-scoring.ts'
import { rememberRun } from './scenario-of.ts'
import { userBriefing } from './system-prompts.ts'

/** How to play a scenario. Only `agent` is required. */
export interface RunOptions {
  /** A step-level `Agent` (one reply per call) or a turn-level `TurnAgent` (its own loop per user turn). */
  readonly agent: AnyAgent
  /** The simulated user; by default the scenario's scripted user (`scriptedUser(scenario)`: the reference solution's replies). */
  readonly user?: User
  /** The tools and first message the agent is shown; by default the allowed tools, plainly, and the scenario's first message. */
  readonly presentation?: ScenarioPresentation
  /**
   * The domain to play in (its world, tools and prompts). By default the scenario's own: the
   * domain object it was defined or loaded with, else the one its `domain` names among `domains`
   * or the built-in ones.
   */
  readonly domain?: AnyDomain
  /** Domains to look the scenario's `domain` name up in. */
  readonly domains?: readonly AnyDomain[]
  /** The tools that can run; the domain's by default. */
  readonly registry?: ToolRegistry
  /** The starting world; by default the domain's default world with the scenario's changes. */
  readonly startingWorld?: WorldSnapshot
  /** The most messages after the first user message; by default the scenario's `maxTurns`. */
  readonly maxTurns?: number
  /** Which trial this is (from 0); passed to the roles for their cache keys. */
  readonly trial?: number
  /**
   * The trial the simulated user is told it plays (its cache keys); `trial` by default. A run
   * played again after its user broke its part takes a fresh one, so that a recorded user does
   * not repeat its error while the agent's calls stay as they were.
   */
  readonly userTrial?: number
  /** Seeds ids and the sample of parallel-call orders (0 by default). */
  readonly seed?: number
  /**
   * The scoring mode the run will be scored in (`ScoringMode`), which also decides the order a
   * batch of parallel calls keeps when the orders end differently: toolcheck's (the worst) or
   * ToolSandbox's (the first that fails); see `ParallelCallRule`. The trajectory records it and
   * `evaluate` scores in it unless told otherwise. By default the scenario's own `scoring`, else the vitest plugin's `scoring` inside
   * a configured run (so a test's own `runScenario` and its matchers agree), toolcheck's elsewhere.
   */
  readonly scoring?: ParallelCallRule
  /** The order parallel calls keep, when it must differ from what `scoring` implies (a lower-level override). */
  readonly parallelCalls?: ParallelCallRule
  readonly signal?: AbortSignal
  /**
   * Replace the prompts for this run: `agent`, the agent's system prompt; `user`, who the simulated
   * user is (the role-play text before its goal). Each defaults to the scenario's `prompts`, then
   * the domain's.
   */
  readonly prompts?: { readonly agent?: string; readonly user?: string }
  /** The agent's system prompt for this run (the same as `prompts.agent`, which wins). */
  readonly systemPrompt?: string
}

/** The user's tools: `end_conversation`, whatever the domain. */
const userRegistry = createRegistry([endConversation])
const userTools: readonly ToolSpec[] = [presentTool(endConversation)]

/**
 * Plays a scenario between an agent, a user and the tool world of its domain, and returns the
 * trajectory. It never throws for anything a role or a tool does: a run that someone's code
 * stops ends with status `error` and a `RunError` naming the culprit (the agent, the domain or
 * the infrastructure). (It does throw, before anything runs, when the scenario's domain is
 * unknown or the scenario does not fit it: `UnknownDomainError`, `ScenarioError`; or when it
 * allows a tool the registry does not have.)
 *
 * The run opens with three messages: the system prompt to the agent, the user's instructions to
 * the user, and the first user message to the agent. Then one loop, in which the role the last
 * message was addressed to acts:
 * - the agent replies with tool calls (sent to the environment, which answers each with an
 *   environment→agent message carrying its trace; several calls run as parallel calls, see
 *   `runParallelCalls`), or with text for the user (a reply with neither is an empty message);
 *   a turn-level agent (`TurnAgent`) instead runs its own loop for the whole user turn, and each
 *   batch of calls it makes through its tools is recorded exactly like a step-level reply with
 *   those calls, its final text like a step-level text reply;
 * - the user answers the agent, or ends the conversation (a user→environment `end_conversation`
 *   call and the environment's answer, marked `ended`).
 *
 * The loop stops, checked before every role acts, when:
 * - **completed**: the user ended the conversation;
 * - **max-turns**: `maxTurns` messages have followed the first user message (every message
 *   counts: agent text, calls, results, user replies), as ToolSandbox's 30-message budget; an
 *   agent message with several calls counts once per call, as ToolSandbox stores one row per
 *   call. The agent's calls and their results are never split, so a parallel message may end
 *   a run a few messages past the budget, as in ToolSandbox. A turn-level agent's loop is
 *   stopped (its signal aborted, later calls refused) as soon as a batch of results spends the
 *   budget;
 * - **error**, whose `RunError.culprit` says whose code it was:
 *   - `agent`: the agent's own code threw (`agent-threw`, with its stack) or returned something
 *     that is not a reply (`agent-invalid-reply`, with what it returned). toolcheck's own agents
 *     (the model agents, the reference agent) are not the user's code: what they throw is
 *     `infrastructure`;
 *   - `domain`: a tool's code broke (see `ToolFault`: it threw something that is not a
 *     `ToolError`, returned `undefined` or a value that is not JSON, did not settle within its
 *     time limit, or wrote the world in a way its domain does not allow), with the tool, its
 *     arguments and its stack. The agent's message with the calls is kept, and the answers of
 *     the calls run before the broken one;
 *   - `infrastructure`: a role threw an `InfrastructureError` (its kind), the simulated user
 *     threw anything else (`internal`), or the signal was aborted (`aborted`; a turn-level
 *     agent's loop is aborted with it).
 */
export async function runScenario(scenario: Scenario, options: RunOptions): Promise<Trajectory> {
  expectScenario(scenario, 'runScenario')
  const domain = await resolveScenarioDomain(scenario, options)
  const registry = options.registry ?? domain.registry
  const clock = clockOf(scenario)
  const seed = options.seed ?? 0
  const trial = options.trial ?? 0
  const scoring = options.scoring ?? scenario.scoring ?? defaultScoring()
  const presentation = options.presentation ?? plainPresentation(scenario, registry)
  const user = options.user ?? scriptedUser(scenario)
  const maxTurns = options.maxTurns ?? scenario.maxTurns
  const agentSystemPrompt = options.prompts?.agent ?? options.systemPrompt ?? scenario.prompts?.agent ?? domain.prompts.agent
  const persona = options.prompts?.user ?? scenario.prompts?.user ?? domain.prompts.user
  const userPrompt = userBriefing(scenario, persona)
  const briefing: UserBriefing = { systemPrompt: userPrompt, persona, ...(domain.prompts.userExample === undefined ? {} : { example: domain.prompts.userExample }) }
  const context: RoleContext = { scenario, trial, seed, ...(options.signal === undefined ? {} : { signal: options.signal }) }
  const userContext: RoleContext = options.userTrial === undefined ? context : { ...context, trial: options.userTrial }

  const startingWorld = options.startingWorld ?? buildWorld(domain, scenario.world, clock)
  const bus = new ConversationBus(startingWorld)
  bus.post({ sender: 'system', recipient: 'agent', content: agentSystemPrompt })
  bus.post({ sender: 'system', recipient: 'user', content: userPrompt })
  const state: LoopState = { callIds: new Set(), ids: seededIds(`${scenario.id}/${seed}`), usage: NO_USAGE, races: [], fault: undefined, callCounts: new Map(), tampered: [], agentPrompt: agentSystemPrompt }
  // A user that writes its own first message writes it now; what it throws ends the run before it starts.
  let opening: string | RunError = presentation.firstMessage
  if (user.opening !== undefined) {
    try {
      const opened = await user.opening({ messages: userView(bus.messages), ...briefing, firstMessage: presentation.firstMessage }, userContext)
      if (opened.usage !== undefined) state.usage = addUsage(state.usage, opened.usage)
      opening = String(opened.content)
    } catch (thrown) {
      opening = runErrorOf(thrown, 'user', options.agent)
    }
  }
  const firstUserMessageIndex = bus.post({ sender: 'user', recipient: 'agent', content: typeof opening === 'string' ? opening : presentation.firstMessage }).index

  // Messages after the first user message, in ToolSandbox's rows (see `toolSandboxRows`).
  const budget = { used: 0, counted: firstUserMessageIndex + 1 }
  const budgetSpent = (): boolean => {
    // A system message (the instructions a turn-level agent's model call carried) is no turn, as in `countTurns`.
    budget.used += bus.messages.slice(budget.counted).reduce((sum, message) => sum + (message.sender === 'system' ? 0 : toolSandboxRows(message)), 0)
    budget.counted = bus.messages.length
    return budget.used >= maxTurns
  }
  const environment: Environment = {
    registry,
    clock,
    seed,
    budgetSpent,
    ...writableTables(startingWorld),
    toolTimeoutMs: domain.toolTimeoutMs,
    parallelCalls: options.parallelCalls ?? scoring,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(presentation.tamper === undefined ? {} : { tamper: presentation.tamper }),
  }
  let status: RunStatus = 'error'
  let error: RunError | undefined = typeof opening === 'string' ? undefined : opening
  while (error === undefined) {
    if (options.signal?.aborted === true) {
      status = 'error'
      error = { culprit: 'infrastructure', kind: 'aborted', message: 'the run was aborted' }
      break
    }
    const last = bus.messages[bus.messages.length - 1] as Message
    if (last.ended === true) {
      status = 'completed'
      break
    }
    if (budgetSpent()) {
      status = 'max-turns'
      break
    }
    const role: 'agent' | 'user' = last.recipient === 'user' ? 'user' : 'agent'
    let stopped = false
    try {
      if (role === 'user') await userTurn(user, bus, briefing, userContext, environment, state)
      else if (!isTurnAgent(options.agent)) await agentTurn(options.agent, bus, presentation.tools, agentSystemPrompt, context, environment, state)
      else stopped = (await turnAgentTurn(options.agent, bus, presentation.tools, agentSystemPrompt, context, environment, state)) === 'stopped'
    } catch (thrown) {
      status = 'error'
      error = runErrorOf(thrown, role, options.agent)
      break
    }
    if (state.fault !== undefined) {
      status = 'error'
      error = domainError(state.fault, role)
      break
    }
    if (stopped) {
      status = 'max-turns'
      break
    }
  }

  const trajectory: Trajectory = {
    scenarioId: scenario.id,
    domain: domain.name,
    agent: options.agent.name,
    user: user.name,
    augmentation: presentation.label,
    trial,
    seed,
    messages: bus.messages,
    snapshots: bus.snapshots,
    traces: bus.traces,
    firstUserMessageIndex,
    ...(user.opening === undefined ? {} : { openedByUser: true as const }),
    turns: countTurns(bus.messages, firstUserMessageIndex),
    status,
    ...(error === undefined ? {} : { error }),
    usage: state.usage,
    races: state.races,
    scoring: options.parallelCalls ?? scoring,
    tools: presentation.tools,
    ...(state.tampered.length === 0 ? {} : { tampered: state.tampered }),
  }
  return rememberRun(trajectory, scenario, domain)
}

/** What the run tells the simulated user: the full briefing, and its parts for users that compose their own. */
interface UserBriefing {
  readonly systemPrompt: string
  readonly persona: string
  readonly example?: Demonstration
}

interface LoopState {
  /** Every call id used so far, so a repeated id from a model is made unique. */
  readonly callIds: Set<string>
  ids: IdSource
  usage: Usage
  races: RaceRecord[]
  /** The first bug of a tool met in this run; the run ends on it. */
  fault: ToolFault | undefined
  /** How many calls of each real tool the agent has made, for numbering calls for the presentation's `tamper`. */
  readonly callCounts: Map<string, number>
  readonly tampered: TamperRecord[]
  /** The system prompt the agent was last seen with: the run's, then what its model calls carried. */
  agentPrompt: string
}

interface Environment {
  readonly registry: ToolRegistry
  readonly clock: Clock
  readonly seed: number
  /** Counts the messages posted since the last check; true once the message budget is spent. */
  budgetSpent(): boolean
  /** The tables tools may write, when the world knows them. */
  readonly tables?: Readonly<Record<string, TableInfo>>
  /** The time limit of a tool call, for tools that set none. */
  readonly toolTimeoutMs: number
  readonly parallelCalls: ParallelCallRule
  readonly signal?: AbortSignal
  readonly tamper?: NonNullable<ScenarioPresentation['tamper']>
}

/**
 * The tables tools may write: those of the starting world, when it knows every table's columns
 * (a world built from a domain does). A world put together by hand is not guarded.
 */
function writableTables(world: WorldSnapshot): { readonly tables?: Readonly<Record<string, TableInfo>> } {
  const info = Object.values(world.info)
  return info.length > 0 && info.every((table) => table.columns !== undefined) ? { tables: world.info } : {}
}

/** What the agent's own code threw (or returned instead of a reply), on its way to the run loop. */
class AgentCodeError extends Error {
  readonly thrown: unknown

  constructor(thrown: unknown) {
    super('the agent failed')
    this.thrown = thrown
  }
}

/** Runs the agent's code; what it throws is marked as its own, unless it is an `InfrastructureError`. */
async function agentCode<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (thrown) {
    throw thrown instanceof InfrastructureError ? thrown : new AgentCodeError(thrown)
  }
}

/**
 * The `RunError` of what a role's turn threw: whose code it was, and what it says. Texts from
 * someone else's code may quote a client's URL or a server's text: they are made safe to show.
 */
function runErrorOf(thrown: unknown, role: 'agent' | 'user', agent: AnyAgent): RunError {
  if (thrown instanceof InfrastructureError) return { culprit: 'infrastructure', kind: thrown.kind, message: thrown.message, role }
  if (thrown instanceof AgentCodeError) {
    const cause = thrown.thrown
    // toolcheck's own agents are not the user's code: their bugs are toolcheck's.
    if (isBuiltInAgent(agent)) return { culprit: 'infrastructure', kind: 'internal', message: safeText(`${agent.name} failed: ${thrownText(cause)}`), role }
    if (cause instanceof AgentReplyError) return { culprit: 'agent', kind: 'agent-invalid-reply', message: safeText(cause.message), role, returned: safeText(cause.returned) }
    const stack = codeStack(cause)
    return { culprit: 'agent', kind: 'agent-threw', message: safeText(`the agent's code threw ${thrownText(cause)}`), role, ...(stack === undefined ? {} : { stack: safeText(stack) }) }
  }
  return { culprit: 'infrastructure', kind: 'internal', message: safeText(thrown instanceof Error ? thrown.message : String(thrown)), role }
}

/** The `RunError` of a tool's bug. */
function domainError(fault: ToolFault, role: 'agent' | 'user'): RunError {
  return {
    culprit: 'domain',
    kind: fault.kind,
    message: safeText(`the tool ${fault.tool} ${fault.message}`),
    role,
    tool: fault.tool,
    arguments: fault.arguments,
    ...(fault.stack === undefined ? {} : { stack: safeText(fault.stack) }),
  }
}

async function agentTurn(agent: Agent, bus: ConversationBus, tools: readonly ToolSpec[], systemPrompt: string, context: RoleContext, environment: Environment, state: LoopState): Promise<void> {
  const reply = await agentCode(async () => checkAgentReply(await agent.respond({ messages: agentView(bus.messages), tools, systemPrompt }, context)))
  if (reply.usage !== undefined) state.usage = addUsage(state.usage, reply.usage)
  const requested = reply.toolCalls ?? []
  if (requested.length === 0) {
    bus.post({ sender: 'agent', recipient: 'user', content: typeof reply.content === 'string' ? reply.content : '' })
    return
  }
  await runAgentCalls(requested, reply.content ?? '', bus, tools, environment, state)
}

/**
 * One user turn of a turn-level agent (see `playTurn`). Its tools execute through `runAgentCalls`,
 * one batch at a time, so each batch is recorded as one agent message with its results,
 * exactly as a step-level reply with those calls would be. Returns `stopped` when a batch spent
 * the message budget or met a tool's bug: the agent's loop is then aborted and its final text,
 * if any, never posted (a step-level agent would not have been asked again either).
 */
async function turnAgentTurn(agent: TurnAgent, bus: ConversationBus, tools: readonly ToolSpec[], systemPrompt: string, context: RoleContext, environment: Environment, state: LoopState): Promise<'stopped' | undefined> {
  const played = await agentCode(() => playTurn(agent, {
    messages: agentView(bus.messages),
    tools,
    systemPrompt,
    context,
    async execute(calls, stop) {
      const requested = calls.map(
        (call): AgentCall => ({ name: call.name, arguments: call.arguments, ...(call.callId === undefined ? {} : { id: call.callId }), ...(call.outside === undefined ? {} : { outside: call.outside }) }),
      )
      const results = await runAgentCalls(requested, '', bus, tools, environment, state)
      if (state.fault !== undefined) stop(`the tool ${state.fault.tool} failed`)
      else if (environment.budgetSpent()) stop('the run reached its message budget')
      return results
    },
    recordUsage(usage) {
      state.usage = addUsage(state.usage, usage)
    },
    recordSystemPrompt(text) {
      if (text === state.agentPrompt) return
      state.agentPrompt = text
      bus.post({ sender: 'system', recipient: 'agent', content: text })
    },
  }))
  if (played.outcome === 'stopped') return 'stopped'
  if (played.outcome === 'cancelled') throw new InfrastructureError('aborted', "the run was aborted during the agent's turn", { cause: played.reason })
  bus.post({ sender: 'agent', recipient: 'user', content: played.content })
  return undefined
}

/** A call of the agent's; `outside` when its framework already ran it outside the world. */
type AgentCall = RequestedCall & { readonly outside?: BatchedCall['outside'] }

/**
 * Posts the agent's calls as one message, runs the world's calls among them as parallel calls
 * (see `runParallelCalls`), notes a race, and posts each result, those of calls the framework ran
 * outside the world last, as they came; returns the results in the agent's order. When a tool's
 * code breaks, the results up to the broken call are posted, the fault is kept in `state` for the
 * loop to end the run on, and the world's calls that did not run get no result.
 */
async function runAgentCalls(requested: readonly AgentCall[], content: string, bus: ConversationBus, tools: readonly ToolSpec[], environment: Environment, state: LoopState): Promise<TurnToolResult[]> {
  const messageIndex = bus.messages.length
  const all = requested.map((call, position) => toolCallOf(call, messageIndex, position, state.callIds))
  const inWorld = requested.flatMap((call, position) => (call.outside === undefined ? [position] : []))
  const calls = inWorld.map((position) => all[position] as ToolCall)
  const tampers = tampersOf(calls, tools, bus, environment, state)
  bus.post({ sender: 'agent', recipient: 'environment', content, toolCalls: all })
  const result = await runParallelCalls({
    ...(tampers === undefined ? {} : { tampers }),
    calls,
    specs: tools,
    registry: environment.registry,
    world: bus.world,
    clock: environment.clock,
    ids: state.ids,
    audience: 'agent',
    seed: `${environment.seed}:${messageIndex}`,
    ...(environment.tables === undefined ? {} : { tables: environment.tables }),
    timeoutMs: environment.toolTimeoutMs,
    rule: environment.parallelCalls,
    ...(environment.signal === undefined ? {} : { signal: environment.signal }),
  })
  state.ids = result.ids
  state.fault ??= result.fault
  if (result.distinctOutcomes > 1)
    state.races.push({ messageIndex, tools: result.outcomes.map((_, index) => toolNameOf(calls[index] as ToolCall, result, index)), ordersTried: result.ordersTried, distinctOutcomes: result.distinctOutcomes, keptOrder: result.order.map((index) => inWorld[index] as number) })
  const results = new Array<TurnToolResult>(all.length)
  for (const [step, outcome] of result.outcomes.entries()) {
    bus.setWorld(outcome.world)
    const posted = bus.post({ sender: 'environment', recipient: 'agent', content: outcome.content, toolResult: outcome.trace })
    if (outcome.tampered !== undefined) state.tampered.push({ messageIndex: posted.index, tool: outcome.trace.tool, note: outcome.tampered })
    const position = inWorld[result.order[step] as number] as number
    const { error, result: value } = outcome.trace
    results[position] = { callId: (all[position] as ToolCall).id, content: outcome.content, ...(error === undefined ? { result: value ?? null } : { error }) }
  }
  for (const [position, call] of requested.entries()) {
    if (call.outside === undefined) continue
    const { id, name, arguments: args } = all[position] as ToolCall
    const { error, result: value, run } = call.outside
    const trace: ToolTrace = { callId: id, tool: name, arguments: args, ...(error === undefined ? { result: value ?? null } : { error }), outside: run }
    const text = error === undefined ? JSON.stringify(value ?? null) : `${error.kind}: ${error.message}`
    bus.post({ sender: 'environment', recipient: 'agent', content: text, toolResult: trace })
    results[position] = { callId: id, content: text, ...(error === undefined ? { result: value ?? null } : { error }) }
  }
  // After a tool's bug some calls never ran; a turn-level agent still gets an answer for each.
  for (const position of inWorld) {
    if (results[position] !== undefined) continue
    const message = `the call did not run: the tool ${result.fault?.tool ?? 'before it'} failed first`
    results[position] = { callId: (all[position] as ToolCall).id, content: `RuntimeError: ${message}`, error: { kind: 'RuntimeError', message } }
  }
  return results
}

/**
 * What the presentation's `tamper` does to each call of a message, by position, or `undefined`
 * when the run has no tampering. Calls are numbered per real tool in the agent's order, so a call's
 * number is the same whatever order the parallel calls then run in; a call that names no tool the
 * agent was shown has no number.
 */
function tampersOf(calls: readonly ToolCall[], tools: readonly ToolSpec[], bus: ConversationBus, environment: Environment, state: LoopState): (CallTamper | undefined)[] | undefined {
  const tamper = environment.tamper
  if (tamper === undefined) return undefined
  // The world before its last change: what a stale answer is read from.
  const previousWorld = bus.snapshots[bus.snapshots.length - 2] ?? bus.world
  return calls.map((call) => {
    const tool = tools.find((spec) => spec.name === call.name)?.tool
    if (tool === undefined) return undefined
    const number = (state.callCounts.get(tool) ?? 0) + 1
    state.callCounts.set(tool, number)
    return tamper({ tool, number, shownName: call.name }, previousWorld)
  })
}

/** The real name of the agent's `index`-th call (its presented name when it named no tool). */
function toolNameOf(call: ToolCall, result: Awaited<ReturnType<typeof runParallelCalls>>, index: number): string {
  const step = result.order.indexOf(index)
  return result.outcomes[step]?.trace.tool ?? call.name
}

async function userTurn(user: User, bus: ConversationBus, briefing: UserBriefing, context: RoleContext, environment: Environment, state: LoopState): Promise<void> {
  const reply = await user.respond({ messages: userView(bus.messages), ...briefing }, context)
  if (reply.usage !== undefined) state.usage = addUsage(state.usage, reply.usage)
  if (reply.kind === 'say') {
    bus.post({ sender: 'user', recipient: 'agent', content: reply.content })
    return
  }
  if (reply.kind === 'call' && !reply.toolCalls.every((call) => call.name === endConversation.name)) {
    // Tools that are not the user's are refused, not run: the user reads why, and acts again.
    const at = bus.messages.length
    const calls = reply.toolCalls.map((call, position): ToolCall => ({ id: `user-call-${at}-${position}`, name: String(call.name), arguments: keptArguments((call.arguments ?? {}) as JsonValue) }))
    bus.post({ sender: 'user', recipient: 'environment', content: '', toolCalls: calls })
    for (const call of calls) {
      const error = { kind: 'NotUserTool', message: `${call.name} is not a tool of the user's; the user can only end the conversation (${endConversation.name})` }
      bus.post({ sender: 'environment', recipient: 'user', content: `${error.kind}: ${error.message}`, toolResult: { callId: call.id, tool: call.name, arguments: call.arguments, error } })
    }
    return
  }
  const call: ToolCall = { id: `end-${bus.messages.length}`, name: endConversation.name, arguments: {} }
  bus.post({ sender: 'user', recipient: 'environment', content: '', toolCalls: [call] })
  const outcome = await executeToolCall({ call, specs: userTools, registry: userRegistry, world: bus.world, clock: environment.clock, ids: state.ids, audience: 'user' })
  state.fault ??= outcome.fault
  bus.setWorld(outcome.world)
  bus.post({ sender: 'environment', recipient: 'user', content: outcome.content, toolResult: outcome.trace, ended: true })
}

/**
 * A requested call with a unique id and JSON arguments (see `keptArguments`). The agent's id is kept unless it is empty
 * or already used in this run (models sometimes repeat ids); then `call-<message>-<position>` is
 * used, with `-<n>` added if even that is taken.
 */
function toolCallOf(call: RequestedCall, messageIndex: number, position: number, used: Set<string>): ToolCall {
  let id = typeof call.id === 'string' && call.id !== '' && !used.has(call.id) ? call.id : `call-${messageIndex}-${position}`
  for (let suffix = 2; used.has(id); suffix++) id = `call-${messageIndex}-${position}-${suffix}`
  used.add(id)
  return { id, name: String(call.name), arguments: keptArguments((call.arguments ?? {}) as JsonValue) }
}

/**
 * Arguments as the run keeps them: as they are, or, when nested deeper than `DEPTH_CEILING` (an
 * agent's code, or an SDK, that built them; model replies are held to `maxReplyDepth` when read),
 * as their JSON text, which the executor refuses with an error the agent reads.
 */
function keptArguments(value: JsonValue): JsonValue {
  return nestingDepth(value, DEPTH_CEILING) > DEPTH_CEILING ? canonicalJson(value) : value
}
