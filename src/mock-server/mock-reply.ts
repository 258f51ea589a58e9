import type { JsonValue } from '../world/index.ts'

/** A tool call the mock model makes; `arguments` given as text is sent as is (so it may be invalid JSON). */
export interface MockToolCall {
  readonly name: string
  readonly arguments?: string | JsonValue
  readonly id?: string
}

/** A normal completion: text, tool calls, or both. */
export interface MockCompletion {
  readonly content?: string
  readonly toolCalls?: readonly MockToolCall[]
  /** Token counts to report; estimated from the text lengths when absent. */
  readonly usage?: { readonly promptTokens: number; readonly completionTokens: number }
  /** Extra wait before this reply, on top of the server's latency. */
  readonly latencyMs?: number
}

/**
 * A fault on demand:
 * - `rate-limit`: 429 with a `Retry-After` header (seconds or an HTTP date) when given;
 * - `server-error`: a 5xx (500 by default), with `Retry-After` when given;
 * - `reset`: the connection is destroyed without a response;
 * - `hang`: no response at all, until the client gives up;
 * - `drip`: 200 and its headers at once, then a valid completion (with `content`) one byte every
 *   `intervalMs` (1000 by default): a server that is alive but never done;
 * - `malformed-body`: 200 with a JSON content type and a body that is not JSON;
 * - `empty-choices`: 200 with a valid body whose choice list is empty;
 * - `invalid-arguments`: a tool call whose argument text is not JSON.
 */
export type MockFault =
  | { readonly fault: 'rate-limit'; readonly retryAfter?: number | string }
  | { readonly fault: 'server-error'; readonly status?: number; readonly retryAfter?: number | string }
  | { readonly fault: 'reset' }
  | { readonly fault: 'hang' }
  | { readonly fault: 'drip'; readonly intervalMs?: number; readonly content?: string }
  | { readonly fault: 'malformed-body' }
  | { readonly fault: 'empty-choices' }
  | { readonly fault: 'invalid-arguments'; readonly name: string; readonly text?: string }

/** Any HTTP response, for what the other shapes do not cover. */
export interface MockRawResponse {
  readonly status: number
  readonly body: string | JsonValue
  readonly headers?: Readonly<Record<string, string>>
}

/** What the mock server answers one chat-completions request with. */
export type MockReply = MockCompletion | MockFault | MockRawResponse
