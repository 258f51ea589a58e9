/**
 * How alike two tool names are, in [0, 1]: the mean of two Dice coefficients, one over the
 * underscore-separated words (`get_wifi_status` and `set_wifi_status` share `wifi` and `status`)
 * and one over character bigrams (which also catches `contact` against `contacts`). Both are
 * symmetric and need no tuning, so the ranking of distraction tools is easy to predict.
 */
export function nameSimilarity(first: string, second: string): number {
  if (first === second) return 1
  return (dice(words(first), words(second)) + dice(bigrams(first), bigrams(second))) / 2
}

function words(name: string): string[] {
  return name.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 0)
}

function bigrams(name: string): string[] {
  const text = name.toLowerCase()
  const result: string[] = []
  for (let index = 0; index + 1 < text.length; index++) result.push(text.slice(index, index + 2))
  return result
}

/** Dice coefficient over multisets: twice the shared count over the total count. */
function dice(first: readonly string[], second: readonly string[]): number {
  if (first.length === 0 && second.length === 0) return 1
  const counts = new Map<string, number>()
  for (const item of first) counts.set(item, (counts.get(item) ?? 0) + 1)
  let shared = 0
  for (const item of second) {
    const count = counts.get(item) ?? 0
    if (count > 0) {
      shared++
      counts.set(item, count - 1)
    }
  }
  return (2 * shared) / (first.length + second.length)
}
