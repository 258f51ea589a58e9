import { toolTalkError } from './tooltalk-tool.ts'

// The field patterns of CPython's `_strptime` (`%Y`, `%m`, `%d`, `%H`, `%M`, `%S`); a space in a
// format matches any run of whitespace there, and nothing may follow the last field, not even a
// newline ("unconverted data remains").
const DATE = '(\\d{4})-(1[0-2]|0[1-9]|[1-9])-(3[01]|[12]\\d|0[1-9]|[1-9]| [1-9])'
const TIME = '(2[0-3]|[0-1]\\d|\\d):([0-5]\\d|\\d):(6[0-1]|[0-5]\\d|\\d)'
const DATE_TIME_FORMAT = new RegExp(`^${DATE}\\s+${TIME}$`)
const TIME_FORMAT = new RegExp(`^${TIME}$`)
const DATE_FORMAT = new RegExp(`^${DATE}$`)

/**
 * ToolTalk reads dates with Python's `strptime` using three formats. These accept exactly the
 * texts `strptime` accepts (its field patterns, real calendar days) and give seconds of a naive
 * calendar (no time zone), which is all the comparisons need. A text that does not fit throws a
 * tool error naming the value and the expected format.
 */
export function parseDateTime(text: string, argument: string): number {
  const match = DATE_TIME_FORMAT.exec(text)
  const seconds = match === null ? undefined : toSeconds(match.slice(1).map(Number))
  if (seconds === undefined) throw toolTalkError(`${argument} "${text}" is not a date and time in the format YYYY-MM-DD HH:MM:SS`)
  return seconds
}

/** Parses `%H:%M:%S` into seconds since midnight (see `parseDateTime`). */
export function parseTimeOfDay(text: string, argument: string): number {
  const match = TIME_FORMAT.exec(text)
  const seconds = match === null ? undefined : toSeconds([1900, 1, 1, ...match.slice(1).map(Number)])
  if (seconds === undefined) throw toolTalkError(`${argument} "${text}" is not a time in the format HH:MM:SS`)
  return seconds - Date.UTC(1900, 0, 1) / 1000
}

/** Parses `%Y-%m-%d` into seconds at midnight, or undefined when it is not a date. */
export function parseDate(text: string): number | undefined {
  const match = DATE_FORMAT.exec(text)
  return match === null ? undefined : toSeconds([...match.slice(1).map(Number), 0, 0, 0])
}

/** The `YYYY-MM-DD` day of a naive timestamp. */
export function dayOf(seconds: number): string {
  return new Date(Math.floor(seconds / 86400) * 86400 * 1000).toISOString().slice(0, 10)
}

/** One day in seconds. */
export const DAY_SECONDS = 86400

function toSeconds(parts: readonly number[]): number | undefined {
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number]
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 61) return undefined
  // Python accepts a leap second field (60, 61) in strptime but datetime() then rejects it.
  if (second > 59) return undefined
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (day > daysInMonth) return undefined
  const utc = new Date(0)
  utc.setUTCFullYear(year, month - 1, day)
  utc.setUTCHours(hour, minute, second, 0)
  return utc.getTime() / 1000
}
