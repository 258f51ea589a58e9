/**
 * The 33 agent tools of ToolSandbox, by module. The device domains provide a tool of the same
 * name, arguments and result shape for each, so ToolSandbox scenarios carry over.
 */
export const TOOLSANDBOX_TOOL_NAMES = Object.freeze([
  // contacts
  'add_contact',
  'modify_contact',
  'remove_contact',
  'search_contacts',
  // messaging
  'send_message_with_phone_number',
  'search_messages',
  // settings
  'set_low_battery_mode_status',
  'get_low_battery_mode_status',
  'set_location_service_status',
  'get_location_service_status',
  'set_cellular_service_status',
  'get_cellular_service_status',
  'set_wifi_status',
  'get_wifi_status',
  'get_current_location',
  // reminders
  'add_reminder',
  'modify_reminder',
  'search_reminder',
  'remove_reminder',
  // utilities
  'get_current_timestamp',
  'timestamp_to_datetime_info',
  'datetime_info_to_timestamp',
  'shift_timestamp',
  'timestamp_diff',
  'seconds_to_hours_minutes_seconds',
  'unit_conversion',
  'calculate_lat_lon_distance',
  'search_holiday',
  // the online tools (offline here)
  'search_lat_lon',
  'search_location_around_lat_lon',
  'search_weather_around_lat_lon',
  'search_stock',
  'convert_currency',
] as const)

/** The name of one of ToolSandbox's agent tools. */
export type ToolSandboxToolName = (typeof TOOLSANDBOX_TOOL_NAMES)[number]
