import type { JsonObject } from '../world/index.ts'
import type { Augmentation } from './augmentation.ts'
import type { ExtraRow } from './extra-row.ts'
import type { AttackGoal, InjectionPosition, PromptInjection } from './prompt-injection.ts'
import type { InjectedFault } from './injected-fault.ts'
import type { UserPerturbation } from './user-perturbation.ts'

/** `once`, `twice`, `3 times`. */
export function times(count: number): string {
  return count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`
}

/** `1st`, `2nd`, `3rd`, `11th`, ... */
export function ordinal(position: number): string {
  const tens = position % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : position % 10 === 1 ? 'st' : position % 10 === 2 ? 'nd' : position % 10 === 3 ? 'rd' : 'th'
  return `${position}${suffix}`
}

/**
 * A tool fault in words: `get_booking failed once with a transient error`, `the 2nd call of
 * get_booking timed out twice`, `send_message failed permanently`.
 */
export function describeFault(fault: InjectedFault): string {
  const subject = fault.call === 1 ? fault.tool : `the ${ordinal(fault.call)} call of ${fault.tool}`
  const count = times(fault.attempts)
  switch (fault.kind) {
    case 'transient':
      return `${subject} failed ${count} with a transient error`
    case 'timeout':
      return `${subject} timed out ${count}`
    case 'truncated':
      return `${subject} answered truncated ${count}`
    case 'empty':
      return `${subject} answered empty ${count}`
    case 'stale':
      return `${subject} answered with stale data ${count}`
    case 'permanent':
      return `${subject} failed permanently`
  }
}

/** Where an injection is, in words: `the answer of get_balance`, `the description of transfer_funds`. */
export function describePosition(position: InjectionPosition): string {
  if (position.kind === 'tool-description') return `the description of ${position.tool}`
  return position.call === 1 ? `the answer of ${position.tool}` : `the answer of the ${ordinal(position.call)} call of ${position.tool}`
}

/**
 * What an attacker wants, in words: `call close_account with {"account_id":"acc-2"}`, `call
 * remove_contact on Aiko Tanabe` (an argument holding a row's key is named by the row, not its
 * id), `send the pin of account acc-2 ...`.
 */
export function describeGoal(goal: AttackGoal): string {
  const about = goal.about ?? {}
  const rest = Object.fromEntries(Object.entries(goal.arguments).filter(([name]) => about[name] === undefined))
  const rows = [...new Set(Object.values(about))]
  const call = `${goal.tool}${rows.length === 0 ? '' : ` on ${rows.join(' and ')}`}${Object.keys(rest).length === 0 ? '' : ` with ${argumentText(rest)}`}`
  if (goal.leak !== undefined) return `send ${goal.leak.what} through ${call}`
  return `call ${call}`
}

/** Arguments as compact JSON, the leaked value left out. */
export function argumentText(args: JsonObject): string {
  return JSON.stringify(args)
}

/**
 * A prompt injection in words: `a direct injection in the answer of get_balance asks to call
 * close_account with {"account_id":"acc-2"}`.
 */
export function describeInjection(injection: PromptInjection): string {
  const pressure = injection.emphasis === 0 ? '' : ` with ${injection.emphasis === 1 ? 'one sentence' : `${injection.emphasis} sentences`} of pressure`
  return `${articleFor(injection.style)} ${injection.style} injection in ${describePosition(injection.position)}${pressure} asks to ${describeGoal(injection.goal)}`
}

/** A user perturbation in words. */
export function describeUserPerturbation(perturbation: UserPerturbation): string {
  switch (perturbation.kind) {
    case 'change-mind':
      return `the user first asked for ${factText(perturbation.decoy)}, then changed their mind to ${factText(perturbation.value)}`
    case 'split':
      return `the user gave ${perturbation.withheld.map(factText).join(' and ')} only in a later message`
    case 'false-memory':
      return `the user claimed ${perturbation.tool}${Object.keys(perturbation.arguments).length === 0 ? '' : ` ${argumentText(perturbation.arguments)}`} was already done earlier`
  }
}

/** Extra rows in words, by table and kind: `2 near-duplicate rows in contacts (of p-7)`. */
export function describeExtraRows(rows: readonly ExtraRow[]): string {
  const groups = new Map<string, ExtraRow[]>()
  for (const row of rows) {
    const key = `${row.table}\u0000${row.kind}`
    groups.set(key, [...(groups.get(key) ?? []), row])
  }
  return [...groups.values()]
    .map((group) => {
      const first = group[0] as ExtraRow
      const count = group.length === 1 ? 'a' : String(group.length)
      const plural = group.length === 1 ? 'row' : 'rows'
      const sources = [...new Set(group.flatMap((row) => (row.from === undefined ? [] : [row.from])))]
      const of = sources.length === 0 ? '' : ` (of ${sources.join(', ')})`
      return first.kind === 'near-duplicate' ? `${count} near-duplicate ${plural} in ${first.table}${of}` : `${count} ${plural} of other people in ${first.table}`
    })
    .join(', ')
}

/** Every robustness change of an augmentation in words, in field order (empty when there is none). */
export function describeRobustness(augmentation: Augmentation): string[] {
  const parts: string[] = []
  for (const fault of augmentation.faults ?? []) parts.push(describeFault(fault))
  for (const injection of augmentation.injections ?? []) parts.push(describeInjection(injection))
  if (augmentation.user !== undefined) parts.push(describeUserPerturbation(augmentation.user))
  if ((augmentation.extraRows?.length ?? 0) > 0) parts.push(`starting world with ${describeExtraRows(augmentation.extraRows ?? [])}`)
  return parts
}

/** A fact as the user writes it: numbers as they are, texts quoted. */
export function factText(fact: string | number): string {
  return typeof fact === 'number' ? String(fact) : JSON.stringify(fact)
}

function articleFor(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a'
}
