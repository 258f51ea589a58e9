import { markSafe, safeCause, safeText } from '../../conversation/safe-text.ts'

/**
 * What went wrong with one attempt at a model call, in terms the retry loop understands.
 * `aborted` means the attempt's signal fired (our timeout or the run's cancellation);
 * `rejected` is a 4xx that retrying will not fix (bad request, bad key, unknown model).
 */
export type FailureKind = 'rate-limit' | 'server-error' | 'network' | 'timeout' | 'aborted' | 'malformed-reply' | 'rejected'

/** One failed attempt, classified from whichever client made it. */
export class EndpointFailure extends Error {
  readonly kind: FailureKind
  /** The HTTP status, when there was a response. */
  readonly status?: number
  /** How long the server asked us to wait (from `Retry-After`), in milliseconds. */
  readonly retryAfterMs?: number

  /** The message and the cause are made safe to show (see `safeText` and `safeCause`), as `InfrastructureError`'s are. */
  constructor(kind: FailureKind, message: string, details: { status?: number | undefined; retryAfterMs?: number | undefined; cause?: unknown } = {}) {
    super(safeText(message), details.cause === undefined ? undefined : { cause: safeCause(details.cause) })
    this.name = 'EndpointFailure'
    this.kind = kind
    markSafe(this)
    if (details.status !== undefined) this.status = details.status
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs
  }

  /** Whether another attempt may succeed: rate limits, 5xx, 408/409, network trouble and timeouts. */
  get retryable(): boolean {
    return this.kind === 'rate-limit' || this.kind === 'server-error' || this.kind === 'network' || this.kind === 'timeout'
  }

  /**
   * Which circuit breaker the failure counts against, if any (see `CircuitBreaker`):
   * - `model`: failures tied to the model called, which other models at the server do not share:
   *   an unknown model (404) and a rate limit (429, which OpenAI and most servers keep per model).
   *   They open that model's breaker only.
   * - `server`: failures of the server itself: no connection (refused, reset, DNS), no reply in
   *   time, a 5xx, an unreadable reply, a rejected key (401, 403). They count against the server's
   *   breaker, which opens for every model, and against the model's; a reply from any model at the
   *   server starts the server's count again, so a 5xx that only one model gets opens only that
   *   model's breaker while another model answers.
   * - `undefined`: not the endpoint's fault: a cancelled call, or a rejection of this one request
   *   (400, 413, 422: a prompt too long, a schema the server refuses).
   */
  get scope(): 'server' | 'model' | undefined {
    if (this.kind === 'aborted') return undefined
    if (this.kind === 'rate-limit') return 'model'
    if (this.kind === 'rejected') return this.status === 404 ? 'model' : this.status === 401 || this.status === 403 ? 'server' : undefined
    return 'server'
  }

  /** Whether the failure counts toward opening a circuit breaker (it has a `scope`). */
  get endpointFault(): boolean {
    return this.scope !== undefined
  }

  /**
   * The `InfrastructureError` kind a call that gave up on this failure ends with: its own kind,
   * except that a rejection is `auth` when the key was refused (401, 403) and `request-rejected`
   * otherwise.
   */
  get infrastructureKind(): string {
    if (this.kind !== 'rejected') return this.kind
    return this.status === 401 || this.status === 403 ? 'auth' : 'request-rejected'
  }
}

/** The failure kind of an HTTP error status. */
export function failureKindOfStatus(status: number): FailureKind {
  if (status === 429) return 'rate-limit'
  if (status === 408) return 'timeout'
  if (status === 409 || status >= 500) return 'server-error'
  return 'rejected'
}

/**
 * A failure with every occurrence of a secret (the API key or token) blanked out of its message:
 * some servers quote the key they rejected, and failure messages end up in trajectories and reports.
 */
export function withoutSecret(failure: EndpointFailure, secret: string | undefined): EndpointFailure {
  if (secret === undefined || secret.length < 4 || !failure.message.includes(secret)) return failure
  return new EndpointFailure(failure.kind, failure.message.replaceAll(secret, '[redacted]'), {
    status: failure.status,
    retryAfterMs: failure.retryAfterMs,
    cause: failure.cause,
  })
}
