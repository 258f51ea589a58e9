import type { JsonObject, JsonValue } from '../../../src/world/index.ts'
import { strptime } from './python-datetime.ts'
import { apiException, pythonAppend, pythonContains, pythonEqual, pythonHasKey, pythonStr, pythonTruthy } from './python-values.ts'
import { accountForSession, usernameOf } from './session.ts'
import { eventId } from './tooltalk-ids.ts'
import { parameter } from './tooltalk-parameters.ts'
import { plainRow, ToolTalkStore } from './tooltalk-store.ts'
import { defineToolTalkTool, toolTalkState } from './tooltalk-tool.ts'

const GROUP = 'tooltalk-calendar'
const DATABASE = 'Calendar'
const EVENT_TYPES = ['meeting', 'event']

/** ToolTalk adds the organiser to an attendee list that lacks them (a new list; the caller's is kept). */
function withOrganiser(attendees: JsonValue, username: string): JsonValue {
  return pythonContains(attendees, username) ? attendees : pythonAppend(attendees, username)
}

/** CreateEvent: adds a meeting or an event to the user's calendar. */
export const createEvent = defineToolTalkTool({
  name: 'CreateEvent', group: GROUP, plugin: 'Calendar', requiresAuth: true, action: true,
  description: "Adds a meeting or an event to the user's calendar. Times must lie in the future.",
  parameters: {
    name: parameter.string('What the event is called.'),
    event_type: parameter.string('Either "meeting" or "event".'),
    start_time: parameter.string('When it starts, as YYYY-MM-DD HH:MM:SS.'),
    end_time: parameter.string('When it ends, as YYYY-MM-DD HH:MM:SS.'),
    description: parameter.optionalString('Details about the event, at most 1024 characters.'),
    location: parameter.optionalString('Where it takes place.'),
    attendees: parameter.optionalStringList('Usernames of the people invited; a meeting needs at least one.'),
  },
  returns: 'event_id: the id of the new event',
  call: (values, context) => {
    const eventType = values.event_type ?? null
    const attendees = values.attendees ?? null
    if (!EVENT_TYPES.some((type) => pythonEqual(type, eventType))) throw apiException(`Event type ${pythonStr(eventType)} not supported.`)
    if (pythonEqual(eventType, 'meeting') && !pythonTruthy(attendees)) throw apiException('Meeting must have attendees.')
    const state = toolTalkState(context)
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, values.session_token))
    const start = strptime(values.start_time, '%Y-%m-%d %H:%M:%S')
    const end = strptime(values.end_time, '%Y-%m-%d %H:%M:%S')
    if (start > end) throw apiException('Start time must be before end time.')
    if (start < state.now || end < state.now) throw apiException('Start time and end time must be in the future.')
    // The organiser joins before the id is drawn, so a list that cannot take them draws nothing.
    const invited = attendees === null ? null : withOrganiser(attendees, username)
    const id = eventId(state.random)
    const event: JsonObject = {
      event_id: id, name: values.name ?? null, event_type: eventType, description: values.description ?? null,
      start_time: values.start_time ?? null, end_time: values.end_time ?? null, location: values.location ?? null, attendees: invited,
    }
    store.ensureScope(DATABASE, username)
    store.putEntry(DATABASE, username, id, event)
    return { event_id: id }
  },
})

/** The event of the user under `id`, or ToolTalk's "not found" (a list or dict id: `unhashable type`). */
function requireEvent(store: ToolTalkStore, username: string, id: JsonValue): string {
  if (!store.hasScope(DATABASE, username)) throw apiException(`Event ${pythonStr(id)} not found.`)
  if (!pythonHasKey((key) => store.entry(DATABASE, username, key) !== undefined, id)) throw apiException(`Event ${pythonStr(id)} not found.`)
  return id
}

