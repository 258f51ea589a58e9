import { ToolError } from '../../../src/tools/tool-error.ts'

/**
 * The earliest timestamp the device tools accept, ToolSandbox's own bound: 315529200, which is
 * 1980-01-01 00:00 at UTC+1 (1979-12-31T23:00:00Z; ToolSandbox computed it in that zone).
 */
export const MINIMUM_TIMESTAMP = 315_529_200
/** The latest timestamp the device tools accept, ToolSandbox's: 2524604400 (2050-01-01 00:00 at UTC+1). */
export const MAXIMUM_TIMESTAMP = 2_524_604_400

/**
 * Checks that a timestamp argument lies in ToolSandbox's range [315529200, 2524604400], both ends
 * included, as its validator accepts them. The window keeps agents from passing milliseconds where
 * seconds are expected (a millisecond value lands far beyond 2050).
 */
export function checkTimestamp(name: string, value: number): number {
  if (!Number.isFinite(value) || value < MINIMUM_TIMESTAMP || value > MAXIMUM_TIMESTAMP)
    throw new ToolError(
      'ValueError',
      `${name} is ${value}, outside the accepted range [${MINIMUM_TIMESTAMP}, ${MAXIMUM_TIMESTAMP}] (about 1980 to 2050, in seconds since the epoch; milliseconds are not accepted)`,
    )
  return value
}

/** Checks that a latitude argument lies in [-90, 90]. */
export function checkLatitude(name: string, value: number): number {
  if (!Number.isFinite(value) || value < -90 || value > 90)
    throw new ToolError('ValueError', `${name} is ${value}, but a latitude must be between -90 and 90 degrees`)
  return value
}

/** Checks that a longitude argument lies in [-180, 180]. */
export function checkLongitude(name: string, value: number): number {
  if (!Number.isFinite(value) || value < -180 || value > 180)
    throw new ToolError('ValueError', `${name} is ${value}, but a longitude must be between -180 and 180 degrees`)
  return value
}
