/**
 * The candidates most like `name`, best first, at most `limit` of them. Two signals rank a
 * candidate: the words it shares with `name` (split on `_`, `-`, spaces and camelCase, so
 * `send_msg` and `send_message_with_phone_number` share `send`) and the edit distance between
 * the whole names. Candidates with neither a shared word nor a distance under half the longer
 * name's length are left out, so a wild guess gets no suggestions rather than random ones.
 */
export function closestNames(name: string, candidates: readonly string[], limit = 3): string[] {
  // Names models make up are short; cap the work on absurd inputs (a 1 MB "tool name").
  const clipped = name.slice(0, 200)
  const probe = clipped.toLowerCase()
  const probeWords = new Set(wordsOf(clipped))
  const scored: { candidate: string; shared: number; distance: number; position: number }[] = []
  for (const [position, candidate] of candidates.entries()) {
    const lower = candidate.toLowerCase()
    const shared = wordsOf(candidate).filter((word) => probeWords.has(word) || [...probeWords].some((probeWord) => isAbbreviation(probeWord, word))).length
    const distance = editDistance(probe, lower)
    const close = distance <= Math.max(probe.length, lower.length) / 2
    if (shared > 0 || close) scored.push({ candidate, shared, distance, position })
  }
  scored.sort((a, b) => b.shared - a.shared || a.distance - b.distance || a.position - b.position)
  return scored.slice(0, limit).map((entry) => entry.candidate)
}

/** Lower-case words of a name: `getCurrentTime` and `get_current_time` both give get, current, time. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
}

/** `msg` abbreviates `message`: same first letter and its letters appear in order. */
function isAbbreviation(short: string, long: string): boolean {
  if (short.length < 2 || short.length >= long.length || short[0] !== long[0]) return false
  let position = 0
  for (const letter of long) if (letter === short[position]) position++
  return position === short.length
}

/** The Levenshtein distance between two strings (edits of one character), with two rows of memory. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let row = 1; row <= a.length; row++) {
    const current = [row]
    for (let column = 1; column <= b.length; column++) {
      const substitution = (previous[column - 1] as number) + (a[row - 1] === b[column - 1] ? 0 : 1)
      current.push(Math.min((previous[column] as number) + 1, (current[column - 1] as number) + 1, substitution))
    }
    previous = current
  }
  return previous[b.length] as number
}
