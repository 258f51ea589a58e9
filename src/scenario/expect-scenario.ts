import type { Scenario } from './scenario.ts'

/**
 * Checks that what a caller handed `where` (`playScenario`, `runScenario`, ...) looks like a
 * scenario before anything reads it, and says what it got instead: `undefined` (a `find` that
 * found nothing), a promise (`loadScenarioFile` not awaited), or the whole result of
 * `loadScenarioDirectory`. The scenario itself is checked later, against its domain.
 */
export function expectScenario(value: unknown, where: string): asserts value is Scenario {
  if (typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' && typeof (value as { domain?: unknown }).domain === 'string') return
  throw new TypeError(`${where} takes a scenario (from defineScenario or loadScenarioFile, or one of loadScenarioDirectory's scenarios), and was given ${given(value)}`)
}

function given(value: unknown): string {
  if (value === undefined || value === null) return String(value)
  if (typeof value !== 'object' && typeof value !== 'function') return `the ${typeof value} ${JSON.stringify(value)?.slice(0, 60)}`
  if (typeof (value as { then?: unknown }).then === 'function') return 'a promise: await it first (await loadScenarioFile(...))'
  if (Array.isArray((value as { scenarios?: unknown }).scenarios) && Array.isArray((value as { errors?: unknown }).errors))
    return "what loadScenarioDirectory returns: pass one of its .scenarios, or the whole result to describeScenarios, which also fails a test for each file it could not load"
  if (Array.isArray(value)) return `an array of ${value.length}: pass one scenario, or the array to describeScenarios`
  const keys = Object.keys(value).slice(0, 6)
  return keys.length === 0 ? 'an empty object' : `an object without a string id and domain (its keys: ${keys.join(', ')})`
}
