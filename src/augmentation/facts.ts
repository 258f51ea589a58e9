import type { ReferenceStep, Scenario } from '../scenario/index.ts'
import type { JsonValue } from '../world/index.ts'
import { isJsonObject } from '../world/index.ts'
import type { Fact } from './user-perturbation.ts'

/** A fact found in a user message: the value, and where its first occurrence is. */
export interface FoundFact {
  readonly fact: Fact
  readonly index: number
}

/**
 * Where `fact` occurs in `text` as a whole value, or -1: a number not inside a longer number or
 * an identifier (`50` in `$50` and `50 dollars`, not in `150`, `acc-50` or `5.50`), a text
 * case-insensitively and not inside a longer word (`acc-2` not in `acc-21`).
 */
export function findFact(text: string, fact: Fact): number {
  return occurrences(text, fact)[0] ?? -1
}

/** Every position where `fact` occurs in `text` as a whole value (see `findFact`). */
export function occurrences(text: string, fact: Fact): number[] {
  const pattern = typeof fact === 'number' ? numberPattern(fact) : textPattern(fact)
  if (pattern === undefined) return []
  return [...text.matchAll(pattern)].map((match) => match.index)
}

/** `text` with every whole occurrence of `fact` replaced by `replacement`. */
export function replaceFact(text: string, fact: Fact, replacement: string): string {
  const pattern = typeof fact === 'number' ? numberPattern(fact) : textPattern(fact)
  return pattern === undefined ? text : text.replace(pattern, () => replacement)
}

function numberPattern(value: number): RegExp | undefined {
  if (!Number.isFinite(value)) return undefined
  return new RegExp(`(?<![\\p{L}\\p{N}_.\\-])${escape(String(value))}(?![\\p{N}]|\\.\\p{N})`, 'gu')
}

function textPattern(value: string): RegExp | undefined {
  if (value.trim() === '') return undefined
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escape(value)}(?![\\p{L}\\p{N}_]|-\\p{N})`, 'giu')
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The facts of a text: the literal values of the reference's calls (texts of at least two
 * characters, and numbers) that occur in it, in the order they first occur. `$ref` values are
 * not facts: the agent reads them from tool results, not from the user.
 */
export function factsOf(text: string, reference: readonly ReferenceStep[]): FoundFact[] {
  const found = new Map<string, FoundFact>()
  for (const value of literalValues(reference)) {
    const key = typeof value === 'number' ? `n:${value}` : `s:${value.toLowerCase()}`
    if (found.has(key)) continue
    const index = findFact(text, value)
    if (index >= 0) found.set(key, { fact: value, index })
  }
  // A fact inside a longer fact ("Sam" in "Sam Reyes") is not one of its own.
  const facts = [...found.values()].filter((fact) => ![...found.values()].some((other) => other !== fact && other.index <= fact.index && other.index + String(other.fact).length >= fact.index + String(fact.fact).length && String(other.fact).length > String(fact.fact).length))
  return facts.sort((first, second) => first.index - second.index)
}

/** The literal argument values of the reference's calls, in order: texts of two or more characters and numbers. */
export function literalValues(reference: readonly ReferenceStep[]): Fact[] {
  const values: Fact[] = []
  const visit = (value: JsonValue | undefined): void => {
    if (typeof value === 'number') values.push(value)
    else if (typeof value === 'string' && value.trim().length >= 2) values.push(value)
    else if (Array.isArray(value)) value.forEach(visit)
    else if (isJsonObject(value) && !('$ref' in value)) Object.values(value).forEach(visit)
  }
  for (const step of reference) if ('calls' in step) for (const call of step.calls) for (const value of Object.values(call.arguments)) visit(value as JsonValue)
  return values
}

/** Whether a reference call's arguments hold `fact` as a literal value. */
export function callUses(step: ReferenceStep, fact: Fact): boolean {
  if (!('calls' in step)) return false
  return literalValues([step]).some((value) => sameFact(value, fact))
}

/** Whether two facts are the same value (texts compared without case). */
export function sameFact(first: Fact, second: Fact): boolean {
  if (typeof first === 'number' || typeof second === 'number') return first === second
  return first.toLowerCase() === second.toLowerCase()
}

/** The user's messages of a scenario: the first message, then the reference's user replies, each with its step (-1 for the first). */
export function userMessages(scenario: Pick<Scenario, 'reference'>, firstMessage: string): { readonly step: number; readonly text: string }[] {
  const messages = [{ step: -1, text: firstMessage }]
  for (const [step, entry] of scenario.reference.entries()) if ('user' in entry && entry.user === 'say') messages.push({ step, text: entry.content })
  return messages
}
