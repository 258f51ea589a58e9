import type { ModelCache } from '../../cache/index.ts'
import { cacheFromEnv } from '../../cache/index.ts'
import type { EndpointLimits } from './endpoint-limits.ts'
import type { PriceTable } from './price-table.ts'

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
  /** Concurrency, retries, backoff and time limits for the endpoint. */
  readonly limits?: EndpointLimits
  /** Prices per model, for the cost in usage. */
  readonly prices?: PriceTable
  /** Where to read configuration variables; `process.env` by default. */
  readonly env?: Readonly<Record<string, string | undefined>>
}

/** The cache an options object asks for. */
export function cacheOf(options: Pick<ChatModelOptions, 'cache' | 'env'>): ModelCache | undefined {
  if (options.cache === false) return undefined
  return options.cache ?? cacheFromEnv(options.env ?? process.env)
}
