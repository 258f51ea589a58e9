import type { Message } from '../conversation/index.ts'
import type { Scenario } from '../scenario/index.ts'
import { asksAbout } from '../scenario/asks-about.ts'
import type { User, UserReply } from './types.ts'

/**
 * A reply of a scripted user. `answers` keeps the user's knowledge to itself until it is asked
 * for: the words or phrases of the question this reply answers (`['number', 'phone']` for "It's
 * +14155550109."). Such a reply is given only when the agent's message mentions one of them (see
 * `asksAbout`); a reply without `answers` is given whatever the agent said.
 */
export interface UserScriptReply {
  readonly say: string
  readonly answers?: readonly string[]
}

/** One line of a scripted user: a reply (a text, or a `UserScriptReply`), or the end of the conversation. */
export type UserScriptLine = string | UserScriptReply | { readonly end: true }

/** What a scripted user says once its script has run out, before it ends the conversation. */
export const OUT_OF_SCRIPT_LINE = "Sorry, that's all the information I have."

/**
 * How many times in a row a scripted user answers something its script did not expect (by asking
 * again for what it wants) before it gives up and ends the conversation.
 */
export const OFF_SCRIPT_PATIENCE = 2

/**
 * What a scripted user says when the agent says something its script did not expect: it asks
 * again for what it wants, in the words of its first message (so without any fact it keeps until
 * it is asked for it).
 */
export function offScriptReply(firstMessage: string): string {
  return `Let's stay on what I asked: ${firstMessage}`
}

/**
 * A user that replies from a script. The first user message comes from the scenario, so the
 * script holds the replies after it, in order. Given a scenario, the script is the user steps of
 * its reference solution, up to its `end` step (see `userScriptOf`).
 *
 * At each turn the user looks at the next line of its script:
 * - a reply without `answers`: it says it, whatever the agent said;
 * - a reply with `answers`: it says it when the agent's message asks about one of them (so does a
 *   later reply with `answers` that the agent asked about first, up to the next line without);
 *   otherwise it asks again for what it wants, in the words of its first message and without the
 *   reply's facts (`offScriptReply`), and after `OFF_SCRIPT_PATIENCE` such turns in a row it ends;
 * - an end line: it ends the conversation;
 * - no line left: it says `OUT_OF_SCRIPT_LINE` once, then ends.
 *
 * It decides from its view of the conversation alone (the agent's messages to it, in order), so
 * it is deterministic and one user can play several runs at once.
 */
export function scriptedUser(source: readonly UserScriptLine[] | Pick<Scenario, 'reference'>, options: { readonly name?: string } = {}): User {
  const script = isScript(source) ? source.map(lineOf) : userScriptOf(source).map(lineOf)
  return {
    name: options.name ?? 'scripted',
    async respond(view): Promise<UserReply> {
      const firstMessage = view.messages.find((message) => message.sender === 'user' && message.recipient === 'agent')?.content ?? ''
      const asked = view.messages.filter(isAgentToUser).map((message) => message.content)
      const state: ScriptState = { given: new Set(), offScript: 0 }
      let reply: UserReply = { kind: 'end' }
      for (const message of asked.length === 0 ? [''] : asked) reply = nextReply(script, state, message, firstMessage)
      return reply
    },
  }
}

/**
 * The script of a scenario's scripted user: the `user` steps of its reference solution, in
 * order, up to and including its `end` step, each reply with what it `answers`.
 */
export function userScriptOf(scenario: Pick<Scenario, 'reference'>): UserScriptLine[] {
  const script: UserScriptLine[] = []
  for (const step of scenario.reference) {
    if (!('user' in step)) continue
    if (step.user === 'end') {
      script.push({ end: true })
      break
    }
    script.push({ say: step.content, ...(step.answers === undefined ? {} : { answers: step.answers }) })
  }
  return script
}

type Line = { readonly kind: 'say'; readonly content: string; readonly answers?: readonly string[] } | { readonly kind: 'end' }

interface ScriptState {
  /** The positions of the lines already said (or the end reached). */
  readonly given: Set<number>
  /** Off-script replies in a row. */
  offScript: number
}

/** The user's reply to one agent message, moving the state on. */
function nextReply(script: readonly Line[], state: ScriptState, message: string, firstMessage: string): UserReply {
  const next = script.findIndex((_, position) => !state.given.has(position))
  if (next === -1) {
    // Once the script has run out: the out-of-script line once, then the end.
    const saidLast = state.given.has(script.length)
    state.given.add(script.length)
    return saidLast ? { kind: 'end' } : { kind: 'say', content: OUT_OF_SCRIPT_LINE }
  }
  const line = script[next] as Line
  if (line.kind === 'end') {
    state.given.add(next)
    return { kind: 'end' }
  }
  if (line.answers === undefined) {
    state.given.add(next)
    state.offScript = 0
    return { kind: 'say', content: line.content }
  }
  // The gated replies before the next line that is not gated may come in any order.
  for (let position = next; position < script.length; position++) {
    const candidate = script[position] as Line
    if (candidate.kind !== 'say' || candidate.answers === undefined) break
    if (state.given.has(position) || !asksAbout(message, candidate.answers)) continue
    state.given.add(position)
    state.offScript = 0
    return { kind: 'say', content: candidate.content }
  }
  if (state.offScript >= OFF_SCRIPT_PATIENCE) return { kind: 'end' }
  state.offScript++
  return { kind: 'say', content: offScriptReply(firstMessage) }
}

function lineOf(line: UserScriptLine): Line {
  if (typeof line === 'string') return { kind: 'say', content: line }
  if ('end' in line) return { kind: 'end' }
  return { kind: 'say', content: line.say, ...(line.answers === undefined ? {} : { answers: line.answers }) }
}

function isScript(source: readonly UserScriptLine[] | Pick<Scenario, 'reference'>): source is readonly UserScriptLine[] {
  return Array.isArray(source)
}

function isAgentToUser(message: Message): boolean {
  return message.sender === 'agent' && message.recipient === 'user'
}
