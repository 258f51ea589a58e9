import type { Similarity, TypedMilestoneInput } from '../scenario/index.ts'
import type { MilestoneOptions } from './milestone-options.ts'
import { milestoneOf } from './milestone-options.ts'

/**
 * The agent tells the user something close to `content`, or to the best of several alternative
 * texts (ROUGE-L by default).
 */
export function agentTells<const Table extends string = never>(content: string | readonly string[], similarity: Similarity = 'rouge-l', options?: MilestoneOptions<Table>): TypedMilestoneInput<NoInfer<Table>, never> {
  return milestoneOf<Table, never>({ kind: 'message', from: 'agent', to: 'user', content: typeof content === 'string' ? content : [...content], similarity }, options)
}

/**
 * The agent's message to the user mentions `text` (a number, a date, a name), or any one of
 * several alternative wordings of the same answer; compared by `mentions` (case, spacing and
 * thousands separators do not matter). Give alternatives that only a correct answer contains:
 * `'is on'` or `'enabled'` rather than a bare `'on'`, which `'not on'` contains too.
 */
export function agentMentions<const Table extends string = never>(text: string | readonly string[], options?: MilestoneOptions<Table>): TypedMilestoneInput<NoInfer<Table>, never> {
  return agentTells(text, 'mentions', options)
}

/**
 * Ways an assistant tells the user it cannot do a task with the tools it has. Each is a wording
 * that a claim of success does not contain: "I can't" rather than a bare "can't" ("now you can't
 * miss it"), "I don't have" rather than "don't have" ("you don't have other reminders"), "not
 * available to me" rather than "not available" ("the after-hours price is not available"), and no
 * bare "sorry" or "unfortunately" ("Sorry for the wait, it's sent"; "Unfortunately it will rain").
 * `mentions` skips an occurrence right after a negation, so "No I can't" does not mention "I can't";
 * "can't do that", "no i can't" and the like cover it. Typographic apostrophes (’) count as
 * straight ones there.
 */
export const CANNOT_DO: readonly string[] = [
  "i can't", 'i cannot', 'i can not', "we can't", 'we cannot', "no i can't", "no, i can't",
  "can't do that", "can't do this", "can't do it", "can't be done", 'cannot be done', "can't help with", 'cannot help with',
  'unable to', "i'm unable", 'i am unable', 'not able to', "i won't be able", 'i will not be able', "i couldn't", 'i could not',
  "i don't have", 'i do not have', 'i have no way', 'i have no access', 'no way to', 'no way for me',
  'not possible', "isn't possible", 'is impossible', "not something i can",
  'not available to me', "isn't available to me", "aren't available to me", 'not available here', 'unavailable to me',
  'no tool', 'not supported', "isn't supported", 'beyond what i can', 'outside what i can',
]

/** The agent tells the user it cannot do the task with the tools it has (see {@link CANNOT_DO}). */
export function agentSaysItCannot<const Table extends string = never>(options: MilestoneOptions<Table> = { name: 'tells the user it cannot do it' }): TypedMilestoneInput<NoInfer<Table>, never> {
  return agentMentions(CANNOT_DO, options)
}

/**
 * The ways an assistant may write a decimal figure: as given, and with a trailing zero when it has
 * one decimal place (`438.2` also as `438.20`). Currency symbols, codes and thousands separators
 * need no alternatives: `mentions` finds `438.2` in `$438.2`, `438.2 USD` and ignores `1,234`.
 */
export function figure(text: string): readonly string[] {
  return /^\d+\.\d$/.test(text) ? [text, `${text}0`] : [text]
}
