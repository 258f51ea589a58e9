import type { ReferenceCall } from '../../src/scenario/index.ts'
import type { TurnAgent, TurnTool } from '../../src/roles/index.ts'
import type { JsonValue } from '../../src/world/index.ts'

/**
 * A turn-level test double that plays a scenario's reference solution with its own loop: in each
 * user turn it makes the reference's calls through the tools it was handed (a step's calls all
 * at once, with `Promise.all`, as a framework does with a model's parallel calls) until the
 * reference says something, and returns that. It counts its progress from the agent messages it
 * sees, as `referenceAgent` does, and uses the ids `ref-<step>-<call>`, so its trajectory can be
 * compared message for message with the reference agent's.
 */
export function referenceTurnAgent(options: { readonly sequential?: boolean } = {}): TurnAgent {
  return {
    name: 'reference-turn',
    async runTurn({ messages, tools }, context) {
      const steps = context.scenario.reference.flatMap((step, position) => ('agent' in step ? [{ step, position }] : []))
      const results = new Map<string, JsonValue | undefined>()
      for (const message of messages) if (message.toolResult !== undefined) results.set(message.toolResult.callId, message.toolResult.result)
      let turn = messages.filter((message) => message.sender === 'agent').length
      for (;;) {
        const next = steps[turn++]
        if (next === undefined) return 'Is there anything else I can help with?'
        if (next.step.agent === 'say') return next.step.content
        const calls = next.step.calls.map((call, index) => () => callThrough(tools, call, `ref-${next.position}-${index}`, results))
        const outcomes = options.sequential === true ? await inSequence(calls) : await Promise.all(calls.map((call) => call()))
        for (const outcome of outcomes) results.set(outcome.callId, outcome.result)
      }
    },
  }
}

async function inSequence<T>(calls: readonly (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = []
  for (const call of calls) out.push(await call())
  return out
}

function callThrough(tools: readonly TurnTool[], call: ReferenceCall, callId: string, results: ReadonlyMap<string, JsonValue | undefined>) {
  const tool = tools.find((candidate) => candidate.spec.tool === call.tool)
  if (tool === undefined) throw new Error(`the reference calls ${call.tool}, which this turn was not given`)
  const presented = new Map(Object.entries(tool.spec.argumentNames ?? {}).map(([shown, real]) => [real, shown]))
  const args: Record<string, JsonValue> = {}
  for (const [name, value] of Object.entries(call.arguments)) args[presented.get(name) ?? name] = resolve(value, results)
  return tool.call(args, { callId })
}

function resolve(value: ReferenceCall['arguments'][string], results: ReadonlyMap<string, JsonValue | undefined>): JsonValue {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('$ref' in value)) return value as JsonValue
  const { step, call, path } = (value as { $ref: { step: number; call: number; path: string } }).$ref
  let current: JsonValue | undefined = results.get(`ref-${step}-${call}`)
  for (const part of path === '' ? [] : path.split('.')) {
    if (Array.isArray(current)) current = current[Number(part)]
    else if (typeof current === 'object' && current !== null && Object.hasOwn(current, part)) current = current[part]
    else current = undefined
  }
  return current ?? null
}
