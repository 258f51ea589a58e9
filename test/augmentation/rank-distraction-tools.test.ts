import { describe, expect, test } from 'vitest'
import { rankDistractionTools, scrambledNameTable } from '../../src/augmentation/index.ts'
import { fuzzyScore } from '../../src/tools/fuzzy-score.ts'
import { deviceDomain } from '../../scenarios/toolsandbox/domain/index.ts'
import { fixtureTools } from './fixture-tools.ts'

describe('rankDistractionTools', () => {
  test('puts tools of an offered group first, never offered or user-only tools, and keeps denied ones as candidates', () => {
    const ranked = rankDistractionTools(fixtureTools, ['get_wifi_status']).map((tool) => tool.name)
    expect(ranked.slice(0, 2)).toEqual(['set_wifi_status', 'get_cellular_service_status'])
    expect(ranked).not.toContain('get_wifi_status')
    expect(ranked).not.toContain('end_conversation')
    expect(ranked).toHaveLength(6)
  })

  test('within a part, orders by the highest WRatio against an offered name, ties in the registry order', () => {
    const ranked = rankDistractionTools(fixtureTools, ['search_messages'])
    const others = ranked.filter((tool) => tool.group !== 'messaging')
    const scores = others.map((tool) => Math.max(fuzzyScore(tool.name, 'search_messages'), fuzzyScore(tool.name, 'end_conversation')))
    expect(scores).toEqual([...scores].sort((first, second) => second - first))
    expect(ranked[0]?.name).toBe('send_message_with_phone_number')
    // Equal scores keep the registry's order, as Python's stable sort keeps ToolSandbox's.
    const tied = [...fixtureTools].reverse()
    const backward = rankDistractionTools(tied, ['search_messages'])
    for (let index = 1; index < backward.length; index++) {
      const [before, after] = [backward[index - 1], backward[index]]
      if (before === undefined || after === undefined || before.group !== after.group) continue
      const score = (name: string) => Math.max(fuzzyScore(name, 'search_messages'), fuzzyScore(name, 'end_conversation'))
      const order: string[] = tied.map((tool) => tool.name)
      if (score(before.name) === score(after.name)) expect(order.indexOf(before.name)).toBeLessThan(order.indexOf(after.name))
    }
  })
})

describe('rankDistractionTools over the device tools', () => {
  test('picks ToolSandbox’s distraction tools for a message sent with cellular off', () => {
    // ToolSandbox's send_message_with_contact_content_cellular_off: its 3 distraction tools are
    // get_location_service_status, get_wifi_status and set_wifi_status (all of its setting module).
    const allowed = ['send_message_with_phone_number', 'search_contacts', 'get_cellular_service_status', 'set_cellular_service_status']
    const tools = deviceDomain.registry.list()
    const ranked = rankDistractionTools(tools, allowed).map((tool) => tool.name)
    expect(new Set(ranked.slice(0, 3))).toEqual(new Set(['get_location_service_status', 'get_wifi_status', 'set_wifi_status']))
    expect(new Set(ranked.slice(0, 10))).toEqual(
      new Set([
        'add_contact',
        'modify_contact',
        'remove_contact',
        'search_messages',
        'get_location_service_status',
        'get_wifi_status',
        'get_low_battery_mode_status',
        'set_location_service_status',
        'set_low_battery_mode_status',
        'set_wifi_status',
      ]),
    )
    expect(tools.map((tool) => tool.name)).toContain('end_conversation')
    expect(ranked).not.toContain('end_conversation')
    expect(ranked).toHaveLength(tools.length - allowed.length - 1)
  })
})

describe('scrambledNameTable', () => {
  test('numbers each group from 0 in order of real names, whatever the registry order', () => {
    const names = scrambledNameTable([...fixtureTools].reverse())
    expect(names.get('get_cellular_service_status')).toBe('settings_0')
    expect(names.get('get_wifi_status')).toBe('settings_1')
    expect(names.get('set_wifi_status')).toBe('settings_2')
    expect(names.get('add_contact')).toBe('contacts_0')
    expect(names.get('search_contacts')).toBe('contacts_1')
    expect(names.get('search_messages')).toBe('messaging_0')
  })

  test('gives the device tools ToolSandbox’s scrambled names', () => {
    const names = scrambledNameTable(deviceDomain.registry.list())
    expect(names.get('get_cellular_service_status')).toBe('setting_0')
    expect(names.get('set_wifi_status')).toBe('setting_8')
    expect(names.get('search_contacts')).toBe('contact_3')
    expect(names.get('unit_conversion')).toBe('utilities_8')
    expect(names.get('convert_currency')).toBe('rapid_api_search_tools_0')
  })
})
