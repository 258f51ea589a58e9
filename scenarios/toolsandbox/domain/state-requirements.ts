import type { StateRequirement } from '../../../src/tools/define-tool.ts'

/** Sending messages needs the cellular service (checked before `send_message_with_phone_number` runs). */
export const CELLULAR: StateRequirement = Object.freeze({
  setting: 'cellular',
  kind: 'ConnectionError',
  message: 'the cellular service is off, so nothing can be sent; turn cellular service on and try again',
})

/** The online tools (web search, weather, stocks, currency, holidays) need Wi-Fi. */
export const WIFI: StateRequirement = Object.freeze({
  setting: 'wifi',
  kind: 'ConnectionError',
  message: 'Wi-Fi is off, so this online lookup cannot reach its service; turn wifi on and try again',
})

/** Reading the device's position needs the location service. */
export const LOCATION_SERVICE: StateRequirement = Object.freeze({
  setting: 'location_service',
  kind: 'PermissionError',
  message: 'the location service is off, so the current position is unavailable; turn location service on, or give latitude and longitude explicitly',
})
