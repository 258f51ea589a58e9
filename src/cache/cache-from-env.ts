import { parseCacheMode } from './cache-mode.ts'
import { DEFAULT_CACHE_DIRECTORY, ModelCache } from './model-cache.ts'

/**
 * The cache configured by the environment: mode from `TOOLCHECK_CACHE` (`auto` when unset),
 * directory from `TOOLCHECK_CACHE_DIR` (`.toolcheck-cache` when unset). Undefined in mode `off`.
 */
export function cacheFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): ModelCache | undefined {
  const mode = parseCacheMode(env['TOOLCHECK_CACHE'])
  if (mode === 'off') return undefined
  const directory = env['TOOLCHECK_CACHE_DIR']
  return new ModelCache({ mode, directory: directory !== undefined && directory !== '' ? directory : DEFAULT_CACHE_DIRECTORY })
}
