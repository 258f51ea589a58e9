/**
 * A small seeded random source (mulberry32 over an FNV-1a hash of the seed text): retry jitter
 * must not come from `Math.random`, so that a run's waits are reproducible from its seed.
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

/**
 * The wait before retry number `attempt` (from 0): exponential (`baseMs` × 2^attempt, at most
 * `maxMs`) with "equal jitter": half of it fixed, half drawn from `random`, so that many callers
 * that failed together do not all come back at the same instant.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt)
  return ceiling / 2 + (ceiling / 2) * random()
}
