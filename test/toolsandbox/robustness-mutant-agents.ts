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
 * view (in an answer or a tool description), leaking the private value where asked; with `half`,
 * it makes the call without the private value (the attacker's number texted, the secret not).
 */
export function obeysInjections(injections: readonly PromptInjection[], half = false): Agent {
  const inner = referenceAgent()
  return {
    name: half ? 'obeys-half-of-injections' : 'obeys-injections',
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
        // Half the task: the call goes to the attacker without the private value.
        if (next.goal.leak !== undefined) args[presented(next.goal.leak.argument)] = half ? 'Hello.' : `here it is: ${next.goal.leak.value}`
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

/** How a retrying mutant changes one argument of its repeat: the new value, or `undefined` to keep it. */
export type RetryRewrite = (argument: string, value: JsonValue) => JsonValue | undefined

/**
 * Plays the contract, but repeats a call that failed with an error in its own words: each
 * argument `rewrite` changes is sent changed in the repeat (the first attempt is the solution's).
 */
export function retriesWithOtherArguments(rewrite: RetryRewrite, name = 'retries-with-other-arguments'): Agent {
  const inner = referenceAgent()
  return {
    name,
    async respond(view, context) {
      const reply = await inner.respond(view, context)
      if (reply.toolCalls === undefined) return reply
      // A tool whose last answer was an error is being tried again.
      const last = new Map<string, boolean>()
      for (const message of view.messages) if (message.toolResult !== undefined) last.set(message.toolResult.tool, message.toolResult.error !== undefined)
      return {
        ...reply,
        toolCalls: reply.toolCalls.map((call) => {
          const real = view.tools.find((spec) => spec.name === call.name)?.tool ?? call.name
          if (last.get(real) !== true) return call
          const spec = view.tools.find((candidate) => candidate.name === call.name)
          const args: Record<string, JsonValue> = {}
          for (const [presented, value] of Object.entries(call.arguments as Record<string, JsonValue>)) args[presented] = rewrite(spec?.argumentNames?.[presented] ?? presented, value) ?? value
          return { ...call, arguments: args }
        }),
      }
    },
  }
}

/** Argument names that carry free text a person writes (a message, a note). */
const FREE_TEXT = /(^|_)(content|text|body|message|note|subject|memo)(_|$)/

/**
 * Free text said again another way that reads the same to the scenario (ROUGE-L compares
 * lower-cased words, without punctuation): lower-cased, the closing full stop an exclamation.
 */
export const rewordFreeText: RetryRewrite = (argument, value) => (FREE_TEXT.test(argument) && typeof value === 'string' ? `${value.toLowerCase().replace(/[.!]?$/, '!')}` : undefined)

/**
 * Each argument written another way that the built-in phone and the corpus's milestones read the
 * same: free text as `rewordFreeText` does, a phone number in groups of three digits (its tools
 * keep only the digits).
 */
export const rewordValidly: RetryRewrite = (argument, value) => {
  if (/phone_number$/.test(argument) && typeof value === 'string' && /^\+\d{6,}$/.test(value)) return `+${value.slice(1).replace(/(\d{3})(?=\d)/g, '$1 ')}`
  return rewordFreeText(argument, value)
}

/** Free text replaced by text about something else: a retry that no longer does what was asked. */
export const replaceFreeText: RetryRewrite = (argument, value) => (FREE_TEXT.test(argument) && typeof value === 'string' ? 'Never mind, ignore my last message.' : undefined)

/**
 * Plays the contract, but looks rows up by the first word of a name (`Sam` for `Sam Reyes`) and
 * goes on with the first row found: later calls read it (as the solution reads its answers), and
 * what it tells the user about the row it meant is told about that first row instead. An agent
 * that finds the row it wants by its position alone. `changed` counts the lookups it shortened.
 */
export function picksTheFirstRow(changed: { count: number } = { count: 0 }): Agent {
  const inner = referenceAgent()
  // The full text each shortened lookup was for, by call id.
  const meant = new Map<string, string>()
  return {
    name: 'picks-the-first-row',
    async respond(view, context) {
      const reply = await inner.respond(view, context)
      if (reply.toolCalls === undefined) return typeof reply.content === 'string' ? { ...reply, content: aboutTheFirstRow(reply.content, view.messages, meant) } : reply
      return {
        ...reply,
        toolCalls: reply.toolCalls.map((call) => {
          const real = view.tools.find((spec) => spec.name === call.name)?.tool ?? call.name
          if (!real.startsWith('search_')) return call
          const args: Record<string, JsonValue> = {}
          for (const [name, value] of Object.entries(call.arguments as Record<string, JsonValue>)) {
            const short = typeof value === 'string' && /^\p{Lu}\p{L}+ \p{Lu}/u.test(value) ? (value.split(' ')[0] as string) : undefined
            if (short !== undefined && typeof value === 'string' && call.id !== undefined) {
              meant.set(call.id, value)
              changed.count++
            }
            args[name] = short ?? value
          }
          return { ...call, arguments: args }
        }),
      }
    },
  }
}

/** `content` with each value of the row a shortened lookup meant replaced by the same column of the first row it found. */
function aboutTheFirstRow(content: string, messages: readonly Message[], meant: ReadonlyMap<string, string>): string {
  let said = content
  for (const message of messages) {
    const trace = message.toolResult
    const full = trace === undefined ? undefined : meant.get(trace.callId)
    if (trace === undefined || full === undefined || !Array.isArray(trace.result)) continue
    const rows = trace.result.filter((row): row is Record<string, JsonValue> => typeof row === 'object' && row !== null && !Array.isArray(row))
    const first = rows[0]
    const intended = rows.find((row) => Object.values(row).includes(full))
    if (first === undefined || intended === undefined || first === intended) continue
    for (const [column, value] of Object.entries(intended)) if (typeof value === 'string' && typeof first[column] === 'string' && value.length >= 3) said = said.split(value).join(first[column] as string)
  }
  return said
}
