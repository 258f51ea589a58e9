/**
 * Turns texts into vectors for semantic similarity. Implementations: `lexicalEmbedder` (offline,
 * deterministic, lexical only), `openaiEmbedder`, `huggingFaceEmbedder`. One call embeds a batch;
 * the result has one vector per text, in order.
 */
export interface Embedder {
  /** Names the embedder in reports (`lexical`, `openai:text-embedding-3-small`). */
  readonly name: string
  embed(texts: readonly string[]): Promise<number[][]>
}

/** Cosine similarity of two vectors; 0 when either is all zeros or their lengths differ. */
export function cosineSimilarity(first: readonly number[], second: readonly number[]): number {
  if (first.length !== second.length) return 0
  let dot = 0
  let firstNorm = 0
  let secondNorm = 0
  for (let index = 0; index < first.length; index++) {
    const a = first[index] as number
    const b = second[index] as number
    dot += a * b
    firstNorm += a * a
    secondNorm += b * b
  }
  if (firstNorm === 0 || secondNorm === 0) return 0
  return dot / Math.sqrt(firstNorm * secondNorm)
}
