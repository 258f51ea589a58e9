import { z } from 'zod'
import { defineTool } from '../../../src/tools/define-tool.ts'
import type { AnyTool } from '../../../src/tools/define-tool.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import { CONTACTS_TABLE, MESSAGES_TABLE } from './device-tables.ts'
import { normalizePhoneNumber } from './phone-number.ts'
import { requireSetting } from '../../../src/tools/require-setting.ts'
import { searchRows } from './search-rows.ts'
import { CELLULAR } from './state-requirements.ts'
import { checkTimestamp } from './value-checks.ts'

/** Sends a text message. */
export const sendMessageWithPhoneNumber = defineTool({
  name: 'send_message_with_phone_number',
  group: 'messaging',
  description: "Sends a text message from the owner's phone to a phone number and returns the new message's id. Needs the cellular service.",
  args: z.object({
    phone_number: z.string().describe("the recipient's phone number with a leading + and the country code, such as +14155550132"),
    content: z.string().describe('the text of the message'),
  }),
  returns: 'the message_id of the sent message (a string)',
  action: true,
  requires: [CELLULAR],
  execute: (args, { world, clock, ids }) => {
    requireSetting({ world }, CELLULAR)
    const recipientPhone = normalizePhoneNumber(args.phone_number)
    const contacts = world.rows(CONTACTS_TABLE)
    const owners = contacts.filter((row) => row['is_self'] === true)
    if (owners.length !== 1)
      throw new ToolError('DuplicateError', `the contacts must hold exactly one entry for the owner (is_self true) to send from, but hold ${owners.length}`)
    const owner = owners[0] as (typeof owners)[number]
    const recipient = contacts.find((row) => row['phone_number'] === recipientPhone)
    const messageId = ids.next()
    world.insert(MESSAGES_TABLE, {
      message_id: messageId,
      sender_person_id: owner['person_id'] ?? null,
      sender_phone_number: owner['phone_number'] ?? null,
      recipient_person_id: recipient?.['person_id'] ?? null,
      recipient_phone_number: recipientPhone,
      content: args.content,
      creation_timestamp: clock.now,
    })
    return messageId
  },
})

/** Looks up messages. */
export const searchMessages = defineTool({
  name: 'search_messages',
  group: 'messaging',
  description:
    'Finds text messages that match every given field. Ids and phone numbers must match exactly, the content matches approximately, and the creation time can be bounded from below and above. Give at least one field.',
  args: z.object({
    message_id: z.string().optional().describe('an exact message_id'),
    sender_person_id: z.string().optional().describe("the sender's exact person_id"),
    sender_phone_number: z.string().optional().describe("the sender's exact phone number, with a leading + and the country code"),
    recipient_person_id: z.string().optional().describe("the recipient's exact person_id"),
    recipient_phone_number: z.string().optional().describe("the recipient's exact phone number, with a leading + and the country code"),
    content: z.string().optional().describe('words from the message text, matched approximately'),
    creation_timestamp_lowerbound: z.number().optional().describe('only messages created at or after this time (seconds since the Unix epoch)'),
    creation_timestamp_upperbound: z.number().optional().describe('only messages created at or before this time (seconds since the Unix epoch)'),
  }),
  returns:
    'a list of matching messages, each { message_id, sender_person_id, sender_phone_number, recipient_person_id, recipient_phone_number, content, creation_timestamp }; empty when none match',
  action: false,
  execute: (args, { world }) => {
    const normalized = {
      ...args,
      sender_phone_number: args.sender_phone_number === undefined ? undefined : normalizePhoneNumber(args.sender_phone_number, 'sender_phone_number'),
      recipient_phone_number:
        args.recipient_phone_number === undefined ? undefined : normalizePhoneNumber(args.recipient_phone_number, 'recipient_phone_number'),
    }
    if (args.creation_timestamp_lowerbound !== undefined) checkTimestamp('creation_timestamp_lowerbound', args.creation_timestamp_lowerbound)
    if (args.creation_timestamp_upperbound !== undefined) checkTimestamp('creation_timestamp_upperbound', args.creation_timestamp_upperbound)
    return searchRows(
      world.rows(MESSAGES_TABLE),
      {
        message_id: { kind: 'exact', column: 'message_id' },
        sender_person_id: { kind: 'exact', column: 'sender_person_id' },
        sender_phone_number: { kind: 'exact', column: 'sender_phone_number' },
        recipient_person_id: { kind: 'exact', column: 'recipient_person_id' },
        recipient_phone_number: { kind: 'exact', column: 'recipient_phone_number' },
        content: { kind: 'fuzzy', column: 'content', threshold: 50 },
        creation_timestamp_lowerbound: { kind: 'atLeast', column: 'creation_timestamp' },
        creation_timestamp_upperbound: { kind: 'atMost', column: 'creation_timestamp' },
      },
      normalized,
    )
  },
})

/** The messaging tools. */
export const messagingTools = Object.freeze([sendMessageWithPhoneNumber, searchMessages] as const)
