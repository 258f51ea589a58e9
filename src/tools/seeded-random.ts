/**
 * A small seeded random source: mulberry32 over an FNV-1a hash of the seed text, giving numbers in
 * [0, 1). For the few places outside fast-check that need chance (sampling tool-call orders, retry
 * jitter): nothing may come from `Math.random`, so that a run replays from its seed.
 */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5
  for (let index = 0; index < seed.length; index++) state = Math.imul(state ^ seed.charCodeAt(index), 0x01000193) >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}
