/**
 * A map that holds at most `limit` entries: setting a new key past the limit drops the key set
 * longest ago. What a long evaluation keeps per case or per run stays bounded however many runs
 * it plays.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>()
  readonly #limit: number

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`a BoundedMap holds at least one entry; got a limit of ${limit}`)
    this.#limit = limit
  }

  /** The value under `key`, if it is still held. */
  get(key: K): V | undefined {
    return this.#entries.get(key)
  }

  /** Holds `value` under `key`, dropping the oldest entry when the map is full. */
  set(key: K, value: V): void {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    if (this.#entries.size > this.#limit) {
      const oldest = this.#entries.keys().next()
      if (oldest.done !== true) this.#entries.delete(oldest.value)
    }
  }

  /** How many entries it holds. */
  get size(): number {
    return this.#entries.size
  }
}
