import type { Agent, FunctionTool, Handoff, Model, Tool } from '@openai/agents'
import type { TurnInput } from '../../roles/turn-agent.ts'
import type { JsonValue } from '../../world/index.ts'
import { OwnToolClashError } from '../own-tool-clash-error.ts'
import { recordQuietly, runOutside } from '../outside-outcome.ts'

// The SDK's Agent is generic in its context and output types; any of them can be tested.
type AnySdkAgent = Agent<any, any>

/** What `recordedAgentGraph` needs of the turn and of the SDK. */
export interface GraphSetup {
  readonly turn: Pick<TurnInput, 'recordOutsideCall'>
  /** The world's function tools of this turn (by identity: they are recorded by the run already). */
  readonly worldTools: ReadonlySet<Tool>
  /** Makes a handoff to an agent (the SDK's `handoff`). */
  readonly handoff: (agent: AnySdkAgent) => Handoff
  /** Whether a value is a `Handoff` of the SDK. */
  readonly isHandoff: (value: unknown) => value is Handoff
  /** Guards a `Model` object an agent carries (its name is the agent's). */
  readonly guardModel: (model: Model, agent: AnySdkAgent) => Model
}

/**
 * The agent and every agent it can hand off to, cloned for one turn so that the run sees all
 * they do (your `Agent` objects are left as they are, since runs may share them):
 * - each function tool of their own is wrapped so that its calls are recorded as calls outside
 *   the world, with their arguments and results (`runOutside`); hosted tools run at the provider
 *   and are recorded from the model's response;
 * - each handoff records, when the SDK takes it, a call of its tool (`transfer_to_<agent>`) that
 *   names the agent handing off and the one taking over;
 * - a `Model` object an agent carries goes behind toolcheck's limits and cassettes (`guardModel`).
 * Tools of an agent's own that have the name of a world tool it is given are refused
 * (`OwnToolClashError`): the model could not tell them apart.
 */
export function recordedAgentGraph(root: AnySdkAgent, setup: GraphSetup): AnySdkAgent {
  const prepared = new Map<AnySdkAgent, AnySdkAgent>()
  const prepare = (agent: AnySdkAgent): AnySdkAgent => {
    const known = prepared.get(agent)
    if (known !== undefined) return known
    // Cloned first and filled in after, so that agents that hand off to each other meet their clones.
    const clone = agent.clone({})
    prepared.set(agent, clone)
    checkClash(agent.tools)
    clone.tools = agent.tools.map((tool: Tool) => (setup.worldTools.has(tool) || tool.type !== 'function' ? tool : recordedTool(tool, setup.turn)))
    if (typeof agent.model !== 'string') clone.model = setup.guardModel(agent.model as Model, agent)
    clone.handoffs = agent.handoffs.map((target: AnySdkAgent | Handoff) => recordedHandoff(setup.isHandoff(target) ? target : setup.handoff(target), agent))
    return clone
  }
  const recordedHandoff = (original: Handoff, from: AnySdkAgent): Handoff => {
    const wrapped = Object.assign(Object.create(Object.getPrototypeOf(original) as object) as Handoff, original)
    wrapped.agent = prepare(original.agent)
    wrapped.onInvokeHandoff = async (context, input) => {
      const target = await original.onInvokeHandoff(context, input)
      const to = target === original.agent ? wrapped.agent : prepare(target)
      await recordQuietly(setup.turn, { name: original.toolName, arguments: parsed(input), result: { assistant: to.name }, run: { kind: 'handoff', from: from.name, to: to.name } })
      return to
    }
    return wrapped
  }
  const checkClash = (tools: readonly Tool[]) => {
    const worldNames = new Set([...tools].filter((tool) => setup.worldTools.has(tool)).map((tool) => tool.name))
    const clash = tools.filter((tool) => !setup.worldTools.has(tool) && worldNames.has(tool.name)).map((tool) => tool.name)
    if (clash.length > 0) throw new OwnToolClashError('vitest-toolcheck/openai-agents', [...new Set(clash)])
  }
  return prepare(root)
}

/** A function tool of the agent's own whose calls are recorded outside the world. */
function recordedTool(tool: FunctionTool, turn: Pick<TurnInput, 'recordOutsideCall'>): FunctionTool {
  return {
    ...tool,
    invoke: (context, input, details) => runOutside(turn, { name: tool.name, arguments: parsed(input), callId: details?.toolCall?.callId }, () => tool.invoke(context, input, details)),
  }
}

/** Arguments as the model sent them: JSON when they are, the text otherwise. */
export function parsed(input: string): JsonValue {
  if (input.trim() === '') return {}
  try {
    return JSON.parse(input) as JsonValue
  } catch {
    return input
  }
}
