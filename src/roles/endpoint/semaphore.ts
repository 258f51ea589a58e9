/**
 * A counting semaphore: at most `limit` holders at once, waiters served first come, first served.
 * A waiter whose signal fires leaves the queue.
 */
export class Semaphore {
  /** The number of holders allowed at once; may be changed while in use. */
  limit: number
  #active = 0
  readonly #waiters: { grant: () => void }[] = []

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a concurrency limit must be a whole number of at least 1, got ${limit}`)
    this.limit = limit
  }

  /** How many hold it now. */
  get active(): number {
    return this.#active
  }

  /** How many wait. */
  get waiting(): number {
    return this.#waiters.length
  }

  /** Waits for a place; resolves with the function that gives it back (call it exactly once). */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason)
    if (this.#active < this.limit && this.#waiters.length === 0) {
      this.#active++
      return Promise.resolve(this.#releaser())
    }
    return new Promise((resolvePromise, rejectPromise) => {
      const waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort)
          this.#active++
          resolvePromise(this.#releaser())
        },
      }
      const onAbort = () => {
        const position = this.#waiters.indexOf(waiter)
        if (position >= 0) this.#waiters.splice(position, 1)
        rejectPromise(signal?.reason)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.#waiters.push(waiter)
    })
  }

  #releaser(): () => void {
    let released = false
    return () => {
      if (released) return
      released = true
      this.#active--
      while (this.#active < this.limit && this.#waiters.length > 0) this.#waiters.shift()?.grant()
    }
  }
}
