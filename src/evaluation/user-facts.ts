import type { Scenario } from '../scenario/index.ts'
import { wordsOf } from '../scenario/asks-about.ts'

/**
 * A fact a scenario's simulated user holds back until the agent asks for it: the text of one of
 * its reference solution's gated replies (those with `answers`), the topics it answers, and the
 * forms in which it can be recognised in a message.
 */
export interface WithheldFact {
  /** The reply as the reference gives it (`It's +14155550109.`). */
  readonly reply: string
  /** What it answers: the words of the question it is the answer to (see `asksAbout`). */
  readonly answers: readonly string[]
  /**
   * The forms that give it away, each in `normalizedText` form: the reply without its leading
   * filler ("it's", "write:"), each quoted part, and each long number in digits alone.
   */
  readonly forms: readonly string[]
}

/**
 * The facts a scenario's user withholds: its reference's gated replies (`answers`), each with the
 * forms that give it away. A form the scenario itself states freely (in the first message, a
 * paraphrase of it) is no secret and is left out, as is a fact left without a form.
 */
export function withheldFacts(scenario: Pick<Scenario, 'reference' | 'firstMessage' | 'paraphrases'>): WithheldFact[] {
  const open = [scenario.firstMessage, ...scenario.paraphrases.map((paraphrase) => paraphrase.text)]
  const facts: WithheldFact[] = []
  for (const step of scenario.reference) {
    if (!('user' in step) || step.user !== 'say' || step.answers === undefined) continue
    const forms = formsOf(step.content).filter((form) => !open.some((text) => mentions(text, form)))
    if (forms.length > 0) facts.push({ reply: step.content, answers: step.answers, forms })
  }
  return facts
}

/** The forms of a reply that give it away (see `WithheldFact.forms`), most specific first. */
export function formsOf(reply: string): string[] {
  const forms = new Set<string>()
  for (const quoted of reply.matchAll(/["“]([^"”]+)["”]/g)) addForm(forms, normalizedText(quoted[1] as string))
  for (const number of longNumbersIn(reply)) forms.add(number)
  addForm(forms, normalizedText(reply.replace(FILLER, '')))
  return [...forms]
}

// Words a reply opens with that are no part of the fact itself.
const FILLER = /^\s*(it'?s|it is|that'?s|write|say|the number is|on)\b[:,]?\s*/i

// A form shorter than this many letters and digits is too common to tell a fact by ("yes", "okoye").
const SHORTEST_FORM = 6

function addForm(forms: Set<string>, form: string): void {
  if (form.replaceAll(' ', '').length >= SHORTEST_FORM) forms.add(form)
}

/**
 * Whether `text` gives away `form`: its normalized text holds the form's words one after another
 * (a form in digits alone is looked for among the text's long numbers, however they are spaced).
 */
export function mentions(text: string, form: string): boolean {
  if (/^\d+$/.test(form)) return longNumbersIn(text).some((number) => number.includes(form) || form.includes(number))
  return ` ${normalizedText(text)} `.includes(` ${form} `)
}

/**
 * A text as facts are compared in: lower case, its words (letters, digits, apostrophes) joined by
 * single spaces, so punctuation and spacing never hide a fact.
 */
export function normalizedText(text: string): string {
  return wordsOf(text).join(' ')
}

/**
 * The fewest digits a number needs to count as a fact on its own: phone numbers, account and
 * order numbers. Shorter numbers (times, amounts, dates) are said in too many ways ("17:30",
 * "5:30 pm") to be told apart by their digits.
 */
export const FACT_DIGITS = 7

/**
 * The long numbers of a text (at least `FACT_DIGITS` digits), in digits alone: `+1 (415) 555-0109`
 * is `14155550109`. Digits count as one number across spaces, dots, dashes and parentheses.
 */
export function longNumbersIn(text: string): string[] {
  const numbers: string[] = []
  for (const match of text.matchAll(/\+?\(?\d[\d\s().-]*\d/g)) {
    const digits = match[0].replace(/\D/g, '')
    if (digits.length >= FACT_DIGITS) numbers.push(digits)
  }
  return numbers
}

/** The e-mail addresses of a text, lower case. */
export function emailsIn(text: string): string[] {
  return [...text.matchAll(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g)].map((match) => match[0].toLowerCase())
}
