import { z } from 'zod'
import { apiException, pythonEqual } from './python-values.ts'
import { searchRows } from './search-filters.ts'
import { accountForSession, usernameOf } from './session.ts'
import { messageId } from './tooltalk-ids.ts'
import { plainRow, ToolTalkStore } from './tooltalk-store.ts'
import { defineToolTalkTool, toolTalkState } from './tooltalk-tool.ts'

const GROUP = 'tooltalk-messages'
const DATABASE = 'Message'

/** SendMessage: sends a text message (nothing is stored; any receiver is accepted). */
export const sendMessage = defineToolTalkTool({
  name: 'SendMessage', group: GROUP, plugin: 'Messages', requiresAuth: true, action: true,
  description: 'Sends a text message to another user.',
  args: z.strictObject({
    receiver: z.string().describe("The receiver's username."),
    message: z.string().describe('The text to send.'),
  }),
  returns: 'message_id: the id of the sent message',
  call: (values, context) => {
    const state = toolTalkState(context)
    accountForSession(new ToolTalkStore(context.world), values.session_token)
    // Only an empty text is refused; a missing (null) message or a list is sent, as in ToolTalk.
    if (pythonEqual(values.message ?? null, '')) throw apiException('Message cannot be empty.')
    return { message_id: messageId(state.random) }
  },
})

/** SearchMessages: the five newest messages that pass the filters. */
export const searchMessages = defineToolTalkTool({
  name: 'SearchMessages', group: GROUP, plugin: 'Messages', requiresAuth: true, action: false,
  description: "Searches the user's messages and returns the five newest that match.",
  args: z.strictObject({
    query: z.string().optional().describe('Keywords to look for in the message text.'),
    match_type: z.string().optional().describe('"any" (the default) to match any keyword, "all" to need every one.'),
    sender: z.string().optional().describe("The sender's username."),
    start_date: z.string().optional().describe('The earliest time to include, as YYYY-MM-DD HH:MM:SS.'),
    end_date: z.string().optional().describe('The latest time to include, as YYYY-MM-DD HH:MM:SS.'),
  }),
  returns: 'messages: each matching message with its id, timestamp, sender and text',
  call: (values, context) => {
    const state = toolTalkState(context)
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, values.session_token))
    if (!store.hasScope(DATABASE, username)) return { messages: [] }
    return { messages: searchRows(store.entries(DATABASE, username), values, state.now, { date: 'timestamp', texts: ['message'] }, state.searchOrder).map(plainRow) }
  },
})

/** The Messages plugin, in ToolTalk's order. */
export const messagesTools = [sendMessage, searchMessages] as const
