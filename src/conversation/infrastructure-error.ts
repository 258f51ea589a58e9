import { cappedText } from './capped-text.ts'
import { markSafe, safeCause, safeText } from './safe-text.ts'

/**
 * A failure outside the agent's control: the network, a rate limit after all retries, a timeout,
 * a reply that cannot be read, a cache miss in replay mode. The run ends with status `error`.
 */
export class InfrastructureError extends Error {
  /**
   * `rate-limit`, `timeout`, `server-error`, `network`, `malformed-reply`, `request-rejected`,
   * `auth` (no API key, or the server refused the one given), `circuit-open` (a circuit breaker
   * refused the call after repeated failures), `budget` (the evaluation's budget for model calls
   * was spent, see `ModelBudget`), `cache-miss`, `cache-corrupt`, `cache-write`,
   * `cache-directory` (a file where the cache's folder should be), `aborted`, `internal`.
   */
  readonly kind: string

  /**
   * The message and the cause go through `safeText` and `safeCause`: a server's error text and a
   * client's exception (which quotes the URL it was given) reach reports, terminals and error
   * causes without credentials and without control characters. The message is cut to a few KB
   * (`cappedText`), saying how long it was: a server's body of megabytes stays out of the run.
   */
  constructor(kind: string, message: string, options?: { cause?: unknown }) {
    super(safeText(cappedText(message)), options?.cause === undefined ? undefined : { cause: safeCause(options.cause) })
    this.name = 'InfrastructureError'
    this.kind = kind
    markSafe(this)
  }
}
