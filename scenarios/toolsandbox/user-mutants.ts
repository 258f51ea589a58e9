/**
 * Simulated users that break their part on purpose, one way each, for checking the user checks
 * (`checkUserPart`) the way reference mutants check milestones: each plays the scenario's scripted
 * user except for its one mistake, so a run of it against a correct agent should end as the
 * user's error of its kind. They are the mistakes model users make (τ²-bench's simulator errors):
 * leaking what they should hold back, quitting early, leaving their goal, playing the agent.
 */
import type { RequestedCall, User, UserReply } from '../../src/roles/types.ts'
import { scriptedUser } from '../../src/roles/scripted-user.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { withheldFacts } from '../../src/evaluation/user-facts.ts'
import type { UserErrorKind } from '../../src/evaluation/user-part-judge.ts'

/** A mutant user, the kind of error it makes, and whether a rule on the scenario can catch it (or only a judge). */
export interface UserMutant {
  readonly name: string
  readonly kind: UserErrorKind
  /** Whether its mistake leaves a trace a rule reads (a fact, a call, the end), or only words a judge must read. */
  readonly traced: boolean
  readonly user: User
}

/** Plays the scenario's scripted user. */
function scripted(): User['respond'] {
  return (view, context) => scriptedUser(context.scenario).respond(view, context)
}

/** How many replies the user has given so far (its first message aside). */
function repliesSoFar(messages: readonly { readonly sender: string; readonly recipient: string }[]): number {
  return messages.filter((message) => message.sender === 'user').length - 1
}

/** Ends the conversation at its first turn after the first message, whatever the agent said. */
export const quittingUser: User = { name: 'mutant:quit', respond: async (): Promise<UserReply> => ({ kind: 'end' }) }

/**
 * Writes its first message itself: the scenario's, followed by every fact it should hold back
 * until asked (the reference's gated replies). Then it plays the scripted user.
 */
export const blurtingUser: User = {
  name: 'mutant:leak',
  respond: scripted(),
  async opening(view, context) {
    const facts = withheldFacts(context.scenario).map((fact) => fact.reply)
    return { content: [view.firstMessage, ...facts].join(' ') }
  },
}

/** A made-up fact in the user's words: a phone number neither the scenario nor the agent gave it. */
export const MADE_UP_NUMBER = '+1 415 555 0199'

/** A user that says `first` at its first reply, whatever the agent said, then plays the scripted user. */
function sayingFirst(name: string, first: string): User {
  return {
    name,
    async respond(view, context): Promise<UserReply> {
      if (repliesSoFar(view.messages) === 0) return { kind: 'say', content: first }
      return scripted()(view, context)
    },
  }
}

/** At its first reply it states a number it was never given (a model user making up what it does not know). */
export const inventingUser: User = sayingFirst('mutant:off-goal-fact', `Oh and my other number is ${MADE_UP_NUMBER}, use that one.`)

/** At its first reply it asks for something else than its goal, in words only. */
export const goalSwitchingUser: User = sayingFirst('mutant:off-goal-switch', 'Actually, forget that. Can you tell me a joke about penguins instead?')

/**
 * At its first reply it calls the agent's first tool of the reference solution itself (a model
 * user imitating the assistant); then it plays the scripted user.
 */
export const toolCallingUser: User = {
  name: 'mutant:role-swap-call',
  async respond(view, context): Promise<UserReply> {
    const first = firstReferenceCall(context.scenario)
    const called = view.messages.some((message) => message.sender === 'user' && message.recipient === 'environment' && message.toolCalls?.some((call) => call.name !== 'end_conversation') === true)
    if (!called && first !== undefined) return { kind: 'call', toolCalls: [first] }
    return scripted()(view, context)
  },
}

/** At its first reply it answers as the assistant would, in words only. */
export const assistantVoiceUser: User = sayingFirst('mutant:role-swap-voice', "Sure, I've taken care of that for you. Is there anything else I can help you with today?")

/** The first call of the reference solution, its arguments without references to earlier results. */
function firstReferenceCall(scenario: Scenario): RequestedCall | undefined {
  for (const step of scenario.reference) {
    if (!('calls' in step)) continue
    const [call] = step.calls
    if (call === undefined) continue
    const plain = Object.fromEntries(Object.entries(call.arguments).filter(([, value]) => typeof value !== 'object' || value === null || !('$ref' in value)))
    return { name: call.tool, arguments: plain as RequestedCall['arguments'] }
  }
  return undefined
}

/** Every mutant user, in the order of the kinds. */
export const USER_MUTANTS: readonly UserMutant[] = [
  { name: blurtingUser.name, kind: 'leak', traced: true, user: blurtingUser },
  { name: quittingUser.name, kind: 'quit', traced: true, user: quittingUser },
  { name: inventingUser.name, kind: 'off-goal', traced: true, user: inventingUser },
  { name: goalSwitchingUser.name, kind: 'off-goal', traced: false, user: goalSwitchingUser },
  { name: toolCallingUser.name, kind: 'role-swap', traced: true, user: toolCallingUser },
  { name: assistantVoiceUser.name, kind: 'role-swap', traced: false, user: assistantVoiceUser },
]
