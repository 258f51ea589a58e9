import { z } from 'zod'
import { parseDateTime } from './python-datetime.ts'
import { accountForSession, usernameOf } from './session.ts'
import { reminderId } from './tooltalk-ids.ts'
import { plainRow, ToolTalkStore } from './tooltalk-store.ts'
import { defineToolTalkTool, toolTalkError, toolTalkState } from './tooltalk-tool.ts'

const GROUP = 'tooltalk-reminder'
const DATABASE = 'Reminder'

/** AddReminder: adds a pending task, optionally with a due date. */
export const addReminder = defineToolTalkTool({
  name: 'AddReminder', group: GROUP, plugin: 'Reminder', requiresAuth: true, action: true,
  description: "Adds a task to the user's reminders.",
  args: z.strictObject({
    task: z.string().describe('What to be reminded of.'),
    due_date: z.string().optional().describe('When the task is due, as YYYY-MM-DD HH:MM:SS.'),
  }),
  returns: 'reminder_id: the id of the new reminder',
  execute: ({ task, due_date: dueDate }, context) => {
    const state = toolTalkState(context)
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, state.sessionToken))
    // ToolTalk creates the user's reminder list before it checks the date.
    store.ensureScope(DATABASE, username)
    if (dueDate !== undefined) parseDateTime(dueDate, 'due_date')
    const id = reminderId(state.random)
    store.putEntry(DATABASE, username, id, { reminder_id: id, task, due_date: dueDate ?? null, status: 'pending' })
    return { reminder_id: id }
  },
})

function requireReminder(store: ToolTalkStore, username: string, id: string): void {
  if (!store.hasScope(DATABASE, username)) throw toolTalkError(`${username} has no reminders.`)
  if (store.entry(DATABASE, username, id) === undefined) throw toolTalkError(`${username} has no reminder with id ${id}.`)
}

/** CompleteReminder: marks a pending reminder complete. */
export const completeReminder = defineToolTalkTool({
  name: 'CompleteReminder', group: GROUP, plugin: 'Reminder', requiresAuth: true, action: true,
  description: 'Marks a reminder as done.',
  args: z.strictObject({ reminder_id: z.string().describe('The id of the reminder to mark done.') }),
  returns: 'status: "success" when the reminder was marked complete',
  execute: ({ reminder_id: id }, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, toolTalkState(context).sessionToken))
    requireReminder(store, username, id)
    if (store.entry(DATABASE, username, id)?.status === 'complete') throw toolTalkError(`Reminder ${id} is already complete.`)
    store.patchEntry(DATABASE, username, id, { status: 'complete' })
    return { status: 'success' }
  },
})

/** DeleteReminder: removes a reminder. */
export const deleteReminder = defineToolTalkTool({
  name: 'DeleteReminder', group: GROUP, plugin: 'Reminder', requiresAuth: true, action: true,
  description: 'Removes a reminder.',
  args: z.strictObject({ reminder_id: z.string().describe('The id of the reminder to remove.') }),
  returns: 'status: "success" when the reminder was removed',
  execute: ({ reminder_id: id }, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, toolTalkState(context).sessionToken))
    requireReminder(store, username, id)
    store.deleteEntry(DATABASE, username, id)
    return { status: 'success' }
  },
})

/** GetReminders: all of the user's reminders. */
export const getReminders = defineToolTalkTool({
  name: 'GetReminders', group: GROUP, plugin: 'Reminder', requiresAuth: true, action: false,
  description: "Lists all of the user's reminders.",
  args: z.strictObject({}),
  returns: 'reminders: each reminder with its id, task, due date and status ("pending" or "complete")',
  execute: (_args, context) => {
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, toolTalkState(context).sessionToken))
    return { reminders: store.entries(DATABASE, username).map(plainRow) }
  },
})

/** The Reminder plugin, in ToolTalk's order. */
export const reminderTools = [addReminder, getReminders, deleteReminder, completeReminder] as const
