import type { JsonObject, JsonValue, Row } from '../../../src/world/index.ts'
import { apiException, pythonHasKey, pythonEqual } from './python-values.ts'
import { accountForSession, isEmailAddress, isPhoneNumber, usernameOf } from './session.ts'
import { sessionToken, verificationCode } from './tooltalk-ids.ts'
import { parameter } from './tooltalk-parameters.ts'
import { ToolTalkStore } from './tooltalk-store.ts'
import { defineToolTalkTool, toolTalkState } from './tooltalk-tool.ts'

// Every tool follows ToolTalk's `call` step for step (the checks in its order, each failure with
// its text, values stored as given); see python-values.ts for how values of other types behave.

const GROUP = 'tooltalk-account'

function publicProfile(username: JsonValue, account: Row): JsonObject {
  return { username, email: account.email ?? null, phone: account.phone ?? null, name: account.name ?? null } as JsonObject
}

/** `username in self.database` for the account database (a list or dict raises `unhashable type`). */
function hasAccount(store: ToolTalkStore, username: JsonValue | undefined): username is string {
  return pythonHasKey((key) => store.account(key) !== undefined, username)
}

/** GetAccountInformation: the logged-in user's profile. */
export const getAccountInformation = defineToolTalkTool({
  name: 'GetAccountInformation', group: GROUP, plugin: 'AccountTools', requiresAuth: true, action: false,
  description: 'Shows the profile of the user who is logged in.',
  parameters: {},
  returns: 'user: the username, email, phone and name of the account',
  call: (values, context) => {
    const account = accountForSession(new ToolTalkStore(context.world), values.session_token)
    return { user: publicProfile(account.username ?? null, account) }
  },
})

/** DeleteAccount: removes the logged-in user's account after checking the password. */
export const deleteAccount = defineToolTalkTool({
  name: 'DeleteAccount', group: GROUP, plugin: 'AccountTools', requiresAuth: true, action: true,
  description: 'Removes the account of the logged-in user for good. The user must confirm with their password.',
  parameters: { password: parameter.string("The account's current password.") },
  returns: 'status: "success" once the account is gone',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const account = accountForSession(store, values.session_token)
    if (!pythonEqual(account.password, values.password ?? null)) throw apiException('The password is incorrect.')
    store.deleteAccount(usernameOf(account))
    return { status: 'success' }
  },
})

/** UserLogin: logs a user in and hands out a session token. */
export const userLogin = defineToolTalkTool({
  name: 'UserLogin', group: GROUP, plugin: 'AccountTools', requiresAuth: false, action: true,
  description: 'Logs a user in with username and password and starts a session.',
  parameters: {
    username: parameter.string('The username to log in as.'),
    password: parameter.string("That user's password."),
  },
  returns: 'session_token: the token of the new session',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const { username, password } = values
    if (!hasAccount(store, username)) throw apiException('The username does not exist.')
    const account = store.account(username) as Row
    if (!pythonEqual(account.password, password ?? null)) throw apiException('The password is incorrect.')
    if (account.session_token !== null && account.session_token !== undefined) throw apiException('The user is already logged in.')
    const token = sessionToken(toolTalkState(context).random)
    store.patchAccount(username, { session_token: token })
    return { session_token: token }
  },
})

/** LogoutUser: ends the logged-in user's session. */
export const logoutUser = defineToolTalkTool({
  name: 'LogoutUser', group: GROUP, plugin: 'AccountTools', requiresAuth: true, action: true,
  description: 'Logs the current user out and closes their session.',
  parameters: {},
  returns: 'status: "success" when the session was closed',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const account = accountForSession(store, values.session_token)
    store.patchAccount(String(account._key), { session_token: null })
    return { status: 'success' }
  },
})

/** ChangePassword: replaces the logged-in user's password. */
export const changePassword = defineToolTalkTool({
  name: 'ChangePassword', group: GROUP, plugin: 'AccountTools', requiresAuth: true, action: true,
  description: "Sets a new password for the logged-in user's account; the current one must be given.",
  parameters: {
    old_password: parameter.string('The password in use now.'),
    new_password: parameter.string('The password to use from now on.'),
  },
  returns: 'status: "success" when the password was changed',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const account = accountForSession(store, values.session_token)
    if (!pythonEqual(account.password, values.old_password ?? null)) throw apiException('The old password is incorrect.')
    store.patchAccount(String(account._key), { password: values.new_password ?? null })
    return { status: 'success' }
  },
})

/** RegisterUser: creates an account and logs it in. */
export const registerUser = defineToolTalkTool({
  name: 'RegisterUser', group: GROUP, plugin: 'AccountTools', requiresAuth: false, action: true,
  description: 'Creates a new account and logs it in.',
  parameters: {
    username: parameter.string('The username for the new account.'),
    password: parameter.string('The password for the new account.'),
    email: parameter.string('The e-mail address of the new account.'),
    name: parameter.optionalString("The account holder's name."),
    phone: parameter.optionalString('A phone number written xxx-xxx-xxxx.'),
  },
  returns: 'session_token: the token of the new session; user: the username, email, phone and name stored',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const username = values.username ?? null
    const email = values.email ?? null
    const name = values.name ?? null
    const phone = values.phone ?? null
    if (hasAccount(store, username)) throw apiException('The username already exists.')
    if (!isEmailAddress(email)) throw apiException('The email format is invalid.')
    if (phone !== null && !isPhoneNumber(phone)) throw apiException('The phone number format is invalid.')
    const token = sessionToken(toolTalkState(context).random)
    // A username that is not text is still stored under its text, as a Python dict would key it.
    store.putAccount(typeof username === 'string' ? username : JSON.stringify(username), { username, password: values.password ?? null, session_token: token, email, phone, name })
    return { session_token: token, user: { username, email, phone, name } }
  },
})

