/**
 * rapidfuzz's scorers as ToolSandbox calls them, in its searches and to rank distraction tools:
 * `fuzz.WRatio` with `utils.default_process`, and the parts it is made of (`ratio`,
 * `partial_ratio`, the token variants). Written from rapidfuzz's documented algorithm and checked against scores that
 * rapidfuzz 3.12 itself computed (`test/toolsandbox/domain/rapidfuzz-vectors.json`): every case
 * there agrees to 1e-9, so a threshold such as 90 accepts exactly the rows rapidfuzz accepts.
 *
 * Texts are compared as sequences of Unicode code points, as Python measures string length
 * (an emoji is one character, not two UTF-16 units).
 */

/** A processed text as code points. */
type Codes = readonly number[]

/**
 * rapidfuzz's `utils.default_process`: every character that is not a letter or a digit
 * (punctuation, spaces, `_`, combining marks, emoji) becomes a space, letters are lower-cased one
 * by one, and spaces at both ends are trimmed. Runs of spaces inside stay as they are, which
 * matters: `"A, B"` becomes `"a  b"`, two characters longer than `"a b"` for `ratio`.
 */
export function processText(text: string): string {
  let processed = processedTexts.get(text)
  if (processed === undefined) {
    processed = processUncached(text)
    remember(processedTexts, text, processed)
  }
  return processed
}

function processUncached(text: string): string {
  let out = ''
  for (const character of text) {
    const code = character.charCodeAt(0)
    // ASCII, most of what is searched, without a regular expression per character.
    if (code < 0x80) {
      out += (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) ? character : code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 0x20) : ' '
      continue
    }
    if (!/[\p{L}\p{N}]/u.test(character)) {
      out += ' '
      continue
    }
    const lower = character.toLowerCase()
    // rapidfuzz maps each character to one character; only İ (U+0130) lower-cases to two
    // (i and a combining dot), of which the plain i is its one-character mapping.
    out += [...lower].length === 1 ? lower : String.fromCodePoint(lower.codePointAt(0) as number)
  }
  return out.replace(/^ +| +$/g, '')
}

// Searches score the same few texts (a query, the names of a table's rows) over and over, in every
// call of every run: each text's processed form and code points are kept, up to this many texts,
// and forgotten all at once when there are more. The scores are the same either way.
const MOST_REMEMBERED = 4096
const processedTexts = new Map<string, string>()
const textCodes = new Map<string, Codes>()

function remember<T>(memory: Map<string, T>, text: string, value: T): void {
  if (memory.size >= MOST_REMEMBERED) memory.clear()
  memory.set(text, value)
}

/** `fuzz.WRatio(query, choice, processor=utils.default_process)`, from 0 to 100. */
export function fuzzyScore(query: string, choice: string): number {
  return weightedRatio(codes(processText(query)), codes(processText(choice)))
}

/**
 * `fuzz.ratio` of two texts (already processed): the normalised Indel similarity,
 * 100 × (1 − (insertions + deletions) / (total length)).
 */
export function ratio(a: string, b: string): number {
  return indelSimilarity(codes(a), codes(b)) * 100
}

/**
 * `fuzz.partial_ratio` of two texts (already processed): the best `ratio` of the shorter text
 * against any same-length window of the longer one, windows hanging over either end included;
 * for texts of equal length both directions are tried.
 */
export function partialRatio(a: string, b: string): number {
  return partial(codes(a), codes(b))
}

function codes(text: string): Codes {
  let found = textCodes.get(text)
  if (found === undefined) {
    found = Array.from(text, (character) => character.codePointAt(0) as number)
    remember(textCodes, text, found)
  }
  return found
}

// WRatio's weights: token comparisons count 95 %, partial comparisons 90 % (60 % when one text is
// eight or more times longer than the other).
const UNBASE_SCALE = 0.95

function weightedRatio(a: Codes, b: Codes): number {
  if (a.length === 0 || b.length === 0) return 0
  const lengthRatio = a.length > b.length ? a.length / b.length : b.length / a.length
  let best = indelSimilarity(a, b) * 100
  if (lengthRatio < 1.5) return Math.max(best, tokenRatio(a, b) * UNBASE_SCALE)
  const partialScale = lengthRatio < 8 ? 0.9 : 0.6
  best = Math.max(best, partial(a, b) * partialScale)
  return Math.max(best, partialTokenRatio(a, b) * UNBASE_SCALE * partialScale)
}

/** The Indel similarity in [0, 1]: 1 − distance / total length (1 for two empty texts). */
function indelSimilarity(a: Codes, b: Codes): number {
  const total = a.length + b.length
  if (total === 0) return 1
  const distance = total - 2 * longestCommonSubsequence(a, b)
  return 1 - distance / total
}

function partial(a: Codes, b: Codes): number {
  if (a.length === 0 && b.length === 0) return 100
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a]
  let score = partialAlignment(shorter, longer)
  if (score !== 100 && a.length === b.length) score = Math.max(score, partialAlignment(longer, shorter))
  return score
}

/**
 * The best Indel similarity (× 100) of `needle` against the windows of `haystack` that can hold
 * the best alignment: the prefixes shorter than the needle, every full-length window, and the
 * suffixes. A window whose new end (or, for suffixes, whose first character) does not occur in
 * the needle is skipped, as rapidfuzz does: it cannot beat the window before it.
 */
