import type { JsonValue } from '../../../src/world/index.ts'
import { strptime } from './python-datetime.ts'
import { apiException, PythonError, pythonEqual, pythonHasKey, pythonRepr, pythonStr } from './python-values.ts'
import { accountForSession, usernameOf } from './session.ts'
import { reminderId } from './tooltalk-ids.ts'
import { parameter } from './tooltalk-parameters.ts'
import { plainRow, ToolTalkStore } from './tooltalk-store.ts'
import { defineToolTalkTool, toolTalkState } from './tooltalk-tool.ts'

const GROUP = 'tooltalk-reminder'
const DATABASE = 'Reminder'

/** AddReminder: adds a pending task, optionally with a due date. */
export const addReminder = defineToolTalkTool({
  name: 'AddReminder', group: GROUP, plugin: 'Reminder', requiresAuth: true, action: true,
  description: "Adds a task to the user's reminders.",
  parameters: {
    task: parameter.string('What to be reminded of.'),
    due_date: parameter.optionalString('When the task is due, as YYYY-MM-DD HH:MM:SS.'),
  },
  returns: 'reminder_id: the id of the new reminder',
  call: (values, context) => {
    const state = toolTalkState(context)
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, values.session_token))
    const dueDate = values.due_date ?? null
    // ToolTalk creates the user's reminder list before it checks the date.
    store.ensureScope(DATABASE, username)
    if (dueDate !== null) {
      try {
        strptime(dueDate, '%Y-%m-%d %H:%M:%S')
      } catch (error) {
        // Only a ValueError becomes ToolTalk's message; a due date that is not text raises its TypeError.
        if (error instanceof PythonError && error.kind === 'ValueError') throw apiException(`Invalid due_date: ${pythonStr(dueDate)}`)
        throw error
      }
    }
    const id = reminderId(state.random)
    store.putEntry(DATABASE, username, id, { reminder_id: id, task: values.task ?? null, due_date: dueDate, status: 'pending' })
    return { reminder_id: id }
  },
})

/**
 * `reminder_id not in self.database[username]`: a user without a reminder list raises Python's
 * `KeyError` (its text is the username's repr) before the id is looked at.
 */
function requireReminder(store: ToolTalkStore, username: string, id: JsonValue | undefined): string {
  if (!store.hasScope(DATABASE, username)) throw new PythonError('KeyError', pythonRepr(username))
  const value = id ?? null
  if (!pythonHasKey((key) => store.entry(DATABASE, username, key) !== undefined, value)) throw apiException(`Reminder ${pythonStr(value)} not found in database`)
  return value
}

/** CompleteReminder: marks a pending reminder complete. */
export const completeReminder = defineToolTalkTool({
  name: 'CompleteReminder', group: GROUP, plugin: 'Reminder', requiresAuth: true, action: true,
  description: 'Marks a reminder as done.',
  parameters: { reminder_id: parameter.string('The id of the reminder to mark done.') },
  returns: 'status: "success" when the reminder was marked complete',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, values.session_token))
    const id = requireReminder(store, username, values.reminder_id)
    if (pythonEqual(store.entry(DATABASE, username, id)?.status ?? null, 'complete')) throw apiException(`Reminder ${id} already completed`)
    store.patchEntry(DATABASE, username, id, { status: 'complete' })
    return { status: 'success' }
  },
})

/** DeleteReminder: removes a reminder. */
export const deleteReminder = defineToolTalkTool({
  name: 'DeleteReminder', group: GROUP, plugin: 'Reminder', requiresAuth: true, action: true,
  description: 'Removes a reminder.',
  parameters: { reminder_id: parameter.string('The id of the reminder to remove.') },
  returns: 'status: "success" when the reminder was removed',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, values.session_token))
    store.deleteEntry(DATABASE, username, requireReminder(store, username, values.reminder_id))
    return { status: 'success' }
  },
})

/** GetReminders: all of the user's reminders. */
export const getReminders = defineToolTalkTool({
  name: 'GetReminders', group: GROUP, plugin: 'Reminder', requiresAuth: true, action: false,
  description: "Lists all of the user's reminders.",
  parameters: {},
  returns: 'reminders: each reminder with its id, task, due date and status ("pending" or "complete")',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, values.session_token))
    return { reminders: store.entries(DATABASE, username).map(plainRow) }
  },
})

/** The Reminder plugin, in ToolTalk's order. */
export const reminderTools = [addReminder, getReminders, deleteReminder, completeReminder] as const
