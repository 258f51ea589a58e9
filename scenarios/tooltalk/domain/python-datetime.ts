import type { JsonValue } from '../../../src/world/index.ts'
import { PythonError, pythonRepr, pythonTypeName } from './python-values.ts'
import { toolTalkError } from './tooltalk-tool.ts'

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
  const found = (PATTERNS.get(format) as RegExp).exec(value)
  if (found === null) throw new PythonError('ValueError', `time data ${pythonRepr(value)} does not match format ${pythonRepr(format)}`)
  if (found[0].length !== value.length) throw new PythonError('ValueError', `unconverted data remains: ${value.slice(found[0].length)}`)
  const parts: Record<string, number> = { Y: 1900, m: 1, d: 1, H: 0, M: 0, S: 0 }
  for (const [position, field] of (FIELD_ORDER[format] as readonly string[]).entries()) parts[field] = Number((found[position + 1] as string).trim())
  const { Y: year, m: month, d: day, H: hour, M: minute, S: second } = parts as Record<'Y' | 'm' | 'd' | 'H' | 'M' | 'S', number>
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) throw new PythonError('ValueError', 'day is out of range for month')
  if (second > 59) throw new PythonError('ValueError', 'second must be in 0..59')
  const utc = new Date(0)
  utc.setUTCFullYear(year, month - 1, day)
  utc.setUTCHours(hour, minute, second, 0)
  return utc.getTime() / 1000
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

/** The `YYYY-MM-DD` day of a naive timestamp. */
export function dayOf(seconds: number): string {
  return new Date(Math.floor(seconds / 86400) * 86400 * 1000).toISOString().slice(0, 10)
}

/** Python's `repr` of the `datetime.date` of a naive timestamp: `datetime.date(2023, 9, 11)`. */
export function dateRepr(seconds: number): string {
  const date = new Date(Math.floor(seconds / 86400) * 86400 * 1000)
  return `datetime.date(${date.getUTCFullYear()}, ${date.getUTCMonth() + 1}, ${date.getUTCDate()})`
}

/** One day in seconds. */
export const DAY_SECONDS = 86400
