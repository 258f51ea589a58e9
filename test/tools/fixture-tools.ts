import { z } from 'zod'
import { createRegistry, defineTool, ToolError } from '../../src/tools/index.ts'
import type { AnyTool } from '../../src/tools/index.ts'
import { createWorld } from '../../src/world/index.ts'

/**
 * A small device world for tests of the tools layer and the run loop: settings with the nested
 * low-battery rule, contacts, and messaging that needs cellular service.
 */
export const setCellular = defineTool({
  name: 'set_cellular_service_status',
  group: 'settings',
  description: 'Turns cellular service on or off.',
  args: z.object({ on: z.boolean().describe('true to turn cellular service on, false to turn it off') }),
  returns: 'nothing',
  action: true,
  execute: ({ on }, { world }) => {
    const settings = world.settings()
    if (on && settings.low_battery_mode === true) throw new ToolError('PermissionError', 'cellular service cannot be turned on while low battery mode is on')
    if (settings.cellular === on) throw new ToolError('ValueError', `cellular service is already ${on ? 'on' : 'off'}`)
    world.setSettings({ cellular: on })
    return null
  },
})

export const getCellular = defineTool({
  name: 'get_cellular_service_status',
  group: 'settings',
  description: 'Whether cellular service is on.',
  args: z.object({}),
  returns: 'true when cellular service is on',
  action: false,
  execute: (_args, { world }) => world.settings().cellular === true,
})

export const setLowBattery = defineTool({
  name: 'set_low_battery_mode_status',
  group: 'settings',
  description: 'Turns low battery mode on or off. Turning it on switches cellular, wifi and location service off.',
  args: z.object({ on: z.boolean().describe('true to turn low battery mode on') }),
  returns: 'nothing',
  action: true,
  execute: ({ on }, { world }) => {
    if (world.settings().low_battery_mode === on) throw new ToolError('ValueError', `low battery mode is already ${on ? 'on' : 'off'}`)
    world.setSettings(on ? { low_battery_mode: true, cellular: false, wifi: false, location_service: false } : { low_battery_mode: false })
    return null
  },
})

export const sendMessage = defineTool({
  name: 'send_message_with_phone_number',
  group: 'messaging',
  description: 'Sends a text message to a phone number.',
  args: z.object({
    phone_number: z.string().describe('the recipient phone number, with country code'),
    content: z.string().describe('the text to send'),
  }),
  returns: 'the id of the new message',
  action: true,
  requires: [{ setting: 'cellular', kind: 'ConnectionError', message: 'cellular service is off' }],
  execute: ({ phone_number, content }, { world, ids, clock }) => {
    const messageId = ids.next()
    world.insert('messages', { message_id: messageId, recipient_phone_number: phone_number, content, creation_timestamp: clock.now })
    return messageId
  },
})

export const searchContacts = defineTool({
  name: 'search_contacts',
  group: 'contacts',
  description: 'Finds contacts by name or relationship.',
  args: z.object({
    name: z.string().optional().describe('part of the contact name'),
    relationship: z.enum(['friend', 'boss', 'self']).optional().describe('how the contact relates to the user'),
    limit: z.number().int().min(1).default(5).describe('the most contacts to return'),
  }),
  returns: 'the matching contacts',
  action: false,
  execute: ({ name, relationship, limit }, { world }) => {
    if (name === undefined && relationship === undefined) throw new ToolError('ValueError', 'give a name or a relationship to search by')
    return world
      .rows('contacts')
      .filter((row) => (name === undefined || String(row.name).toLowerCase().includes(name.toLowerCase())) && (relationship === undefined || row.relationship === relationship))
      .slice(0, limit)
  },
})

export const addReminder = defineTool({
  name: 'add_reminder',
  group: 'reminders',
  description: 'Adds a reminder.',
  args: z.object({
    content: z.string().describe('what to be reminded of'),
    when: z.object({ timestamp: z.number().describe('seconds since the epoch'), note: z.string().optional().describe('a note') }).describe('when the reminder fires'),
    tags: z.array(z.string()).optional().describe('labels'),
  }),
  returns: 'the id of the reminder',
  action: true,
  execute: ({ content, when }, { world, ids }) => {
    const reminderId = ids.next()
    world.insert('reminders', { reminder_id: reminderId, content, reminder_timestamp: when.timestamp })
    return reminderId
  },
})

/** A tool that fails with a plain exception after writing to the world. */
export const brokenTool = defineTool({
  name: 'broken_tool',
  group: 'test',
  description: 'Always fails after writing.',
  args: z.object({}),
  returns: 'never returns',
  action: true,
  execute: (_args, { world }) => {
    world.insert('messages', { message_id: 'ghost', content: 'should not stay' })
    throw new TypeError('something inside broke')
  },
})

/** A tool whose result is not JSON. */
export const dateTool = defineTool({
  name: 'date_tool',
  group: 'test',
  description: 'Returns a Date object by mistake.',
  args: z.object({}),
  returns: 'a date',
  action: false,
  execute: () => new Date(0) as never,
})

export const endConversation = defineTool({
  name: 'end_conversation',
  group: 'user',
  description: 'Ends the conversation.',
  args: z.object({}),
  returns: 'nothing',
  action: false,
  audience: ['user'],
  execute: () => null,
})

export const fixtureTools: readonly AnyTool[] = [setCellular, getCellular, setLowBattery, sendMessage, searchContacts, addReminder, brokenTool, dateTool, endConversation] as readonly AnyTool[]

export const fixtureRegistry = createRegistry(fixtureTools)

/** A starting world: everything on except what `settings` overrides. */
export function fixtureWorld(settings: Record<string, boolean> = {}) {
  return createWorld(
    {
      settings: [{ cellular: true, wifi: true, location_service: true, low_battery_mode: false, ...settings }],
      contacts: [
        { person_id: 'p-fredrik', name: 'Fredrik Thordendal', phone_number: '+12453344098', relationship: 'friend' },
        { person_id: 'p-homer', name: 'Homer S', phone_number: '+10000000000', relationship: 'boss' },
      ],
      messages: [],
      reminders: [],
    },
    { contacts: { key: 'person_id' }, messages: { key: 'message_id' }, reminders: { key: 'reminder_id' } },
  )
}
