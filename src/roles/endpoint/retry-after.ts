/**
 * Reads a `Retry-After` header: a number of seconds, or an HTTP date (measured against `nowMs`,
 * the wall clock, which is fine here: waiting is not on a scenario's decision path). Also reads
 * the `retry-after-ms` variant some servers send. Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number, milliseconds?: string | null): number | undefined {
  if (milliseconds !== undefined && milliseconds !== null && milliseconds.trim() !== '') {
    const parsed = Number(milliseconds)
    if (Number.isFinite(parsed) && parsed >= 0) return parsed
  }
  if (value === undefined || value === null || value.trim() === '') return undefined
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - nowMs)
}
