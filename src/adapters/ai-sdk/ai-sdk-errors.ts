import { InfrastructureError } from '../../conversation/index.ts'
import { EndpointFailure, failureKindOfStatus } from '../../roles/endpoint/endpoint-failure.ts'
import { parseRetryAfter } from '../../roles/endpoint/retry-after.ts'

/** AI SDK errors that say the server's reply could not be read. */
const UNREADABLE = new Set(['AI_InvalidResponseDataError', 'AI_JSONParseError', 'AI_TypeValidationError', 'AI_EmptyResponseBodyError', 'AI_NoContentGeneratedError'])

/**
 * What an error a language model's `doGenerate` or `doStream` threw means for `guardedCall`:
 * - an `EndpointFailure` when the HTTP call failed (`APICallError`, or a `StreamProviderError`
 *   the provider reported once the stream had started): its status, `Retry-After` and kind, or
 *   `network` when there was no response at all;
 * - an `InfrastructureError`: `malformed-reply` for a reply the provider could not read, `auth`
 *   for a missing API key (`LoadAPIKeyError`: a setting, so it is neither retried nor counted
 *   against the server);
 * - anything else (the user's own model code) is returned unchanged, to pass through.
 */
export function aiSdkFailure(error: unknown): unknown {
  if (error instanceof EndpointFailure || error instanceof InfrastructureError) return error
  const name = (error as { name?: unknown } | null)?.name
  const message = (error as Error | null)?.message ?? String(error)
  if (name === 'AI_APICallError' || name === 'AI_StreamProviderError') {
    const { statusCode, responseHeaders } = error as { statusCode?: unknown; responseHeaders?: Record<string, string> }
    if (typeof statusCode !== 'number') return new EndpointFailure('network', `could not reach the server: ${describeCause(error as Error)}`, { cause: error })
    // A 2xx that failed is a body the provider could not read.
    if (statusCode >= 200 && statusCode < 300) return new InfrastructureError('malformed-reply', `HTTP ${statusCode}: ${message}`, { cause: error })
    const retryAfterMs = parseRetryAfter(header(responseHeaders, 'retry-after'), Date.now(), header(responseHeaders, 'retry-after-ms'))
    return new EndpointFailure(failureKindOfStatus(statusCode), `HTTP ${statusCode}: ${message}`, { status: statusCode, retryAfterMs, cause: error })
  }
  if (name === 'AI_LoadAPIKeyError') return new InfrastructureError('auth', `no API key: ${message}`, { cause: error })
  if (typeof name === 'string' && UNREADABLE.has(name)) return new InfrastructureError('malformed-reply', message, { cause: error })
  return error
}

function header(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined
  const found = Object.keys(headers).find((key) => key.toLowerCase() === name)
  return found === undefined ? undefined : headers[found]
}

/** The message of an error with those of its causes (the code of a refused connection is two causes down). */
function describeCause(error: Error): string {
  const parts: string[] = []
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    parts.push(current.message)
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') parts.push(code)
  }
  return [...new Set(parts.filter((part) => part !== ''))].join(': ')
}
