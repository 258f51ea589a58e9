import type { Message } from '../conversation/index.ts'
import type { ReferenceCall, ReferenceStep } from '../scenario/index.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import type { JsonValue } from '../world/index.ts'
import { builtInAgent } from './built-in-role.ts'
import type { Agent, AgentReply, RequestedCall } from './types.ts'

/** What the reference agent says when its solution has no steps left (an unexpected extra user turn). */
export const REFERENCE_DONE_LINE = 'Is there anything else I can help with?'

/**
 * An agent that plays the scenario's reference solution: its agent steps, in order, one per
 * turn (the position is counted from the agent's own messages, so the agent is stateless).
 *
 * Calls are made with the ids `ref-<step>-<call>`, so a later step's `$ref` argument finds the
 * result of the call it names in the agent's view. Real tool and argument names are translated
 * to the ones the agent was shown (`view.tools`), so the reference stays correct when names are
 * scrambled or arguments renamed.
 */
export function referenceAgent(): Agent {
  return builtInAgent(Object.defineProperty({
    name: 'reference',
    async respond(view, context): Promise<AgentReply> {
      // Saying something generic instead would look like an agent that tried and failed.
      if (context.scenario.reference.length === 0)
        throw new Error(`scenario ${context.scenario.id} has no reference solution, so the reference agent cannot play it; play it with another agent`)
      const agentSteps = context.scenario.reference.flatMap((step, position) => ('agent' in step ? [{ step, position }] : []))
      const turn = view.messages.filter((message) => message.sender === 'agent').length
      const next = agentSteps[turn]
      if (next === undefined) return { content: REFERENCE_DONE_LINE }
      return replyFor(next.step, next.position, view.messages, view.tools)
    },
  }, PLAYS_REFERENCE, { value: true }))
}

/** Marks the reference agent, so a runner can tell it cannot play a scenario with no solution. */
const PLAYS_REFERENCE = Symbol('toolcheck.playsReference')

/**
 * Why `agent` cannot play `scenario`, when it is the reference agent and the scenario has no
 * reference solution (ToolSandbox's imported scenarios where none follows from the milestones):
 * such a run is skipped, saying why, rather than played into an error that is nobody's.
 * `undefined` for any other agent or scenario.
 */
export function referenceCannotPlay(agent: object, scenario: { readonly id: string; readonly reference: readonly unknown[] }): string | undefined {
  if ((agent as Record<symbol, unknown>)[PLAYS_REFERENCE] !== true || scenario.reference.length > 0) return undefined
  return `${scenario.id} has no reference solution, so the reference agent cannot play it`
}

function replyFor(step: ReferenceStep, position: number, messages: readonly Message[], tools: readonly ToolSpec[]): AgentReply {
  if (!('agent' in step)) return { content: '' }
  if (step.agent === 'say') return { content: step.values === undefined ? step.content : quoteValues(step.content, step.values, messages) }
  return { toolCalls: step.calls.map((call, index) => presentCall(call, `ref-${position}-${index}`, messages, tools)) }
}

/** The call as the agent was shown the tool: presented tool name, presented argument names, `$ref`s resolved. */
function presentCall(call: ReferenceCall, id: string, messages: readonly Message[], tools: readonly ToolSpec[]): RequestedCall {
  const spec = tools.find((candidate) => candidate.tool === call.tool)
  const presentedName = new Map<string, string>()
  for (const [presented, real] of Object.entries(spec?.argumentNames ?? {})) presentedName.set(real, presented)
  const args: Record<string, JsonValue> = {}
  for (const [name, value] of Object.entries(call.arguments)) {
    Object.defineProperty(args, presentedName.get(name) ?? name, { value: resolve(value, messages), enumerable: true, writable: true, configurable: true })
  }
  return { id, name: spec?.name ?? call.tool, arguments: args }
}

/** `content` with each `{name}` of `values` replaced by the result value its `$ref` points at. */
function quoteValues(content: string, values: Readonly<Record<string, ReferenceCall['arguments'][string]>>, messages: readonly Message[]): string {
  return content.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole
    const value = resolve(values[name] as ReferenceCall['arguments'][string], messages)
    return typeof value === 'string' ? value : JSON.stringify(value)
  })
}

/** A `$ref` value replaced by the part of an earlier call's result it points at (`null` when there is none). */
function resolve(value: ReferenceCall['arguments'][string], messages: readonly Message[]): JsonValue {
  if (!isRef(value)) return value as JsonValue
  const { step, call, path } = value.$ref
  const id = `ref-${step}-${call}`
  const trace = messages.find((message) => message.sender === 'environment' && message.toolResult?.callId === id)?.toolResult
  let current: JsonValue | undefined = trace?.result
  for (const part of path === '' ? [] : path.split('.')) {
    if (Array.isArray(current)) current = current[Number(part)]
    else if (typeof current === 'object' && current !== null && Object.hasOwn(current, part)) current = current[part]
    else current = undefined
  }
  return current ?? null
}

function isRef(value: unknown): value is { $ref: { step: number; call: number; path: string } } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '$ref' in value
}
