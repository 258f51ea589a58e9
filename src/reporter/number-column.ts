/**
 * A column of numbers that grows one value at a time: a page's ids, counts, trials and scores
 * in thousandths, one per run. It is held in chunks of {@link CHUNK} values, each as 32-bit
 * integers while every value in it is one and as 64-bit floats from the first that is not (4
 * bytes a value rather than the 8 of a JavaScript array's element, and no object per value).
 * A full chunk whose values mostly repeat the one before (a run's agent, file, cell or threshold,
 * the same for all of a scenario's trials) is kept as `[value, count, ...]` instead, so most of a
 * page's 26 columns for 100,000 runs take a few kilobytes rather than 400 KB each. Every value
 * reads back as it was given (but -0, which may read back as 0; JSON writes both as 0).
 */
export class NumberColumn {
  // The full chunks: each its values, or its runs of equal values (`repeats`).
  readonly #chunks: Chunk[] = []
  #current: Int32Array | Float64Array = new Int32Array(FIRST_SIZE)
  #filled = 0
  #length = 0

  push(value: number): void {
    if (this.#filled === this.#current.length) {
      const grown = this.#current instanceof Int32Array ? new Int32Array(this.#filled * 2) : new Float64Array(this.#filled * 2)
      grown.set(this.#current)
      this.#current = grown
    }
    // NaN, fractions and integers past 32 bits do not fit: the chunk holds floats from now on.
    if (this.#current instanceof Int32Array && (value | 0) !== value) this.#current = Float64Array.from(this.#current)
    this.#current[this.#filled++] = value
    this.#length++
    if (this.#filled === CHUNK) {
      this.#chunks.push(packed(this.#current))
      this.#current = new Int32Array(FIRST_SIZE)
      this.#filled = 0
    }
  }

  /** How many values were pushed. */
  get length(): number {
    return this.#length
  }

  /** The values so far, as one array made now: floats when any value is not a 32-bit integer. */
  get values(): Int32Array | Float64Array {
    const current = this.#current.subarray(0, this.#filled)
    const floats = current instanceof Float64Array || this.#chunks.some((chunk) => chunk.values instanceof Float64Array)
    const values = floats ? new Float64Array(this.#length) : new Int32Array(this.#length)
    let at = 0
    for (const chunk of this.#chunks) {
      if (!chunk.repeats) {
        values.set(chunk.values, at)
        at += chunk.values.length
        continue
      }
      for (let pair = 0; pair < chunk.values.length; pair += 2) {
        const end = at + (chunk.values[pair + 1] as number)
        values.fill(chunk.values[pair] as number, at, end)
        at = end
      }
    }
    values.set(current, at)
    return values
  }
}

/** A full chunk of a column: its values, or (`repeats`) its runs of equal values as `[value, count, ...]`. */
interface Chunk {
  readonly values: Int32Array | Float64Array
  readonly repeats: boolean
}

// How many values a chunk holds, and the room a column starts with (a small report's columns stay small).
const CHUNK = 4096
const FIRST_SIZE = 256

/** A full chunk as kept: as its runs of equal values when they take at most half the room of the values. */
function packed(values: Int32Array | Float64Array): Chunk {
  const runs = equalRuns(values, Math.floor(values.length / 2))
  if (runs === undefined) return { values, repeats: false }
  return { values: values instanceof Int32Array ? Int32Array.from(runs) : Float64Array.from(runs), repeats: true }
}

/**
 * The runs of equal values in `values` as `[value, how many, value, how many, ...]`, or
 * `undefined` as soon as that takes more than `most` numbers (NaN, equal to nothing, is a run of
 * its own; -0 joins a run of 0).
 */
export function equalRuns(values: ArrayLike<number>, most: number): number[] | undefined {
  const runs: number[] = []
  for (let at = 0; at < values.length; ) {
    if (runs.length + 2 > most) return undefined
    const value = values[at] as number
    let end = at + 1
    while (end < values.length && values[end] === value) end++
    runs.push(value, end - at)
    at = end
  }
  return runs.length > most ? undefined : runs
}

/**
 * `values` as JSON.stringify writes an array of them: `[1,2,-1]`, a value JSON has no number for
 * (NaN, an infinity) as `null`.
 */
export function numbersJson(values: Int32Array | Float64Array): string {
  if (values instanceof Int32Array || values.every(Number.isFinite)) return `[${values.join(',')}]`
  return JSON.stringify(Array.from(values))
}
