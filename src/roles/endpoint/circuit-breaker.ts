import type { BreakerState, BreakerStore } from './breaker-store.ts'
import { memoryBreakerStore } from './breaker-store.ts'

/** The `InfrastructureError` kind of a call an open breaker refused. */
export const CIRCUIT_OPEN = 'circuit-open'

/** When a breaker opens and for how long (the `breaker*` fields of `EndpointLimits`). */
export interface BreakerSettings {
  /** Calls in a row that must fail before it opens; 0 turns the breaker off. */
  readonly failures: number
  /** How long it stays open before one call may probe the endpoint, in milliseconds. */
  readonly coolDownMs: number
}

/**
 * The answer to "may a call go out now?": yes (`closed`), yes as the one call that probes an
 * endpoint whose cool-down is over (`probe`), or no (`open`, with the reason every refused call
 * reports).
 */
export type Admission = { readonly kind: 'closed' } | { readonly kind: 'probe' } | { readonly kind: 'open'; readonly reason: string }

const CLOSED: Admission = Object.freeze({ kind: 'closed' })
const PROBE: Admission = Object.freeze({ kind: 'probe' })

/**
 * A circuit breaker for one endpoint. Every call asks it before each attempt; a call that ends
 * in a failure of the endpoint (after its retries) counts one failure, and any successful
 * attempt resets the count. Once `failures` calls in a row have failed, the breaker opens:
 * calls are refused at once (as `circuit-open`) for `coolDownMs`. Then the next call probes the
 * endpoint while the others are still refused: its success closes the breaker, its failure keeps
 * it open for another cool-down.
 *
 * Counting calls rather than attempts leaves brief trouble to the retries: only what the retries
 * could not mend counts, so a flaky endpoint is not cut off, while a dead one is after a few
 * calls' worth of retries. The clock is injectable for tests; it is the wall clock by default
 * because the state may be shared between processes (see `fileBreakerStore`), and waiting is
 * infrastructure timing, never part of a scenario.
 */
export class CircuitBreaker {
  /** What the breaker guards, as its store knows it: the server's address, or the server and one model. */
  readonly address: string
  /** What the breaker guards, as its refusals name it (the address by default). */
  readonly label: string
  readonly #store: BreakerStore
  readonly #now: () => number

  constructor(address: string, options: { readonly store?: BreakerStore; readonly now?: () => number; readonly label?: string } = {}) {
    this.address = address
    this.label = options.label ?? address
    this.#store = options.store ?? memoryBreakerStore()
    this.#now = options.now ?? Date.now
  }

  /** Whether the breaker refuses calls now (open, cool-down not over), without claiming a probe. */
  refusal(settings: BreakerSettings): string | undefined {
    if (settings.failures === 0) return undefined
    const state = this.#store.read(this.address)
    if (state?.openUntil === undefined || this.#now() >= state.openUntil) return undefined
    return this.#reason(state, settings)
  }

  /** Whether a call (or a call's retry) may go out now. A `probe` admission re-arms the cool-down, so that only this call probes. */
  admit(settings: BreakerSettings): Admission {
    if (settings.failures === 0) return CLOSED
    // Most calls find the breaker closed: that needs a read only, not an update.
    if (this.#store.read(this.address)?.openUntil === undefined) return CLOSED
    let admission: Admission = CLOSED
    this.#store.update(this.address, (state) => {
      if (state?.openUntil === undefined) {
        admission = CLOSED
        return undefined
      }
      const now = this.#now()
      if (now < state.openUntil) {
        admission = { kind: 'open', reason: this.#reason(state, settings) }
        return undefined
      }
      admission = PROBE
      return { ...state, openUntil: now + settings.coolDownMs }
    })
    return admission
  }

  /** An attempt got a readable reply: the endpoint works, the count starts again and an open breaker closes. */
  succeeded(): void {
    const counted = (state: BreakerState | undefined) => state !== undefined && (state.failures !== 0 || state.openUntil !== undefined)
    if (!counted(this.#store.read(this.address))) return
    this.#store.update(this.address, (state) => (counted(state) ? { failures: 0 } : undefined))
  }

  /** A call failed for the endpoint's sake; `cause` (`<kind>: <message>`) is kept when it starts a streak. */
  failed(cause: string, settings: BreakerSettings): void {
    if (settings.failures === 0) return
    this.#store.update(this.address, (current) => {
      const state: BreakerState = current ?? { failures: 0 }
      const failures = state.failures + 1
      const firstFailure = state.firstFailure ?? cause
      // Already open (a call that was under way, or a failed probe): it stays open as it is.
      if (state.openUntil !== undefined) return { ...state, failures }
      if (failures >= settings.failures) return { failures, firstFailure, openUntil: this.#now() + settings.coolDownMs, openedAfter: failures }
      return { failures, firstFailure }
    })
  }

  /** Drops what the breaker learned: it starts again closed, with no count (see `forgetServer`). */
  forget(): void {
    this.#store.forget((address) => address === this.address)
  }

  /** The current state, for reports and tests. */
  state(): BreakerState {
    return this.#store.read(this.address) ?? { failures: 0 }
  }

  // The same text for every call refused while the breaker stays open, so a report can count them under one reason.
  #reason(state: BreakerState, settings: BreakerSettings): string {
    const after = state.openedAfter ?? state.failures
    return (
      `${this.label} is failing: ${after === 1 ? 'a call' : `${after} calls in a row`} to it failed (the first with ${state.firstFailure ?? 'no recorded cause'}), ` +
      `so its circuit breaker fails further calls at once and lets one through every ${formatDuration(settings.coolDownMs)} to see whether it is back`
    )
  }
}

function formatDuration(milliseconds: number): string {
  return milliseconds % 1000 === 0 ? `${milliseconds / 1000} s` : `${milliseconds} ms`
}
