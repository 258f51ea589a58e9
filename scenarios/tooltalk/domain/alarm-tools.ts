import { strptime } from './python-datetime.ts'
import { apiException, pythonHasKey, pythonStr } from './python-values.ts'
import { accountForSession, usernameOf } from './session.ts'
import { alarmId } from './tooltalk-ids.ts'
import { parameter } from './tooltalk-parameters.ts'
import { plainRow, ToolTalkStore } from './tooltalk-store.ts'
import { defineToolTalkTool, toolTalkState } from './tooltalk-tool.ts'

const GROUP = 'tooltalk-alarm'
const DATABASE = 'Alarm'

/** AddAlarm: sets an alarm at a time of day. */
export const addAlarm = defineToolTalkTool({
  name: 'AddAlarm', group: GROUP, plugin: 'Alarm', requiresAuth: true, action: true,
  description: 'Sets an alarm for a time of day.',
  parameters: { time: parameter.string('When the alarm rings, as HH:MM:SS (24-hour clock).') },
  returns: 'alarm_id: the id of the new alarm, like 5bff-dd80',
  call: (values, context) => {
    // ToolTalk reads the time before it checks the session.
    strptime(values.time, '%H:%M:%S')
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, values.session_token))
    store.ensureScope(DATABASE, username)
    const id = alarmId(toolTalkState(context).random)
    store.putEntry(DATABASE, username, id, { alarm_id: id, time: values.time ?? null })
    return { alarm_id: id }
  },
})

/** DeleteAlarm: removes an alarm by id. */
export const deleteAlarm = defineToolTalkTool({
  name: 'DeleteAlarm', group: GROUP, plugin: 'Alarm', requiresAuth: true, action: true,
  description: "Removes one of the user's alarms.",
  parameters: { alarm_id: parameter.string('The id of the alarm, like 5bff-dd80.') },
  returns: 'status: "success" when the alarm was removed',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, values.session_token))
    const id = values.alarm_id ?? null
    if (!store.hasScope(DATABASE, username)) throw apiException(`Alarm ${pythonStr(id)} not found.`)
    if (!pythonHasKey((key) => store.entry(DATABASE, username, key) !== undefined, id)) throw apiException(`Alarm ${pythonStr(id)} not found.`)
    store.deleteEntry(DATABASE, username, id)
    return { status: 'success' }
  },
})

/** FindAlarms: lists the user's alarms, optionally within a time window. */
export const findAlarms = defineToolTalkTool({
  name: 'FindAlarms', group: GROUP, plugin: 'Alarm', requiresAuth: true, action: false,
  description: "Lists the user's alarms, optionally only those between two times of day.",
  parameters: {
    start_range: parameter.optionalString('The earliest time to include, as HH:MM:SS.'),
    end_range: parameter.optionalString('The latest time to include, as HH:MM:SS.'),
  },
  returns: 'alarms: each alarm_id and time in the window',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, values.session_token))
    // A user without alarms gets none before the window is even read, as in ToolTalk.
    if (!store.hasScope(DATABASE, username)) return { alarms: [] }
    const startRange = values.start_range ?? null
    const endRange = values.end_range ?? null
    const start = startRange === null ? undefined : strptime(startRange, '%H:%M:%S')
    const end = endRange === null ? undefined : strptime(endRange, '%H:%M:%S')
    if (start !== undefined && end !== undefined && start > end) throw apiException('Start range must be earlier than end range.')
    const alarms = store.entries(DATABASE, username).filter((row) => {
      const time = strptime(row.time, '%H:%M:%S')
      return !(start !== undefined && time < start) && !(end !== undefined && time > end)
    })
    return { alarms: alarms.map(plainRow) }
  },
})

/** The Alarm plugin, in ToolTalk's order. */
export const alarmTools = [addAlarm, deleteAlarm, findAlarms] as const
