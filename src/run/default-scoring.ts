import type { ParallelCallRule } from './run-parallel-calls.ts'

/*
 * The scoring mode a run follows when its caller names none. It is configuration, not run state:
 * toolcheck's vitest plugin sets it once per worker from its `scoring` option, so a test that
 * calls `runScenario` itself and then a matcher plays and scores by the same mode. Everywhere else
 * it stays toolcheck's.
 */
let configured: ParallelCallRule = 'toolcheck'

/** The scoring mode runs follow by default: the vitest plugin's `scoring` in its workers, toolcheck's elsewhere. */
export function defaultScoring(): ParallelCallRule {
  return configured
}

/** Sets the scoring mode runs follow by default (the vitest plugin's setup file calls it). */
export function setDefaultScoring(mode: ParallelCallRule): void {
  configured = mode
}
