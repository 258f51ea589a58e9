import { describe, expect, it } from 'vitest'
import {
  datetimeInfoToTimestamp,
  getCurrentTimestamp,
  secondsToHoursMinutesSeconds,
  shiftTimestamp,
  timestampDiff,
  timestampToDatetimeInfo,
} from '../../../scenarios/toolsandbox/domain/time-tools.ts'
import { call, callError, CLOCK } from './helpers.ts'

const utc = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) => Date.UTC(year, month - 1, day, hour, minute, second) / 1000

describe('time tools', () => {
  it('reads the clock, not the wall clock', async () => {
    expect((await call(getCurrentTimestamp, {})).result).toBe(CLOCK.now)
  })

  it('gives local fields with the ISO weekday', async () => {
    expect((await call(timestampToDatetimeInfo, { timestamp: CLOCK.now })).result).toEqual({ year: 2026, month: 5, day: 14, hour: 10, minute: 0, second: 0, isoweekday: 4 })
    const tokyo = { ...CLOCK, timeZone: 'Asia/Tokyo' }
    expect((await call(timestampToDatetimeInfo, { timestamp: CLOCK.now }, undefined, tokyo)).result).toMatchObject({ day: 15, hour: 2, isoweekday: 5 })
    expect((await callError(timestampToDatetimeInfo, { timestamp: CLOCK.now * 1000 })).message).toMatch(/milliseconds/)
  })

  it('is correct on both sides of the Los Angeles DST changes', async () => {
    // Clocks went forward at 02:00 PST on 8 March 2026 (10:00 UTC) and go back at 02:00 PDT on 1 November 2026 (09:00 UTC).
    const before = (await call(timestampToDatetimeInfo, { timestamp: utc(2026, 3, 8, 9, 59, 59) })).result
    const after = (await call(timestampToDatetimeInfo, { timestamp: utc(2026, 3, 8, 10, 0, 0) })).result
    expect(before).toMatchObject({ day: 8, hour: 1, minute: 59, second: 59, isoweekday: 7 })
    expect(after).toMatchObject({ day: 8, hour: 3, minute: 0, second: 0 })
    const toTimestamp = async (day: number, month: number, hour: number, minute = 0) =>
      (await call(datetimeInfoToTimestamp, { year: 2026, month, day, hour, minute, second: 0 })).result
    expect(await toTimestamp(7, 3, 12)).toBe(utc(2026, 3, 7, 20))
    expect(await toTimestamp(9, 3, 12)).toBe(utc(2026, 3, 9, 19))
    // 02:30 does not exist on 8 March; like Python it is read with the offset before the change.
    expect(await toTimestamp(8, 3, 2, 30)).toBe(utc(2026, 3, 8, 10, 30))
    // 01:30 happens twice on 1 November; the earlier (still PDT) instant is chosen.
    expect(await toTimestamp(1, 11, 1, 30)).toBe(utc(2026, 11, 1, 8, 30))
    expect(await toTimestamp(1, 11, 3, 0)).toBe(utc(2026, 11, 1, 11))
    // Round trip across the spring change.
    const noon = await toTimestamp(8, 3, 12)
    expect((await call(timestampToDatetimeInfo, { timestamp: noon as number })).result).toMatchObject({ hour: 12, day: 8 })
  })

  it('refuses impossible dates', async () => {
    expect((await callError(datetimeInfoToTimestamp, { year: 2026, month: 2, day: 29, hour: 0, minute: 0, second: 0 })).message).toMatch(/days 1 to 28/)
    expect((await call(datetimeInfoToTimestamp, { year: 2028, month: 2, day: 29, hour: 0, minute: 0, second: 0 })).result).toBe(utc(2028, 2, 29, 8))
    expect((await callError(datetimeInfoToTimestamp, { year: 2026, month: 13, day: 1, hour: 0, minute: 0, second: 0 })).message).toMatch(/month is 13/)
  })

  it('shifts by fixed spans', async () => {
    expect((await call(shiftTimestamp, { timestamp: CLOCK.now, weeks: 1, days: -1, hours: 2, minutes: 3, seconds: 4 })).result).toBe(CLOCK.now + 6 * 86_400 + 7384)
    expect((await call(shiftTimestamp, { timestamp: CLOCK.now })).result).toBe(CLOCK.now)
  })

  it('normalizes differences like a Python timedelta', async () => {
    expect((await call(timestampDiff, { timestamp_0: CLOCK.now, timestamp_1: CLOCK.now + 90_061 })).result).toEqual({ days: 1, seconds: 3661 })
    expect((await call(timestampDiff, { timestamp_0: CLOCK.now, timestamp_1: CLOCK.now - 1 })).result).toEqual({ days: -1, seconds: 86_399 })
    expect((await call(timestampDiff, { timestamp_0: CLOCK.now + 0.1, timestamp_1: CLOCK.now + 0.3 })).result).toEqual({ days: 0, seconds: 0 })
  })

  it('splits durations without a time zone and beyond a day', async () => {
    expect((await call(secondsToHoursMinutesSeconds, { seconds: 3725 })).result).toEqual({ hour: 1, minute: 2, second: 5 })
    expect((await call(secondsToHoursMinutesSeconds, { seconds: 90_000.5 })).result).toEqual({ hour: 25, minute: 0, second: 0.5 })
    expect((await call(secondsToHoursMinutesSeconds, { seconds: 0 }, undefined, { ...CLOCK, timeZone: 'Asia/Kolkata' })).result).toEqual({ hour: 0, minute: 0, second: 0 })
    expect((await callError(secondsToHoursMinutesSeconds, { seconds: -1 })).kind).toBe('ValueError')
    // A fraction that rounds up to a whole minute carries into the minutes instead of giving second 60.
    expect((await call(secondsToHoursMinutesSeconds, { seconds: 119.9999999 })).result).toEqual({ hour: 0, minute: 2, second: 0 })
    expect((await call(secondsToHoursMinutesSeconds, { seconds: 3599.99999999 })).result).toEqual({ hour: 1, minute: 0, second: 0 })
  })
})
