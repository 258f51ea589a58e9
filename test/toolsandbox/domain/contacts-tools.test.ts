import { describe, expect, it } from 'vitest'
import { DEFAULT_PERSON_IDS } from '../../../scenarios/toolsandbox/domain/index.ts'
import { addContact, modifyContact, removeContact, searchContacts } from '../../../scenarios/toolsandbox/domain/contacts-tools.ts'
import { tableRows } from '../../../src/world/index.ts'
import { call, callError } from './helpers.ts'

describe('contacts tools', () => {
  it('adds a contact with a seeded id and a normalized number', async () => {
    const { result, world } = await call(addContact, { name: 'Ada Park', phone_number: '+1 (415) 555-0100', relationship: 'neighbor' })
    expect(typeof result).toBe('string')
    expect(tableRows(world, 'contacts').at(-1)).toEqual({ person_id: result, name: 'Ada Park', phone_number: '+14155550100', relationship: 'neighbor', is_self: false })
    const again = await call(addContact, { name: 'Ada Park', phone_number: '+14155550100' })
    expect(again.result).toBe(result)
  })

  it('refuses numbers without a country code and a second owner', async () => {
    const noCountry = await callError(addContact, { name: 'Ada', phone_number: '4155550100' })
    expect(noCountry.kind).toBe('ValueError')
    expect(noCountry.message).toMatch(/no country code.*\+14155550132/)
    expect((await callError(addContact, { name: 'Ada', phone_number: '+1415' })).message).toMatch(/4 digits; .* 8 to 15/)
    expect((await callError(addContact, { name: 'Ada', phone_number: '+1415abc5550' })).message).toMatch(/only digits/)
    const second = await callError(addContact, { name: 'Me', phone_number: '+14155550100', is_self: true })
    expect(second.kind).toBe('DuplicateError')
    expect(second.message).toContain('Jordan Lee')
  })

  it('modifies a contact in place and reports missing ids and empty changes', async () => {
    const { world } = await call(modifyContact, { person_id: DEFAULT_PERSON_IDS.priya, phone_number: '+14155550999' })
    expect(tableRows(world, 'contacts').find((row) => row['person_id'] === DEFAULT_PERSON_IDS.priya)?.['phone_number']).toBe('+14155550999')
    expect((await callError(modifyContact, { person_id: DEFAULT_PERSON_IDS.priya })).message).toMatch(/name, phone_number, relationship, is_self/)
    const missing = await callError(modifyContact, { person_id: 'nobody', name: 'X' })
    expect(missing.kind).toBe('NotFoundError')
    expect(missing.message).toContain('"nobody"')
    expect((await callError(modifyContact, { person_id: DEFAULT_PERSON_IDS.priya, is_self: true })).kind).toBe('DuplicateError')
    const self = await call(modifyContact, { person_id: DEFAULT_PERSON_IDS.jordan, is_self: true })
    expect(self.result).toBeNull()
  })

  it('removes a contact', async () => {
    const { world } = await call(removeContact, { person_id: DEFAULT_PERSON_IDS.sam })
    expect(tableRows(world, 'contacts').some((row) => row['person_id'] === DEFAULT_PERSON_IDS.sam)).toBe(false)
    expect((await callError(removeContact, { person_id: 'nobody' })).kind).toBe('NotFoundError')
  })

  it('searches by fuzzy name, relationship, exact number and is_self', async () => {
    const byFirstName = (await call(searchContacts, { name: 'Priya' })).result as { name: string }[]
    expect(byFirstName.map((row) => row.name)).toEqual(['Priya Natarajan'])
    const misspelt = (await call(searchContacts, { name: 'Marcus Bel' })).result as { name: string }[]
    expect(misspelt.map((row) => row.name)).toEqual(['Marcus Bell'])
    expect(((await call(searchContacts, { name: 'Lee' })).result as { name: string }[]).map((row) => row.name)).toEqual(['Jordan Lee', 'Rose Lee'])
    expect(((await call(searchContacts, { relationship: 'Boss' })).result as { name: string }[]).map((row) => row.name)).toEqual(['Marcus Bell'])
    expect(((await call(searchContacts, { is_self: true })).result as { name: string }[]).map((row) => row.name)).toEqual(['Jordan Lee'])
    expect(((await call(searchContacts, { phone_number: '+13105550191' })).result as { name: string }[]).map((row) => row.name)).toEqual(['Elena Vasquez'])
    expect((await call(searchContacts, { name: 'Zebulon' })).result).toEqual([])
    expect((await call(searchContacts, { name: 'Priya', relationship: 'boss' })).result).toEqual([])
  })

  it('asks for a criterion and lists the accepted ones', async () => {
    const error = await callError(searchContacts, {})
    expect(error.kind).toBe('ValueError')
    expect(error.message).toBe('give at least one search argument; this search accepts person_id, name, phone_number, relationship, is_self')
  })
})
