import type { ChatRequest } from './chat-request.ts'

/**
 * One chat-completions server as seen through one client library. `send` makes exactly one
 * attempt (retries, limits and caching are `callModel`'s job) and throws an `EndpointFailure`
 * when the attempt fails.
 */
export interface ChatEndpoint {
  /** Which client speaks to it: `openai` or `hf`. */
  readonly client: string
  /**
   * Where calls go, without credentials: part of every cache key, and the key of the shared
   * concurrency limit.
   */
  readonly address: string
  /**
   * One attempt; resolves with the parsed response body, not yet checked. An endpoint that
   * downloads the body itself should stop reading past `limits.maxReplyBytes` and fail as
   * `malformed-reply` (the built-in ones do, with `sizeLimitedFetch`).
   */
  send(request: ChatRequest, signal: AbortSignal, limits?: SendLimits): Promise<unknown>
}

/** The limits `callModel` hands an endpoint with each attempt. */
export interface SendLimits {
  /** The most bytes the reply body may have. */
  readonly maxReplyBytes: number
}
