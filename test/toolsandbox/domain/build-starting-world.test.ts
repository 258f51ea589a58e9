import { describe, expect, it } from 'vitest'
import { buildStartingWorld, DEFAULT_PERSON_IDS, defaultWorld } from '../../../scenarios/toolsandbox/domain/index.ts'
import { WorldSpecError } from '../../../src/domain/index.ts'
import { settingsOf, tableRows } from '../../../src/world/index.ts'
import { CLOCK } from './helpers.ts'

describe('defaultWorld', () => {
  it('holds one settings row, one self contact and timestamps relative to the clock', () => {
    const world = defaultWorld(CLOCK)
    expect(tableRows(world, 'settings')).toHaveLength(1)
    expect(tableRows(world, 'contacts').filter((row) => row['is_self'] === true)).toHaveLength(1)
    expect(world.info['contacts']?.key).toBe('person_id')
    const later = defaultWorld({ ...CLOCK, now: CLOCK.now + 100 })
    expect(Number(tableRows(later, 'messages')[0]?.['creation_timestamp']) - Number(tableRows(world, 'messages')[0]?.['creation_timestamp'])).toBe(100)
    for (const row of tableRows(world, 'messages')) expect(Number(row['creation_timestamp'])).toBeLessThan(CLOCK.now)
  })
})

describe('buildStartingWorld', () => {
  it('returns the default world for an empty spec', () => {
    expect(buildStartingWorld({}, CLOCK)).toEqual(defaultWorld(CLOCK))
  })

  it('applies settings, replace and insert, filling defaults and relative times', () => {
    const world = buildStartingWorld(
      {
        settings: { cellular: false },
        replace: { reminders: [] },
        insert: {
          contacts: [{ person_id: 'p-new', name: 'Ada Park', phone_number: '+14155550100' }],
          reminders: [{ reminder_id: 'r-new', content: 'Water the plants', creation_timestamp: { $now: -60 }, reminder_timestamp: { $now: 3600 } }],
        },
      },
      CLOCK,
    )
    expect(settingsOf(world)['cellular']).toBe(false)
    expect(settingsOf(world)['wifi']).toBe(true)
    expect(tableRows(world, 'contacts').at(-1)).toEqual({ person_id: 'p-new', name: 'Ada Park', phone_number: '+14155550100', relationship: null, is_self: false })
    expect(tableRows(world, 'reminders')).toEqual([
      { reminder_id: 'r-new', content: 'Water the plants', creation_timestamp: CLOCK.now - 60, reminder_timestamp: CLOCK.now + 3600, latitude: null, longitude: null },
    ])
  })

  it('names table, row and column of a bad value', () => {
    const attempt = () => buildStartingWorld({ insert: { contacts: [{ person_id: 'x', name: 7, phone_number: '+14155550100' }] } }, CLOCK)
    expect(attempt).toThrow(WorldSpecError)
    expect(attempt).toThrow(/table "contacts", row 0, column "name".*got 7/)
  })

  it('names unknown tables, columns and settings with what exists', () => {
    expect(() => buildStartingWorld({ insert: { contact: [] } }, CLOCK)).toThrow(/table "contact".*settings, contacts, messages, reminders/)
    expect(() => buildStartingWorld({ insert: { contacts: [{ person_id: 'x', name: 'A', phone_number: '+1415555010', phone: '1' }] } }, CLOCK)).toThrow(/column "phone".*person_id, name/)
    expect(() => buildStartingWorld({ settings: { bluetooth: true } }, CLOCK)).toThrow(/column "bluetooth": no such setting/)
  })

  it('refuses duplicate keys and low battery mode with a service on', () => {
    expect(() => buildStartingWorld({ insert: { contacts: [{ person_id: DEFAULT_PERSON_IDS.priya, name: 'B', phone_number: '+14155550100' }] } }, CLOCK)).toThrow(
      /column "person_id": the key .* already used/,
    )
    expect(() => buildStartingWorld({ settings: { low_battery_mode: true, cellular: false, wifi: false } }, CLOCK)).toThrow(/column "location_service"/)
    const saving = buildStartingWorld({ settings: { low_battery_mode: true, cellular: false, wifi: false, location_service: false } }, CLOCK)
    expect(settingsOf(saving)['low_battery_mode']).toBe(true)
  })
})
