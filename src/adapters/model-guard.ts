import type { ModelCache } from '../cache/index.ts'
import type { Usage } from '../conversation/index.ts'
import { InfrastructureError } from '../conversation/index.ts'
import { cacheOf } from '../roles/endpoint/chat-model-options.ts'
import type { EndpointLimits } from '../roles/endpoint/endpoint-limits.ts'
import type { ModelCallOptions } from '../roles/endpoint/guarded-call.ts'
import { limitsWithEnv } from '../roles/endpoint/limits-from-env.ts'
import type { PriceTable } from '../roles/endpoint/price-table.ts'
import { pricesWithEnv } from '../roles/endpoint/prices-from-env.ts'
import { serverAddress } from '../cache/index.ts'

/** How an adapter guards the model calls of your framework: the same settings as the built-in agents'. */
export interface ModelGuardOptions {
  /**
   * Where model calls are recorded and replayed. `false` turns caching off. When absent, the
   * cache that `TOOLCHECK_CACHE` and `TOOLCHECK_CACHE_DIR` describe (mode `auto`).
   */
  readonly cache?: ModelCache | false
  /**
   * The time limit per attempt, retries, backoff, concurrency and circuit breakers of every model
   * call, as for `openaiAgent`; limits not given come from `TOOLCHECK_TIMEOUT_MS`,
   * `TOOLCHECK_RETRIES`, `TOOLCHECK_BREAKER_FAILURES`, `TOOLCHECK_BREAKER_COOLDOWN_MS`, then
   * `DEFAULT_LIMITS`. The framework's own retries are turned off, so these are the only ones.
   */
  readonly limits?: EndpointLimits
  /**
   * Prices per model, for the cost in usage, over the file `TOOLCHECK_PRICES` names and the
   * built-in table of common hosted models (`BUILT_IN_PRICES`), as for `openaiAgent`; `false`
   * leaves the built-in table out.
   */
  readonly prices?: PriceTable | false
  /**
   * The base URL of the server your models call, for models whose server toolcheck cannot read
   * (it reads it from the models of the OpenAI and OpenAI-compatible providers and clients it
   * knows). It names the server in cache keys, circuit breakers and the concurrency limit; a
   * model whose server is read overrides it.
   */
  readonly endpoint?: string
  /** Where to read the `TOOLCHECK_*` settings; `process.env` by default. */
  readonly env?: Readonly<Record<string, string | undefined>>
}

/** The settings of a model guard, read once when the agent is made, so a bad variable is reported then. */
export interface ModelGuard {
  readonly settings: Pick<ModelCallOptions, 'cache' | 'limits' | 'prices' | 'env'>
  /** The `endpoint` option as a server address. */
  readonly endpoint?: string
}

/** Reads the options of a model guard. */
export function modelGuard(options: ModelGuardOptions): ModelGuard {
  const env = options.env ?? process.env
  const cache = cacheOf({ ...(options.cache === undefined ? {} : { cache: options.cache }), env })
  const prices = pricesWithEnv(options.prices, env)
  return {
    settings: { cache, limits: limitsWithEnv(options.limits, env), ...(prices === undefined ? {} : { prices }), env },
    ...(options.endpoint === undefined ? {} : { endpoint: serverAddress(options.endpoint) }),
  }
}

/** What one model call of a turn reports to the run. */
export interface CallHooks {
  readonly trial: number
  readonly seed?: number | undefined
  /** Told the usage of every call, replayed ones included (then with `cachedCalls: 1`). */
  readonly onUsage?: ((usage: Usage) => void) | undefined
  /** Told the system prompt (instructions) every call carries. */
  readonly onSystemPrompt?: ((text: string) => void) | undefined
  /** Told every infrastructure failure a call ends with, before it is thrown. */
  readonly onFailure?: ((error: InfrastructureError) => void) | undefined
}

/**
 * The server a model's calls are keyed and limited by: the one read from the model, else the
 * `endpoint` option. Without either, a cache cannot tell one server's recordings from another's,
 * so with caching on that is a configuration error, thrown before anything is called; with
 * caching off the model's own name keeps its breaker and limit apart from real servers.
 */
export function serverOf(read: string | undefined, guard: ModelGuard, model: string, entryPoint: string): string {
  const server = read ?? guard.endpoint
  if (server !== undefined) return server
  if (guard.settings.cache === undefined) return `${entryPoint}:${model}`
  throw new TypeError(
    `${entryPoint}: toolcheck cannot read which server the model ${model} calls, so its recorded replies could be replayed for another server; ` +
      "pass `endpoint: '<the base URL it calls>'`, or `cache: false`",
  )
}

/** A guarded call whose infrastructure failure, if any, is told to `hooks.onFailure` before it is thrown. */
export async function reportingFailure<T>(hooks: CallHooks, call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    if (error instanceof InfrastructureError) hooks.onFailure?.(error)
    throw error
  }
}
