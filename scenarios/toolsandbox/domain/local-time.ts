/** A wall-clock date and time in some time zone. */
export interface LocalDateTime {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The local date and time of an instant (seconds since the epoch; fractions are dropped). */
export function localDateTime(epochSeconds: number, timeZone: string): LocalDateTime {
  const parts = formatterFor(timeZone).formatToParts(new Date(Math.floor(epochSeconds) * 1000))
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value)
  const era = parts.find((part) => part.type === 'era')?.value
  const year = era === 'BC' ? 1 - field('year') : field('year')
  return { year, month: field('month'), day: field('day'), hour: field('hour'), minute: field('minute'), second: field('second') }
}

/** The offset of local time from UTC at an instant, in seconds (-25200 for PDT). */
export function utcOffsetSeconds(epochSeconds: number, timeZone: string): number {
  const whole = Math.floor(epochSeconds)
  return asUtcSeconds(localDateTime(whole, timeZone)) - whole
}

/** Reads local fields as if they were UTC (seconds since the epoch). */
export function asUtcSeconds(local: LocalDateTime): number {
  const date = new Date(0)
  date.setUTCFullYear(local.year, local.month - 1, local.day)
  date.setUTCHours(local.hour, local.minute, local.second, 0)
  return date.getTime() / 1000
}

/**
 * The instant at which the clocks of `timeZone` show `local`, like Python's
 * `datetime(...).timestamp()` for a naive local time: a time that occurs twice (when clocks go
 * back) gives the earlier instant; a time that is skipped (when clocks go forward) is read with
 * the offset in force before the change, so 02:30 on a spring-forward night is 03:30 new time.
 */
export function localToEpochSeconds(local: LocalDateTime, timeZone: string): number {
  const wall = asUtcSeconds(local)
  // Offsets a day either side cover every real transition (none is closer than that to another).
  const before = utcOffsetSeconds(wall - 86_400, timeZone)
  const after = utcOffsetSeconds(wall + 86_400, timeZone)
  const candidates = [...new Set([before, after])].map((offset) => wall - offset).filter((instant) => asUtcSeconds(localDateTime(instant, timeZone)) === wall)
  if (candidates.length > 0) return Math.min(...candidates)
  return wall - before
}

/** ISO weekday of a local date: Monday 1 to Sunday 7. */
export function isoWeekday(year: number, month: number, day: number): number {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  const weekday = date.getUTCDay()
  return weekday === 0 ? 7 : weekday
}

/** Whether a string names a time zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone)
    return true
  } catch {
    return false
  }
}
