import { apiException, pythonEqual } from './python-values.ts'
import { searchRows } from './search-filters.ts'
import { accountForSession, usernameOf } from './session.ts'
import { messageId } from './tooltalk-ids.ts'
import { parameter } from './tooltalk-parameters.ts'
import { plainRow, ToolTalkStore } from './tooltalk-store.ts'
import { defineToolTalkTool, toolTalkState } from './tooltalk-tool.ts'

const GROUP = 'tooltalk-messages'
const DATABASE = 'Message'

/** SendMessage: sends a text message (nothing is stored; any receiver is accepted). */
export const sendMessage = defineToolTalkTool({
  name: 'SendMessage', group: GROUP, plugin: 'Messages', requiresAuth: true, action: true,
  description: 'Sends a text message to another user.',
  parameters: {
    receiver: parameter.string("The receiver's username."),
    message: parameter.string('The text to send.'),
  },
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
  parameters: {
    query: parameter.optionalString('Keywords to look for in the message text.'),
    match_type: parameter.optionalString('"any" (the default) to match any keyword, "all" to need every one.'),
    sender: parameter.optionalString("The sender's username."),
    start_date: parameter.optionalString('The earliest time to include, as YYYY-MM-DD HH:MM:SS.'),
    end_date: parameter.optionalString('The latest time to include, as YYYY-MM-DD HH:MM:SS.'),
  },
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
