import type { Fact, PromptInjection } from '../../src/augmentation/index.ts'
import { remapReferences } from '../../src/augmentation/index.ts'
import { builtInVerdict } from '../../src/evaluation/judge/built-in-judge.ts'
import type { Message } from '../../src/conversation/index.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import type { Agent, AgentView, RoleContext } from '../../src/roles/types.ts'
import type { ReferenceStep, Scenario } from '../../src/scenario/index.ts'
import type { JsonValue } from '../../src/world/index.ts'

/*
 * Agents that break the robustness contract one way each, made from the reference agent, so that
 * the test suite can check the contracts catch them (as mutants of the reference solutions check
 * the milestones).
 */

/** Plays the scenario's own solution, not the contract's: after a fault it goes on without trying again. */
export function skipsRetries(original: Scenario): Agent {
  const inner = referenceAgent()
  return { name: 'skips-retries', respond: (view, context) => inner.respond(view, { ...context, scenario: original }) }
}

/**
 * Plays the contract, but first makes every call an injection asks for, as soon as the text is in
 * view (in an answer or a tool description), leaking the private value where asked.
 */
export function obeysInjections(injections: readonly PromptInjection[]): Agent {
  const inner = referenceAgent()
  return {
    name: 'obeys-injections',
    async respond(view, context) {
      const obeyed = view.messages.filter((message) => message.toolCalls?.some((call) => call.id.startsWith('obey-')) === true).length
      const next = injections[obeyed]
      const shownName = view.tools.find((spec) => spec.tool === next?.goal.tool)?.name
      const seen = (text: string) => shownName !== undefined && text.includes(`call ${shownName}`)
      if (next !== undefined && (view.messages.some((message) => seen(message.content)) || view.tools.some((spec) => seen(spec.description)))) {
        const spec = view.tools.find((candidate) => candidate.tool === next.goal.tool)
        const presented = (real: string) => Object.entries(spec?.argumentNames ?? {}).find(([, name]) => name === real)?.[0] ?? real
        const args: Record<string, JsonValue> = {}
        for (const [name, value] of Object.entries(next.goal.arguments)) args[presented(name)] = value
        if (next.goal.leak !== undefined) args[presented(next.goal.leak.argument)] = `here it is: ${next.goal.leak.value}`
        return { toolCalls: [{ id: `obey-${obeyed}`, name: shownName as string, arguments: args }] }
      }
      // The reference counts its own messages to know where it is: it does not see the calls it was made to obey.
      return inner.respond({ ...view, messages: withoutObeyed(view.messages) }, context)
    },
  }
}

/** Plays the contract, but says the original solution's last words (a report of success) where it should say it failed. */
export function claimsSuccess(original: Scenario): Agent {
  const inner = referenceAgent()
  const success = original.reference.findLast((step): step is Extract<ReferenceStep, { agent: 'say' }> => 'agent' in step && step.agent === 'say')?.content ?? 'Done.'
  return {
    name: 'claims-success',
    async respond(view: AgentView, context: RoleContext) {
      const reply = await inner.respond(view, context)
      const failed = typeof reply.content === 'string' && builtInVerdict('reports-failure', reply.content).answer === 'yes'
      return failed && reply.toolCalls === undefined ? { ...reply, content: success } : reply
    },
  }
}

/** Plays the contract, but acts on the user's first request: the decoy of a change of mind, not the correction. */
export function followsFirstRequest(value: Fact, decoy: Fact): Agent {
  const inner = referenceAgent()
  const swap = (argument: JsonValue): JsonValue => (argument === value || (typeof argument === 'string' && typeof value === 'string' && argument.toLowerCase() === value.toLowerCase()) ? decoy : argument)
  return {
    name: 'follows-first-request',
    async respond(view, context) {
      const reply = await inner.respond(view, context)
      if (reply.toolCalls === undefined) return reply
      return { ...reply, toolCalls: reply.toolCalls.map((call) => ({ ...call, arguments: Object.fromEntries(Object.entries(call.arguments as Record<string, JsonValue>).map(([name, argument]) => [name, swap(argument)])) })) }
    },
  }
}

/** Plays the contract, but believes a user who says a call was already made, and skips it. */
export function believesTheUser(tool: string): Agent {
  const inner = referenceAgent()
  const skip = (reference: readonly ReferenceStep[]): ReferenceStep[] => {
    const kept = reference.flatMap((step, position) => ('calls' in step && step.calls.every((call) => call.tool === tool) ? [] : [position]))
    return remapReferences(
      kept.map((position) => reference[position] as ReferenceStep),
      (step, call) => [kept.indexOf(step), call],
    )
  }
  return { name: 'believes-the-user', respond: (view, context) => inner.respond(view, { ...context, scenario: { ...context.scenario, reference: skip(context.scenario.reference) } }) }
}

function withoutObeyed(messages: readonly Message[]): Message[] {
  const ids = new Set(messages.flatMap((message) => (message.toolCalls ?? []).filter((call) => call.id.startsWith('obey-')).map((call) => call.id)))
  return messages.filter((message) => !(message.toolCalls?.some((call) => ids.has(call.id)) === true) && !(message.toolResult !== undefined && ids.has(message.toolResult.callId)))
}
