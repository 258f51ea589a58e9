import { z } from 'zod'
import { defineTool } from '../../../src/tools/define-tool.ts'
import type { AnyTool } from '../../../src/tools/define-tool.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import type { JsonValue, WorldDraft } from '../../../src/world/index.ts'
import { CONTACTS_TABLE } from './device-tables.ts'
import { findRowById } from './find-row.ts'
import { normalizePhoneNumber } from './phone-number.ts'
import { searchRows } from './search-rows.ts'

/** Refuses a second contact marked as the device owner. */
function refuseSecondSelf(world: WorldDraft, exceptPersonId?: string): void {
  const owner = world.rows(CONTACTS_TABLE).find((row) => row['is_self'] === true && row['person_id'] !== exceptPersonId)
  if (owner !== undefined)
    throw new ToolError('DuplicateError', `the owner's own contact already exists (${String(owner['name'])}, person_id "${String(owner['person_id'])}"); there can be only one`)
}

/** Adds a contact. */
export const addContact = defineTool({
  name: 'add_contact',
  group: 'contact',
  description: 'Creates a new entry in the address book and returns its person_id.',
  args: z.object({
    name: z.string().describe("the person's full name"),
    phone_number: z.string().describe('the phone number with a leading + and the country code, such as +14155550132'),
    relationship: z.string().optional().describe('how the person relates to the owner, such as friend, boss or sister'),
    is_self: z.boolean().optional().describe("true only when this entry is the device owner's own card; false when omitted"),
  }),
  returns: 'the person_id of the new contact (a string)',
  action: true,
  execute: (args, { world, ids }) => {
    const phone = normalizePhoneNumber(args.phone_number)
    const isSelf = args.is_self ?? false
    if (isSelf) refuseSecondSelf(world)
    const personId = ids.next()
    world.insert(CONTACTS_TABLE, { person_id: personId, name: args.name, phone_number: phone, relationship: args.relationship ?? null, is_self: isSelf })
    return personId
  },
})

/** Changes fields of a contact. */
export const modifyContact = defineTool({
  name: 'modify_contact',
  group: 'contact',
  description: 'Changes one or more fields of an existing contact, found by its person_id. Fields that are not given keep their values.',
  args: z.object({
    person_id: z.string().describe('the id of the contact to change, as search_contacts returns it'),
    name: z.string().optional().describe('the new full name'),
    phone_number: z.string().optional().describe('the new phone number with a leading + and the country code'),
    relationship: z.string().optional().describe('the new relationship to the owner'),
    is_self: z.boolean().optional().describe("whether the entry is the owner's own card"),
  }),
  returns: 'null once the contact has changed',
  action: true,
  execute: (args, { world }) => {
    const patch: Record<string, JsonValue> = {}
    if (args.name !== undefined) patch['name'] = args.name
    if (args.phone_number !== undefined) patch['phone_number'] = normalizePhoneNumber(args.phone_number)
    if (args.relationship !== undefined) patch['relationship'] = args.relationship
    if (args.is_self !== undefined) patch['is_self'] = args.is_self
    if (Object.keys(patch).length === 0)
      throw new ToolError('ValueError', 'nothing to change: give at least one of name, phone_number, relationship, is_self besides person_id')
    findRowById(world, CONTACTS_TABLE, 'person_id', args.person_id)
    if (args.is_self === true) refuseSecondSelf(world, args.person_id)
    world.update(CONTACTS_TABLE, (row) => row['person_id'] === args.person_id, patch)
    return null
  },
})

/** Deletes a contact. */
export const removeContact = defineTool({
  name: 'remove_contact',
  group: 'contact',
  description: 'Deletes a contact from the address book, found by its person_id.',
  args: z.object({
    person_id: z.string().describe('the id of the contact to delete, as search_contacts returns it'),
  }),
  returns: 'null once the contact is gone',
  action: true,
  execute: ({ person_id }, { world }) => {
    findRowById(world, CONTACTS_TABLE, 'person_id', person_id)
    world.remove(CONTACTS_TABLE, (row) => row['person_id'] === person_id)
    return null
  },
})

/** Looks up contacts. */
export const searchContacts = defineTool({
  name: 'search_contacts',
  group: 'contact',
  description:
    'Finds contacts that match every given field. Names and relationships match approximately (spelling slips and partial names are tolerated); ids, phone numbers and is_self must match exactly. Give at least one field.',
  args: z.object({
    person_id: z.string().optional().describe('an exact person_id'),
    name: z.string().optional().describe('a name or part of one, matched approximately'),
    phone_number: z.string().optional().describe('an exact phone number with a leading + and the country code'),
    relationship: z.string().optional().describe('a relationship such as friend or boss, matched approximately'),
    is_self: z.boolean().optional().describe("true to find the owner's own card"),
  }),
  returns: 'a list of matching contacts, each { person_id, name, phone_number, relationship, is_self }; empty when none match',
  action: false,
  execute: (args, { world }) => {
    const phone = args.phone_number === undefined ? undefined : normalizePhoneNumber(args.phone_number)
    return searchRows(
      world.rows(CONTACTS_TABLE),
      {
        person_id: { kind: 'exact', column: 'person_id' },
        name: { kind: 'fuzzy', column: 'name', threshold: 90 },
        phone_number: { kind: 'exact', column: 'phone_number' },
        relationship: { kind: 'fuzzy', column: 'relationship', threshold: 90 },
        is_self: { kind: 'exact', column: 'is_self' },
      },
      { ...args, phone_number: phone },
    )
  },
})

/** The contacts tools. */
export const contactsTools = Object.freeze([addContact, modifyContact, removeContact, searchContacts] as const)
