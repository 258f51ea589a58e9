import type { JsonValue, Row } from '../../../src/world/index.ts'
import { DAY_SECONDS, dateRepr, dayOf, parseDate } from './python-datetime.ts'
import { apiException, PythonError, pythonLower } from './python-values.ts'
import { parameter } from './tooltalk-parameters.ts'
import { plainRow, ToolTalkStore } from './tooltalk-store.ts'
import { defineToolTalkTool, toolTalkState } from './tooltalk-tool.ts'

const GROUP = 'tooltalk-weather'

/** ToolTalk looks locations up lower-cased and trimmed (`location.lower().strip()`). */
function locationKey(location: JsonValue | undefined): string {
  return pythonLower(location).trim()
}

/** The weather rows of a location by day (`YYYY-MM-DD`), or ToolTalk's "not found". */
function daysOf(store: ToolTalkStore, location: string): Map<string, Row> {
  if (!store.hasScope('Weather', location)) throw apiException(`Location ${location} not found in database`)
  const days = new Map<string, Row>()
  for (const row of store.entries('Weather', location)) {
    const day = parseDate(String(row._key))
    if (day !== undefined) days.set(dayOf(day), row)
  }
  return days
}

/** The row of one day; a missing day is Python's `KeyError`, whose text is the date's repr. */
function dayRow(days: Map<string, Row>, seconds: number): Row {
  const row = days.get(dayOf(seconds))
  if (row === undefined) throw new PythonError('KeyError', dateRepr(seconds))
  return row
}

/** CurrentWeather: today's weather at a location. */
export const currentWeather = defineToolTalkTool({
  name: 'CurrentWeather', group: GROUP, plugin: 'Weather', requiresAuth: false, action: false,
  description: "Gives today's weather at a place.",
  parameters: { location: parameter.string('The city, such as "London".') },
  returns: 'weather: the date, high and low temperature and conditions',
  call: (values, context) => {
    const days = daysOf(new ToolTalkStore(context.world), locationKey(values.location))
    return { weather: plainRow(dayRow(days, toolTalkState(context).now)) }
  },
})

/** ForecastWeather: the next three days at a location. */
export const forecastWeather = defineToolTalkTool({
  name: 'ForecastWeather', group: GROUP, plugin: 'Weather', requiresAuth: false, action: false,
  description: 'Gives the weather forecast for the next three days at a place.',
  parameters: { location: parameter.string('The city, such as "London".') },
  returns: 'forecast: three days, each with its date, high and low temperature and conditions',
  call: (values, context) => {
    const days = daysOf(new ToolTalkStore(context.world), locationKey(values.location))
    const now = toolTalkState(context).now
    return { forecast: [1, 2, 3].map((offset) => plainRow(dayRow(days, now + offset * DAY_SECONDS))) }
  },
})

/** HistoricWeather: the usual weather of a month at a location. */
export const historicWeather = defineToolTalkTool({
  name: 'HistoricWeather', group: GROUP, plugin: 'Weather', requiresAuth: false, action: false,
  description: 'Gives the usual weather of a month at a place: temperatures, records, rainfall and snow days.',
  parameters: {
    location: parameter.string('The city, such as "London".'),
    month: parameter.string('The month, written out in full, such as "September".'),
  },
  returns: 'weather: min_temp, max_temp, record_min_temp, record_max_temp (Fahrenheit), avg_rainfall (inches) and snow_days',
  call: (values, context) => {
    const key = locationKey(values.location)
    const store = new ToolTalkStore(context.world)
    if (!store.hasScope('HistoricWeather', key)) throw apiException(`Location ${key} not found in database`)
    // Only the month is lower-cased; unlike the location it is not trimmed.
    const month = pythonLower(values.month)
    const row = store.entry('HistoricWeather', key, month)
    if (row === undefined) throw apiException(`Historic weather data for ${key} missing for month ${month}`)
    return { weather: plainRow(row) }
  },
})

/** The Weather plugin, in ToolTalk's order. */
export const weatherTools = [currentWeather, forecastWeather, historicWeather] as const
