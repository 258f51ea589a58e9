import { z } from 'zod'
import type { JsonObject } from '../../../src/world/index.ts'
import { parseDateTime } from './python-datetime.ts'
import { accountForSession, usernameOf } from './session.ts'
import { eventId } from './tooltalk-ids.ts'
import { plainRow, ToolTalkStore } from './tooltalk-store.ts'
import { defineToolTalkTool, toolTalkError, toolTalkState } from './tooltalk-tool.ts'

const GROUP = 'tooltalk-calendar'
const DATABASE = 'Calendar'
const EVENT_TYPES = ['meeting', 'event']

/** CreateEvent: adds a meeting or an event to the user's calendar. */
export const createEvent = defineToolTalkTool({
  name: 'CreateEvent', group: GROUP, plugin: 'Calendar', requiresAuth: true, action: true,
  description: "Adds a meeting or an event to the user's calendar. Times must lie in the future.",
  args: z.strictObject({
    name: z.string().describe('What the event is called.'),
    event_type: z.string().describe('Either "meeting" or "event".'),
    description: z.string().optional().describe('Details about the event, at most 1024 characters.'),
    start_time: z.string().describe('When it starts, as YYYY-MM-DD HH:MM:SS.'),
    end_time: z.string().describe('When it ends, as YYYY-MM-DD HH:MM:SS.'),
    location: z.string().optional().describe('Where it takes place.'),
    attendees: z.array(z.string()).optional().describe('Usernames of the people invited; a meeting needs at least one.'),
  }),
  returns: 'event_id: the id of the new event',
  execute: (args, context) => {
    if (!EVENT_TYPES.includes(args.event_type)) throw toolTalkError(`event_type must be "meeting" or "event", not "${args.event_type}".`)
    if (args.event_type === 'meeting' && (args.attendees === undefined || args.attendees.length === 0))
      throw toolTalkError('A meeting needs at least one attendee.')
    const state = toolTalkState(context)
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, state.sessionToken))
    const start = parseDateTime(args.start_time, 'start_time')
    const end = parseDateTime(args.end_time, 'end_time')
    if (start > end) throw toolTalkError('start_time is after end_time.')
    if (start < state.now || end < state.now) throw toolTalkError('An event cannot start or end in the past.')
    // ToolTalk adds the organiser to the attendees (without changing the caller's list).
    const attendees = args.attendees === undefined ? null : args.attendees.includes(username) ? args.attendees : [...args.attendees, username]
    const id = eventId(state.random)
    const event: JsonObject = {
      event_id: id, name: args.name, event_type: args.event_type, description: args.description ?? null,
      start_time: args.start_time, end_time: args.end_time, location: args.location ?? null, attendees,
    }
    store.ensureScope(DATABASE, username)
    store.putEntry(DATABASE, username, id, event)
    return { event_id: id }
  },
})

/** DeleteEvent: removes an event by id. */
export const deleteEvent = defineToolTalkTool({
  name: 'DeleteEvent', group: GROUP, plugin: 'Calendar', requiresAuth: true, action: true,
  description: "Removes an event from the user's calendar.",
  args: z.strictObject({ event_id: z.string().describe('The id of the event to remove.') }),
  returns: 'status: "success" when the event was removed',
  execute: ({ event_id: id }, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, toolTalkState(context).sessionToken))
    if (store.entry(DATABASE, username, id) === undefined) throw toolTalkError(`${username} has no event with id ${id}.`)
    store.deleteEntry(DATABASE, username, id)
    return { status: 'success' }
  },
})

/**
 * ModifyEvent: changes fields of an event. Like ToolTalk, it writes each field as it goes, so a
 * call that fails on the times has already renamed the event (the simulator keeps that change).
 */