function partialAlignment(needle: Codes, haystack: Codes): number {
  const letters = new Set(needle)
  const length = needle.length
  let best = 0
  const consider = (window: Codes): boolean => {
    const similarity = indelSimilarity(needle, window)
    if (similarity > best) best = similarity
    return best === 1
  }
  for (let end = 1; end < length; end++) {
    if (!letters.has(haystack[end - 1] as number)) continue
    if (consider(haystack.slice(0, end))) return 100
  }
  for (let start = 0; start < haystack.length - length; start++) {
    if (!letters.has(haystack[start + length - 1] as number)) continue
    if (consider(haystack.slice(start, start + length))) return 100
  }
  for (let start = Math.max(0, haystack.length - length); start < haystack.length; start++) {
    if (!letters.has(haystack[start] as number)) continue
    if (consider(haystack.slice(start))) return 100
  }
  return best * 100
}

/** Splits a processed text into its words (runs of non-space characters). */
function words(text: Codes): Codes[] {
  const found: Codes[] = []
  let current: number[] = []
  for (const code of text) {
    if (code === 32) {
      if (current.length > 0) found.push(current)
      current = []
    } else current.push(code)
  }
  if (current.length > 0) found.push(current)
  return found
}

/** Python's string order: code point by code point. */
function compareCodes(a: Codes, b: Codes): number {
  const length = Math.min(a.length, b.length)
  for (let index = 0; index < length; index++) {
    const difference = (a[index] as number) - (b[index] as number)
    if (difference !== 0) return difference
  }
  return a.length - b.length
}

function join(list: readonly Codes[]): Codes {
  const joined: number[] = []
  for (const [index, word] of list.entries()) {
    if (index > 0) joined.push(32)
    joined.push(...word)
  }
  return joined
}

function sortedJoin(list: readonly Codes[]): Codes {
  return join([...list].sort(compareCodes))
}

/** The distinct words of both texts: shared, only in the first, only in the second. */
function wordSets(a: Codes, b: Codes) {
  const key = (word: Codes) => String.fromCodePoint(...word)
  const unique = (list: readonly Codes[]) => [...new Map(list.map((word) => [key(word), word])).values()]
  const first = unique(words(a))
  const second = unique(words(b))
  const inFirst = new Set(first.map(key))
  const inSecond = new Set(second.map(key))
  return {
    first,
    second,
    shared: first.filter((word) => inSecond.has(key(word))),
    onlyFirst: first.filter((word) => !inSecond.has(key(word))),
    onlySecond: second.filter((word) => !inFirst.has(key(word))),
  }
}

/** 100 − 100 × distance / length, as rapidfuzz scores the token-set comparisons. */
function normalizedDistanceScore(distance: number, length: number): number {
  return length === 0 ? 100 : 100 - (100 * distance) / length
}

/** `fuzz.token_ratio`: the better of the token-set and the token-sort ratio. */
function tokenRatio(a: Codes, b: Codes): number {
  return Math.max(tokenSetRatio(a, b), indelSimilarity(sortedJoin(words(a)), sortedJoin(words(b))) * 100)
}

/**
 * `fuzz.token_set_ratio`: the words both texts share, compared with each text's shared words
 * plus its own; 100 when one text's words are all among the other's.
 */
function tokenSetRatio(a: Codes, b: Codes): number {
  const { first, second, shared, onlyFirst, onlySecond } = wordSets(a, b)
  if (first.length === 0 || second.length === 0) return 0
  if (shared.length > 0 && (onlyFirst.length === 0 || onlySecond.length === 0)) return 100
  const firstRest = sortedJoin(onlyFirst)
  const secondRest = sortedJoin(onlySecond)
  const sharedLength = join(shared).length
  const gap = sharedLength === 0 ? 0 : 1
  const withFirst = sharedLength + gap + firstRest.length
  const withSecond = sharedLength + gap + secondRest.length
  const restDistance = firstRest.length + secondRest.length - 2 * longestCommonSubsequence(firstRest, secondRest)
  const result = normalizedDistanceScore(restDistance, withFirst + withSecond)
  if (sharedLength === 0) return result
  // The shared words against the shared words plus one text's own: they differ only by what was
  // appended, so the distance is that length.
  const firstScore = normalizedDistanceScore(gap + firstRest.length, sharedLength + withFirst)
  const secondScore = normalizedDistanceScore(gap + secondRest.length, sharedLength + withSecond)
  return Math.max(result, firstScore, secondScore)
}

/**
 * `fuzz.partial_token_ratio`: 100 when the texts share a word; otherwise the partial ratio of
 * the sorted words, and of the sorted distinct words when a text repeats one.
 */
function partialTokenRatio(a: Codes, b: Codes): number {
  const firstWords = words(a)
  const secondWords = words(b)
  const { shared, onlyFirst, onlySecond } = wordSets(a, b)
  if (shared.length > 0) return 100
  const result = partial(sortedJoin(firstWords), sortedJoin(secondWords))
  if (firstWords.length === onlyFirst.length && secondWords.length === onlySecond.length) return result
  return Math.max(result, partial(sortedJoin(onlyFirst), sortedJoin(onlySecond)))
}

// The two rows of `longestCommonSubsequence`, kept between calls and grown when a text is longer.
let rows = [new Int32Array(64), new Int32Array(64)] as const

function longestCommonSubsequence(a: Codes, b: Codes): number {
  if (a.length === 0 || b.length === 0) return 0
  if (rows[0].length <= b.length) rows = [new Int32Array(b.length * 2), new Int32Array(b.length * 2)]
  let [previous, current] = rows
  previous.fill(0, 0, b.length + 1)
  current[0] = 0
  for (let i = 1; i <= a.length; i++) {
    const code = a[i - 1]
    for (let j = 1; j <= b.length; j++) {
      current[j] = code === b[j - 1] ? (previous[j - 1] as number) + 1 : Math.max(previous[j] as number, current[j - 1] as number)
    }
    ;[previous, current] = [current, previous]
  }
  return previous[b.length] as number
}
