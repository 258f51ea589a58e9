import type { EndpointLimits } from './endpoint-limits.ts'
import { resolveLimits } from './endpoint-limits.ts'

/**
 * The environment variables that set endpoint limits, and the limit each sets. They let
 * `toolcheck eval` (which has no config file) and the plugin's `limits` option reach every
 * model-backed role; limits given to a role in code win over them.
 */
export const LIMIT_VARIABLES = {
  TOOLCHECK_RETRIES: 'retries',
  TOOLCHECK_TIMEOUT_MS: 'timeoutMs',
  TOOLCHECK_BREAKER_FAILURES: 'breakerFailures',
  TOOLCHECK_BREAKER_COOLDOWN_MS: 'breakerCoolDownMs',
  TOOLCHECK_MAX_REPLY_BYTES: 'maxReplyBytes',
  TOOLCHECK_MAX_REPLY_DEPTH: 'maxReplyDepth',
} as const satisfies Readonly<Record<string, keyof EndpointLimits>>

/**
 * The limits the environment sets (`TOOLCHECK_RETRIES`, `TOOLCHECK_TIMEOUT_MS`,
 * `TOOLCHECK_BREAKER_FAILURES`, `TOOLCHECK_BREAKER_COOLDOWN_MS`, `TOOLCHECK_MAX_REPLY_BYTES`,
 * `TOOLCHECK_MAX_REPLY_DEPTH`); empty variables are ignored. Throws a `RangeError` naming
 * the variable when a value is not a number the limit accepts.
 */
export function limitsFromEnv(env: Readonly<Record<string, string | undefined>>): EndpointLimits {
  const limits: Record<string, number> = {}
  for (const [variable, name] of Object.entries(LIMIT_VARIABLES)) {
    const text = env[variable]?.trim()
    if (text === undefined || text === '') continue
    const value = Number(text)
    try {
      resolveLimits({ [name]: value })
    } catch (error) {
      throw new RangeError(`${variable} is ${JSON.stringify(text)}, which is not a valid ${name}: ${(error as Error).message}`)
    }
    limits[name] = value
  }
  return limits as EndpointLimits
}

/** The variables that carry these limits to processes that read them with `limitsFromEnv` (the plugin's workers). */
export function limitsToEnv(limits: EndpointLimits): Record<string, string> {
  const variables: Record<string, string> = {}
  for (const [variable, name] of Object.entries(LIMIT_VARIABLES)) {
    const value = limits[name]
    if (value !== undefined) variables[variable] = String(value)
  }
  return variables
}

/** The limits a role uses: those given in code, over those of the environment. */
export function limitsWithEnv(limits: EndpointLimits | undefined, env: Readonly<Record<string, string | undefined>>): EndpointLimits {
  const given = Object.fromEntries(Object.entries(limits ?? {}).filter(([, value]) => value !== undefined))
  return { ...limitsFromEnv(env), ...given }
}
