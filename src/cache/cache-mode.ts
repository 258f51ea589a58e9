/**
 * How model calls use the on-disk cache.
 * - `record`: always call the model and (over)write the cassette.
 * - `replay`: answer only from cassettes; a missing one is an error (for CI, where no model is reachable).
 * - `auto`: answer from a cassette when there is one, else call the model and record it.
 * - `off`: never read or write cassettes.
 */
export type CacheMode = 'record' | 'replay' | 'auto' | 'off'

/** The cache modes, in the order documented. */
export const CACHE_MODES: readonly CacheMode[] = ['record', 'replay', 'auto', 'off']

/** Reads a cache mode from text (such as `TOOLCHECK_CACHE`); empty or absent means `auto`. */
export function parseCacheMode(text: string | undefined, source = 'TOOLCHECK_CACHE'): CacheMode {
  const value = (text ?? '').trim().toLowerCase()
  if (value === '') return 'auto'
  const mode = CACHE_MODES.find((candidate) => candidate === value)
  if (mode === undefined) throw new Error(`${source} is "${text}", which is not a cache mode; use one of: ${CACHE_MODES.join(', ')}`)
  return mode
}
