import { BoundedMap } from './bounded-map.ts'

/**
 * One copy of each short string that many runs repeat (a scenario's id and categories, the
 * variant's columns, the agent's name, a fingerprint's digests). Each run a worker sends arrives
 * with its own copies of them; the command keeps every run's summary until the report is
 * written, so sharing them takes about half of what the summaries hold.
 */
export class SharedStrings {
  readonly #strings: BoundedMap<string, string>

  /** Holds at most `limit` distinct strings (the oldest dropped first). */
  constructor(limit = MOST_SHARED) {
    this.#strings = new BoundedMap(limit)
  }

  /**
   * `value` with its short strings replaced by the shared copies, in place: the arrays and plain
   * objects within it (to `depth` levels) are changed, and it is returned.
   */
  share<T>(value: T, depth = 4): T {
    if (typeof value === 'string') return this.#one(value) as T
    if (depth === 0 || value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) value[index] = this.share(value[index], depth - 1)
      return value
    }
    const record = value as Record<string, unknown>
    for (const key of Object.keys(record)) record[key] = this.share(record[key], depth - 1)
    return value
  }

  #one(text: string): string {
    if (text.length > LONGEST_SHARED) return text
    const shared = this.#strings.get(text)
    if (shared !== undefined) return shared
    this.#strings.set(text, text)
    return text
  }
}

// Longer strings are a run's own text (a message, an error), seldom repeated.
const LONGEST_SHARED = 200

// Enough for every id, category and digest of a large corpus; what passes it is dropped oldest first.
const MOST_SHARED = 50_000
