import { z } from 'zod'
import { defineTool } from '../../../src/tools/define-tool.ts'
import type { AnyTool } from '../../../src/tools/define-tool.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import { isoWeekday, localDateTime, localToEpochSeconds } from './local-time.ts'
import { checkTimestamp } from './value-checks.ts'

const DAY = 86_400

/** The scenario clock's now. */
export const getCurrentTimestamp = defineTool({
  name: 'get_current_timestamp',
  group: 'utilities',
  description: 'Gives the current time as seconds since the Unix epoch.',
  args: z.object({}),
  returns: 'the current time in seconds since the Unix epoch (a number)',
  action: false,
  execute: (_args, { clock }) => clock.now,
})

/** Local calendar fields of a timestamp. */
export const timestampToDatetimeInfo = defineTool({
  name: 'timestamp_to_datetime_info',
  group: 'utilities',
  description: "Breaks a timestamp into the local calendar date and time of the device's time zone, with the day of the week.",
  args: z.object({
    timestamp: z.number().describe('the instant, in seconds since the Unix epoch'),
  }),
  returns: 'an object { year, month, day, hour, minute, second, isoweekday } in local time; isoweekday is 1 for Monday to 7 for Sunday',
  action: false,
  execute: ({ timestamp }, { clock }) => {
    checkTimestamp('timestamp', timestamp)
    const local = localDateTime(timestamp, clock.timeZone)
    return { ...local, isoweekday: isoWeekday(local.year, local.month, local.day) }
  },
})

/** The timestamp of local calendar fields. */
export const datetimeInfoToTimestamp = defineTool({
  name: 'datetime_info_to_timestamp',
  group: 'utilities',
  description: "Turns a local calendar date and time in the device's time zone into a timestamp.",
  args: z.object({
    year: z.number().int().describe('the year, such as 2026'),
    month: z.number().int().describe('the month, 1 for January to 12 for December'),
    day: z.number().int().describe('the day of the month, from 1'),
    hour: z.number().int().describe('the hour on a 24-hour clock, 0 to 23'),
    minute: z.number().int().describe('the minute, 0 to 59'),
    second: z.number().int().describe('the second, 0 to 59'),
  }),
  returns: 'the instant in seconds since the Unix epoch (a number)',
  action: false,
  execute: (args, { clock }) => {
    const limits = { month: [1, 12], hour: [0, 23], minute: [0, 59], second: [0, 59] } as const
    for (const [field, [lowest, highest]] of Object.entries(limits)) {
      const value = args[field as keyof typeof limits]
      if (value < lowest || value > highest) throw new ToolError('ValueError', `${field} is ${value}, but it must be between ${lowest} and ${highest}`)
    }
    const daysInMonth = new Date(Date.UTC(2000, args.month, 0)).getUTCDate() - (args.month === 2 && !isLeapYear(args.year) ? 1 : 0)
    if (args.day < 1 || args.day > daysInMonth)
      throw new ToolError('ValueError', `day is ${args.day}, but month ${args.month} of ${args.year} has days 1 to ${daysInMonth}`)
    return checkTimestamp('the resulting timestamp', localToEpochSeconds(args, clock.timeZone))
  },
})

/** A timestamp moved by a span of time. */
export const shiftTimestamp = defineTool({
  name: 'shift_timestamp',
  group: 'utilities',
  description: 'Moves a timestamp forward (positive amounts) or back (negative amounts) by weeks, days, hours, minutes and seconds. A day is 24 hours.',
  args: z.object({
    timestamp: z.number().describe('the starting instant, in seconds since the Unix epoch'),
    weeks: z.number().int().optional().describe('weeks to add; 0 when omitted'),
    days: z.number().int().optional().describe('days to add; 0 when omitted'),
    hours: z.number().int().optional().describe('hours to add; 0 when omitted'),
    minutes: z.number().int().optional().describe('minutes to add; 0 when omitted'),
    seconds: z.number().int().optional().describe('seconds to add; 0 when omitted'),
  }),
  returns: 'the shifted instant in seconds since the Unix epoch (a number)',
  action: false,
  execute: (args) => {
    checkTimestamp('timestamp', args.timestamp)
    const shift = (args.weeks ?? 0) * 7 * DAY + (args.days ?? 0) * DAY + (args.hours ?? 0) * 3600 + (args.minutes ?? 0) * 60 + (args.seconds ?? 0)
    return checkTimestamp('the shifted timestamp', args.timestamp + shift)
  },
})

/** The span between two timestamps. */
export const timestampDiff = defineTool({
  name: 'timestamp_diff',
  group: 'utilities',
  description:
    'Gives the time from timestamp_0 to timestamp_1 as whole days plus remaining seconds. When timestamp_1 is earlier the days are negative and the seconds stay between 0 and 86399.',
  args: z.object({
    timestamp_0: z.number().describe('the earlier instant, in seconds since the Unix epoch'),
    timestamp_1: z.number().describe('the later instant, in seconds since the Unix epoch'),
  }),
  returns: 'an object { days, seconds } with timestamp_1 - timestamp_0 = days × 86400 + seconds and 0 ≤ seconds < 86400',
  action: false,
  execute: (args) => {
    checkTimestamp('timestamp_0', args.timestamp_0)
    checkTimestamp('timestamp_1', args.timestamp_1)
    // Whole microseconds, as a Python timedelta keeps them, so float noise does not leak into seconds.
    const microseconds = Math.round((args.timestamp_1 - args.timestamp_0) * 1e6)
    const days = Math.floor(microseconds / (DAY * 1e6))
    const seconds = Math.floor((microseconds - days * DAY * 1e6) / 1e6)
    return { days, seconds }
  },
})

/** A duration in hours, minutes and seconds. */
export const secondsToHoursMinutesSeconds = defineTool({
  name: 'seconds_to_hours_minutes_seconds',
  group: 'utilities',
  description: 'Splits a duration given in seconds into hours, minutes and seconds. Hours are not capped at 24.',
  args: z.object({
    seconds: z.number().describe('the duration in seconds, 0 or more'),
  }),
  returns: 'an object { hour, minute, second }; hour and minute are whole numbers, second keeps any fraction',
  action: false,
  execute: ({ seconds }) => {
    if (!Number.isFinite(seconds) || seconds < 0) throw new ToolError('ValueError', `seconds is ${seconds}, but a duration must be 0 or more`)
    // Round to whole microseconds first (as a Python timedelta would), so a fraction that rounds up
    // carries into the minutes rather than giving second 60.
    const microseconds = Math.round(seconds * 1e6)
    if (!Number.isFinite(microseconds)) throw new ToolError('ValueError', `seconds is ${seconds}, too large a duration to split`)
    const hour = Math.floor(microseconds / 3_600_000_000)
    const minute = Math.floor((microseconds - hour * 3_600_000_000) / 60_000_000)
    const second = (microseconds - hour * 3_600_000_000 - minute * 60_000_000) / 1e6
    return { hour, minute, second }
  },
})

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

/** The time tools. */
export const timeTools = Object.freeze([
  getCurrentTimestamp,
  timestampToDatetimeInfo,
  datetimeInfoToTimestamp,
  shiftTimestamp,
  timestampDiff,
  secondsToHoursMinutesSeconds,
] as const)

