import { createHash } from 'node:crypto'

/**
 * A deterministic embedding: a hashed bag of lower-cased words, L2-normalised, so equal texts
 * get equal vectors and texts sharing words get similar ones. Good enough to test code that
 * calls an embeddings endpoint; it knows nothing of meaning.
 */
export function hashedEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0)
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  for (const word of words) {
    const digest = createHash('sha256').update(word).digest()
    const slot = digest.readUInt32BE(0) % dimensions
    vector[slot] = (vector[slot] ?? 0) + ((digest[4] ?? 0) & 1 ? 1 : -1)
  }
  const norm = Math.hypot(...vector)
  return norm === 0 ? vector : vector.map((value) => value / norm)
}
