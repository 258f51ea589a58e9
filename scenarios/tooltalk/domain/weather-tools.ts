import { z } from 'zod'
import type { Row } from '../../../src/world/index.ts'
import { DAY_SECONDS, dayOf, parseDate } from './python-datetime.ts'
import { plainRow, ToolTalkStore } from './tooltalk-store.ts'
import { defineToolTalkTool, toolTalkError, toolTalkState } from './tooltalk-tool.ts'

const GROUP = 'tooltalk-weather'

/** ToolTalk looks locations up lower-cased and trimmed. */
function locationKey(location: string): string {
  return location.toLowerCase().trim()
}

/** The weather rows of a location by day (`YYYY-MM-DD`), or a tool error when it is unknown. */
function daysOf(store: ToolTalkStore, location: string): Map<string, Row> {
  if (!store.hasScope('Weather', location)) throw toolTalkError(`No weather data for ${location}.`)
  const days = new Map<string, Row>()
  for (const row of store.entries('Weather', location)) {
    const day = parseDate(String(row._key))
    if (day !== undefined) days.set(dayOf(day), row)
  }
  return days
}

function dayRow(days: Map<string, Row>, seconds: number, location: string): Row {
  const day = dayOf(seconds)
  const row = days.get(day)
  if (row === undefined) throw toolTalkError(`No weather data for ${location} on ${day}.`)
  return row
}

/** CurrentWeather: today's weather at a location. */
export const currentWeather = defineToolTalkTool({
  name: 'CurrentWeather', group: GROUP, plugin: 'Weather', requiresAuth: false, action: false,
  description: "Gives today's weather at a place.",
  args: z.strictObject({ location: z.string().describe('The city, such as "London".') }),
  returns: 'weather: the date, high and low temperature and conditions',
  execute: ({ location }, context) => {
    const key = locationKey(location)
    const days = daysOf(new ToolTalkStore(context.world), key)
    return { weather: plainRow(dayRow(days, toolTalkState(context).now, key)) }
  },
})

/** ForecastWeather: the next three days at a location. */
export const forecastWeather = defineToolTalkTool({
  name: 'ForecastWeather', group: GROUP, plugin: 'Weather', requiresAuth: false, action: false,
  description: 'Gives the weather forecast for the next three days at a place.',
  args: z.strictObject({ location: z.string().describe('The city, such as "London".') }),
  returns: 'forecast: three days, each with its date, high and low temperature and conditions',
  execute: ({ location }, context) => {
    const key = locationKey(location)
    const days = daysOf(new ToolTalkStore(context.world), key)
    const now = toolTalkState(context).now
    return { forecast: [1, 2, 3].map((offset) => plainRow(dayRow(days, now + offset * DAY_SECONDS, key))) }
  },
})

/** HistoricWeather: the usual weather of a month at a location. */
export const historicWeather = defineToolTalkTool({
  name: 'HistoricWeather', group: GROUP, plugin: 'Weather', requiresAuth: false, action: false,
  description: 'Gives the usual weather of a month at a place: temperatures, records, rainfall and snow days.',
  args: z.strictObject({
    location: z.string().describe('The city, such as "London".'),
    month: z.string().describe('The month, written out in full, such as "September".'),
  }),
  returns: 'weather: min_temp, max_temp, record_min_temp, record_max_temp (Fahrenheit), avg_rainfall (inches) and snow_days',
  execute: ({ location, month }, context) => {
    const key = locationKey(location)
    const store = new ToolTalkStore(context.world)
    if (!store.hasScope('HistoricWeather', key)) throw toolTalkError(`No weather history for ${key}.`)
    // Only the month is lower-cased; unlike the location it is not trimmed.
    const monthKey = month.toLowerCase()
    const row = store.entry('HistoricWeather', key, monthKey)
    if (row === undefined) throw toolTalkError(`No weather history for ${key} in ${monthKey}.`)
    return { weather: plainRow(row) }
  },
})

/** The Weather plugin, in ToolTalk's order. */
export const weatherTools = [currentWeather, forecastWeather, historicWeather] as const

