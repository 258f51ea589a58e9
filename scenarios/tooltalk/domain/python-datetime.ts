import type { JsonValue } from '../../../src/world/index.ts'
import { PythonError, pythonRepr, pythonTypeName } from './python-values.ts'
import { toolTalkError } from './tooltalk-tool.ts'

/** One day in seconds. */
export const DAY_SECONDS = 86400

/** The three formats ToolTalk's code reads dates with. */
export type StrptimeFormat = '%Y-%m-%d %H:%M:%S' | '%H:%M:%S' | '%Y-%m-%d'

// The field patterns of CPython's `_strptime` (`%Y`, `%m`, `%d`, `%H`, `%M`, `%S`); a space in a
// format matches any run of whitespace. Digits are ASCII here (Python's `\d` would also take, say,
// full-width digits, which no model sends).
const FIELDS: Readonly<Record<string, string>> = {
  '%Y': '(\\d\\d\\d\\d)',
  '%m': '(1[0-2]|0[1-9]|[1-9])',
  '%d': '(3[01]|[12]\\d|0[1-9]|[1-9]| [1-9])',
  '%H': '(2[0-3]|[0-1]\\d|\\d)',
  '%M': '([0-5]\\d|\\d)',
  '%S': '(6[0-1]|[0-5]\\d|\\d)',
}
const FIELD_ORDER: Readonly<Record<StrptimeFormat, readonly string[]>> = {
  '%Y-%m-%d %H:%M:%S': ['Y', 'm', 'd', 'H', 'M', 'S'],
  '%H:%M:%S': ['H', 'M', 'S'],
  '%Y-%m-%d': ['Y', 'm', 'd'],
}
const PATTERNS = new Map(
  (Object.keys(FIELD_ORDER) as StrptimeFormat[]).map((format) => [format, new RegExp(`^${format.replace(/%[YmdHMS]/g, (field) => FIELDS[field] as string).replace(/ /g, '\\s+')}`, 'i')]),
)

/**
 * What `strptime` has read, by format: the tools read the same database dates again in every
 * replay of a conversation (a search reads every row's date), and reading one is most of a
 * search's time in a short run. Only texts that parsed are kept, and only so many.
 */
const PARSED = new Map<StrptimeFormat, Map<string, number>>((Object.keys(FIELD_ORDER) as StrptimeFormat[]).map((format) => [format, new Map()]))
const PARSED_LIMIT = 10_000

/**
 * Python's `datetime.strptime(value, format)` for ToolTalk's formats, as seconds of a naive
 * calendar (no time zone). It fails as CPython 3.11 fails, with its texts: a value that is not
 * text (`TypeError: strptime() argument 1 must be str, not None`), a text that does not fit
 * (`ValueError: time data '25:00' does not match format '%H:%M:%S'`), text left over
 * (`unconverted data remains: …`), a day the month lacks (`day is out of range for month`) and a
 * leap second (`second must be in 0..59`).
 */
export function strptime(value: JsonValue | undefined, format: StrptimeFormat): number {
  // CPython's argument check names None as "None" and other types by their name.
  if (typeof value !== 'string') throw new PythonError('TypeError', `strptime() argument 1 must be str, not ${value === null || value === undefined ? 'None' : pythonTypeName(value)}`)
  const parsed = PARSED.get(format) as Map<string, number>
  const known = parsed.get(value)
  if (known !== undefined) return known
  const found = (PATTERNS.get(format) as RegExp).exec(value)
  if (found === null) throw new PythonError('ValueError', `time data ${pythonRepr(value)} does not match format ${pythonRepr(format)}`)
  if (found[0].length !== value.length) throw new PythonError('ValueError', `unconverted data remains: ${value.slice(found[0].length)}`)
  // Python's defaults for the fields a format lacks: 1900-01-01 00:00:00.
  let year = 1900
  let month = 1
  let day = 1
  let hour = 0
  let minute = 0
  let second = 0
  const order = FIELD_ORDER[format]
  for (let position = 0; position < order.length; position++) {
    // A day may come as " 7" (CPython's %d takes a space before one digit).
    const number = Number((found[position + 1] as string).trim())
    switch (order[position]) {
      case 'Y':
        year = number
        break
      case 'm':
        month = number
        break
      case 'd':
        day = number
        break
      case 'H':
        hour = number
        break
      case 'M':
        minute = number
        break
      default:
        second = number
    }
  }
  if (day > daysInMonth(year, month)) throw new PythonError('ValueError', 'day is out of range for month')
  if (second > 59) throw new PythonError('ValueError', 'second must be in 0..59')
  const seconds = daysSinceEpoch(year, month, day) * DAY_SECONDS + hour * 3600 + minute * 60 + second
  if (parsed.size < PARSED_LIMIT) parsed.set(value, seconds)
  return seconds
}

/** The days of a month of the proleptic Gregorian calendar (Python's). */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's days_from_civil). */
function daysSinceEpoch(year: number, month: number, day: number): number {
  const shifted = month <= 2 ? year - 1 : year
  const era = Math.floor(shifted / 400)
  const yearOfEra = shifted - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146097 + dayOfEra - 719468
}

/**
 * Reads `YYYY-MM-DD HH:MM:SS` as ToolTalk's `strptime` does, for toolcheck's own uses (a
 * conversation's timestamp, comparing due dates); a text that does not fit throws a tool error
 * naming the argument and the expected format.
 */
export function parseDateTime(text: string, argument: string): number {
  try {
    return strptime(text, '%Y-%m-%d %H:%M:%S')
  } catch {
    throw toolTalkError(`${argument} "${text}" is not a date and time in the format YYYY-MM-DD HH:MM:SS`)
  }
}

/** Parses `%Y-%m-%d` into seconds at midnight, or undefined when it is not a date. */
export function parseDate(text: string): number | undefined {
  try {
    return strptime(text, '%Y-%m-%d')
  } catch {
    return undefined
  }
}

/** `dayOf`'s answers by day number: the weather tools name every row's day in every call. */
const DAY_TEXTS = new Map<number, string>()

/** The `YYYY-MM-DD` day of a naive timestamp. */
export function dayOf(seconds: number): string {
  const day = Math.floor(seconds / DAY_SECONDS)
  let text = DAY_TEXTS.get(day)
  if (text === undefined) {
    text = new Date(day * DAY_SECONDS * 1000).toISOString().slice(0, 10)
    if (DAY_TEXTS.size < PARSED_LIMIT) DAY_TEXTS.set(day, text)
  }
  return text
}

/** Python's `repr` of the `datetime.date` of a naive timestamp: `datetime.date(2023, 9, 11)`. */
export function dateRepr(seconds: number): string {
  const date = new Date(Math.floor(seconds / 86400) * 86400 * 1000)
  return `datetime.date(${date.getUTCFullYear()}, ${date.getUTCMonth() + 1}, ${date.getUTCDate()})`
}
