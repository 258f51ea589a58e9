import { describe, expect, test } from 'vitest'
import { nameSimilarity, rankDistractionTools, scrambledNameTable } from '../../src/augmentation/index.ts'
import { deviceDomain, deviceTools } from '../../scenarios/toolsandbox/domain/index.ts'
import { fixtureTools } from './fixture-tools.ts'

describe('nameSimilarity', () => {
  test('is 1 for equal names, symmetric, and higher for names sharing words', () => {
    expect(nameSimilarity('get_wifi_status', 'get_wifi_status')).toBe(1)
    expect(nameSimilarity('get_wifi_status', 'set_wifi_status')).toBe(nameSimilarity('set_wifi_status', 'get_wifi_status'))
    expect(nameSimilarity('get_wifi_status', 'set_wifi_status')).toBeGreaterThan(nameSimilarity('get_wifi_status', 'search_contacts'))
    expect(nameSimilarity('abc', 'xyz')).toBe(0)
  })
})

describe('rankDistractionTools', () => {
  test('puts tools of an allowed domain first, then by similarity, never allowed, denied or user-only tools', () => {
    const ranked = rankDistractionTools(fixtureTools, ['get_wifi_status'], ['get_cellular_service_status']).map((tool) => tool.name)
    expect(ranked[0]).toBe('set_wifi_status')
    expect(ranked).not.toContain('get_wifi_status')
    expect(ranked).not.toContain('get_cellular_service_status')
    expect(ranked).not.toContain('end_conversation')
    expect(ranked).toHaveLength(5)
  })

  test('does not depend on the order of the registry', () => {
    const forward = rankDistractionTools(fixtureTools, ['search_messages']).map((tool) => tool.name)
    const backward = rankDistractionTools([...fixtureTools].reverse(), ['search_messages']).map((tool) => tool.name)
    expect(backward).toEqual(forward)
    expect(forward[0]).toBe('send_message_with_phone_number')
  })
})

describe('rankDistractionTools over the device tools', () => {
  test('for a message sent with cellular off, picks settings tools close to ToolSandbox’s choice', () => {
    // ToolSandbox's 3 distraction tools for this case: set_wifi_status, get_wifi_status, get_location_service_status.
    const allowed = ['send_message_with_phone_number', 'search_contacts', 'get_cellular_service_status', 'set_cellular_service_status']
    const tools = deviceDomain.registry.list()
    const top = rankDistractionTools(tools, allowed).slice(0, 3).map((tool) => tool.name)
    expect(top).toEqual(['get_location_service_status', 'set_location_service_status', 'get_wifi_status'])
    const all = rankDistractionTools(tools, allowed).map((tool) => tool.name)
    // The registry holds the user's end_conversation too, which is never a distraction.
    expect(tools.map((tool) => tool.name)).toContain('end_conversation')
    expect(all).not.toContain('end_conversation')
    expect(all).toHaveLength(tools.length - allowed.length - 1)
  })
})

describe('scrambledNameTable', () => {
  test('numbers each domain from 0 in order of real names, whatever the registry order', () => {
    const names = scrambledNameTable([...fixtureTools].reverse())
    expect(names.get('get_cellular_service_status')).toBe('settings_0')
    expect(names.get('get_wifi_status')).toBe('settings_1')
    expect(names.get('set_wifi_status')).toBe('settings_2')
    expect(names.get('add_contact')).toBe('contacts_0')
    expect(names.get('search_contacts')).toBe('contacts_1')
    expect(names.get('search_messages')).toBe('messaging_0')
  })
})
