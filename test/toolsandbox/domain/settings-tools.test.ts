import { describe, expect, it } from 'vitest'
import { buildStartingWorld, defaultWorld } from '../../../scenarios/toolsandbox/domain/index.ts'
import {
  getCellularServiceStatus,
  getCurrentLocation,
  getLowBatteryModeStatus,
  getWifiStatus,
  setCellularServiceStatus,
  setLocationServiceStatus,
  setLowBatteryModeStatus,
  setWifiStatus,
} from '../../../scenarios/toolsandbox/domain/settings-tools.ts'
import { settingsOf } from '../../../src/world/index.ts'
import { call, callError, CLOCK } from './helpers.ts'

describe('settings tools', () => {
  it('reads and switches services', async () => {
    expect((await call(getWifiStatus, {})).result).toBe(true)
    const { world, result } = await call(setWifiStatus, { on: false })
    expect(result).toBeNull()
    expect(settingsOf(world)['wifi']).toBe(false)
    expect((await call(getWifiStatus, {}, world)).result).toBe(false)
  })

  it('refuses to switch a setting to the state it already has', async () => {
    const error = await callError(setCellularServiceStatus, { on: true })
    expect(error.kind).toBe('ValueError')
    expect(error.message).toMatch(/cellular service is already on/)
    expect((await callError(setLowBatteryModeStatus, { on: false })).message).toMatch(/low battery mode is already off/)
  })

  it('low battery mode switches the three services off and keeps them off', async () => {
    const { world } = await call(setLowBatteryModeStatus, { on: true })
    expect(settingsOf(world)).toMatchObject({ low_battery_mode: true, cellular: false, wifi: false, location_service: false })
    expect((await call(getLowBatteryModeStatus, {}, world)).result).toBe(true)
    for (const [tool, setting] of [
      [setCellularServiceStatus, 'cellular'],
      [setWifiStatus, 'wifi'],
      [setLocationServiceStatus, 'location_service'],
    ] as const) {
      const error = await callError(tool, { on: true }, world)
      expect(error.kind).toBe('PermissionError')
      expect(error.message).toContain(setting)
      expect(error.message).toMatch(/low battery mode/)
    }
    const off = (await call(setLowBatteryModeStatus, { on: false }, world)).world
    expect(settingsOf(off)).toMatchObject({ low_battery_mode: false, cellular: false })
    const on = (await call(setCellularServiceStatus, { on: true }, off)).world
    expect((await call(getCellularServiceStatus, {}, on)).result).toBe(true)
  })

  it('low battery mode ignores services that are already off', async () => {
    const world = buildStartingWorld({ settings: { wifi: false } }, CLOCK)
    expect(settingsOf((await call(setLowBatteryModeStatus, { on: true }, world)).world)).toMatchObject({ wifi: false, cellular: false })
  })

  it('gives the current location only with the location service on', async () => {
    expect((await call(getCurrentLocation, {})).result).toEqual({ latitude: 37.7793, longitude: -122.4193 })
    const error = await callError(getCurrentLocation, {}, buildStartingWorld({ settings: { location_service: false } }, CLOCK))
    expect(error.kind).toBe('PermissionError')
    expect(error.message).toMatch(/location service is off/)
    expect(defaultWorld(CLOCK)).toBeDefined()
  })
})
