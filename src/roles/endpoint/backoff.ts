import { seededRandom } from '../../tools/seeded-random.ts'

/**
 * The wait before retry number `attempt` (from 0): exponential (`baseMs` × 2^attempt, at most
 * `maxMs`) with "equal jitter": half of it fixed, half drawn from `random`, so that many callers
 * that failed together do not all come back at the same instant.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt)
  return ceiling / 2 + (ceiling / 2) * random()
}

/**
 * The draws of one call's retry jitter: seeded by the run's seed and the call's own key (its
 * server, model, messages, tools, options and trial), one draw per attempt. Calls that failed
 * together (the first call of every run of a suite has the same length and the same server) draw
 * differently and so do not come back in lockstep; the same call of the same run replays the same
 * waits. The key is asked for at the first draw, so calls that never retry never compute it.
 */
export function retryJitter(seed: number, callKey: () => string): () => number {
  let random: (() => number) | undefined
  return () => (random ??= seededRandom(`${seed}:${callKey()}`))()
}
