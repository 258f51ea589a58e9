import { createHash } from 'node:crypto'
import type { JsonValue } from '../world/index.ts'
import { canonicalJson } from '../world/index.ts'
import { SECRET_PARAMETER } from '../conversation/safe-text.ts'

/**
 * Everything that determines a model's reply, and nothing secret: the endpoint address (without
 * credentials), the model, the messages, the tools, the generation options and the trial index.
 * Two calls with equal parts get the same cassette.
 */
export interface CacheKeyParts {
  /**
   * The server called, from `serverAddress` (credentials removed, no trailing `/v1`), whichever
   * client or framework called it: a replay against another server is a miss.
   */
  readonly endpoint: string
  readonly model: string
  readonly messages: JsonValue
  readonly tools: JsonValue
  /** Temperature, tool choice, parallel tool calls, ... (absent options are left out). */
  readonly options: JsonValue
  /** Which trial this is: repeated trials must not share replies. */
  readonly trial: number
}

/** The cache key of a call: the sha256 of the canonical JSON of its parts, in hex. */
export function cacheKey(parts: CacheKeyParts): string {
  const json = canonicalJson({
    endpoint: parts.endpoint,
    model: parts.model,
    messages: parts.messages,
    tools: parts.tools,
    options: parts.options,
    trial: parts.trial,
  })
  return createHash('sha256').update(json).digest('hex')
}


/**
 * An endpoint URL as it may be stored: without user name, password or secret-looking query
 * parameters (`SECRET_PARAMETER`), and without a trailing slash. Text that is not a URL (a provider name) is kept.
 */
export function endpointAddress(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  parsed.username = ''
  parsed.password = ''
  for (const name of [...parsed.searchParams.keys()]) if (SECRET_PARAMETER.test(name)) parsed.searchParams.delete(name)
  parsed.hash = ''
  return parsed.toString().replace(/\/+$/, '')
}

/**
 * The server behind an endpoint URL, as cache keys, circuit breakers and concurrency limits name
 * it: `endpointAddress` without a trailing `/v1`, so that clients that reach the same server
 * with and without it (the openai client's `baseURL` ends in `/v1`, the Hugging Face client's
 * `endpointUrl` does not) share its limits and its cassettes.
 */
export function serverAddress(url: string): string {
  return endpointAddress(url).replace(/\/v1$/, '')
}
