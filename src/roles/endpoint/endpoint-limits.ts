import { DEFAULT_MAX_DEPTH, DEPTH_CEILING } from '../../world/index.ts'
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
  /**
   * Time limit per attempt in milliseconds (default 60 000), for the whole response: headers and
   * every byte of the body. An attempt over it fails as a `timeout` and is retried like one. It
   * is half of the eval suites' 120 s test time so that a hanging server is named as a timeout
   * and retried once before the test gives up.
   */
  readonly timeoutMs?: number
  /**
   * Calls in a row that must fail (after their retries) before the endpoint's circuit breaker
   * opens and further calls fail at once as `circuit-open` (default 3; 0 never opens it). See
   * `CircuitBreaker` for what counts as a failure.
   */
  readonly breakerFailures?: number
  /** How long an open breaker refuses calls before it lets one through to probe the endpoint, in milliseconds (default 30 000). */
  readonly breakerCoolDownMs?: number
  /**
   * The most bytes a reply body may have (default 8 MiB). The built-in endpoints stop reading
   * there: the call fails as `malformed-reply` at once, without a retry, and nothing is recorded.
   */
  readonly maxReplyBytes?: number
  /**
   * The deepest nesting of arrays and objects accepted in a reply's tool-call arguments (and in
   * the body, which wraps them in seven more levels); default 64, at most 1 000. A deeper reply
   * fails as `malformed-reply`, without a retry, and is never recorded.
   */
  readonly maxReplyDepth?: number
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
  timeoutMs: 60_000,
  breakerFailures: 3,
  breakerCoolDownMs: 30_000,
  maxReplyBytes: 8 * 1024 * 1024,
  maxReplyDepth: DEFAULT_MAX_DEPTH,
})

/** The deepest `maxReplyDepth` may go: the deepest value a run keeps (`DEPTH_CEILING`). */
export const MAX_REPLY_DEPTH = DEPTH_CEILING

/** Fills in the defaults. */
export function resolveLimits(limits: EndpointLimits = {}): ResolvedLimits {
  const resolved = { ...DEFAULT_LIMITS }
  for (const [name, value] of Object.entries(limits) as [keyof EndpointLimits, number | undefined][]) {
    if (value === undefined) continue
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`limits.${name} must be a non-negative number, got ${value}`)
    // A limit of 0 (or 1.5) places would queue every call forever; a fractional retry count means nothing.
    if (name === 'concurrency' && (!Number.isInteger(value) || value < 1)) throw new RangeError(`limits.concurrency must be a whole number of at least 1, got ${value}`)
    if ((name === 'retries' || name === 'breakerFailures') && !Number.isInteger(value)) throw new RangeError(`limits.${name} must be a whole number, got ${value}`)
    if ((name === 'maxReplyBytes' || name === 'maxReplyDepth') && (!Number.isInteger(value) || value < 1)) throw new RangeError(`limits.${name} must be a whole number of at least 1, got ${value}`)
    if (name === 'maxReplyDepth' && value > MAX_REPLY_DEPTH) throw new RangeError(`limits.maxReplyDepth must be at most ${MAX_REPLY_DEPTH}, got ${value}`)
    // A time limit of 0 would fail every attempt before it is sent.
    if (name === 'timeoutMs' && value === 0) throw new RangeError('limits.timeoutMs must be more than 0')
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
