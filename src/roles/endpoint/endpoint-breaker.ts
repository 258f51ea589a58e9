import { CircuitBreaker } from './circuit-breaker.ts'
import { fileBreakerStore } from './file-breaker-store.ts'

/**
 * The variable that names a directory shared by the breakers of several workers (the plugin
 * sets it in its workers to a fresh directory per vitest process). Without it each worker, and
 * with vitest's default isolation each test file, has breakers of its own.
 */
export const BREAKER_DIRECTORY_VARIABLE = 'TOOLCHECK_BREAKER_DIR'

/**
 * The breakers of this module instance, by directory and endpoint address: every agent and user
 * simulator that talks to one server shares its breaker, as it shares its concurrency limit.
 * Like the semaphores, this is module state of the models layer that holds no scenario data.
 */
const breakers = new Map<string, CircuitBreaker>()

/**
 * The breaker of an endpoint address: kept in the directory `TOOLCHECK_BREAKER_DIR` names in
 * `env` (shared between workers), else in memory.
 */
export function endpointBreaker(address: string, env: Readonly<Record<string, string | undefined>> = process.env): CircuitBreaker {
  const directory = env[BREAKER_DIRECTORY_VARIABLE]?.trim() ?? ''
  const key = `${directory}\u0000${address}`
  let breaker = breakers.get(key)
  if (breaker === undefined) {
    breaker = new CircuitBreaker(address, directory === '' ? {} : { store: fileBreakerStore(directory) })
    breakers.set(key, breaker)
  }
  return breaker
}
