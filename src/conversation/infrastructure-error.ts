/**
 * A failure outside the agent's control: the network, a rate limit after all retries, a timeout,
 * a reply that cannot be read, a cache miss in replay mode. The run ends with status `error`.
 */
export class InfrastructureError extends Error {
  /**
   * `rate-limit`, `timeout`, `server-error`, `network`, `malformed-reply`, `request-rejected`,
   * `auth` (no API key, or the server refused the one given), `circuit-open` (a circuit breaker
   * refused the call after repeated failures), `cache-miss`, `cache-corrupt`, `cache-write`,
   * `aborted`, `internal`.
   */
  readonly kind: string

  constructor(kind: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'InfrastructureError'
    this.kind = kind
  }
}
