import type { MockFault, MockRawResponse } from './mock-reply.ts'

/** A normal embeddings answer: the deterministic vectors of `hashedEmbedding`, one per text. */
export interface MockEmbeddings {
  /** Extra wait before this reply, in milliseconds. */
  readonly latencyMs?: number
}

/**
 * The faults an embeddings request can meet, the same as a chat request's that do not concern
 * choices or tool calls: `rate-limit` (429, `Retry-After` when given), `server-error` (a 5xx),
 * `reset`, `hang`, `truncated` (half a valid answer, then the connection is cut) and
 * `malformed-body` (200 with a JSON content type and a cut-off body).
 */
export type MockEmbeddingFault = Extract<MockFault, { readonly fault: 'rate-limit' | 'server-error' | 'reset' | 'hang' | 'truncated' | 'malformed-body' }>

/**
 * What the mock server answers one embeddings request with, in either format (OpenAI's
 * `/v1/embeddings` or Hugging Face feature extraction). `{}` is the normal answer.
 */
export type MockEmbeddingReply = MockEmbeddings | MockEmbeddingFault | MockRawResponse
