import { Semaphore } from './semaphore.ts'

/** How model calls to one endpoint are limited and retried. */
export interface EndpointLimits {
  /** Calls in flight at once to this endpoint, across every agent and user of the process (default 8). */
  readonly concurrency?: number
  /** Retries after the first attempt before giving up (default 4). */
  readonly retries?: number
  /** The first backoff wait in milliseconds, doubled each retry (default 500). */
  readonly backoffBaseMs?: number
  /** The longest backoff wait in milliseconds (default 20 000). */
  readonly backoffMaxMs?: number
  /** The longest a `Retry-After` may ask us to wait; beyond it we give up at once (default 60 000). */
  readonly maxRetryAfterMs?: number
  /** Time limit per attempt in milliseconds (default 120 000). */
  readonly timeoutMs?: number
}

/** The limits with every default filled in. */
export type ResolvedLimits = Required<EndpointLimits>

/** The defaults of `EndpointLimits`. */
export const DEFAULT_LIMITS: ResolvedLimits = Object.freeze({
  concurrency: 8,
  retries: 4,
  backoffBaseMs: 500,
  backoffMaxMs: 20_000,
  maxRetryAfterMs: 60_000,
  timeoutMs: 120_000,
})

/** Fills in the defaults. */
export function resolveLimits(limits: EndpointLimits = {}): ResolvedLimits {
  const resolved = { ...DEFAULT_LIMITS }
  for (const [name, value] of Object.entries(limits) as [keyof EndpointLimits, number | undefined][]) {
    if (value === undefined) continue
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`limits.${name} must be a non-negative number, got ${value}`)
    // A limit of 0 (or 1.5) places would queue every call forever; a fractional retry count means nothing.
    if (name === 'concurrency' && (!Number.isInteger(value) || value < 1)) throw new RangeError(`limits.concurrency must be a whole number of at least 1, got ${value}`)
    if (name === 'retries' && !Number.isInteger(value)) throw new RangeError(`limits.retries must be a whole number, got ${value}`)
    resolved[name] = value
  }
  return resolved
}

/**
 * The semaphores of the process, one per endpoint address. Sharing one per address is the point:
 * every agent and user simulator that talks to the same server stays under one limit. This is the
 * one piece of module state in the models layer; it holds no scenario data.
 */
const semaphores = new Map<string, Semaphore>()

/**
 * The process-wide semaphore of an endpoint address. When callers ask for different limits, the
 * most recent request wins (so a test can lower a server's limit).
 */
export function endpointSemaphore(address: string, concurrency: number): Semaphore {
  const existing = semaphores.get(address)
  if (existing !== undefined) {
    existing.limit = concurrency
    return existing
  }
  const created = new Semaphore(concurrency)
  semaphores.set(address, created)
  return created
}
