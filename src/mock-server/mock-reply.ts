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
 * A fault on demand. The server side:
 * - `rate-limit`: 429 with a `Retry-After` header when given (seconds, an HTTP date, or any text:
 *   `-5` and other junk are how broken servers ask);
 * - `server-error`: a 5xx (500 by default), with `Retry-After` when given;
 * - both with `message` as the error text when given: text with terminal escape sequences, or a
 *   URL with credentials in it, as some servers quote what they were sent;
 * - `reset`: the connection is destroyed without a response;
 * - `hang`: no response at all, until the client gives up;
 * - `drip`: 200 and its headers at once, then a valid completion (with `content`) one byte every
 *   `intervalMs` (1000 by default): a server that is alive but never done;
 * - `oversize`: 200 and a valid completion of about `bytes` bytes (its text padded), sent as fast
 *   as the client reads it, with its length announced unless `announce` is false;
 * - `truncated`: 200 and the first half of a valid completion, then the connection is cut; its
 *   whole length is announced unless `announce` is false (then it is sent in chunks);
 * - `malformed-body`: 200 with a JSON content type and a body that is not JSON.
 *
 * The model's side, in a body that is otherwise a valid completion:
 * - `empty-choices`: the choice list is empty;
 * - `invalid-arguments`: a tool call whose argument text is not JSON;
 * - `malformed-tool-calls`: the message's `tool_calls` is `toolCalls`, whatever it is (`{}`,
 *   `[null]`, a call without a function name);
 * - `nested-arguments`: a call to `name` whose arguments are nested `depth` levels deep (arrays in
 *   an object), as JSON text, or as a JSON object when `asObject` is true;
 * - `object-arguments`: a call to `name` whose arguments come as a JSON value instead of JSON text,
 *   as Ollama and some other servers send them.
 */
export type MockFault =
  | { readonly fault: 'rate-limit'; readonly retryAfter?: number | string; readonly message?: string }
  | { readonly fault: 'server-error'; readonly status?: number; readonly retryAfter?: number | string; readonly message?: string }
  | { readonly fault: 'reset' }
  | { readonly fault: 'hang' }
  | { readonly fault: 'drip'; readonly intervalMs?: number; readonly content?: string }
  | { readonly fault: 'oversize'; readonly bytes: number; readonly announce?: boolean }
  | { readonly fault: 'truncated'; readonly announce?: boolean }
  | { readonly fault: 'malformed-body' }
  | { readonly fault: 'empty-choices' }
  | { readonly fault: 'invalid-arguments'; readonly name: string; readonly text?: string }
  | { readonly fault: 'malformed-tool-calls'; readonly toolCalls: JsonValue }
  | { readonly fault: 'nested-arguments'; readonly name: string; readonly depth: number; readonly asObject?: boolean }
  | { readonly fault: 'object-arguments'; readonly name: string; readonly arguments: JsonValue }

/** Any HTTP response, for what the other shapes do not cover. */
export interface MockRawResponse {
  readonly status: number
  readonly body: string | JsonValue
  readonly headers?: Readonly<Record<string, string>>
}

/** What the mock server answers one chat-completions request with. */
export type MockReply = MockCompletion | MockFault | MockRawResponse
