import type { AnyTool } from '../../../src/tools/define-tool.ts'
import { calculateLatLonDistance } from './calculate-distance-tool.ts'
import { convertCurrency } from './currency-tool.ts'
import { contactsTools } from './contacts-tools.ts'
import { searchLatLon, searchLocationAroundLatLon } from './maps-tools.ts'
import { messagingTools } from './messaging-tools.ts'
import { remindersTools } from './reminders-tools.ts'
import { searchHoliday } from './search-holiday-tool.ts'
import { settingsTools } from './settings-tools.ts'
import { searchStock } from './stock-tool.ts'
import { timeTools } from './time-tools.ts'
import { unitConversion } from './unit-conversion-tool.ts'
import { searchWeatherAroundLatLon } from './weather-tool.ts'

/**
 * Every built-in device tool: the 33 ToolSandbox agent tools. (The simulated user's
 * `end_conversation` belongs to every run, not to a domain.)
 */
export const deviceTools = Object.freeze([
  ...contactsTools,
  ...messagingTools,
  ...settingsTools,
  ...remindersTools,
  ...timeTools,
  unitConversion,
  calculateLatLonDistance,
  searchHoliday,
  searchLatLon,
  searchLocationAroundLatLon,
  searchWeatherAroundLatLon,
  searchStock,
  convertCurrency,
] as const)
