import type { JsonValue } from '../world/index.ts'
import { hashedEmbedding } from './hashed-embedding.ts'

/**
 * The two embedding protocols the mock server speaks:
 * - `openai`: `POST /v1/embeddings` with `{ model, input }` (a text or a list), answered
 *   `{ object: 'list', data: [{ embedding, index }], model, usage }`, errors as `{ error: { message, type } }`;
 * - `feature-extraction`: what `@huggingface/inference`'s `featureExtraction` sends to its
 *   `endpointUrl` (the URL itself, so `POST /` for the server's `url`; also `/v1` and
 *   text-embeddings-inference's `/embed`) with `{ inputs }` and no model, answered with the
 *   bare vectors (one vector for a single text, a list of vectors for a list), errors as
 *   text-embeddings-inference sends them, `{ error, error_type }`.
 */
export type EmbeddingFormat = 'openai' | 'feature-extraction'

/** The embedding protocol a `POST` to this path speaks, if any. */
export function embeddingFormatOf(path: string): EmbeddingFormat | undefined {
  if (path.endsWith('/embeddings')) return 'openai'
  if (path === '/' || path === '/v1' || path === '/v1/' || path === '/embed') return 'feature-extraction'
  return undefined
}

/** The texts of a request, or why they cannot be read. `single` when one text came bare, not in a list. */
export function embeddingTexts(format: EmbeddingFormat, body: object): { readonly texts: readonly string[]; readonly single: boolean } | { readonly problem: string } {
  const field = format === 'openai' ? 'input' : 'inputs'
  const value = (body as Record<string, unknown>)[field]
  const texts: unknown[] = Array.isArray(value) ? value : [value]
  if (!texts.every((text) => typeof text === 'string')) return { problem: `embeddings ${field} must be a string or a list of strings` }
  return { texts: texts as string[], single: !Array.isArray(value) }
}

/** The successful answer to an embeddings request, with `hashedEmbedding` vectors. */
export function embeddingAnswer(format: EmbeddingFormat, body: object, request: { readonly texts: readonly string[]; readonly single: boolean }, dimensions: number): JsonValue {
  const vectors = request.texts.map((text) => hashedEmbedding(text, dimensions))
  if (format === 'feature-extraction') return request.single ? (vectors[0] ?? []) : vectors
  const model = (body as { model?: unknown }).model
  const tokens = request.texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0)
  return {
    object: 'list',
    data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
    model: typeof model === 'string' ? model : 'mock-embedding',
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  }
}

/** An error body in the format's own shape, so that each client reads its message. */
export function embeddingErrorBody(format: EmbeddingFormat, message: string, type: string): JsonValue {
  return format === 'openai' ? { error: { message, type } } : { error: message, error_type: type }
}

/** A 200 body cut off in the middle, for the `malformed-body` fault. */
export function malformedEmbeddingBody(format: EmbeddingFormat): string {
  return format === 'openai' ? '{"object": "list", "data": [{"object": "embedding", "index": 0, "embedding": [0.25, -0.5, ' : '[[0.25, -0.5, '
}
