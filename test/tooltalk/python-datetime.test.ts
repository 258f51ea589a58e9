import { describe, expect, test } from 'vitest'
import { parseDateTime, strptime } from '../../scenarios/tooltalk/domain/python-datetime.ts'

const accepts = (parse: () => number) => {
  try {
    parse()
    return true
  } catch {
    return false
  }
}

// Whether CPython 3.11's datetime.strptime(text, '%Y-%m-%d %H:%M:%S') accepts each text, as
// worked out from its format regex (a space in the format is \s+, a day may be " 2", nothing may
// follow the seconds, not even a newline) and checked against CPython.
describe("dates and times as ToolTalk's strptime reads them", () => {
  test.for([
    ['2023-09-12 10:00:00', true],
    ['2023-9-2 8:0:0', true],
    ['2023-09-12  10:00:00', true],
    ['2023-09-12\t10:00:00', true],
    ['2023-09- 2 10:00:00', true],
    ['2024-02-29 10:00:00', true],
    ['2023-09-12 10:00:00\n', false],
    ['2023-09-12 10:00:00 ', false],
    [' 2023-09-12 10:00:00', false],
    ['2023-02-29 10:00:00', false],
    ['2023-09-31 10:00:00', false],
    ['2023-13-01 10:00:00', false],
    ['2023-00-01 10:00:00', false],
    ['2023-09-12 24:00:00', false],
    ['2023-09-12 10:60:00', false],
    ['2023-09-12 10:00:60', false],
    ['2023-09-12T10:00:00', false],
    ['23-09-12 10:00:00', false],
    ['2023-09-12 10:00', false],
  ] as const)('%j: %s', ([text, accepted]) => {
    expect(accepts(() => parseDateTime(text, 'due_date'))).toBe(accepted)
  })

  test('a day written " 2" or a wide gap reads as the same moment', () => {
    expect(parseDateTime('2023-09- 2 10:00:00', 'x')).toBe(parseDateTime('2023-09-02 10:00:00', 'x'))
    expect(parseDateTime('2023-09-02  10:00:00', 'x')).toBe(parseDateTime('2023-09-02 10:00:00', 'x'))
  })

  test.for([
    ['10:00:00', true],
    ['7:5:3', true],
    ['10:00:00\n', false],
    [' 10:00:00', false],
    ['24:00:00', false],
    ['10:00:60', false],
    ['10:00', false],
  ] as const)('time of day %j: %s', ([text, accepted]) => {
    expect(accepts(() => strptime(text, '%H:%M:%S'))).toBe(accepted)
  })

  // The texts were printed by CPython 3.11: ToolTalk records str(exception), so they are data.
  test.for([
    [null, '%H:%M:%S', 'TypeError', 'strptime() argument 1 must be str, not None'],
    [7, '%H:%M:%S', 'TypeError', 'strptime() argument 1 must be str, not int'],
    [['10:00:00'], '%H:%M:%S', 'TypeError', 'strptime() argument 1 must be str, not list'],
    ['25:00:00', '%H:%M:%S', 'ValueError', "time data '25:00:00' does not match format '%H:%M:%S'"],
    ["it's", '%H:%M:%S', 'ValueError', `time data "it's" does not match format '%H:%M:%S'`],
    ['10:00:00x', '%H:%M:%S', 'ValueError', 'unconverted data remains: x'],
    ['2023-02-30 10:00:00', '%Y-%m-%d %H:%M:%S', 'ValueError', 'day is out of range for month'],
    ['2023-02-10 10:00:61', '%Y-%m-%d %H:%M:%S', 'ValueError', 'second must be in 0..59'],
  ] as const)('strptime(%j, %j) raises %s: %s', ([value, format, kind, message]) => {
    expect(() => strptime(value as never, format)).toThrow(expect.objectContaining({ kind, message }))
  })
})
