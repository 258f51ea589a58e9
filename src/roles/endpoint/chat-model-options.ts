import type { ModelCache } from '../../cache/index.ts'
import { cacheFromEnv } from '../../cache/index.ts'
import type { ModelCallOptions } from './call-model.ts'
import { serverOf } from './call-model.ts'
import type { ChatEndpoint } from './chat-endpoint.ts'
import { endpointBreaker, modelBreaker } from './endpoint-breaker.ts'
import type { EndpointLimits } from './endpoint-limits.ts'
import { limitsWithEnv } from './limits-from-env.ts'
import type { PriceTable } from './price-table.ts'
import { pricesWithEnv } from './prices-from-env.ts'

/** Options every model-backed role shares, whichever client it uses. */
export interface ChatModelOptions {
  /** The model name as the endpoint knows it. */
  readonly model: string
  /** Sampling temperature; the server's default when absent. */
  readonly temperature?: number
  /** Extra sampling cap; the server's default when absent. */
  readonly maxTokens?: number
  /**
   * Where replies are recorded and replayed. `false` turns caching off. When absent, the cache
   * that `TOOLCHECK_CACHE` and `TOOLCHECK_CACHE_DIR` describe (mode `auto` in `.toolcheck-cache`).
   */
  readonly cache?: ModelCache | false
  /**
   * Concurrency, retries, backoff, the time limit per attempt and the circuit breaker for the
   * endpoint. Limits not given here come from `TOOLCHECK_RETRIES`, `TOOLCHECK_TIMEOUT_MS`,
   * `TOOLCHECK_BREAKER_FAILURES` and `TOOLCHECK_BREAKER_COOLDOWN_MS` in `env` (which the
   * plugin's `limits` option sets), else from `DEFAULT_LIMITS`.
   */
  readonly limits?: EndpointLimits
  /**
   * Prices per model, for the cost in usage, over the built-in table of common hosted models
   * (`BUILT_IN_PRICES`, dated `BUILT_IN_PRICES_AS_OF`) and the file `TOOLCHECK_PRICES` names;
   * `false` for none but these.
   */
  readonly prices?: PriceTable | false
  /** Where to read configuration variables (cache, limits, the breakers' shared directory); `process.env` by default. */
  readonly env?: Readonly<Record<string, string | undefined>>
}

/** The cache an options object asks for. */
export function cacheOf(options: Pick<ChatModelOptions, 'cache' | 'env'>): ModelCache | undefined {
  if (options.cache === false) return undefined
  return options.cache ?? cacheFromEnv(options.env ?? process.env)
}

/**
 * What each call of a model-backed role hands `callModel` besides its trial, seed and signal:
 * the cache, the limits (with those of the environment), the prices and the circuit breakers of
 * the server and of the model. Read once, when the role is made, so that a bad variable is reported then.
 */
export function callSettingsOf(options: ChatModelOptions, endpoint: ChatEndpoint): Pick<ModelCallOptions, 'cache' | 'limits' | 'prices' | 'breaker' | 'modelBreaker' | 'env'> {
  const env = options.env ?? process.env
  const server = serverOf(endpoint)
  return {
    cache: cacheOf(options),
    limits: limitsWithEnv(options.limits, env),
    prices: pricesWithEnv(options.prices, env),
    breaker: endpointBreaker(server, env),
    modelBreaker: modelBreaker(server, options.model, env),
    env,
  }
}
