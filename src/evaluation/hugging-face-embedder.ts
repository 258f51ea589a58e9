import type { Embedder } from './embedder.ts'
import { EmbeddingError, embeddingFailure } from './embedding-error.ts'

/** A feature-extraction result: one vector, a batch of vectors, or token vectors per text. */
export type FeatureExtractionResult = readonly (number | readonly number[] | readonly (readonly number[])[])[]

/** The part of an `InferenceClient` the embedder uses (so a test double or a local TEI server works). */
export interface FeatureExtractionClient {
  featureExtraction(request: { model: string; inputs: string[] }): Promise<FeatureExtractionResult>
}

/** Options of `huggingFaceEmbedder`. */
export interface HuggingFaceEmbedderOptions {
  /** An `InferenceClient` (with `endpointUrl` for a local server). */
  readonly client: FeatureExtractionClient
  /** A sentence-embedding model, e.g. `sentence-transformers/all-MiniLM-L6-v2`. */
  readonly model: string
}

/**
 * Semantic similarity through Hugging Face feature extraction. Sentence-embedding models return
 * one vector per text; models that return one vector per token are mean-pooled. A failed
 * request, or an answer that is not one vector (or token vectors) per text, throws
 * `EmbeddingError` (the client's error is its `cause`).
 */
export function huggingFaceEmbedder(options: HuggingFaceEmbedderOptions): Embedder {
  const name = `huggingface:${options.model}`
  return {
    name,
    async embed(texts) {
      if (texts.length === 0) return []
      let output: FeatureExtractionResult
      try {
        output = await options.client.featureExtraction({ model: options.model, inputs: [...texts] })
      } catch (thrown) {
        throw embeddingFailure(name, texts.length, thrown)
      }
      // A single text may come back as a bare vector rather than a batch of one.
      const batch = texts.length === 1 && typeof output[0] === 'number' ? [output] : output
      if (batch.length !== texts.length) throw new EmbeddingError(name, `returned ${batch.length} results for ${texts.length} texts`)
      return batch.map((item, position) => toVector(item, name, position))
    },
  }
}

function toVector(item: unknown, name: string, position: number): number[] {
  if (!Array.isArray(item)) throw new EmbeddingError(name, `returned ${typeof item} for text ${position}, expected a vector`)
  if (item.every((value) => typeof value === 'number')) return item as number[]
  if (item.every((row) => Array.isArray(row) && row.every((value) => typeof value === 'number'))) return meanPool(item as number[][])
  throw new EmbeddingError(name, `returned a result for text ${position} that is neither a vector nor a list of token vectors`)
}

function meanPool(rows: readonly (readonly number[])[]): number[] {
  const width = rows[0]?.length ?? 0
  const sum = new Array<number>(width).fill(0)
  for (const row of rows) for (let index = 0; index < width; index++) sum[index] = (sum[index] as number) + (row[index] ?? 0)
  return sum.map((value) => value / Math.max(1, rows.length))
}
