import type OpenAI from 'openai'
import { endpointAddress } from '../../cache/index.ts'
import type { ChatEndpoint, SendLimits } from './chat-endpoint.ts'
import type { ChatRequest } from './chat-request.ts'
import { EndpointFailure, failureKindOfStatus, withoutSecret } from './endpoint-failure.ts'
import { parseRetryAfter } from './retry-after.ts'
import { nonEmpty } from './non-empty.ts'
import { sizeLimitedFetch } from './size-limited-fetch.ts'

/** Options of `openaiEndpoint`. */
export interface OpenAIEndpointOptions {
  /** A ready client (its own `baseURL` is used as the address). Made from the options below when absent. */
  readonly client?: OpenAI
  /** The server; `OPENAI_BASE_URL` from `env`, else the OpenAI API. */
  readonly baseURL?: string
  /** The key; `OPENAI_API_KEY` from `env`. Local servers accept any text. */
  readonly apiKey?: string
  /** Where to read `OPENAI_API_KEY` and `OPENAI_BASE_URL`; `process.env` by default. */
  readonly env?: Readonly<Record<string, string | undefined>>
}

/**
 * A chat endpoint over the official openai client. The client is made with `maxRetries: 0`
 * because retries are ours (they must honour the shared limit and a seeded jitter). The openai
 * package is imported on the first call, so projects that never call a model never load it.
 */
export function openaiEndpoint(options: OpenAIEndpointOptions = {}): ChatEndpoint {
  const env = options.env ?? process.env
  const baseURL = options.client?.baseURL ?? options.baseURL ?? nonEmpty(env['OPENAI_BASE_URL']) ?? 'https://api.openai.com/v1'
  let client = options.client
  const connect = (sdk: typeof OpenAI): OpenAI =>
    (client ??= new sdk({
      // Local OpenAI-compatible servers need no key, but the client insists on one.
      apiKey: options.apiKey ?? env['OPENAI_API_KEY'] ?? 'no-key',
      baseURL,
      maxRetries: 0,
      // Our own per-attempt timeout aborts the signal; this is only a backstop.
      timeout: 30 * 60 * 1000,
    }))
  // One client per size limit, each reading its bodies through a fetch that stops at the limit.
  const limited = new Map<number, OpenAI>()
  const limitedClient = (openai: OpenAI, maxBytes: number): OpenAI => {
    let client = limited.get(maxBytes)
    if (client === undefined) {
      // A client given by the caller keeps its own fetch, under the limit.
      const own = (openai as unknown as { fetch?: typeof fetch }).fetch
      client = openai.withOptions({ fetch: sizeLimitedFetch(maxBytes, own) })
      limited.set(maxBytes, client)
    }
    return client
  }
  return {
    client: 'openai',
    address: endpointAddress(baseURL),
    async send(request: ChatRequest, signal: AbortSignal, limits?: SendLimits): Promise<unknown> {
      const sdk = await loadOpenAI()
      const openai = limits === undefined ? connect(sdk) : limitedClient(connect(sdk), limits.maxReplyBytes)
      try {
        // The SDK's request types are mutable versions of ours; the body goes out as given.
        return await openai.chat.completions.create(request as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming, { signal, maxRetries: 0 })
      } catch (error) {
        throw withoutSecret(classifyOpenAIError(error, signal, sdk), openai.apiKey ?? undefined)
      }
    },
  }
}

let openaiModule: Promise<typeof OpenAI> | undefined

/** The openai package, imported once, on first use. */
function loadOpenAI(): Promise<typeof OpenAI> {
  return (openaiModule ??= import('openai').then((module) => module.default))
}

/** Turns whatever the openai client (of the `sdk` given) threw into an `EndpointFailure`. */
export function classifyOpenAIError(error: unknown, signal: AbortSignal, sdk: typeof OpenAI): EndpointFailure {
  if (error instanceof EndpointFailure) return error
  if (signal.aborted || error instanceof sdk.APIUserAbortError) return new EndpointFailure('aborted', 'the call was aborted', { cause: error })
  if (error instanceof sdk.APIConnectionTimeoutError) return new EndpointFailure('timeout', 'the client timed out', { cause: error })
  if (error instanceof sdk.APIConnectionError) return new EndpointFailure('network', `could not reach the server: ${describeCause(error)}`, { cause: error })
  if (error instanceof sdk.APIError && typeof error.status === 'number') {
    const retryAfterMs = parseRetryAfter(error.headers?.get('retry-after'), Date.now(), error.headers?.get('retry-after-ms'))
    return new EndpointFailure(failureKindOfStatus(error.status), `HTTP ${error.status}: ${error.message}`, { status: error.status, retryAfterMs, cause: error })
  }
  if (error instanceof SyntaxError) return new EndpointFailure('malformed-reply', `the response body is not valid JSON: ${error.message}`, { cause: error })
  return new EndpointFailure('network', `the call failed: ${(error as Error)?.message ?? String(error)}`, { cause: error })
}

function describeCause(error: Error): string {
  const cause = error.cause as (Error & { code?: string; cause?: Error & { code?: string } }) | undefined
  const code = cause?.code ?? cause?.cause?.code
  return [error.message, cause?.message, code].filter((part) => part !== undefined && part !== '').join(': ')
}
