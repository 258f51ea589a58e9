import { describe, expect, it } from 'vitest'
import { buildStartingWorld } from '../../../scenarios/toolsandbox/domain/index.ts'
import { findHoliday, searchHoliday } from '../../../scenarios/toolsandbox/domain/search-holiday-tool.ts'
import { usHolidays } from '../../../scenarios/toolsandbox/domain/us-holidays.ts'
import { call, callError, CLOCK } from './helpers.ts'

const dates = (year: number) => Object.fromEntries(usHolidays(year).map((holiday) => [holiday.name, `${holiday.month}-${holiday.day}`]))

describe('US holidays', () => {
  it.each([
    [2024, { mlk: '1-15', washington: '2-19', memorial: '5-27', labor: '9-2', columbus: '10-14', thanksgiving: '11-28', easter: '3-31', mothers: '5-12', fathers: '6-16' }],
    [2025, { mlk: '1-20', washington: '2-17', memorial: '5-26', labor: '9-1', columbus: '10-13', thanksgiving: '11-27', easter: '4-20', mothers: '5-11', fathers: '6-15' }],
    [2026, { mlk: '1-19', washington: '2-16', memorial: '5-25', labor: '9-7', columbus: '10-12', thanksgiving: '11-26', easter: '4-5', mothers: '5-10', fathers: '6-21' }],
    [2027, { mlk: '1-18', washington: '2-15', memorial: '5-31', labor: '9-6', columbus: '10-11', thanksgiving: '11-25', easter: '3-28', mothers: '5-9', fathers: '6-20' }],
  ])('%s', (year, expected) => {
    const found = dates(year)
    expect(found).toMatchObject({
      "New Year's Day": '1-1',
      'Martin Luther King Jr. Day': expected.mlk,
      "Washington's Birthday": expected.washington,
      'Memorial Day': expected.memorial,
      'Juneteenth National Independence Day': '6-19',
      'Independence Day': '7-4',
      'Labor Day': expected.labor,
      'Columbus Day': expected.columbus,
      'Veterans Day': '11-11',
      'Thanksgiving Day': expected.thanksgiving,
      'Christmas Day': '12-25',
      'Easter Sunday': expected.easter,
      "Mother's Day": expected.mothers,
      "Father's Day": expected.fathers,
    })
    expect(usHolidays(year).filter((holiday) => holiday.federal)).toHaveLength(11)
  })

  it('keeps the rules of other eras: Veterans Day in October 1971-1977, and far-off years', () => {
    // 1975: the fourth Monday of October was the 27th; 1978 went back to November 11.
    expect(dates(1975)['Veterans Day']).toBe('10-27')
    expect(dates(1978)['Veterans Day']).toBe('11-11')
    // 2100: Thanksgiving on the fourth Thursday of November (the 25th), Easter on March 28.
    expect(dates(2100)).toMatchObject({ 'Thanksgiving Day': '11-25', 'Easter Sunday': '3-28' })
  })

  it('has no Juneteenth before 2021 and no MLK Day before 1986', () => {
    expect(dates(2020)).not.toHaveProperty('Juneteenth National Independence Day')
    expect(dates(1985)).not.toHaveProperty('Martin Luther King Jr. Day')
  })

  it('matches names loosely', () => {
    expect(findHoliday('thanksgiving', 2026)?.name).toBe('Thanksgiving Day')
    expect(findHoliday("President's day", 2026)?.name).toBe("Washington's Birthday")
    expect(findHoliday('Christmas', 2026)?.name).toBe('Christmas Day')
    expect(findHoliday('christmas eve', 2026)?.name).toBe('Christmas Eve')
    expect(findHoliday('Labour day', 2026)?.name).toBe('Labor Day')
    expect(findHoliday('mothers day', 2026)?.name).toBe("Mother's Day")
    expect(findHoliday('Diwali', 2026)).toBeUndefined()
  })
})

describe('search_holiday', () => {
  it('gives local midnight of the clock year by default', async () => {
    expect((await call(searchHoliday, { holiday_name: 'Thanksgiving' })).result).toBe(Date.UTC(2026, 10, 26, 8) / 1000)
    expect((await call(searchHoliday, { holiday_name: 'Independence Day', year: 2027 })).result).toBe(Date.UTC(2027, 6, 4, 7) / 1000)
    expect((await call(searchHoliday, { holiday_name: 'Festival of Nothing' })).result).toBeNull()
  })

  it('needs wifi', async () => {
    const error = await callError(searchHoliday, { holiday_name: 'Christmas' }, buildStartingWorld({ settings: { wifi: false } }, CLOCK))
    expect(error.kind).toBe('ConnectionError')
    expect(error.message).toMatch(/Wi-Fi is off/)
  })
})

describe('search_holiday years', () => {
  it('looks up any year under the rules in force since 1971, and refuses earlier ones', async () => {
    expect((await call(searchHoliday, { holiday_name: 'Veterans Day', year: 1975 })).result).toBe(Date.UTC(1975, 9, 27, 8) / 1000)
    expect((await call(searchHoliday, { holiday_name: 'Thanksgiving', year: 2100 })).result).toBe(Date.UTC(2100, 10, 25, 8) / 1000)
    expect((await callError(searchHoliday, { holiday_name: 'Thanksgiving', year: 1960 })).message).toContain('holidays can be looked up for 1971 to 9999')
  })
})
