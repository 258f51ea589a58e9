import type { JsonValue, Row, Table } from '../../../src/world/index.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import { fuzzyScore } from '../../../src/tools/fuzzy-score.ts'

/** How one search argument selects rows. */
export type Criterion =
  | { readonly kind: 'exact'; readonly column: string }
  | { readonly kind: 'fuzzy'; readonly column: string; readonly threshold: number }
  | { readonly kind: 'atLeast'; readonly column: string }
  | { readonly kind: 'atMost'; readonly column: string }

/** How many rows one fuzzy criterion keeps: rapidfuzz's `process.extract` default limit. */
export const FUZZY_MATCH_LIMIT = 5

/** One fuzzy match: the position of the matching text among the choices, and its score. */
export interface FuzzyMatch {
  readonly index: number
  readonly score: number
}

/**
 * rapidfuzz's `process.extract(query, choices, scorer=fuzz.WRatio,
 * processor=utils.default_process, score_cutoff=threshold)`, which ToolSandbox's fuzzy search
 * calls: the choices scoring at least `threshold`, best first (ties in their given order), at
 * most `limit` of them. Choices that are not texts are skipped, as rapidfuzz skips `None`.
 */
export function fuzzyMatches(query: string, choices: readonly (string | null | undefined)[], threshold: number, limit = FUZZY_MATCH_LIMIT): FuzzyMatch[] {
  const scored: FuzzyMatch[] = []
  for (const [index, choice] of choices.entries()) {
    if (typeof choice !== 'string') continue
    const score = fuzzyScore(query, choice)
    if (score >= threshold) scored.push({ index, score })
  }
  // Array.prototype.sort is stable, so equal scores keep the choices' order.
  return scored.sort((a, b) => b.score - a.score).slice(0, limit)
}

/**
 * Selects rows as ToolSandbox's `filter_dataframe` does: the given criteria are applied one after
 * another in the order `criteria` lists them (a criterion whose argument is omitted is skipped).
 * An exact or range criterion keeps the rows that pass, in their order; a fuzzy criterion keeps
 * the best `FUZZY_MATCH_LIMIT` rows whose text scores at least its threshold (rapidfuzz's WRatio,
 * see `fuzzyMatches`), best first. So a search for "dentist" lists the dentist appointment
 * first, and a fuzzy search never returns more than five rows.
 *
 * @throws ToolError (ValueError) listing the accepted arguments when none is given, because an
 * empty search would return the whole table, which is never what an agent means.
 */
export function searchRows(
  rows: Table,
  criteria: Readonly<Record<string, Criterion>>,
  args: Readonly<Record<string, JsonValue | undefined>>,
): Record<string, JsonValue>[] {
  const given = Object.entries(criteria).filter(([argument]) => args[argument] !== undefined)
  if (given.length === 0)
    throw new ToolError('ValueError', `give at least one search argument; this search accepts ${Object.keys(criteria).join(', ')}`)
  let found: readonly Row[] = rows
  for (const [argument, criterion] of given) {
    const wanted = args[argument] as JsonValue
    if (criterion.kind === 'fuzzy') {
      if (typeof wanted !== 'string') return []
      const texts = found.map((row) => {
        const value = row[criterion.column]
        return typeof value === 'string' ? value : undefined
      })
      const current = found
      found = fuzzyMatches(wanted, texts, criterion.threshold).map((match) => current[match.index] as Row)
    } else found = found.filter((row) => matches(row, criterion, wanted))
  }
  return found.map((row) => ({ ...row }))
}

function matches(row: Row, criterion: Exclude<Criterion, { kind: 'fuzzy' }>, wanted: JsonValue): boolean {
  const value = row[criterion.column]
  switch (criterion.kind) {
    case 'exact':
      return value === wanted
    case 'atLeast':
      return typeof value === 'number' && typeof wanted === 'number' && value >= wanted
    case 'atMost':
      return typeof value === 'number' && typeof wanted === 'number' && value <= wanted
  }
}
