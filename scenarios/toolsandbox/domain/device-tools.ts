import type { AnyTool } from '../../../src/tools/define-tool.ts'
import { calculateLatLonDistance } from './calculate-distance-tool.ts'
import { convertCurrency } from './currency-tool.ts'
import { addContact, modifyContact, removeContact, searchContacts } from './contacts-tools.ts'
import { searchLatLon, searchLocationAroundLatLon } from './maps-tools.ts'
import { searchMessages, sendMessageWithPhoneNumber } from './messaging-tools.ts'
import { addReminder, modifyReminder, removeReminder, searchReminder } from './reminders-tools.ts'
import { searchHoliday } from './search-holiday-tool.ts'
import {
  getCellularServiceStatus,
  getCurrentLocation,
  getLocationServiceStatus,
  getLowBatteryModeStatus,
  getWifiStatus,
  setCellularServiceStatus,
  setLocationServiceStatus,
  setLowBatteryModeStatus,
  setWifiStatus,
} from './settings-tools.ts'
import { searchStock } from './stock-tool.ts'
import {
  datetimeInfoToTimestamp,
  getCurrentTimestamp,
  secondsToHoursMinutesSeconds,
  shiftTimestamp,
  timestampDiff,
  timestampToDatetimeInfo,
} from './time-tools.ts'
import { unitConversion } from './unit-conversion-tool.ts'
import { searchWeatherAroundLatLon } from './weather-tool.ts'

/**
 * Every built-in device tool: the 33 ToolSandbox agent tools. (The simulated user's
 * `end_conversation` belongs to every run, not to a domain.)
 *
 * Each tool's `group` is the ToolSandbox module that defines it (`contact`, `messaging`,
 * `rapid_api_search_tools`, `reminder`, `setting`, `utilities`), so distraction tools and
 * scrambled names (`setting_8`) come out as ToolSandbox's. The order is the one in which
 * ToolSandbox discovers its tools and shows them to an agent: modules in alphabetical order, each
 * module's functions in alphabetical order, where a module that imports another module's tool
 * lists it first (`messaging` imports `get_cellular_service_status`, `rapid_api_search_tools`
 * imports four `setting` tools).
 */
export const deviceTools = Object.freeze([
  // contact
  addContact,
  modifyContact,
  removeContact,
  searchContacts,
  // messaging (with setting's get_cellular_service_status, which it imports)
  getCellularServiceStatus,
  searchMessages,
  sendMessageWithPhoneNumber,
  // rapid_api_search_tools (with the four setting tools it imports)
  convertCurrency,
  getCurrentLocation,
  getLocationServiceStatus,
  getWifiStatus,
  searchLatLon,
  searchLocationAroundLatLon,
  searchStock,
  searchWeatherAroundLatLon,
  // reminder
  addReminder,
  modifyReminder,
  removeReminder,
  searchReminder,
  // setting
  getLowBatteryModeStatus,
  setCellularServiceStatus,
  setLocationServiceStatus,
  setLowBatteryModeStatus,
  setWifiStatus,
  // utilities
  calculateLatLonDistance,
  datetimeInfoToTimestamp,
  getCurrentTimestamp,
  searchHoliday,
  secondsToHoursMinutesSeconds,
  shiftTimestamp,
  timestampDiff,
  timestampToDatetimeInfo,
  unitConversion,
] as const satisfies readonly AnyTool[])
