import type { Embedder } from './embedder.ts'
import { EmbeddingError, embeddingFailure } from './embedding-error.ts'

/** The part of an `OpenAI` client the embedder uses (so a test double or a local server works). */
export interface OpenAIEmbeddingsClient {
  readonly embeddings: {
    create(request: { model: string; input: string[] }): Promise<{ data: readonly { embedding: number[]; index?: number }[] }>
  }
}

/** Options of `openaiEmbedder`. */
export interface OpenAIEmbedderOptions {
  /** An `OpenAI` client; its `baseURL` may point at any OpenAI-compatible server. */
  readonly client: OpenAIEmbeddingsClient
  /** The embedding model, e.g. `text-embedding-3-small`. */
  readonly model: string
}

/**
 * Semantic similarity through the OpenAI embeddings endpoint (`client.embeddings.create`). A
 * failed request, or an answer without a vector for every text, throws `EmbeddingError` (the
 * client's error is its `cause`).
 */
export function openaiEmbedder(options: OpenAIEmbedderOptions): Embedder {
  const name = `openai:${options.model}`
  return {
    name,
    async embed(texts) {
      if (texts.length === 0) return []
      let response: Awaited<ReturnType<OpenAIEmbeddingsClient['embeddings']['create']>>
      try {
        response = await options.client.embeddings.create({ model: options.model, input: [...texts] })
      } catch (thrown) {
        throw embeddingFailure(name, texts.length, thrown)
      }
      // An OpenAI-compatible server may answer 200 with a body of another shape; the client does not check.
      if (!Array.isArray(response?.data)) throw new EmbeddingError(name, 'the response has no list of embeddings (`data`)')
      // The API states each vector's position in `index`; fall back to the list order when absent.
      const vectors = new Array<number[] | undefined>(texts.length)
      for (const [position, item] of response.data.entries()) {
        const index = item.index ?? position
        if (!Number.isInteger(index) || index < 0 || index >= texts.length) throw new EmbeddingError(name, `the response has an embedding for text ${index}, but only ${texts.length} were sent`)
        vectors[index] = item.embedding
      }
      // Array.from visits every position; map would skip the holes a missing vector leaves.
      return Array.from(vectors, (vector, position) => {
        if (vector === undefined) throw new EmbeddingError(name, `the response has no embedding for text ${position} of ${texts.length}`)
        return vector
      })
    },
  }
}
