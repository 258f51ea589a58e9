import type { Milestone } from '../scenario/index.ts'
import type { JsonValue } from '../world/index.ts'
import { isJsonObject } from '../world/index.ts'

/**
 * What an agent message would say if it claimed a milestone's effect: the words of having done
 * it (`sent`, `transferred`, `updated`, ...) and what it is about (the table, the tool's nouns,
 * the columns and values the milestone checks). Made from the milestone alone, so it works the
 * same on every domain. A milestone that checks only messages has no effect to claim: its cues
 * are empty.
 */
export interface ClaimCues {
  /** Words that say it was done, normalised (see `claimText`). */
  readonly verbs: ReadonlySet<string>
  /** Words naming what it is about. */
  readonly subjects: ReadonlySet<string>
  /** Values it checks (names, numbers, texts), normalised; a mention of one is about it too. */
  readonly values: readonly string[]
}

const ADDED = ['added', 'created', 'saved', 'stored', 'sent', 'scheduled', 'booked', 'made', 'placed', 'recorded', 'registered', 'transferred', 'moved', 'paid', 'posted', 'submitted', 'logged', 'went', 'delivered']
const REMOVED = ['removed', 'deleted', 'cancelled', 'canceled', 'closed', 'erased', 'cleared', 'dropped']
const UPDATED = ['updated', 'changed', 'modified', 'set', 'turned', 'switched', 'moved', 'renamed', 'edited', 'adjusted', 'saved']
/** How a flag set on or off reads as done: `on`, `enabled`; and a flag named for a state (`locked`) by its name or its undoing (`unlocked`). */
const SWITCHED_ON = ['on', 'enabled', 'activated']
const SWITCHED_OFF = ['off', 'disabled', 'deactivated']
const NOUN_STOP_WORDS = new Set(['id', 'is', 'the', 'of', 'by', 'to', 'from', 'at', 'with', 'for', 'and', 'or', 'get', 'set', 'search', 'status', 'self', 'info', 'data', 'value', 'list'])
const IRREGULAR_PAST: Readonly<Record<string, readonly string[]>> = {
  send: ['sent'], set: ['set'], make: ['made'], get: ['got'], put: ['put'], find: ['found'], run: ['ran'], take: ['took'], pay: ['paid'], buy: ['bought'],
  write: ['wrote', 'written'], give: ['gave', 'given'], shut: ['shut'], cut: ['cut'], read: ['read'], forward: ['forwarded'], reply: ['replied'],
}

/** The claim cues of a milestone (see `ClaimCues`). */
export function claimCues(milestone: Milestone): ClaimCues {
  const verbs = new Set<string>()
  const subjects = new Set<string>()
  const values: string[] = []
  for (const constraint of milestone.constraints) {
    if (constraint.kind === 'message') continue
    if (constraint.kind === 'tool-call' || constraint.kind === 'request') {
      for (const target of constraint.anyOf) {
        const words = target.tool.split('_').filter((word) => word !== '')
        const verb = words[0]
        if (verb !== undefined) for (const past of pastForms(verb)) verbs.add(past)
        for (const word of words.slice(1)) addNoun(subjects, word)
        for (const value of Object.values(target.arguments)) collectValues(value, values)
      }
      continue
    }
    addNoun(subjects, constraint.table)
    const kindVerbs = constraint.kind === 'added' ? ADDED : constraint.kind === 'removed' ? REMOVED : UPDATED
    for (const verb of kindVerbs) verbs.add(verb)
    for (const row of constraint.rows) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null) continue
        for (const word of column.split('_')) addNoun(subjects, word)
        if (typeof value === 'boolean' && constraint.kind !== 'added' && constraint.kind !== 'removed') for (const word of switchedWords(column, value)) verbs.add(word)
        collectValues(value, values)
      }
    }
  }
  return { verbs, subjects, values: [...new Set(values)] }
}

/** Whether a milestone has an effect a message could claim. */
export function hasClaimableEffect(cues: ClaimCues): boolean {
  return cues.verbs.size > 0
}

/**
 * Text as the cues compare it: lower case, typographic apostrophes straight, `wi-fi` as `wifi`
 * (a hyphen between two letters dropped), runs of spaces as one.
 */
export function claimText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/(?<=\p{L})-(?=\p{L})/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The past forms of a verb (`transfer` → `transferred`, `send` → `sent`, `add` → `added`). */
export function pastForms(verb: string): string[] {
  const word = verb.toLowerCase()
  const irregular = IRREGULAR_PAST[word]
  if (irregular !== undefined) return [...irregular]
  if (word.endsWith('e')) return [`${word}d`]
  if (/[^aeiou]y$/.test(word)) return [`${word.slice(0, -1)}ied`]
  // One consonant after one vowel at the end doubles in the common short verbs (stop, plan, transfer).
  const doubled = /[^aeiou][aeiou][bdgklmnprt]$/.test(word) ? [`${word}${word.at(-1) ?? ''}ed`] : []
  return [...doubled, `${word}ed`]
}

/** The words of a flag set to `value`: `on`/`off` and the like, and for a flag named like a state (`locked`), that state or its undoing (`unlocked`). */
function switchedWords(column: string, value: boolean): string[] {
  const state = column.split('_').at(-1) ?? ''
  const named = state.endsWith('ed') ? [value ? state : `un${state}`] : []
  return [...(value ? SWITCHED_ON : SWITCHED_OFF), ...named]
}

function addNoun(subjects: Set<string>, word: string): void {
  const normal = claimText(word)
  if (normal.length < 3 || NOUN_STOP_WORDS.has(normal)) return
  subjects.add(normal)
  if (normal.endsWith('s') && normal.length > 3) subjects.add(normal.slice(0, -1))
  else subjects.add(`${normal}s`)
}

function collectValues(value: JsonValue | undefined, values: string[]): void {
  if (typeof value === 'string') {
    const normal = claimText(value)
    if (normal.length >= 3) values.push(normal)
  } else if (typeof value === 'number' && Number.isFinite(value) && String(value).length >= 2) values.push(String(value))
  else if (Array.isArray(value)) for (const item of value) collectValues(item, values)
  else if (isJsonObject(value) && !('$fill' in value)) for (const item of Object.values(value)) collectValues(item, values)
}
