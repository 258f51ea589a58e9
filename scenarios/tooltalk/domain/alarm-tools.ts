import { z } from 'zod'
import { parseTimeOfDay } from './python-datetime.ts'
import { accountForSession, usernameOf } from './session.ts'
import { alarmId } from './tooltalk-ids.ts'
import { plainRow, ToolTalkStore } from './tooltalk-store.ts'
import { defineToolTalkTool, toolTalkError, toolTalkState } from './tooltalk-tool.ts'

const GROUP = 'tooltalk-alarm'
const DATABASE = 'Alarm'

/** AddAlarm: sets an alarm at a time of day. */
export const addAlarm = defineToolTalkTool({
  name: 'AddAlarm', group: GROUP, plugin: 'Alarm', requiresAuth: true, action: true,
  description: 'Sets an alarm for a time of day.',
  args: z.strictObject({ time: z.string().describe('When the alarm rings, as HH:MM:SS (24-hour clock).') }),
  returns: 'alarm_id: the id of the new alarm, like 5bff-dd80',
  execute: ({ time }, context) => {
    parseTimeOfDay(time, 'time')
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, toolTalkState(context).sessionToken))
    store.ensureScope(DATABASE, username)
    const id = alarmId(toolTalkState(context).random)
    store.putEntry(DATABASE, username, id, { alarm_id: id, time })
    return { alarm_id: id }
  },
})

/** DeleteAlarm: removes an alarm by id. */
export const deleteAlarm = defineToolTalkTool({
  name: 'DeleteAlarm', group: GROUP, plugin: 'Alarm', requiresAuth: true, action: true,
  description: 'Removes one of the user\'s alarms.',
  args: z.strictObject({ alarm_id: z.string().describe('The id of the alarm, like 5bff-dd80.') }),
  returns: 'status: "success" when the alarm was removed',
  execute: ({ alarm_id: id }, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, toolTalkState(context).sessionToken))
    if (store.entry(DATABASE, username, id) === undefined) throw toolTalkError(`${username} has no alarm with id ${id}.`)
    store.deleteEntry(DATABASE, username, id)
    return { status: 'success' }
  },
})

/** FindAlarms: lists the user's alarms, optionally within a time window. */
export const findAlarms = defineToolTalkTool({
  name: 'FindAlarms', group: GROUP, plugin: 'Alarm', requiresAuth: true, action: false,
  description: "Lists the user's alarms, optionally only those between two times of day.",
  args: z.strictObject({
    start_range: z.string().optional().describe('The earliest time to include, as HH:MM:SS.'),
    end_range: z.string().optional().describe('The latest time to include, as HH:MM:SS.'),
  }),
  returns: 'alarms: each alarm_id and time in the window',
  execute: ({ start_range: startRange, end_range: endRange }, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, toolTalkState(context).sessionToken))
    if (!store.hasScope(DATABASE, username)) return { alarms: [] }
    const start = startRange === undefined ? undefined : parseTimeOfDay(startRange, 'start_range')
    const end = endRange === undefined ? undefined : parseTimeOfDay(endRange, 'end_range')
    if (start !== undefined && end !== undefined && start > end) throw toolTalkError('start_range is later than end_range.')
    const alarms = store.entries(DATABASE, username).filter((row) => {
      const time = parseTimeOfDay(String(row.time), 'stored alarm time')
      return !(start !== undefined && time < start) && !(end !== undefined && time > end)
    })
    return { alarms: alarms.map(plainRow) }
  },
})

/** The Alarm plugin, in ToolTalk's order. */
export const alarmTools = [addAlarm, deleteAlarm, findAlarms] as const
