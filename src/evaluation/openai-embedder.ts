import type { Embedder } from './embedder.ts'

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

/** Semantic similarity through the OpenAI embeddings endpoint (`client.embeddings.create`). */
export function openaiEmbedder(options: OpenAIEmbedderOptions): Embedder {
  return {
    name: `openai:${options.model}`,
    async embed(texts) {
      if (texts.length === 0) return []
      const response = await options.client.embeddings.create({ model: options.model, input: [...texts] })
      // The API states each vector's position in `index`; fall back to the list order when absent.
      const vectors = new Array<number[] | undefined>(texts.length)
      for (const [position, item] of response.data.entries()) vectors[item.index ?? position] = item.embedding
      return vectors.map((vector, position) => {
        if (vector === undefined) throw new Error(`openaiEmbedder: the response of ${options.model} has no embedding for text ${position} of ${texts.length}`)
        return vector
      })
    },
  }
}
