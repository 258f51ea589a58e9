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
  /** One attempt; resolves with the parsed response body, not yet checked. */
  send(request: ChatRequest, signal: AbortSignal): Promise<unknown>
}
