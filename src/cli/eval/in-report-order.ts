/**
 * Puts what arrives out of order back in order: each item has a place (0, 1, 2, ...), and an item
 * is let through once every place before it has been filled (an empty place, `undefined`, is
 * filled and lets nothing through). `toolcheck eval` hands runs out in the report's order and its
 * workers finish them nearly so: only the few that finish ahead of a slower one wait here.
 */
export class InReportOrder<T> {
  #next = 0
  readonly #waiting = new Map<number, T | undefined>()

  /**
   * Fills `place` with `item` and returns the items now let through, in order. A place filled
   * already (or passed) is not filled again.
   */
  put(place: number, item: T | undefined): T[] {
    if (place < this.#next || this.#waiting.has(place)) return []
    this.#waiting.set(place, item)
    const ready: T[] = []
    while (this.#waiting.has(this.#next)) {
      const next = this.#waiting.get(this.#next)
      this.#waiting.delete(this.#next)
      this.#next++
      if (next !== undefined) ready.push(next)
    }
    return ready
  }

  /** The items that wait for an earlier place. */
  get waiting(): number {
    return this.#waiting.size
  }
}
