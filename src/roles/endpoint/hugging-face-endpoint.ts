import type { InferenceClient } from '@huggingface/inference'
import { endpointAddress } from '../../cache/index.ts'
import type { ChatEndpoint, SendLimits } from './chat-endpoint.ts'
import type { ChatRequest } from './chat-request.ts'
import { EndpointFailure, failureKindOfStatus, withoutSecret } from './endpoint-failure.ts'
import { parseRetryAfter } from './retry-after.ts'
import { nonEmpty } from './non-empty.ts'
import { sizeLimitedFetch } from './size-limited-fetch.ts'

/** Options of `huggingFaceEndpoint`. */
export interface HuggingFaceEndpointOptions {
  /** A dedicated endpoint or a local server (TGI, vLLM, llama.cpp); `HF_ENDPOINT_URL` from `env`. */
  readonly endpointUrl?: string
  /** The token; `HF_TOKEN` from `env`. Local servers need none. */
  readonly accessToken?: string
  /** An inference provider (`auto`, `together`, ...) when no endpoint URL is given. */
  readonly provider?: string
  /**
   * A ready client; made from the options above when absent. Give `endpointUrl` as well when the
   * client has one: the client does not reveal it, and it names the server in cache keys and in
   * the shared concurrency limit.
   */
  readonly client?: InferenceClient
  /** Where to read `HF_TOKEN` and `HF_ENDPOINT_URL`; `process.env` by default. */
  readonly env?: Readonly<Record<string, string | undefined>>
}

/**
 * A chat endpoint over `@huggingface/inference`. The client's own retry on 503 is turned off
 * (retries are ours). Its errors carry no headers, so each attempt goes through a `fetch` wrapper
 * that keeps the response's `Retry-After`. The Hugging Face package is imported on the first
 * call, so projects that never call a model never load it.
 */
export function huggingFaceEndpoint(options: HuggingFaceEndpointOptions = {}): ChatEndpoint {
  const env = options.env ?? process.env
  const endpointUrl = options.endpointUrl ?? nonEmpty(env['HF_ENDPOINT_URL'])
  const accessToken = options.accessToken ?? nonEmpty(env['HF_TOKEN'])
  let client = options.client
  const address = endpointUrl !== undefined ? endpointAddress(endpointUrl) : `hf-provider:${options.provider ?? 'auto'}`
  return {
    client: 'hf',
    address,
    async send(request: ChatRequest, signal: AbortSignal, limits?: SendLimits): Promise<unknown> {
      let retryAfter: string | null = null
      let retryAfterMs: string | null = null
      const download = limits === undefined ? fetch : sizeLimitedFetch(limits.maxReplyBytes)
      const recordingFetch: typeof fetch = async (input, init) => {
        const response = await download(input, init)
        retryAfter = response.headers.get('retry-after')
        retryAfterMs = response.headers.get('retry-after-ms')
        return response
      }
      const sdk = await loadHuggingFace()
      client ??= new sdk.InferenceClient(accessToken, endpointUrl === undefined ? {} : { endpointUrl })
      try {
        const body = { ...(request as unknown as Record<string, unknown>), ...(options.provider === undefined ? {} : { provider: options.provider }) }
        return await client.chatCompletion(body as unknown as Parameters<InferenceClient['chatCompletion']>[0], { signal, fetch: recordingFetch, retry_on_error: false })
      } catch (error) {
        throw withoutSecret(classifyHuggingFaceError(error, signal, sdk, parseRetryAfter(retryAfter, Date.now(), retryAfterMs)), accessToken)
      }
    },
  }
}

type HuggingFaceModule = typeof import('@huggingface/inference')

let huggingFaceModule: Promise<HuggingFaceModule> | undefined

/** The Hugging Face package, imported once, on first use. */
function loadHuggingFace(): Promise<HuggingFaceModule> {
  return (huggingFaceModule ??= import('@huggingface/inference'))
}

/** Turns whatever the Hugging Face client (of the `sdk` given) threw into an `EndpointFailure`. */
function classifyHuggingFaceError(error: unknown, signal: AbortSignal, sdk: HuggingFaceModule, retryAfterMs: number | undefined): EndpointFailure {
  if (error instanceof EndpointFailure) return error
  if (signal.aborted) return new EndpointFailure('aborted', 'the call was aborted', { cause: error })
  if (error instanceof sdk.InferenceClientProviderApiError) {
    const status = error.httpResponse.status
    return new EndpointFailure(failureKindOfStatus(status), `HTTP ${status}: ${error.message}`, { status, retryAfterMs, cause: error })
  }
  if (error instanceof sdk.InferenceClientProviderOutputError || error instanceof SyntaxError)
    return new EndpointFailure('malformed-reply', `the response could not be read: ${error.message}`, { cause: error })
  const cause = (error as Error & { cause?: Error & { code?: string } }).cause
  return new EndpointFailure('network', `could not reach the server: ${[(error as Error)?.message, cause?.message, cause?.code].filter(Boolean).join(': ')}`, { cause: error })
}
