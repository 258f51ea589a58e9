/**
 * A fuzzy text score from 0 to 100 in the spirit of rapidfuzz's `WRatio` (which ToolSandbox's
 * searches use), written from its published definition:
 *
 * 1. both texts are lower-cased, every character that is not a letter or digit becomes a space,
 *    and runs of spaces collapse;
 * 2. `ratio` is the Indel similarity: 2 × (longest common subsequence) / (sum of lengths);
 * 3. when the texts have similar lengths (longer / shorter < 1.5) the score is the best of
 *    `ratio` and 0.95 × the token-sort and token-set ratios (word order and repeated words do not
 *    matter);
 * 4. otherwise the shorter text is looked for inside the longer one (`partialRatio`, the best
 *    ratio against any same-length window), scaled by 0.9 (0.6 when the longer text is 8 or more
 *    times longer), and the token variants are scaled by a further 0.95; a shared whole word gives
 *    the partial token-set ratio 100.
 *
 * So "Fredrik" against "Fredrik Thordendal" scores 90, and a single word against a long message
 * that contains it scores 60. Searches use 90 for names and 50 for free text, like ToolSandbox.
 */
export function fuzzyScore(query: string, choice: string): number {
  const a = processText(query)
  const b = processText(choice)
  if (a.length === 0 || b.length === 0) return 0
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a]
  const lengthRatio = longer.length / shorter.length
  const plain = ratio(a, b)
  if (lengthRatio < 1.5) return Math.max(plain, 0.95 * tokenSortRatio(a, b), 0.95 * tokenSetRatio(a, b))
  const scale = lengthRatio < 8 ? 0.9 : 0.6
  return Math.max(
    plain,
    partialRatio(a, b) * scale,
    partialRatio(sortTokens(a), sortTokens(b)) * scale * 0.95,
    partialTokenSetRatio(a, b) * scale * 0.95,
  )
}

/** Lower-cases and keeps only letters and digits, single-spaced. */
export function processText(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()
}

/** Indel similarity of two texts, 0 to 100. */
export function ratio(a: string, b: string): number {
  if (a.length + b.length === 0) return 100
  return (200 * longestCommonSubsequence(a, b)) / (a.length + b.length)
}

/** The best `ratio` of the shorter text against any window of the longer one, 0 to 100. */
export function partialRatio(a: string, b: string): number {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a]
  if (shorter.length === 0) return 0
  if (longer.includes(shorter)) return 100
  let best = 0
  const letters = new Set(shorter)
  // Windows that hang over either end are included so a match at the edge is not missed. A window
  // whose first character is absent from the shorter text scores no better than the next window
  // (same common letters, one more candidate), and one whose last character is absent no better
  // than the previous one, so windows with both ends absent are skipped.
  for (let start = 1 - shorter.length; start < longer.length; start++) {
    const window = longer.slice(Math.max(0, start), start + shorter.length)
    if (!letters.has(window[0] as string) && !letters.has(window[window.length - 1] as string)) continue
    best = Math.max(best, ratio(shorter, window))
    if (best === 100) break
  }
  return best
}

function tokens(text: string): string[] {
  return text.split(' ').filter((token) => token.length > 0)
}

function sortTokens(text: string): string {
  return tokens(text).sort().join(' ')
}

function tokenSortRatio(a: string, b: string): number {
  return ratio(sortTokens(a), sortTokens(b))
}

function tokenSets(a: string, b: string) {
  const setA = new Set(tokens(a))
  const setB = new Set(tokens(b))
  const common = [...setA].filter((token) => setB.has(token)).sort()
  const onlyA = [...setA].filter((token) => !setB.has(token)).sort()
  const onlyB = [...setB].filter((token) => !setA.has(token)).sort()
  return { common, onlyA, onlyB }
}

function tokenSetRatio(a: string, b: string): number {
  const { common, onlyA, onlyB } = tokenSets(a, b)
  if (common.length > 0 && (onlyA.length === 0 || onlyB.length === 0)) return 100
  const shared = common.join(' ')
  const withA = [shared, ...onlyA].filter((part) => part.length > 0).join(' ')
  const withB = [shared, ...onlyB].filter((part) => part.length > 0).join(' ')
  const scores = [ratio(withA, withB)]
  if (shared.length > 0) scores.push(ratio(shared, withA), ratio(shared, withB))
  return Math.max(...scores)
}

function partialTokenSetRatio(a: string, b: string): number {
  const { common, onlyA, onlyB } = tokenSets(a, b)
  if (common.length > 0) return 100
  return partialRatio(onlyA.join(' '), onlyB.join(' '))
}

function longestCommonSubsequence(a: string, b: string): number {
  let previous = new Array<number>(b.length + 1).fill(0)
  let current = new Array<number>(b.length + 1).fill(0)
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      current[j] = a[i - 1] === b[j - 1] ? (previous[j - 1] as number) + 1 : Math.max(previous[j] as number, current[j - 1] as number)
    }
    ;[previous, current] = [current, previous]
  }
  return previous[b.length] as number
}
