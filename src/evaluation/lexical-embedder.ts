import type { Embedder } from './embedder.ts'
import { rougeTokens } from './rouge-l.ts'

/** Options of the offline embedder. */
export interface LexicalEmbedderOptions {
  /** Vector length; 1024 by default. */
  readonly dimensions?: number
}

/**
 * The offline default for `semantic` similarity. It is **lexical, not semantic**: it hashes the
 * text's stemmed words (the ROUGE tokens) and its character trigrams into a fixed-length vector,
 * so texts that share words and spellings score high, and paraphrases with different words score
 * low. It is deterministic and needs no network; configure `openaiEmbedder` or
 * `huggingFaceEmbedder` for meaning-level similarity.
 */
export function lexicalEmbedder(options: LexicalEmbedderOptions = {}): Embedder {
  const dimensions = options.dimensions ?? 1024
  if (!Number.isInteger(dimensions) || dimensions < 1) throw new RangeError(`lexicalEmbedder: dimensions must be a positive integer, got ${dimensions}`)
  return {
    name: 'lexical',
    embed: (texts) => Promise.resolve(texts.map((text) => lexicalVector(text, dimensions))),
  }
}

/** The lexical vector of one text (words weigh twice as much as each trigram). */
export function lexicalVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0)
  const words = rougeTokens(text)
  for (const word of words) add(vector, `w:${word}`, 2)
  const letters = ` ${words.join(' ')} `
  for (let index = 0; index + 3 <= letters.length; index++) add(vector, `t:${letters.slice(index, index + 3)}`, 1)
  return vector
}

function add(vector: number[], feature: string, weight: number): void {
  const hash = fnv1a(feature)
  const slot = hash % vector.length
  // A second bit of the hash picks the sign, so collisions cancel out on average instead of piling up.
  const sign = (hash >>> 31) === 1 ? -1 : 1
  vector[slot] = (vector[slot] as number) + sign * weight
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}
