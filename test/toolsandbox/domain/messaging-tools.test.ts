import { describe, expect, it } from 'vitest'
import { buildStartingWorld, DEFAULT_PERSON_IDS, DEFAULT_PHONE_NUMBERS } from '../../../scenarios/toolsandbox/domain/index.ts'
import { searchMessages, sendMessageWithPhoneNumber } from '../../../scenarios/toolsandbox/domain/messaging-tools.ts'
import { tableRows } from '../../../src/world/index.ts'
import { call, callError, CLOCK } from './helpers.ts'

describe('messaging tools', () => {
  it('sends from the owner, resolving the recipient among contacts', async () => {
    const { result, world } = await call(sendMessageWithPhoneNumber, { phone_number: DEFAULT_PHONE_NUMBERS.elena, content: 'See you at eight' })
    expect(tableRows(world, 'messages').at(-1)).toEqual({
      message_id: result,
      sender_person_id: DEFAULT_PERSON_IDS.jordan,
      sender_phone_number: DEFAULT_PHONE_NUMBERS.jordan,
      recipient_person_id: DEFAULT_PERSON_IDS.elena,
      recipient_phone_number: DEFAULT_PHONE_NUMBERS.elena,
      content: 'See you at eight',
      creation_timestamp: CLOCK.now,
    })
    const unknown = await call(sendMessageWithPhoneNumber, { phone_number: '+447700900123', content: 'Hi' })
    expect(tableRows(unknown.world, 'messages').at(-1)?.['recipient_person_id']).toBeNull()
  })

  it('fails with a ConnectionError naming cellular when cellular is off', async () => {
    const world = buildStartingWorld({ settings: { cellular: false } }, CLOCK)
    const error = await callError(sendMessageWithPhoneNumber, { phone_number: DEFAULT_PHONE_NUMBERS.elena, content: 'Hi' }, world)
    expect(error.kind).toBe('ConnectionError')
    expect(error.message).toMatch(/cellular/)
    expect(sendMessageWithPhoneNumber.requires?.map((requirement) => requirement.setting)).toEqual(['cellular'])
  })

  it('needs exactly one owner contact', async () => {
    const world = buildStartingWorld({ replace: { contacts: [] } }, CLOCK)
    expect((await callError(sendMessageWithPhoneNumber, { phone_number: DEFAULT_PHONE_NUMBERS.elena, content: 'Hi' }, world)).message).toMatch(/exactly one .* hold 0/)
  })

  it('searches by sender, fuzzy content and time bounds', async () => {
    const fromMarcus = (await call(searchMessages, { sender_person_id: DEFAULT_PERSON_IDS.marcus })).result as { content: string }[]
    expect(fromMarcus.map((row) => row.content)).toEqual(['Could you send me the quarterly slides before the board call?'])
    const aboutClimbing = (await call(searchMessages, { content: 'climbing' })).result as { content: string }[]
    expect(aboutClimbing.map((row) => row.content)).toEqual(['Are we still on for climbing on Saturday?'])
    const lastHour = (await call(searchMessages, { creation_timestamp_lowerbound: CLOCK.now - 3600 })).result as unknown[]
    expect(lastHour).toHaveLength(1)
    const toParcel = (await call(searchMessages, { recipient_phone_number: '+1 408 555 0199' })).result as unknown[]
    expect(toParcel).toHaveLength(1)
    expect((await callError(searchMessages, { creation_timestamp_lowerbound: CLOCK.now * 1000 })).message).toMatch(/milliseconds/)
    expect((await callError(searchMessages, {})).message).toMatch(/message_id, sender_person_id/)
  })

  // ToolSandbox (toolsandbox-facts.md §1.1): "timestamps must lie in [315529200.0 (1980‑01‑01),
  // 2524604400.0 (2050‑01‑01)]", both ends accepted by its range validator.
  it('accepts timestamps in ToolSandbox\'s range, both ends included', async () => {
    const everything = (await call(searchMessages, { creation_timestamp_lowerbound: 315_529_200 })).result as unknown[]
    expect(everything).toHaveLength(5)
    const untilTheEnd = (await call(searchMessages, { creation_timestamp_upperbound: 2_524_604_400 })).result as unknown[]
    expect(untilTheEnd).toHaveLength(5)
    expect((await callError(searchMessages, { creation_timestamp_lowerbound: 315_529_199 })).message).toMatch(/outside the accepted range \[315529200, 2524604400\]/)
    expect((await callError(searchMessages, { creation_timestamp_upperbound: 2_524_604_401 })).message).toMatch(/outside the accepted range/)
  })
})
