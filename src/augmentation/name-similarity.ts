/**
 * How alike two tool names are, in [0, 1]: the mean of two Dice coefficients, one over the
 * underscore-separated words (`get_wifi_status` and `set_wifi_status` share `wifi` and `status`)
 * and one over character bigrams (which also catches `contact` against `contacts`). Both are
 * symmetric and need no tuning, so the ranking of distraction tools is easy to predict.
 */
export function nameSimilarity(first: string, second: string): number {
  if (first === second) return 1
  const a = featuresOf(first)
  const b = featuresOf(second)
  return (dice(a.words, b.words) + dice(a.bigrams, b.bigrams)) / 2
}

interface NameFeatures {
  readonly words: ReadonlyMap<string, number>
  readonly bigrams: ReadonlyMap<string, number>
}

// Tool names are few and reused across every ranking, so their features are worked out once.
const features = new Map<string, NameFeatures>()

function featuresOf(name: string): NameFeatures {
  let found = features.get(name)
  if (found === undefined) {
    const text = name.toLowerCase()
    const bigrams: string[] = []
    for (let index = 0; index + 1 < text.length; index++) bigrams.push(text.slice(index, index + 2))
    found = { words: counts(text.split(/[^a-z0-9]+/).filter((word) => word.length > 0)), bigrams: counts(bigrams) }
    // Names come from registries; the bound only guards against a caller feeding arbitrary text.
    if (features.size < 10_000) features.set(name, found)
  }
  return found
}

function counts(items: readonly string[]): Map<string, number> {
  const result = new Map<string, number>()
  for (const item of items) result.set(item, (result.get(item) ?? 0) + 1)
  return result
}

/** Dice coefficient over multisets: twice the shared count over the total count. */
function dice(first: ReadonlyMap<string, number>, second: ReadonlyMap<string, number>): number {
  let total = 0
  let shared = 0
  for (const count of first.values()) total += count
  for (const [item, count] of second) {
    total += count
    shared += Math.min(count, first.get(item) ?? 0)
  }
  return total === 0 ? 1 : (2 * shared) / total
}
