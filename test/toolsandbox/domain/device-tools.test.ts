import { describe, expect, it } from 'vitest'
import { deviceDomain, deviceTools, TOOLSANDBOX_TOOL_NAMES } from '../../../scenarios/toolsandbox/domain/index.ts'

describe('deviceTools', () => {
  it("holds exactly the 33 ToolSandbox agent tools; the domain's registry adds end_conversation for the user", () => {
    expect(TOOLSANDBOX_TOOL_NAMES).toHaveLength(33)
    expect(deviceTools.every((tool) => (tool.audience ?? ['agent']).includes('agent'))).toBe(true)
    expect(deviceTools.map((tool) => tool.name).sort()).toEqual([...TOOLSANDBOX_TOOL_NAMES].sort())
    const userTools = deviceDomain.registry.list().filter((tool) => tool.audience?.includes('user'))
    expect(userTools.map((tool) => tool.name)).toEqual(['end_conversation'])
    expect(new Set(deviceTools.map((tool) => tool.name)).size).toBe(deviceTools.length)
  })

  it('keeps the ToolSandbox argument names and optionality', () => {
    const shape = (name: string) => {
      const tool = deviceTools.find((candidate) => candidate.name === name)
      if (tool === undefined) throw new Error(`no tool ${name}`)
      return Object.fromEntries(Object.entries(tool.args.shape).map(([argument, schema]) => [argument, (schema as { isOptional(): boolean }).isOptional()]))
    }
    expect(shape('add_contact')).toEqual({ name: false, phone_number: false, relationship: true, is_self: true })
    expect(shape('send_message_with_phone_number')).toEqual({ phone_number: false, content: false })
    expect(shape('add_reminder')).toEqual({ content: false, reminder_timestamp: false, latitude: true, longitude: true })
    expect(shape('shift_timestamp')).toEqual({ timestamp: false, weeks: true, days: true, hours: true, minutes: true, seconds: true })
    expect(shape('search_weather_around_lat_lon')).toEqual({ days: true, latitude: true, longitude: true })
    expect(shape('convert_currency')).toEqual({ amount: false, from_currency_code: false, to_currency_code: false })
    expect(shape('search_holiday')).toEqual({ holiday_name: false, year: true })
  })

  it('describes every tool and argument and declares the state it needs', () => {
    for (const tool of deviceTools) {
      expect(tool.description.length, tool.name).toBeGreaterThan(10)
      expect(tool.returns.length, tool.name).toBeGreaterThan(0)
      for (const [argument, schema] of Object.entries(tool.args.shape)) expect((schema as { description?: string }).description, `${tool.name}.${argument}`).toBeTruthy()
    }
    const requirements = Object.fromEntries(deviceTools.filter((tool) => (tool.requires ?? []).length > 0).map((tool) => [tool.name, tool.requires?.map((requirement) => requirement.setting)]))
    expect(requirements).toEqual({
      send_message_with_phone_number: ['cellular'],
      get_current_location: ['location_service'],
      search_holiday: ['wifi'],
      search_lat_lon: ['wifi'],
      search_location_around_lat_lon: ['wifi'],
      search_weather_around_lat_lon: ['wifi'],
      search_stock: ['wifi'],
      convert_currency: ['wifi'],
    })
    const actions = deviceTools.filter((tool) => tool.action).map((tool) => tool.name)
    expect(actions.sort()).toEqual(
      [
        'add_contact', 'modify_contact', 'remove_contact', 'send_message_with_phone_number', 'add_reminder', 'modify_reminder', 'remove_reminder',
        'set_low_battery_mode_status', 'set_location_service_status', 'set_cellular_service_status', 'set_wifi_status',
      ].sort(),
    )
  })
})
