import type { Embedder } from './embedder.ts'
import { cosineSimilarity } from './embedder.ts'
import { EmbeddingError, embeddingFailure } from './embedding-error.ts'

/**
 * The embeddings of the texts a semantic comparison needs, so that similarities can be computed
 * synchronously inside the matcher. A lookup of a text without a vector answers 0 and remembers
 * the text; `evaluate` then embeds every remembered text in one batch and evaluates again.
 */
export class SemanticTexts {
  readonly #vectors = new Map<string, readonly number[]>()
  readonly #missing = new Set<string>()

  /** Cosine similarity of two texts' embeddings, clipped to [0, 1]; 0 (and remembered) when one has no vector yet. */
  similarity(actual: string, target: string): number {
    if (actual === target) return 1
    const actualVector = this.#vector(actual)
    const targetVector = this.#vector(target)
    if (actualVector === undefined || targetVector === undefined) return 0
    return Math.min(1, Math.max(0, cosineSimilarity(actualVector, targetVector)))
  }

  /** Texts looked up without a vector since the last `load`. */
  get missing(): readonly string[] {
    return [...this.#missing]
  }

  /** Embeds every missing text; an embedder's failure or an unusable answer throws `EmbeddingError`. */
  async load(embedder: Embedder): Promise<void> {
    const texts = [...this.#missing]
    this.#missing.clear()
    if (texts.length === 0) return
    let vectors: readonly (readonly number[])[]
    try {
      vectors = await embedder.embed(texts)
    } catch (thrown) {
      throw embeddingFailure(embedder.name, texts.length, thrown)
    }
    if (!Array.isArray(vectors) || vectors.length !== texts.length) {
      throw new EmbeddingError(embedder.name, `returned ${Array.isArray(vectors) ? vectors.length : 'no list of'} vectors for ${texts.length} texts`)
    }
    for (const [index, text] of texts.entries()) {
      const vector = vectors[index]
      // Every text must get a vector, or evaluate would ask for it again and again.
      if (!Array.isArray(vector) || !vector.every((value) => typeof value === 'number' && Number.isFinite(value))) {
        throw new EmbeddingError(embedder.name, `returned no vector of finite numbers for text ${index} of ${texts.length}`)
      }
      this.#vectors.set(text, vector)
    }
  }

  #vector(text: string): readonly number[] | undefined {
    const vector = this.#vectors.get(text)
    if (vector === undefined) this.#missing.add(text)
    return vector
  }
}
