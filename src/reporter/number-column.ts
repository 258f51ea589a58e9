/**
 * A column of numbers that grows one value at a time, held as 32-bit integers while every value
 * is one (a page's ids, counts, trials and scores in thousandths) and as 64-bit floats from the
 * first value that is not: 4 bytes a value rather than the 8 of a JavaScript array's element, and
 * no object per value, so a page's columns for 100,000 runs take a few megabytes. Every value
 * reads back as it was given (but -0, which reads back as 0; JSON writes both as 0).
 */
export class NumberColumn {
  #values: Int32Array | Float64Array = new Int32Array(256)
  #length = 0

  push(value: number): void {
    if (this.#length === this.#values.length) {
      const grown = this.#values instanceof Int32Array ? new Int32Array(this.#length * 2) : new Float64Array(this.#length * 2)
      grown.set(this.#values)
      this.#values = grown
    }
    // NaN, fractions and integers past 32 bits do not fit: the column holds floats from now on.
    if (this.#values instanceof Int32Array && (value | 0) !== value) this.#values = Float64Array.from(this.#values)
    this.#values[this.#length++] = value
  }

  /** The values so far (a view, not a copy). */
  get values(): Int32Array | Float64Array {
    return this.#values.subarray(0, this.#length)
  }
}

/**
 * `values` as JSON.stringify writes an array of them: `[1,2,-1]`, a value JSON has no number for
 * (NaN, an infinity) as `null`.
 */
export function numbersJson(values: Int32Array | Float64Array): string {
  if (values instanceof Int32Array || values.every(Number.isFinite)) return `[${values.join(',')}]`
  return JSON.stringify(Array.from(values))
}
