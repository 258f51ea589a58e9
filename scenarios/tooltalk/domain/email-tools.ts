import { apiException, pythonIterate, pythonStr } from './python-values.ts'
import { searchRows } from './search-filters.ts'
import { accountForSession, isEmailAddress, usernameOf } from './session.ts'
import { emailId } from './tooltalk-ids.ts'
import { parameter } from './tooltalk-parameters.ts'
import { plainRow, ToolTalkStore } from './tooltalk-store.ts'
import { defineToolTalkTool, toolTalkState } from './tooltalk-tool.ts'

const GROUP = 'tooltalk-email'
const DATABASE = 'Email'

/** SearchInbox: the five newest e-mails that pass the filters. */
export const searchInbox = defineToolTalkTool({
  name: 'SearchInbox', group: GROUP, plugin: 'Email', requiresAuth: true, action: false,
  description: "Searches the user's inbox and returns the five newest e-mails that match.",
  parameters: {
    query: parameter.optionalString('Keywords to look for in subjects and bodies.'),
    match_type: parameter.optionalString('"any" (the default) to match any keyword, "all" to need every one.'),
    sender: parameter.optionalString("The sender's e-mail address."),
    start_date: parameter.optionalString('The earliest date to include, as YYYY-MM-DD HH:MM:SS.'),
    end_date: parameter.optionalString('The latest date to include, as YYYY-MM-DD HH:MM:SS.'),
  },
  returns: 'emails: each matching e-mail with its id, date, sender, receivers, subject and body',
  call: (values, context) => {
    const state = toolTalkState(context)
    const store = new ToolTalkStore(context.world)
    const username = usernameOf(accountForSession(store, values.session_token))
    const emails = store.entries(DATABASE, username)
    // An empty or missing inbox answers before the filters are checked, as in ToolTalk.
    if (emails.length === 0) return { emails: [] }
    return { emails: searchRows(emails, values, state.now, { date: 'date', texts: ['body', 'subject'] }, state.searchOrder).map(plainRow) }
  },
})

/** SendEmail: sends an e-mail (nothing is stored; ToolTalk keeps no outbox). */
export const sendEmail = defineToolTalkTool({
  name: 'SendEmail', group: GROUP, plugin: 'Email', requiresAuth: true, action: true,
  description: 'Sends an e-mail from the logged-in user.',
  parameters: {
    to: parameter.stringList('The e-mail addresses to send to.'),
    subject: parameter.string('The subject line.'),
    body: parameter.string('The text of the e-mail.'),
  },
  returns: 'email_id: the id of the sent e-mail',
  call: (values, context) => {
    const state = toolTalkState(context)
    accountForSession(new ToolTalkStore(context.world), values.session_token)
    // A text is gone through letter by letter and a dict by its keys, as Python's `for` does.
    for (const address of pythonIterate(values.to ?? null)) if (!isEmailAddress(address)) throw apiException(`${pythonStr(address)} is not a valid email address.`)
    return { email_id: emailId(state.random) }
  },
})

/** The Email plugin, in ToolTalk's order. */
export const emailTools = [sendEmail, searchInbox] as const
