import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fuzzyScore, partialRatio, processText, ratio } from '../../../src/tools/fuzzy-score.ts'
import { fuzzyMatches, searchRows } from '../../../scenarios/toolsandbox/domain/search-rows.ts'

interface VectorCase {
  readonly source: string
  readonly query: string
  readonly choice: string
  readonly processed: readonly [string, string]
  readonly wratio: number
  readonly partialRatio: number
  readonly ratio: number
}

interface VectorSearch {
  readonly tool: string
  readonly argument: string
  readonly query: string
  readonly choices: readonly string[]
  readonly threshold: number
  readonly extract: readonly (readonly [number, number])[]
}

/**
 * Scores computed by rapidfuzz 3.12.2 itself (Debian's python3-rapidfuzz, its C++ scorers), once,
 * and committed: the file says how. Nothing here needs Python.
 */
const vectors = JSON.parse(readFileSync(new URL('./rapidfuzz-vectors.json', import.meta.url), 'utf8')) as {
  readonly rapidfuzz: string
  readonly cases: readonly VectorCase[]
  readonly searches: readonly VectorSearch[]
}

// ToolSandbox (toolsandbox-facts.md §1.1): "fuzzy criteria use rapidfuzz.process.extract(scorer=fuzz.WRatio,
// processor=utils.default_process, score_cutoff=threshold)".
describe('fuzzyScore is rapidfuzz WRatio with default_process', () => {
  it('the vectors come from rapidfuzz and cover the searches\' real data', () => {
    expect(vectors.rapidfuzz).toBe('3.12.2')
    const sources = new Set(vectors.cases.map((vector) => vector.source))
    for (const source of ['search_contacts.name', 'search_contacts.relationship', 'search_reminder.content', 'search_messages.content', 'search_holiday', 'search_stock', 'edge', 'generated'])
      expect(sources).toContain(source)
    expect(vectors.cases.length).toBeGreaterThan(1000)
  })

  it.each(vectors.cases.map((vector, position) => [position, vector] as const))('case %i', (_position, vector) => {
    const [query, choice] = vector.processed
    expect(processText(vector.query)).toBe(query)
    expect(processText(vector.choice)).toBe(choice)
    expect(ratio(query, choice)).toBeCloseTo(vector.ratio, 9)
    expect(partialRatio(query, choice)).toBeCloseTo(vector.partialRatio, 9)
    expect(fuzzyScore(vector.query, vector.choice)).toBeCloseTo(vector.wratio, 9)
  })

  it('agrees bit for bit, so thresholds such as 90 cut exactly where rapidfuzz cuts', () => {
    const differing = vectors.cases.filter((vector) => fuzzyScore(vector.query, vector.choice) !== vector.wratio)
    expect(differing).toEqual([])
  })

  it.each(vectors.searches.map((search) => [`${search.tool}(${search.argument}=${JSON.stringify(search.query)})`, search] as const))(
    'process.extract: %s',
    (_name, search) => {
      expect(fuzzyMatches(search.query, search.choices, search.threshold).map((match) => [match.index, match.score])).toEqual(search.extract)
    },
  )

  it('processes every ASCII character as the Unicode rule does: letters and digits kept (lower-cased), the rest spaces', () => {
    // The rule as default_process states it, applied to one character at a time.
    const byRule = (character: string) => (/[\p{L}\p{N}]/u.test(character) ? character.toLowerCase() : ' ')
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code))
    for (const character of ascii) expect(processText(`a${character}b`)).toBe(`a${byRule(character)}b`)
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...ascii, 'É', 'ß', 'İ', '٣', '😀', '\u0301') }), (text) => {
        // Asked twice: the second answer is the one remembered.
        expect(processText(text)).toBe(processText(text))
        const expected = Array.from(text, (character) => (character.charCodeAt(0) < 0x80 ? byRule(character) : undefined))
        if (expected.every((part) => part !== undefined)) expect(processText(text)).toBe(expected.join('').replace(/^ +| +$/g, ''))
      }),
    )
  })

  it('reads a few worked cases as rapidfuzz does', () => {
    // default_process keeps runs of spaces: "A, B" has two between the letters.
    expect(processText('A, B')).toBe('a  b')
    expect(processText('  snake_case  ')).toBe('snake case')
    // A first name inside a full name: partial ratio 100 × 0.9 (lengths 7 and 18, ratio 2.6 < 8).
    expect(fuzzyScore('Fredrik', 'Fredrik Thordendal')).toBe(90)
    // Same words in another order (lengths equal): token set 100 × 0.95.
    expect(fuzzyScore('Lee Jordan', 'Jordan Lee')).toBe(95)
    // One word in a text 13.7 times longer (3 and 41 characters): the word is found whole, partial
    // ratio 100 × 0.6 = 60; the shared word's partial token ratio gives only 100 × 0.95 × 0.6 = 57.
    expect(fuzzyScore('GPU', 'Hey there, do you want to buy a spare GPU?')).toBe(60)
    // ratio 'abcd' vs 'abce': 3 common of 8 characters, distance 2, 100 × (1 − 2/8).
    expect(ratio('abcd', 'abce')).toBe(75)
    expect(fuzzyScore('', 'anything')).toBe(0)
  })
})

describe('searchRows filters as ToolSandbox\'s filter_dataframe', () => {
  const rows = ['tea one', 'tea two', 'tea three', 'tea four', 'tea five', 'tea six', 'coffee'].map((content, position) => ({ id: position, content }))
  const criteria = { id: { kind: 'exact', column: 'id' }, content: { kind: 'fuzzy', column: 'content', threshold: 50 } } as const

  it('keeps at most five fuzzy matches, best first, ties in table order', () => {
    const found = searchRows(rows, criteria, { content: 'tea' })
    // 'tea' against 'tea one' … 'tea three': partial token ratio 100 × 0.95 × 0.9 = 85.5 for all six
    // (length ratios 2.3 to 3), so the first five rows in table order come back.
    expect(found.map((row) => row.id)).toEqual([0, 1, 2, 3, 4])
    expect(found).toHaveLength(5)
  })

  it('applies criteria in order, so an exact criterion first narrows what the fuzzy one ranks', () => {
    expect(searchRows(rows, criteria, { id: 5, content: 'tea' }).map((row) => row.id)).toEqual([5])
    expect(searchRows(rows, criteria, { content: 'coffee' }).map((row) => row.id)).toEqual([6])
  })
})
