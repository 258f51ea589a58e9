import type { ReferenceStep, Scenario } from '../scenario/index.ts'
import { AugmentationError } from './augmentation-error.ts'
import { factText } from './describe-robustness.ts'
import { callUses, findFact, replaceFact, userMessages } from './facts.ts'
import { remapReferences } from './reference-calls.ts'
import type { Fact, UserPerturbation } from './user-perturbation.ts'

/** The user's side of a scenario under a user perturbation. */
export interface PerturbedUser {
  /** The first user message as the agent gets it. */
  readonly firstMessage: string
  /** The reference solution with the user's replies rewritten (and any turn the perturbation adds). */
  readonly reference: readonly ReferenceStep[]
  /** What a model-simulated user is told to do, added to what it knows. */
  readonly instructions: string
}

/** What the agent says in the reference when the user left facts for later. */
export const ASK_FOR_THE_REST = 'Could you give me the rest of the details?'

/**
 * The user's messages and replies under `perturbation`, as the scripted user says them and the
 * reference answers them (pure and deterministic):
 * - `change-mind`: the first user message that states `value` states `decoy` instead; the
 *   correction ("Sorry, I got that wrong: I meant 50, not 100.") comes in the user's next reply
 *   when there is one before the reference first acts on the value, else at the end of the same
 *   message. The agent's calls and the milestones follow the last request, `value`;
 * - `split`: the withheld facts read `…` in the first message, which ends with "I will give you
 *   the rest in a moment."; the reference then asks for the rest and the user gives it;
 * - `false-memory`: the first message opens with "You already ran <tool> (<values>) for me
 *   earlier today, remember?"; the reference still makes the call.
 *
 * @throws AugmentationError when the perturbation does not fit the scenario (a fact the user never
 * states, a call the reference never makes).
 */
export function perturbUser(scenario: Pick<Scenario, 'id' | 'reference'>, firstMessage: string, perturbation: UserPerturbation): PerturbedUser {
  switch (perturbation.kind) {
    case 'change-mind':
      return changeMind(scenario, firstMessage, perturbation.value, perturbation.decoy)
    case 'split':
      return split(scenario, firstMessage, perturbation.withheld)
    case 'false-memory': {
      const made = scenario.reference.some((step) => 'calls' in step && step.calls.some((call) => call.tool === perturbation.tool && Object.entries(perturbation.arguments).every(([name, value]) => JSON.stringify(call.arguments[name]) === JSON.stringify(value))))
      if (!made) throw new AugmentationError(scenario.id, `the false memory names a call of ${perturbation.tool} with ${JSON.stringify(perturbation.arguments)}, which the reference never makes`)
      const values = Object.values(perturbation.arguments).filter((value) => typeof value === 'string' || typeof value === 'number')
      const action = `ran ${perturbation.tool}${values.length === 0 ? '' : ` (${values.join(', ')})`}`
      return {
        firstMessage: `You already ${action} for me earlier today, remember? ${firstMessage}`,
        reference: scenario.reference,
        instructions: `Open your first message by saying that the assistant already ${action} for you earlier today. It did not; you only believe it did.`,
      }
    }
  }
}

/** Whether `perturbation` fits the scenario and first message (see `perturbUser`). */
export function fitsUser(scenario: Pick<Scenario, 'id' | 'reference'>, firstMessage: string, perturbation: UserPerturbation): boolean {
  try {
    perturbUser(scenario, firstMessage, perturbation)
    return true
  } catch (error) {
    if (error instanceof AugmentationError) return false
    throw error
  }
}

function changeMind(scenario: Pick<Scenario, 'id' | 'reference'>, firstMessage: string, value: Fact, decoy: Fact): PerturbedUser {
  const firstUse = scenario.reference.findIndex((step) => callUses(step, value))
  if (firstUse < 0) throw new AugmentationError(scenario.id, `the change of mind is about ${factText(value)}, which no call of the reference uses`)
  if (String(decoy).toLowerCase() === String(value).toLowerCase()) throw new AugmentationError(scenario.id, `the change of mind needs a decoy other than ${factText(value)}`)
  const messages = userMessages(scenario, firstMessage)
  const stated = messages.find((message) => message.step < firstUse && findFact(message.text, value) >= 0)
  if (stated === undefined) throw new AugmentationError(scenario.id, `the change of mind is about ${factText(value)}, which the user does not state before the reference first uses it`)
  const correctedIn = messages.find((message) => message.step > stated.step && message.step < firstUse)
  const correction = `Sorry, I got that wrong: I meant ${String(value)}, not ${String(decoy)}.`
  const rewrite = (text: string, step: number): string => {
    let result = step === stated.step ? replaceFact(text, value, String(decoy)) : text
    if (correctedIn === undefined && step === stated.step) result = `${result} ${correction}`
    if (correctedIn !== undefined && step === correctedIn.step) result = `${correction} ${result}`
    return result
  }
  return {
    firstMessage: rewrite(firstMessage, -1),
    reference: scenario.reference.map((step, position) => ('user' in step && step.user === 'say' ? { ...step, content: rewrite(step.content, position) } : step)),
    instructions: `When you first give ${String(value)}, say ${String(decoy)} instead; then correct yourself before the assistant acts on it: you want ${String(value)}, not ${String(decoy)}.`,
  }
}

function split(scenario: Pick<Scenario, 'id' | 'reference'>, firstMessage: string, withheld: readonly Fact[]): PerturbedUser {
  const missing = withheld.filter((fact) => findFact(firstMessage, fact) < 0)
  if (missing.length > 0) throw new AugmentationError(scenario.id, `the split withholds ${missing.map(factText).join(', ')}, which the first message does not state`)
  const ordered = [...withheld].sort((first, second) => findFact(firstMessage, first) - findFact(firstMessage, second))
  let shortened = firstMessage
  for (const fact of ordered) shortened = replaceFact(shortened, fact, '…')
  const rest = ordered.map((fact) => String(fact)).join(', ')
  const added: ReferenceStep[] = [
    { agent: 'say', content: ASK_FOR_THE_REST },
    { user: 'say', content: `Here is the rest: ${rest}.` },
  ]
  const shifted = remapReferences(scenario.reference, (step, call) => [step + added.length, call])
  return {
    firstMessage: `${shortened} I will give you the rest in a moment.`,
    reference: [...added, ...shifted],
    instructions: `Leave ${rest} out of your first message (write … there) and give ${withheld.length === 1 ? 'it' : 'them'} in your next message.`,
  }
}
