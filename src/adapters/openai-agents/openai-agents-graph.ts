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
  /** The SDK's current tracing span (`getCurrentSpan`), where the SDK reports a tool's error it handed the model. */
  readonly currentSpan: () => ErrorSpan | null
}

/** What of a tracing span the graph uses: the SDK reports errors it handles there. */
export interface ErrorSpan {
  setError(error: unknown): void
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
    clone.tools = agent.tools.map((tool: Tool) => (setup.worldTools.has(tool) || tool.type !== 'function' ? tool : recordedTool(tool, setup)))
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

/**
 * A function tool of the agent's own whose calls are recorded outside the world. The SDK catches
 * what the tool throws and hands the model its error function's text instead (by default), so the
 * call returns as if it had answered; the SDK also reports the error on the current tracing span
 * (tracing off or on), and a call it reported so for this tool is recorded as failed, with the
 * error when the SDK gives it (a custom `errorFunction`) and else the text the model read.
 */
function recordedTool(tool: FunctionTool, setup: Pick<GraphSetup, 'turn' | 'currentSpan'>): FunctionTool {
  return {
    ...tool,
    invoke: async (context, input, details) => {
      const watch = watchToolErrors(setup.currentSpan(), tool.name)
      try {
        return await runOutside(
          setup.turn,
          { name: tool.name, arguments: parsed(input), callId: details?.toolCall?.callId },
          () => tool.invoke(context, input, details),
          (output) => {
            const reported = watch.reported()
            return reported === undefined ? undefined : handedError(reported, output)
          },
        )
      } finally {
        watch.stop()
      }
    },
  }
}

/** The listeners of each span whose `setError` the graph watches (installed once per span). */
const spanListeners = new WeakMap<ErrorSpan, Set<(error: unknown) => void>>()

/** Watches a span for an error the SDK reports for `toolName` while a call of it runs. */
function watchToolErrors(span: ErrorSpan | null, toolName: string): { reported(): unknown; stop(): void } {
  if (span === null || typeof span.setError !== 'function') return { reported: () => undefined, stop: () => {} }
  let listeners = spanListeners.get(span)
  if (listeners === undefined) {
    const own = new Set<(error: unknown) => void>()
    listeners = own
    spanListeners.set(span, own)
    const original = span.setError.bind(span)
    span.setError = (error: unknown) => {
      for (const listener of own) listener(error)
      original(error)
    }
  }
  let reported: unknown
  const listener = (error: unknown) => {
    if ((error as { data?: { tool_name?: unknown } } | null)?.data?.tool_name === toolName) reported ??= error
  }
  listeners.add(listener)
  return { reported: () => reported, stop: () => listeners.delete(listener) }
}

/** The failure of a call whose error the SDK handed the model: the error as the SDK gives it, else what the model read. */
function handedError(reported: unknown, output: unknown): { readonly kind: string; readonly message: string } {
  const detail = (reported as { data?: { error?: unknown } }).data?.error
  const named = typeof detail === 'string' ? /^(\w*Error): ([\s\S]*)$/.exec(detail) : null
  if (named !== null) return { kind: named[1] as string, message: named[2] as string }
  return { kind: 'Error', message: `the tool threw, and the SDK handed the model ${typeof output === 'string' ? JSON.stringify(output) : 'its error function\'s output'} instead` }
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
