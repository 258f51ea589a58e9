import { z } from 'zod'
import { defineTool } from '../../../src/tools/define-tool.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import { fuzzyScore, ratio, processText } from '../../../src/tools/fuzzy-score.ts'
import { localDateTime, localToEpochSeconds } from './local-time.ts'
import { requireSetting } from '../../../src/tools/require-setting.ts'
import { WIFI } from './state-requirements.ts'
import { usHolidays } from './us-holidays.ts'
import type { Holiday } from './us-holidays.ts'

/** The lowest fuzzy score (see `fuzzyScore`) at which a holiday name counts as meant. */
export const HOLIDAY_MATCH_THRESHOLD = 85

/**
 * The holiday a name most likely means, or undefined. Every name and alias is scored; ties go to
 * the closer plain spelling, so "Christmas" finds Christmas Day rather than Christmas Eve.
 */
export function findHoliday(name: string, year: number): Holiday | undefined {
  let best: { holiday: Holiday; score: number; closeness: number } | undefined
  for (const holiday of usHolidays(year)) {
    for (const candidate of [holiday.name, ...holiday.aliases]) {
      const score = fuzzyScore(name, candidate)
      const closeness = ratio(processText(name), processText(candidate))
      if (best === undefined || score > best.score || (score === best.score && closeness > best.closeness)) best = { holiday, score, closeness }
    }
  }
  return best !== undefined && best.score >= HOLIDAY_MATCH_THRESHOLD ? best.holiday : undefined
}

/** The date of a US holiday. */
export const searchHoliday = defineTool({
  name: 'search_holiday',
  group: 'utilities',
  description:
    'Looks up the date of a US holiday (the federal holidays and common observances such as Easter, Mother\'s Day or Halloween) in a given year. Needs Wi-Fi.',
  args: z.object({
    holiday_name: z.string().describe('the name of the holiday, such as Thanksgiving or Memorial Day'),
    year: z.number().int().optional().describe('the year; the current year when omitted'),
  }),
  returns: 'the timestamp (seconds since the Unix epoch) of local midnight at the start of the holiday, or null when no holiday by that name is known',
  action: false,
  requires: [WIFI],
  execute: (args, { world, clock }) => {
    requireSetting({ world }, WIFI)
    const year = args.year ?? localDateTime(clock.now, clock.timeZone).year
    // The holiday rules used are those in force since the Uniform Monday Holiday Act (1971).
    if (year < 1971 || year > 9999) throw new ToolError('ValueError', `year is ${year}, but holidays can be looked up for 1971 to 9999`)
    const holiday = findHoliday(args.holiday_name, year)
    if (holiday === undefined) return null
    return localToEpochSeconds({ year, month: holiday.month, day: holiday.day, hour: 0, minute: 0, second: 0 }, clock.timeZone)
  },
})
