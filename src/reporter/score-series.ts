/**
 * The scores of a group of runs in the order they were added, each run of equal scores kept as
 * one value and a count: the trials of a cell mostly score alike, so a summary worked out run by
 * run holds a few numbers per cell rather than one per run, and still adds them up in the very
 * order a list would (`meanInterval` gives the same bits either way).
 */
export class ScoreSeries {
  readonly #values: number[] = []
  readonly #counts: number[] = []
  #length = 0

  /** How many scores were added. */
  get length(): number {
    return this.#length
  }

  push(value: number): void {
    const last = this.#values.length - 1
    if (last >= 0 && Object.is(this.#values[last], value)) this.#counts[last] = (this.#counts[last] as number) + 1
    else {
      this.#values.push(value)
      this.#counts.push(1)
    }
    this.#length++
  }

  /** `total` with `step` applied to every score in turn, in the order they were added (as `reduce` over a list). */
  fold(total: number, step: (sum: number, value: number) => number): number {
    let sum = total
    for (let at = 0; at < this.#values.length; at++) {
      const value = this.#values[at] as number
      for (let times = this.#counts[at] as number; times > 0; times--) sum = step(sum, value)
    }
    return sum
  }
}
