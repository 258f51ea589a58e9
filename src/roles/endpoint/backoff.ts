/**
 * The wait before retry number `attempt` (from 0): exponential (`baseMs` × 2^attempt, at most
 * `maxMs`) with "equal jitter": half of it fixed, half drawn from `random`, so that many callers
 * that failed together do not all come back at the same instant.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt)
  return ceiling / 2 + (ceiling / 2) * random()
}
