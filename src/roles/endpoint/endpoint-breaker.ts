import { CircuitBreaker } from './circuit-breaker.ts'
import { fileBreakerStore } from './file-breaker-store.ts'

/**
 * The variable that names a directory shared by the breakers of several workers (the plugin
 * sets it in its workers to a fresh directory per vitest process). Without it each worker, and
 * with vitest's default isolation each test file, has breakers of its own.
 */
export const BREAKER_DIRECTORY_VARIABLE = 'TOOLCHECK_BREAKER_DIR'

/**
 * The breakers of this module instance, by directory and address (a server, or a server and a
 * model): every agent and user simulator that talks to one server shares its breakers, as it
 * shares its concurrency limit.
 * Like the semaphores, this is module state of the models layer that holds no scenario data.
 */
const breakers = new Map<string, CircuitBreaker>()

/**
 * The breaker of an endpoint address: kept in the directory `TOOLCHECK_BREAKER_DIR` names in
 * `env` (shared between workers), else in memory.
 */
export function endpointBreaker(address: string, env: Readonly<Record<string, string | undefined>> = process.env): CircuitBreaker {
  return breakerOf(address, address, env)
}

/**
 * The breaker of one model at a server, beside the server's own (`endpointBreaker`): failures
 * tied to the model (an unknown model, its rate limit) open it, and it refuses that model's calls
 * only. Kept where the server's breaker is kept.
 */
export function modelBreaker(server: string, model: string, env: Readonly<Record<string, string | undefined>> = process.env): CircuitBreaker {
  return breakerOf(`${server} model=${model}`, `the model ${model} at ${server}`, env)
}

function breakerOf(address: string, label: string, env: Readonly<Record<string, string | undefined>>): CircuitBreaker {
  const directory = env[BREAKER_DIRECTORY_VARIABLE]?.trim() ?? ''
  const key = `${directory}\u0000${address}`
  let breaker = breakers.get(key)
  if (breaker === undefined) {
    breaker = new CircuitBreaker(address, { label, ...(directory === '' ? {} : { store: fileBreakerStore(directory) }) })
    breakers.set(key, breaker)
  }
  return breaker
}

/**
 * Drops what the breakers of a server and of every model at it have learned, here and in the
 * directory `TOOLCHECK_BREAKER_DIR` names in `env`: they start again closed. For a server that
 * has just started at an address where another one ran before, as a local test server does at a
 * port the system hands out again: the failures of the one before are not this server's.
 */
export function forgetServer(server: string, env: Readonly<Record<string, string | undefined>> = process.env): void {
  const match = (address: string) => address === server || address.startsWith(`${server} model=`)
  for (const breaker of breakers.values()) if (match(breaker.address)) breaker.forget()
  const directory = env[BREAKER_DIRECTORY_VARIABLE]?.trim() ?? ''
  if (directory !== '') fileBreakerStore(directory).forget(match)
}
