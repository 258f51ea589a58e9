import { describe, expect, it } from 'vitest'
import { DEFAULT_REMINDER_IDS } from '../../../scenarios/toolsandbox/domain/index.ts'
import { addReminder, modifyReminder, removeReminder, searchReminder } from '../../../scenarios/toolsandbox/domain/reminders-tools.ts'
import { tableRows } from '../../../src/world/index.ts'
import { call, callError, CLOCK } from './helpers.ts'

describe('reminders tools', () => {
  it('lists fuzzy matches best first, so the first result is the one meant', async () => {
    const { result } = await call(searchReminder, { content: 'dry cleaner' })
    const contents = (result as { content: string }[]).map((row) => row.content)
    expect(contents[0]).toBe('Pick up the suit from the dry cleaner')
  })

  it('adds a reminder with or without a place', async () => {
    const { result, world } = await call(addReminder, { content: 'Call the plumber', reminder_timestamp: CLOCK.now + 7200 })
    expect(tableRows(world, 'reminders').at(-1)).toEqual({
      reminder_id: result,
      content: 'Call the plumber',
      creation_timestamp: CLOCK.now,
      reminder_timestamp: CLOCK.now + 7200,
      latitude: null,
      longitude: null,
    })
    const placed = await call(addReminder, { content: 'Buy stamps', reminder_timestamp: CLOCK.now, latitude: 37.78, longitude: -122.41 })
    expect(tableRows(placed.world, 'reminders').at(-1)).toMatchObject({ latitude: 37.78, longitude: -122.41 })
  })

  it('checks ranges and half-given places', async () => {
    expect((await callError(addReminder, { content: 'x', reminder_timestamp: 100 })).message).toMatch(/reminder_timestamp is 100, outside/)
    expect((await callError(addReminder, { content: 'x', reminder_timestamp: CLOCK.now, latitude: 95, longitude: 0 })).message).toMatch(/latitude is 95/)
    expect((await callError(addReminder, { content: 'x', reminder_timestamp: CLOCK.now, latitude: 10 })).message).toMatch(/both latitude and longitude/)
  })

  it('modifies a reminder, resetting its creation time, and can clear its place', async () => {
    const id = DEFAULT_REMINDER_IDS[2]
    const { world } = await call(modifyReminder, { reminder_id: id, reminder_timestamp: CLOCK.now + 600, latitude: null, longitude: null })
    expect(tableRows(world, 'reminders').find((row) => row['reminder_id'] === id)).toMatchObject({
      reminder_timestamp: CLOCK.now + 600,
      creation_timestamp: CLOCK.now,
      latitude: null,
      longitude: null,
    })
    expect((await callError(modifyReminder, { reminder_id: id })).message).toMatch(/content, reminder_timestamp, latitude, longitude/)
    expect((await callError(modifyReminder, { reminder_id: 'none', content: 'x' })).kind).toBe('NotFoundError')
  })

  it('searches by content and time window, and removes', async () => {
    const dinner = (await call(searchReminder, { content: 'birthday dinner' })).result as { reminder_id: string }[]
    expect(dinner.map((row) => row.reminder_id)).toEqual([DEFAULT_REMINDER_IDS[1]])
    const upcoming = (await call(searchReminder, { reminder_timestamp_lowerbound: CLOCK.now })).result as unknown[]
    expect(upcoming).toHaveLength(2)
    const overdue = (await call(searchReminder, { reminder_timestamp_upperbound: CLOCK.now })).result as { reminder_id: string }[]
    expect(overdue.map((row) => row.reminder_id)).toEqual([DEFAULT_REMINDER_IDS[0]])
    expect((await callError(searchReminder, {})).message).toMatch(/reminder_id, content, creation_timestamp_lowerbound/)
    const { world } = await call(removeReminder, { reminder_id: DEFAULT_REMINDER_IDS[0] })
    expect(tableRows(world, 'reminders')).toHaveLength(2)
    expect((await callError(removeReminder, { reminder_id: 'none' })).kind).toBe('NotFoundError')
  })
})
