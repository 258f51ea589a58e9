import type { JsonValue } from '../world/index.ts'
import type { CacheKeyParts } from './cache-key.ts'

/** The format tag written into every cassette, checked on reading. */
export const CASSETTE_FORMAT = 'toolcheck-cassette/1'

/**
 * One recorded model call: the key, what it was computed from (for people reading the file and
 * for diffing two recordings), and the reply body. Nothing secret is in it: the key parts carry
 * no API key and no headers, and the reply is the response body only.
 */
export interface Cassette {
  readonly format: typeof CASSETTE_FORMAT
  readonly key: string
  readonly request: CacheKeyParts
  readonly reply: JsonValue
}