/** SendVerificationCode: starts a password reset by e-mailing a code. */
export const sendVerificationCode = defineToolTalkTool({
  name: 'SendVerificationCode', group: GROUP, plugin: 'AccountTools', requiresAuth: false, action: true,
  description: "Starts a password reset: sends a verification code to the account's e-mail address.",
  parameters: {
    username: parameter.string('The username of the account.'),
    email: parameter.string('The e-mail address on file for that account.'),
  },
  returns: 'status: "success" when the code was sent',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const { username } = values
    if (!hasAccount(store, username)) throw apiException('The username does not exist.')
    if (!pythonEqual((store.account(username) as Row).email, values.email ?? null)) throw apiException('The email is incorrect.')
    store.patchAccount(username, { verification_code: verificationCode(toolTalkState(context).random) })
    return { status: 'success' }
  },
})

/** ResetPassword: sets a new password with a verification code. */
export const resetPassword = defineToolTalkTool({
  name: 'ResetPassword', group: GROUP, plugin: 'AccountTools', requiresAuth: false, action: true,
  description: 'Sets a new password using the verification code the user received.',
  parameters: {
    username: parameter.string('The username of the account.'),
    verification_code: parameter.string('The six-digit code that was sent.'),
    new_password: parameter.string('The password to use from now on.'),
  },
  returns: 'status: "success" when the password was reset',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const { username } = values
    if (!hasAccount(store, username)) throw apiException('The username does not exist.')
    const account = store.account(username) as Row
    if (!Object.hasOwn(account, 'verification_code')) throw apiException('The verification code is incorrect.')
    if (!pythonEqual(account.verification_code, values.verification_code ?? null)) throw apiException('The verification code is incorrect.')
    store.patchAccount(username, { password: values.new_password ?? null })
    return { status: 'success' }
  },
})

/** QueryUser: looks users up by username or e-mail address. */
export const queryUser = defineToolTalkTool({
  name: 'QueryUser', group: GROUP, plugin: 'AccountTools', requiresAuth: true, action: false,
  description: 'Looks up users by username or by e-mail address (give at least one; the username wins when both are given).',
  parameters: {
    username: parameter.optionalString('The username to look up; needed when no email is given.'),
    email: parameter.optionalString('The e-mail address to look up; needed when no username is given. Several users may share one.'),
  },
  returns: 'users: the username, email, phone and name of each user found',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    accountForSession(store, values.session_token)
    const username = values.username ?? null
    const email = values.email ?? null
    if (username === null && email === null) throw apiException('You need to provide at least one of username and email.')
    if (username === null)
      return { users: store.accounts().filter((row) => pythonEqual(row.email, email)).map((row) => publicProfile(String(row._key), row)) }
    if (hasAccount(store, username)) return { users: [publicProfile(username, store.account(username) as Row)] }
    return { users: [] }
  },
})

/** UpdateAccountInformation: changes the logged-in user's e-mail, phone or name. */
export const updateAccountInformation = defineToolTalkTool({
  name: 'UpdateAccountInformation', group: GROUP, plugin: 'AccountTools', requiresAuth: true, action: true,
  description: "Changes the logged-in user's e-mail address, phone number or name; the password confirms it.",
  parameters: {
    password: parameter.string("The account's password."),
    new_email: parameter.optionalString('The new e-mail address.'),
    new_phone_number: parameter.optionalString('The new phone number, written xxx-xxx-xxxx.'),
    new_name: parameter.optionalString('The new name.'),
  },
  returns: 'status: "success" when the account was updated',
  call: (values, context) => {
    const store = new ToolTalkStore(context.world)
    const account = accountForSession(store, values.session_token)
    const key = usernameOf(account)
    const newEmail = values.new_email ?? null
    const newPhone = values.new_phone_number ?? null
    const newName = values.new_name ?? null
    if (!pythonEqual(account.password, values.password ?? null)) throw apiException('The password is incorrect.')
    // ToolTalk insists on a new e-mail or phone number even when only the name changes.
    if (newEmail === null && newPhone === null) throw apiException('You need to provide at least one of new_email and new_phone_number.')
    if (newEmail !== null) {
      if (!isEmailAddress(newEmail)) throw apiException('The email is invalid.')
      store.patchAccount(key, { email: newEmail })
    }
    if (newPhone !== null) {
      if (!isPhoneNumber(newPhone)) throw apiException('The phone number is invalid.')
      store.patchAccount(key, { phone: newPhone })
    }
    if (newName !== null) store.patchAccount(key, { name: newName })
    return { status: 'success' }
  },
})

/** The AccountTools plugin, in ToolTalk's order. */
export const accountTools = [
  getAccountInformation, deleteAccount, userLogin, logoutUser, changePassword,
  registerUser, sendVerificationCode, resetPassword, queryUser, updateAccountInformation,
] as const
