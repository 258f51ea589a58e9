/**
 * The built-in device domains: ToolSandbox-compatible tools over a small simulated phone.
 *
 * Groups (the `group` of each tool: ToolSandbox's module that defines it, so distraction tools
 * and scrambled names come out as ToolSandbox's):
 * - `contact`: add_contact, modify_contact, remove_contact, search_contacts
 * - `messaging`: send_message_with_phone_number (needs cellular), search_messages
 * - `setting`: the four on/off switches with their readers (low battery mode, location service,
 *   cellular, Wi-Fi) and get_current_location (needs the location service)
 * - `reminder`: add_reminder, modify_reminder, search_reminder, remove_reminder
 * - `utilities`: get_current_timestamp, timestamp_to_datetime_info, datetime_info_to_timestamp,
 *   shift_timestamp, timestamp_diff, seconds_to_hours_minutes_seconds (the scenario clock and its
 *   time zone), unit_conversion, calculate_lat_lon_distance, search_holiday
 * - `rapid_api_search_tools`: search_lat_lon, search_location_around_lat_lon,
 *   search_weather_around_lat_lon, search_stock, convert_currency
 * - `conversation`: end_conversation (the simulated user's tool)
 *
 * The online tools (search_lat_lon, search_location_around_lat_lon, search_weather_around_lat_lon,
 * search_stock, convert_currency, search_holiday) need Wi-Fi; the ones that take an optional
 * latitude/longitude read the device position when both are omitted, which needs the location
 * service. Low battery mode switches cellular, Wi-Fi and location service off and refuses to
 * switch them back on.
 *
 * The default world (`defaultWorld(clock)`, timestamps relative to the clock's now):
 * - settings: everything on except low battery mode; the device is at San Francisco's Civic
 *   Center (37.7793, -122.4193);
 * - contacts: Jordan Lee (the owner, `is_self`, +14155550132), Priya Natarajan (friend,
 *   +14155550178), Marcus Bell (boss, +16505550143), Elena Vasquez (sister, +13105550191),
 *   Sam Okafor (coworker, +12065550117), Rose Lee (grandmother, +15035550126);
 * - messages: a parcel notice from +14085550199 (not a contact) two days ago and Jordan's reply;
 *   Marcus asking for the quarterly slides and Jordan's answer three hours ago; Priya asking about
 *   climbing on Saturday 25 minutes ago;
 * - reminders: "Renew the car registration" (overdue by two days), "Book a table for Elena's
 *   birthday dinner" (in two days), "Pick up the suit from the dry cleaner" (in an hour, at a dry
 *   cleaner in Hayes Valley).
 *
 * The bundled offline data (`scenarios/toolsandbox/domain/data/`), invented for testing and independent of the
 * wall clock: places in San Francisco, New York, Chicago, Seattle, Austin and Boston (name,
 * address, category, coordinates, rating), and Apple Park, the Golden Gate Bridge and the Grand
 * Canyon's South Rim, which ToolSandbox's own scenarios ask about; weather for a dozen cities, Cupertino and the South Rim (monthly normals and a
 * seven-day pattern, so `days` 0 to 6 counts from the clock's local date); stock quotes for two
 * dozen well-known tickers; fixed exchange rates for 21 currencies. Places are matched word by word
 * (plurals and small slips tolerated, filler such as "near me" ignored) and returned nearest first;
 * reverse geocoding answers within 1 km of a known place; weather answers within 150 km of a city.
 *
 * Fuzzy searches (contact names and relationships at 90, message and reminder content at 50,
 * holidays at 85, company names at 85) use `fuzzyScore`, rapidfuzz's WRatio with its default
 * processing, checked against scores rapidfuzz computed; like ToolSandbox's, a fuzzy search
 * criterion keeps at most the five best rows, best first.
 */
export { deviceDomain } from './device-domain.ts'
export { deviceTools } from './device-tools.ts'
export { addContact, contactsTools, modifyContact, removeContact, searchContacts } from './contacts-tools.ts'
export { messagingTools, searchMessages, sendMessageWithPhoneNumber } from './messaging-tools.ts'
export {
  getCellularServiceStatus,
  getCurrentLocation,
  getLocationServiceStatus,
  getLowBatteryModeStatus,
  getWifiStatus,
  setCellularServiceStatus,
  setLocationServiceStatus,
  setLowBatteryModeStatus,
  setWifiStatus,
  settingsTools,
} from './settings-tools.ts'
export { addReminder, modifyReminder, remindersTools, removeReminder, searchReminder } from './reminders-tools.ts'
export {
  datetimeInfoToTimestamp,
  getCurrentTimestamp,
  secondsToHoursMinutesSeconds,
  shiftTimestamp,
  timestampDiff,
  timestampToDatetimeInfo,
  timeTools,
} from './time-tools.ts'
export { convertUnits, findUnit, unitConversion } from './unit-conversion-tool.ts'
export { calculateLatLonDistance } from './calculate-distance-tool.ts'
export { geodesicDistanceKm } from './geodesic-distance.ts'
export { findHoliday, HOLIDAY_MATCH_THRESHOLD, searchHoliday } from './search-holiday-tool.ts'
export { usHolidays } from './us-holidays.ts'
export type { Holiday } from './us-holidays.ts'
export { PLACE_SEARCH_LIMIT, REVERSE_GEOCODE_RADIUS_METRES, searchLatLon, searchLocationAroundLatLon } from './maps-tools.ts'
export { searchWeatherAroundLatLon, WEATHER_RADIUS_KM } from './weather-tool.ts'
export { findStock, searchStock } from './stock-tool.ts'
export { convertCurrency, findCurrency } from './currency-tool.ts'
export { fuzzyScore } from '../../../src/tools/fuzzy-score.ts'
export { PLACES } from './data/places.ts'
export type { Place } from './data/places.ts'
export { WEATHER_CITIES } from './data/weather.ts'
export type { WeatherCity } from './data/weather.ts'
export { STOCKS } from './data/stocks.ts'
export type { StockQuote } from './data/stocks.ts'
export { CURRENCIES } from './data/currencies.ts'
export type { Currency } from './data/currencies.ts'
export { TOOLSANDBOX_TOOL_NAMES } from './toolsandbox-tool-names.ts'
export type { ToolSandboxToolName } from './toolsandbox-tool-names.ts'
export { CELLULAR, LOCATION_SERVICE, WIFI } from './state-requirements.ts'
export {
  CONTACTS_TABLE,
  contactRowSchema,
  DEVICE_TABLE_INFO,
  DEVICE_TABLES,
  MESSAGES_TABLE,
  messageRowSchema,
  REMINDERS_TABLE,
  reminderRowSchema,
  SETTINGS_TABLE,
  settingsRowSchema,
} from './device-tables.ts'
export type { DeviceTable } from './device-tables.ts'
export {
  DEFAULT_DEVICE_ID,
  DEFAULT_LOCATION,
  DEFAULT_MESSAGE_IDS,
  DEFAULT_PERSON_IDS,
  DEFAULT_PHONE_NUMBERS,
  DEFAULT_REMINDER_IDS,
  defaultDeviceRows,
  defaultWorld,
} from './default-world.ts'
export { buildStartingWorld } from './build-starting-world.ts'
export { normalizePhoneNumber } from './phone-number.ts'
export { checkLatitude, checkLongitude, checkTimestamp, MAXIMUM_TIMESTAMP, MINIMUM_TIMESTAMP } from './value-checks.ts'
