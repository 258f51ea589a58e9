/**
 * Seconds since the Unix epoch of an ISO 8601 date-time with an explicit offset
 * (`2026-05-15T17:00:00-07:00`). The offset makes the value independent of the machine's zone.
 */
export function epoch(isoWithOffset: string): number {
  if (!/(Z|[+-]\d\d:\d\d)$/.test(isoWithOffset)) throw new Error(`epoch() needs an explicit offset, got ${isoWithOffset}`)
  const milliseconds = Date.parse(isoWithOffset)
  if (Number.isNaN(milliseconds)) throw new Error(`epoch() cannot read ${isoWithOffset}`)
  return milliseconds / 1000
}
