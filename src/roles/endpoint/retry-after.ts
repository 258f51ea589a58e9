/**
 * Reads a `Retry-After` header: a number of seconds, or an HTTP date (measured against `nowMs`,
 * the wall clock, which is fine here: waiting is not on a scenario's decision path). Also reads
 * the `retry-after-ms` variant some servers send. Undefined when absent or unreadable, so that the
 * caller falls back to its own backoff: a negative number, a fraction written oddly, or text that
 * is not one of HTTP's three date forms (`Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94
 * 08:49:37 GMT`, `Sun Nov  6 08:49:37 1994`) is junk, not an instruction. (JavaScript's own date
 * parser reads almost anything, `-5` included, as some date long past.)
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number, milliseconds?: string | null): number | undefined {
  if (milliseconds !== undefined && milliseconds !== null && /^\s*\d+(\.\d+)?\s*$/.test(milliseconds)) return Number(milliseconds)
  if (value === undefined || value === null) return undefined
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000
  if (!HTTP_DATE.test(text)) return undefined
  // asctime's form names no zone; HTTP dates are always GMT.
  const date = Date.parse(text.endsWith('GMT') ? text : `${text} GMT`)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - nowMs)
}

/** The shape of HTTP's date forms: a weekday name, then a day, a month name and a time. */
const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? +(\d{1,2}[ -][A-Za-z]{3}[ -]\d{2,4} +\d{2}:\d{2}:\d{2} +GMT|[A-Za-z]{3} +\d{1,2} +\d{2}:\d{2}:\d{2} +\d{4})$/
