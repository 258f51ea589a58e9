import type { ValueSimilarity } from '../domain/index.ts'
import type { Similarity } from '../scenario/index.ts'
import type { JsonValue } from '../world/index.ts'
import { jsonEqual, wholeColumnsJson } from '../world/index.ts'
import type { RougeTokenizer } from './rouge-l.ts'
import { rougeL } from './rouge-l.ts'
import { builtInVerdict } from './judge/built-in-judge.ts'
import type { JudgedTexts } from './judge/judged-texts.ts'
import type { SemanticTexts } from './semantic-texts.ts'

/**
 * What comparing values may use beyond the values themselves: the semantic texts embedded so far,
 * a ROUGE tokenizer that remembers tokens across calls, and the similarities of the scenario's
 * domain by name.
 */
export interface ValueComparers {
  readonly semantic?: SemanticTexts
  /** The judge's verdicts, for `reports-failure`; the built-in judge's without it. */
  readonly judged?: JudgedTexts
  readonly tokenizer?: RougeTokenizer
  readonly custom?: Readonly<Record<string, ValueSimilarity>>
}

/**
 * How similar an actual value (a cell, an argument, a message's content) is to a target value,
 * in [0, 1], under one of the scenario's similarity kinds:
 * - `exact`: equal JSON values (numbers compare as numbers; object key order does not matter);
 * - `{ close }`: numbers within the absolute tolerance (|a − b| ≤ tolerance, so a tolerance of
 *   0.001 rejects a difference of 0.001002); an unbounded tolerance (`Infinity`, `"infinity"`)
 *   accepts any two numbers, as ToolSandbox's `is_close` with `atol=inf` does; other values
 *   compare exactly;
 * - `contains`: the actual text contains the target text (case-sensitive);
 * - `mentions`: the actual text contains the target text after {@link mentionText} normalises
 *   both, a target's leading (trailing) digit is not preceded (followed) by a digit, and the
 *   occurrence does not follow a negation ("not enabled" does not mention "enabled");
 * - `rouge-l`: ROUGE-L F-measure of the actual text against the target text;
 * - `semantic`: cosine similarity of embeddings (needs `semantic`; 0 without it);
 * - `reports-failure`: 0 when the judge (`judged`, else the built-in one) answers `no` to "does
 *   the actual text tell the user it could not be done?", else 1 (`cannot-tell` never fails);
 * - `any`: 1;
 * - another name: the domain's similarity of that name from `comparers.custom` (0 when there is
 *   none: scenarios are checked against their domain before they are evaluated).
 *
 * A `null` target matches exactly a `null` or missing actual value, whatever the kind (except
 * `any`). Non-text values are compared as their JSON text by the text kinds. A tokenizer in
 * `comparers` remembers ROUGE tokens across calls (the value is the same with or without it).
 */
export function columnSimilarity(similarity: Similarity, actual: JsonValue | undefined, target: JsonValue, comparers: ValueComparers = {}): number {
  if (similarity === 'any') return 1
  if (target === null) return actual === null || actual === undefined ? 1 : 0
  if (actual === undefined) return 0
  if (typeof similarity === 'object') return closeMatch(actual, target, toleranceOf(similarity))
  switch (similarity) {
    case 'exact':
      return jsonEqual(actual, target) ? 1 : 0
    case 'contains':
      return valueText(actual).includes(valueText(target)) ? 1 : 0
    case 'mentions':
      return mentions(valueText(actual), valueText(target)) ? 1 : 0
    case 'rouge-l':
      return (comparers.tokenizer === undefined ? rougeL(valueText(target), valueText(actual)) : comparers.tokenizer.rougeL(valueText(target), valueText(actual))).fmeasure
    case 'semantic':
      return comparers.semantic === undefined ? 0 : comparers.semantic.similarity(valueText(actual), valueText(target))
    case 'reports-failure': {
      const text = valueText(actual)
      return (comparers.judged?.verdict('reports-failure', text) ?? builtInVerdict('reports-failure', text)).answer === 'no' ? 0 : 1
    }
  }
  const custom = comparers.custom !== undefined && Object.hasOwn(comparers.custom, similarity) ? comparers.custom[similarity] : undefined
  if (custom === undefined) return 0
  const value = custom(actual, target)
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0
}

/**
 * The text `mentions` compares: lower-cased, typographic apostrophes (’) read as straight ones,
 * each run of whitespace replaced by one space, trimmed,
 * and a comma between a digit and a group of exactly three digits removed (a thousands separator:
 * `1,234,567` becomes `1234567`, while `1, 2` and `3,14` stay as they are).
 */
export function mentionText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(?<=\d),(?=\d{3}(?!\d))/g, '')
}

/**
 * Words that, right before a mention, say the opposite ("not enabled", "isn't on", "never sent").
 * A target that itself starts with such a word ("is not on") is looked for as it is.
 */
const NEGATION = /(?:^|[^a-z'])(?:not|no|never|isn't|isnt|wasn't|aren't|hasn't|haven't|didn't|doesn't|don't|cannot|can't|couldn't|won't)\s$/

/**
 * Whether normalised `target` occurs in normalised `actual` without splitting a number and not
 * right after a negation, so "Wi-Fi is not enabled" does not mention "enabled".
 */
function mentions(actual: string, target: string): boolean {
  const text = mentionText(actual)
  const wanted = mentionText(target)
  const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9'
  const startsWithDigit = isDigit(wanted[0])
  const endsWithDigit = isDigit(wanted.at(-1))
  for (let at = text.indexOf(wanted); at >= 0; at = text.indexOf(wanted, at + 1)) {
    if (startsWithDigit && isDigit(text[at - 1])) continue
    if (endsWithDigit && isDigit(text[at + wanted.length])) continue
    if (NEGATION.test(text.slice(Math.max(0, at - 12), at))) continue
    return true
  }
  return false
}

/**
 * 1 when both are numbers within `tolerance` of each other (or, for non-numbers, equal), else 0.
 * With an infinite tolerance any two numbers are close (a NaN never is, as |NaN| ≤ ∞ is false).
 */
export function closeMatch(actual: JsonValue, target: JsonValue, tolerance: number): number {
  if (typeof actual === 'number' && typeof target === 'number') return Math.abs(actual - target) <= tolerance ? 1 : 0
  return jsonEqual(actual, target) ? 1 : 0
}

/** The tolerance of a `{ close }` similarity as a number (`"infinity"` is `Infinity`). */
export function toleranceOf(similarity: { readonly close: number | 'infinity' }): number {
  return similarity.close === 'infinity' ? Number.POSITIVE_INFINITY : similarity.close
}

/** The text a value is compared as: strings as they are, other values as JSON. */
export function valueText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/**
 * A short quotation of a value for reasons. A long row (an object) keeps whole columns and counts
 * the rest (`{"reminder_id":"2974a941-…-b62aa2c9d2c6","content":"Order flowers", … 3 more columns}`), so
 * no key is cut in the middle; other long values (texts) are cut.
 */
export function describeValue(value: JsonValue | undefined): string {
  if (value === undefined) return '(missing)'
  const text = JSON.stringify(value)
  if (text.length <= 80) return text
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return wholeColumnsJson(Object.entries(value), 80)
  return `${text.slice(0, 77)}...`
}

/** The name of a similarity kind for reasons. */
export function similarityName(similarity: Similarity): string {
  return typeof similarity === 'object' ? `close (±${toleranceOf(similarity) === Number.POSITIVE_INFINITY ? '∞' : similarity.close})` : similarity
}