/** DeleteEvent: removes an event by id. */
export const deleteEvent = defineToolTalkTool({
  name: 'DeleteEvent', group: GROUP, plugin: 'Calendar', requiresAuth: true, action: true,
  description: "Removes an event from the user's calendar.",
  parameters: { event_id: parameter.string('The id of the event to remove.') },
  returns: 'status: "success" when the event was removed',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, values.session_token))
    store.deleteEntry(DATABASE, username, requireEvent(store, username, values.event_id ?? null))
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
  parameters: {
    event_id: parameter.string('The id of the event to change.'),
    new_name: parameter.optionalString('The new name.'),
    new_start_time: parameter.optionalString('The new start, as YYYY-MM-DD HH:MM:SS; needs new_end_time too.'),
    new_end_time: parameter.optionalString('The new end, as YYYY-MM-DD HH:MM:SS; needs new_start_time too.'),
    new_description: parameter.optionalString('The new description.'),
    new_location: parameter.optionalString('The new location.'),
    new_attendees: parameter.optionalStringList('The new list of attendee usernames.'),
  },
  returns: 'status: "success" when the event was changed',
  call: (values, context) => {
    const state = toolTalkState(context)
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, values.session_token))
    const id = requireEvent(store, username, values.event_id ?? null)
    const given = (name: string) => (values[name] ?? null) !== null
    if (given('new_name')) store.patchEntry(DATABASE, username, id, { name: values.new_name as JsonValue })
    if (given('new_start_time')) {
      if (!given('new_end_time')) throw apiException('new_end_time must be provided if new_start_time is provided.')
      const start = strptime(values.new_start_time, '%Y-%m-%d %H:%M:%S')
      const end = strptime(values.new_end_time, '%Y-%m-%d %H:%M:%S')
      if (start > end) throw apiException('Start time must be before end time.')
      if (start < state.now || end < state.now) throw apiException('Start time and end time must be in the future.')
      store.patchEntry(DATABASE, username, id, { start_time: values.new_start_time as JsonValue })
    }
    if (given('new_end_time')) {
      if (!given('new_start_time')) throw apiException('new_start_time must be provided if new_end_time is provided.')
      store.patchEntry(DATABASE, username, id, { end_time: values.new_end_time as JsonValue })
    }
    if (given('new_description')) store.patchEntry(DATABASE, username, id, { description: values.new_description as JsonValue })
    if (given('new_location')) store.patchEntry(DATABASE, username, id, { location: values.new_location as JsonValue })
    if (given('new_attendees')) store.patchEntry(DATABASE, username, id, { attendees: withOrganiser(values.new_attendees as JsonValue, username) })
    return { status: 'success' }
  },
})

/** QueryCalendar: the events that overlap a time window. */
export const queryCalendar = defineToolTalkTool({
  name: 'QueryCalendar', group: GROUP, plugin: 'Calendar', requiresAuth: true, action: false,
  description: "Lists the user's events that start, end or run within a time window.",
  parameters: {
    start_time: parameter.string('The start of the window, as YYYY-MM-DD HH:MM:SS.'),
    end_time: parameter.string('The end of the window, as YYYY-MM-DD HH:MM:SS.'),
  },
  returns: 'events: each event with its id, name, type, description, times, location and attendees',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, values.session_token))
    if (!store.hasScope(DATABASE, username)) throw apiException(`User ${username} has no events.`)
    const start = strptime(values.start_time, '%Y-%m-%d %H:%M:%S')
    const end = strptime(values.end_time, '%Y-%m-%d %H:%M:%S')
    if (start > end) throw apiException('Start time must be before end time.')
    const events = store.entries(DATABASE, username).filter((row) => {
      const eventStart = strptime(row.start_time, '%Y-%m-%d %H:%M:%S')
      const eventEnd = strptime(row.end_time, '%Y-%m-%d %H:%M:%S')
      return (start <= eventStart && eventStart <= end) || (start <= eventEnd && eventEnd <= end) || (eventStart <= start && eventEnd >= end)
    })
    return { events: events.map(plainRow) }
  },
})

/** The Calendar plugin, in ToolTalk's order. */
export const calendarTools = [createEvent, deleteEvent, modifyEvent, queryCalendar] as const
