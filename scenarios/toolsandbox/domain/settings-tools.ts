import { z } from 'zod'
import { defineTool } from '../../../src/tools/define-tool.ts'
import type { AnyTool } from '../../../src/tools/define-tool.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import type { WorldDraft } from '../../../src/world/index.ts'
import { requireSetting } from '../../../src/tools/require-setting.ts'
import { LOCATION_SERVICE } from './state-requirements.ts'

/** How each setting is named in messages to the agent. */
const LABELS: Readonly<Record<string, string>> = {
  low_battery_mode: 'low battery mode',
  location_service: 'the location service',
  cellular: 'the cellular service',
  wifi: 'Wi-Fi',
}

/** The services that low battery mode switches off and keeps off. */
const LOW_BATTERY_SERVICES = ['cellular', 'wifi', 'location_service'] as const

const onArgument = z.object({
  on: z.boolean().describe('true to switch it on, false to switch it off'),
})

/**
 * Switches a boolean setting. Setting it to the value it already has is an error, so an agent
 * learns that its call changed nothing (ToolSandbox behaves the same way).
 */
function switchSetting(world: WorldDraft, setting: string, on: boolean): void {
  const label = LABELS[setting] ?? setting
  if (world.settings()[setting] === on) throw new ToolError('ValueError', `${label} is already ${on ? 'on' : 'off'}; nothing was changed`)
  world.setSettings({ [setting]: on })
}

/** Refuses to switch a service on while low battery mode is on. */
function refuseInLowBatteryMode(world: WorldDraft, setting: string, on: boolean): void {
  if (on && world.settings()['low_battery_mode'] === true)
    throw new ToolError('PermissionError', `${LABELS[setting] ?? setting} (${setting}) cannot be turned on while low battery mode is on; turn low battery mode off first`)
}

function serviceSwitch(name: string, setting: string, description: string): AnyTool {
  return defineTool({
    name,
    group: 'setting',
    description,
    args: onArgument,
    returns: 'null once the setting has changed',
    action: true,
    execute: ({ on }, { world }) => {
      refuseInLowBatteryMode(world, setting, on)
      switchSetting(world, setting, on)
      return null
    },
  })
}

function statusReader(name: string, setting: string, description: string): AnyTool {
  return defineTool({
    name,
    group: 'setting',
    description,
    args: z.object({}),
    returns: `true when ${LABELS[setting] ?? setting} is on, false when it is off`,
    action: false,
    execute: (_args, { world }) => world.settings()[setting] === true,
  })
}

/**
 * Switches low battery mode. Switching it on also switches off cellular, Wi-Fi and the location
 * service; switching it off leaves them off.
 */
export const setLowBatteryModeStatus = defineTool({
  name: 'set_low_battery_mode_status',
  group: 'setting',
  description:
    'Turns the power-saving low battery mode on or off. While it is on, cellular service, Wi-Fi and location service are switched off and cannot be switched back on; turning it off does not restore them.',
  args: onArgument,
  returns: 'null once the setting has changed',
  action: true,
  execute: ({ on }, { world }) => {
    switchSetting(world, 'low_battery_mode', on)
    if (on) world.setSettings(Object.fromEntries(LOW_BATTERY_SERVICES.map((service) => [service, false])))
    return null
  },
})

/** Reads low battery mode. */
export const getLowBatteryModeStatus = statusReader('get_low_battery_mode_status', 'low_battery_mode', 'Tells whether the power-saving low battery mode is on.')

/** Switches the location service. */
export const setLocationServiceStatus = serviceSwitch(
  'set_location_service_status',
  'location_service',
  'Turns the location service (GPS positioning) on or off. It cannot be turned on while low battery mode is on.',
)

/** Reads the location service setting. */
export const getLocationServiceStatus = statusReader('get_location_service_status', 'location_service', 'Tells whether the location service (GPS positioning) is on.')

/** Switches the cellular service. */
export const setCellularServiceStatus = serviceSwitch(
  'set_cellular_service_status',
  'cellular',
  'Turns the cellular (mobile network) service on or off; text messages need it. It cannot be turned on while low battery mode is on.',
)

/** Reads the cellular service setting. */
export const getCellularServiceStatus = statusReader('get_cellular_service_status', 'cellular', 'Tells whether the cellular (mobile network) service is on.')

/** Switches Wi-Fi. */
export const setWifiStatus = serviceSwitch(
  'set_wifi_status',
  'wifi',
  'Turns Wi-Fi on or off; online lookups need it. It cannot be turned on while low battery mode is on.',
)

/** Reads the Wi-Fi setting. */
export const getWifiStatus = statusReader('get_wifi_status', 'wifi', 'Tells whether Wi-Fi is on.')

/** The device's position, when the location service is on. */
export const getCurrentLocation = defineTool({
  name: 'get_current_location',
  group: 'setting',
  description: "Gives the device's current position as latitude and longitude in degrees. Needs the location service.",
  args: z.object({}),
  returns: 'an object { latitude, longitude } in degrees',
  action: false,
  requires: [LOCATION_SERVICE],
  execute: (_args, { world }) => {
    requireSetting({ world }, LOCATION_SERVICE)
    const settings = world.settings()
    return { latitude: Number(settings['latitude']), longitude: Number(settings['longitude']) }
  },
})

/** The settings tools, in ToolSandbox's order. */
export const settingsTools = Object.freeze([
  setLowBatteryModeStatus,
  getLowBatteryModeStatus,
  setLocationServiceStatus,
  getLocationServiceStatus,
  setCellularServiceStatus,
  getCellularServiceStatus,
  setWifiStatus,
  getWifiStatus,
  getCurrentLocation,
] as const)