export const modifyEvent = defineToolTalkTool({
  name: 'ModifyEvent', group: GROUP, plugin: 'Calendar', requiresAuth: true, action: true,
  description: 'Changes an existing event. Times must lie in the future; give the new start and end together.',
  args: z.strictObject({
    event_id: z.string().describe('The id of the event to change.'),
    new_name: z.string().optional().describe('The new name.'),
    new_start_time: z.string().optional().describe('The new start, as YYYY-MM-DD HH:MM:SS; needs new_end_time too.'),
    new_end_time: z.string().optional().describe('The new end, as YYYY-MM-DD HH:MM:SS; needs new_start_time too.'),
    new_description: z.string().optional().describe('The new description.'),
    new_location: z.string().optional().describe('The new location.'),
    new_attendees: z.array(z.string()).optional().describe('The new list of attendee usernames.'),
  }),
  returns: 'status: "success" when the event was changed',
  execute: (args, context) => {
    const state = toolTalkState(context)
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, state.sessionToken))
    const id = args.event_id
    if (store.entry(DATABASE, username, id) === undefined) throw toolTalkError(`${username} has no event with id ${id}.`)
    if (args.new_name !== undefined) store.patchEntry(DATABASE, username, id, { name: args.new_name })
    if (args.new_start_time !== undefined) {
      if (args.new_end_time === undefined) throw toolTalkError('new_start_time needs new_end_time as well.')
      const start = parseDateTime(args.new_start_time, 'new_start_time')
      const end = parseDateTime(args.new_end_time, 'new_end_time')
      if (start > end) throw toolTalkError('new_start_time is after new_end_time.')
      if (start < state.now || end < state.now) throw toolTalkError('An event cannot start or end in the past.')
      store.patchEntry(DATABASE, username, id, { start_time: args.new_start_time })
    }
    if (args.new_end_time !== undefined) {
      if (args.new_start_time === undefined) throw toolTalkError('new_end_time needs new_start_time as well.')
      store.patchEntry(DATABASE, username, id, { end_time: args.new_end_time })
    }
    if (args.new_description !== undefined) store.patchEntry(DATABASE, username, id, { description: args.new_description })
    if (args.new_location !== undefined) store.patchEntry(DATABASE, username, id, { location: args.new_location })
    if (args.new_attendees !== undefined) {
      const attendees = args.new_attendees.includes(username) ? args.new_attendees : [...args.new_attendees, username]
      store.patchEntry(DATABASE, username, id, { attendees })
    }
    return { status: 'success' }
  },
})

/** QueryCalendar: the events that overlap a time window. */
export const queryCalendar = defineToolTalkTool({
  name: 'QueryCalendar', group: GROUP, plugin: 'Calendar', requiresAuth: true, action: false,
  description: "Lists the user's events that start, end or run within a time window.",
  args: z.strictObject({
    start_time: z.string().describe('The start of the window, as YYYY-MM-DD HH:MM:SS.'),
    end_time: z.string().describe('The end of the window, as YYYY-MM-DD HH:MM:SS.'),
  }),
  returns: 'events: each event with its id, name, type, description, times, location and attendees',
  execute: ({ start_time: startText, end_time: endText }, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, toolTalkState(context).sessionToken))
    if (!store.hasScope(DATABASE, username)) throw toolTalkError(`${username} has no calendar.`)
    const start = parseDateTime(startText, 'start_time')
    const end = parseDateTime(endText, 'end_time')
    if (start > end) throw toolTalkError('start_time is after end_time.')
    const events = store.entries(DATABASE, username).filter((row) => {
      const eventStart = parseDateTime(String(row.start_time), 'stored start_time')
      const eventEnd = parseDateTime(String(row.end_time), 'stored end_time')
      return (start <= eventStart && eventStart <= end) || (start <= eventEnd && eventEnd <= end) || (eventStart <= start && eventEnd >= end)
    })
    return { events: events.map(plainRow) }
  },
})

/** The Calendar plugin, in ToolTalk's order. */
export const calendarTools = [createEvent, deleteEvent, modifyEvent, queryCalendar] as const
