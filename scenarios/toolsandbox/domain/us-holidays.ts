/** A holiday on a given date. */
export interface Holiday {
  /** The official or usual name. */
  readonly name: string
  /** Other names people use for it. */
  readonly aliases: readonly string[]
  readonly month: number
  readonly day: number
  /** True for the eleven US federal holidays, false for the common observances. */
  readonly federal: boolean
}

const SUNDAY = 0
const MONDAY = 1
const THURSDAY = 4

/** The day of the month of the n-th given weekday (0 = Sunday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = utcDate(year, month, 1).getUTCDay()
  return 1 + ((weekday - first + 7) % 7) + (n - 1) * 7
}

/** The day of the month of the last given weekday of a month. */
function lastWeekday(year: number, month: number, weekday: number): number {
  const lastDay = utcDate(year, month + 1, 0).getUTCDate()
  const last = utcDate(year, month, lastDay).getUTCDay()
  return lastDay - ((last - weekday + 7) % 7)
}

function utcDate(year: number, month: number, day: number): Date {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date
}

/** Easter Sunday of the Gregorian calendar (the anonymous "Meeus/Jones/Butcher" computus). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return { month, day }
}

/**
 * The holidays of a year, in calendar order: the US federal holidays (New Year's Day, Martin
 * Luther King Jr. Day from 1986, Washington's Birthday, Memorial Day, Juneteenth from 2021,
 * Independence Day, Labor Day, Columbus Day, Veterans Day (the fourth Monday of October in
 * 1971 to 1977), Thanksgiving Day, Christmas Day) under the rules in force since 1971, on
 * their actual dates (not the weekday "observed" substitutes), plus observances people often ask
 * about: Valentine's Day, St. Patrick's Day, Good Friday, Easter Sunday, Mother's Day, Father's
 * Day, Halloween, Christmas Eve and New Year's Eve.
 */
export function usHolidays(year: number): Holiday[] {
  const federal = (name: string, aliases: readonly string[], month: number, day: number): Holiday => ({ name, aliases, month, day, federal: true })
  const observance = (name: string, aliases: readonly string[], month: number, day: number): Holiday => ({ name, aliases, month, day, federal: false })
  const easter = easterSunday(year)
  const goodFriday = utcDate(year, easter.month, easter.day - 2)
  const holidays: Holiday[] = [
    federal("New Year's Day", ['New Year', 'New Years'], 1, 1),
    observance("Valentine's Day", ['Valentines', 'Saint Valentine'], 2, 14),
    federal("Washington's Birthday", ["Presidents' Day", 'Presidents Day', "President's Day"], 2, nthWeekday(year, 2, MONDAY, 3)),
    observance("St. Patrick's Day", ["Saint Patrick's Day", 'St Patricks Day'], 3, 17),
    observance('Good Friday', [], goodFriday.getUTCMonth() + 1, goodFriday.getUTCDate()),
    observance('Easter Sunday', ['Easter'], easter.month, easter.day),
    observance("Mother's Day", ['Mothers Day'], 5, nthWeekday(year, 5, SUNDAY, 2)),
    federal('Memorial Day', [], 5, lastWeekday(year, 5, MONDAY)),
    observance("Father's Day", ['Fathers Day'], 6, nthWeekday(year, 6, SUNDAY, 3)),
    federal('Independence Day', ['Fourth of July', 'July 4th', 'July Fourth'], 7, 4),
    federal('Labor Day', ['Labour Day'], 9, nthWeekday(year, 9, MONDAY, 1)),
    federal('Columbus Day', ["Indigenous Peoples' Day"], 10, nthWeekday(year, 10, MONDAY, 2)),
    observance('Halloween', ["All Hallows' Eve"], 10, 31),
    // From 1971 to 1977 Veterans Day fell on the fourth Monday of October (Uniform Monday Holiday Act).
    year >= 1971 && year <= 1977
      ? federal('Veterans Day', ["Veterans' Day", 'Armistice Day'], 10, nthWeekday(year, 10, MONDAY, 4))
      : federal('Veterans Day', ["Veterans' Day", 'Armistice Day'], 11, 11),
    federal('Thanksgiving Day', ['Thanksgiving'], 11, nthWeekday(year, 11, THURSDAY, 4)),
    observance('Christmas Eve', [], 12, 24),
    federal('Christmas Day', ['Christmas', 'Xmas'], 12, 25),
    observance("New Year's Eve", ['New Years Eve'], 12, 31),
  ]
  if (year >= 1986) holidays.splice(1, 0, federal('Martin Luther King Jr. Day', ['MLK Day', 'Martin Luther King Day'], 1, nthWeekday(year, 1, MONDAY, 3)))
  if (year >= 2021) {
    const position = holidays.findIndex((holiday) => holiday.name === 'Independence Day')
    holidays.splice(position, 0, federal('Juneteenth National Independence Day', ['Juneteenth'], 6, 19))
  }
  return holidays
}
