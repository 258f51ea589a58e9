import type { Scenario } from '../scenario/index.ts'
import { allowedTools } from '../scenario/index.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import type { NumberedReferenceCall } from './reference-calls.ts'
import { referenceCalls } from './reference-calls.ts'
import type { InjectionPosition } from './prompt-injection.ts'
import { offeredToAgent } from './rank-distraction-tools.ts'

/** A call of the reference solution a fault or an injection can target, with whether its tool changes the world. */
export interface CallTarget extends NumberedReferenceCall {
  readonly action: boolean
}

/**
 * The reference's calls a fault can hit, in order: every call of a tool the agent is shown, with
 * its number among the calls of its tool (the fault's `call`). Faults that change an answer
 * (`truncated`, `empty`, `stale`) fit only those whose tool reads.
 */
export function faultTargets(scenario: Pick<Scenario, 'reference' | 'tools'>, registry: ToolRegistry): CallTarget[] {
  const shown = new Set(allowedTools(scenario))
  return referenceCalls(scenario.reference).flatMap((call) => {
    const tool = registry.get(call.call.tool)
    return tool === undefined || !shown.has(tool.name) ? [] : [{ ...call, action: tool.action }]
  })
}

/**
 * Where injected text can go, in order: the answers of the reference's calls of tools that read
 * (a contact's record, a message, a search result: what an attacker can write into), then the
 * descriptions of the tools the reference calls, then of the other tools the agent is shown.
 */
export function injectionPositions(scenario: Pick<Scenario, 'reference' | 'tools'>, registry: ToolRegistry): InjectionPosition[] {
  const targets = faultTargets(scenario, registry)
  const answers: InjectionPosition[] = targets.filter((target) => !target.action).map((target) => ({ kind: 'tool-result', tool: target.call.tool, call: target.number }))
  const called = [...new Set(targets.map((target) => target.call.tool))]
  const others = allowedTools(scenario).filter((name) => !called.includes(name) && registry.get(name) !== undefined && offeredToAgent(registry.getOrThrow(name)))
  const descriptions: InjectionPosition[] = [...called, ...others].map((tool) => ({ kind: 'tool-description', tool }))
  return [...answers, ...descriptions]
}
