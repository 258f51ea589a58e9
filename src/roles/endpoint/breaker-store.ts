/**
 * What a circuit breaker remembers about one endpoint. Kept as plain data so that it can live
 * in memory or in a file that several vitest workers share.
 */
export interface BreakerState {
  /** Calls in a row that failed (after their retries), since the last success. */
  readonly failures: number
  /** The first failure of that streak, as `<kind>: <message>`: the real cause when the breaker opens. */
  readonly firstFailure?: string
  /** While open: the wall-clock time (ms since the epoch) until which calls are refused. */
  readonly openUntil?: number
  /** While open: how many failures in a row opened it (fixed, so every refusal reads the same). */
  readonly openedAfter?: number
}

/** Where breakers keep their state, by endpoint address. */
export interface BreakerStore {
  read(address: string): BreakerState | undefined
  /**
   * Reads the state, hands it to `change` and keeps what `change` returns (nothing is written
   * when it returns `undefined`), as one step that no other user of the store comes between:
   * two workers that count a failure at the same moment count two.
   */
  update(address: string, change: (state: BreakerState | undefined) => BreakerState | undefined): void
  /** Drops the states of the addresses `match` accepts: their breakers start again closed, with no count. */
  forget(match: (address: string) => boolean): void
}

/** A store in this module instance's memory: one breaker per endpoint for the worker (or test file) alone. */
export function memoryBreakerStore(): BreakerStore {
  const states = new Map<string, BreakerState>()
  return {
    read: (address) => states.get(address),
    update(address, change) {
      const next = change(states.get(address))
      if (next !== undefined) states.set(address, next)
    },
    forget(match) {
      for (const address of [...states.keys()]) if (match(address)) states.delete(address)
    },
  }
}
