import { failureKindOfStatus } from '../../roles/endpoint/endpoint-failure.ts'
import { InfrastructureError } from '../../roles/types.ts'

/** AI SDK errors that say the server's reply could not be read. */
const UNREADABLE = new Set(['AI_InvalidResponseDataError', 'AI_JSONParseError', 'AI_TypeValidationError', 'AI_EmptyResponseBodyError', 'AI_NoContentGeneratedError'])

/**
 * An error the AI SDK threw, as toolcheck classifies it: a failed HTTP call (`APICallError`, also
 * as the last error of a `RetryError`) becomes an `InfrastructureError` of kind `rate-limit`,
 * `timeout`, `server-error`, `request-rejected` or `network`; a reply that could not be read,
 * `malformed-reply`; the SDK's own timeout, `timeout`. The run's own abort and anything else
 * (an error in the user's code) pass through unchanged: the run reports the abort itself, and
 * anything else as `internal`.
 */
export function aiSdkInfrastructureError(error: unknown, signal: AbortSignal): unknown {
  if (error instanceof InfrastructureError || signal.aborted) return error
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'AI_RetryError') {
    const last = (error as { lastError?: unknown }).lastError
    const classified = aiSdkInfrastructureError(last, signal)
    if (classified instanceof InfrastructureError) return new InfrastructureError(classified.kind, `${(error as Error).message}: ${classified.message}`, { cause: error })
    return error
  }
  if (name === 'AI_APICallError') {
    const status = (error as { statusCode?: unknown }).statusCode
    if (typeof status !== 'number') return new InfrastructureError('network', (error as Error).message, { cause: error })
    // A 2xx that failed is a body the SDK could not read.
    if (status >= 200 && status < 300) return new InfrastructureError('malformed-reply', `HTTP ${status}: ${(error as Error).message}`, { cause: error })
    const kind = failureKindOfStatus(status)
    return new InfrastructureError(kind === 'rejected' ? 'request-rejected' : kind, `HTTP ${status}: ${(error as Error).message}`, { cause: error })
  }
  if (typeof name === 'string' && UNREADABLE.has(name)) return new InfrastructureError('malformed-reply', (error as Error).message, { cause: error })
  if (name === 'TimeoutError') return new InfrastructureError('timeout', (error as Error).message, { cause: error })
  return error
}
