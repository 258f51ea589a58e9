import { z } from 'zod'
import type { JsonObject } from '../../../src/world/index.ts'
import { accountForSession, isEmailAddress, isPhoneNumber, usernameOf } from './session.ts'
import { sessionToken, verificationCode } from './tooltalk-ids.ts'
import { ToolTalkStore } from './tooltalk-store.ts'
import { defineToolTalkTool, toolTalkError, toolTalkState } from './tooltalk-tool.ts'

const GROUP = 'tooltalk-account'
const PASSWORD_INCORRECT = 'The password is incorrect.'

function publicProfile(username: string, account: Readonly<Record<string, unknown>>): JsonObject {
  return {
    username,
    email: (account.email ?? null) as JsonObject[string],
    phone: (account.phone ?? null) as JsonObject[string],
    name: (account.name ?? null) as JsonObject[string],
  }
}

/** GetAccountInformation: the logged-in user's profile. */
export const getAccountInformation = defineToolTalkTool({
  name: 'GetAccountInformation', group: GROUP, plugin: 'AccountTools', requiresAuth: true, action: false,
  description: 'Shows the profile of the user who is logged in.',
  args: z.strictObject({}),
  returns: 'user: the username, email, phone and name of the account',
  execute: (_args, context) => {
    const account = accountForSession(new ToolTalkStore(context.world), toolTalkState(context).sessionToken)
    return { user: publicProfile(usernameOf(account), account) }
  },
})

/** DeleteAccount: removes the logged-in user's account after checking the password. */
export const deleteAccount = defineToolTalkTool({
  name: 'DeleteAccount', group: GROUP, plugin: 'AccountTools', requiresAuth: true, action: true,
  description: 'Removes the account of the logged-in user for good. The user must confirm with their password.',
  args: z.strictObject({ password: z.string().describe("The account's current password.") }),
  returns: 'status: "success" once the account is gone',
  execute: ({ password }, context) => {
    const store = new ToolTalkStore(context.world)
    const account = accountForSession(store, toolTalkState(context).sessionToken)
    if (account.password !== password) throw toolTalkError(PASSWORD_INCORRECT)
    store.deleteAccount(usernameOf(account))
    return { status: 'success' }
  },
})

/** UserLogin: logs a user in and hands out a session token. */
export const userLogin = defineToolTalkTool({
  name: 'UserLogin', group: GROUP, plugin: 'AccountTools', requiresAuth: false, action: true,
  description: 'Logs a user in with username and password and starts a session.',
  args: z.strictObject({
    username: z.string().describe('The username to log in as.'),
    password: z.string().describe("That user's password."),
  }),
  returns: 'session_token: the token of the new session',
  execute: ({ username, password }, context) => {
    const store = new ToolTalkStore(context.world)
    const account = store.account(username)
    if (account === undefined) throw toolTalkError(`There is no account with the username ${username}.`)
    if (account.password !== password) throw toolTalkError(PASSWORD_INCORRECT)
    if (account.session_token !== null && account.session_token !== undefined) throw toolTalkError(`${username} already has an open session.`)
    const token = sessionToken(toolTalkState(context).random)
    store.patchAccount(username, { session_token: token })
    return { session_token: token }
  },
})

/** LogoutUser: ends the logged-in user's session. */
export const logoutUser = defineToolTalkTool({
  name: 'LogoutUser', group: GROUP, plugin: 'AccountTools', requiresAuth: true, action: true,
  description: 'Logs the current user out and closes their session.',
  args: z.strictObject({}),
  returns: 'status: "success" when the session was closed',
  execute: (_args, context) => {
    const store = new ToolTalkStore(context.world)
    const account = accountForSession(store, toolTalkState(context).sessionToken)
    store.patchAccount(String(account._key), { session_token: null })
    return { status: 'success' }
  },
})

/** ChangePassword: replaces the logged-in user's password. */
export const changePassword = defineToolTalkTool({
  name: 'ChangePassword', group: GROUP, plugin: 'AccountTools', requiresAuth: true, action: true,
  description: "Sets a new password for the logged-in user's account; the current one must be given.",
  args: z.strictObject({
    old_password: z.string().describe('The password in use now.'),
    new_password: z.string().describe('The password to use from now on.'),
  }),
  returns: 'status: "success" when the password was changed',
  execute: ({ old_password: oldPassword, new_password: newPassword }, context) => {
    const store = new ToolTalkStore(context.world)
    const account = accountForSession(store, toolTalkState(context).sessionToken)
    if (account.password !== oldPassword) throw toolTalkError('The current password given does not match the account.')
    store.patchAccount(String(account._key), { password: newPassword })
    return { status: 'success' }
  },
})

/** RegisterUser: creates an account and logs it in. */
export const registerUser = defineToolTalkTool({
  name: 'RegisterUser', group: GROUP, plugin: 'AccountTools', requiresAuth: false, action: true,
  description: 'Creates a new account and logs it in.',
  args: z.strictObject({
    username: z.string().describe('The username for the new account.'),
    password: z.string().describe('The password for the new account.'),
    email: z.string().describe('The e-mail address of the new account.'),
    name: z.string().optional().describe("The account holder's name."),
    phone: z.string().optional().describe('A phone number written xxx-xxx-xxxx.'),
  }),
  returns: 'session_token: the token of the new session; user: the username, email, phone and name stored',
  execute: ({ username, password, email, name, phone }, context) => {
    const store = new ToolTalkStore(context.world)
    if (store.account(username) !== undefined) throw toolTalkError(`The username ${username} is taken.`)
    if (!isEmailAddress(email)) throw toolTalkError(`${email} is not a valid e-mail address.`)
    if (phone !== undefined && !isPhoneNumber(phone)) throw toolTalkError(`${phone} is not a phone number of the form xxx-xxx-xxxx.`)
    const token = sessionToken(toolTalkState(context).random)
    store.putAccount(username, { username, password, session_token: token, email, phone: phone ?? null, name: name ?? null })
    return { session_token: token, user: { username, email, phone: phone ?? null, name: name ?? null } }
  },
})

/** SendVerificationCode: starts a password reset by e-mailing a code. */
export const sendVerificationCode = defineToolTalkTool({
  name: 'SendVerificationCode', group: GROUP, plugin: 'AccountTools', requiresAuth: false, action: true,
  description: "Starts a password reset: sends a verification code to the account's e-mail address.",
  args: z.strictObject({
    username: z.string().describe('The username of the account.'),
    email: z.string().describe('The e-mail address on file for that account.'),
  }),
  returns: 'status: "success" when the code was sent',
  execute: ({ username, email }, context) => {
    const store = new ToolTalkStore(context.world)
    const account = store.account(username)
    if (account === undefined) throw toolTalkError(`There is no account with the username ${username}.`)
    if (account.email !== email) throw toolTalkError(`${email} is not the e-mail address on file for ${username}.`)
    store.patchAccount(username, { verification_code: verificationCode(toolTalkState(context).random) })
    return { status: 'success' }
  },
})

/** ResetPassword: sets a new password with a verification code. */
export const resetPassword = defineToolTalkTool({
  name: 'ResetPassword', group: GROUP, plugin: 'AccountTools', requiresAuth: false, action: true,
  description: 'Sets a new password using the verification code the user received.',
  args: z.strictObject({
    username: z.string().describe('The username of the account.'),
    verification_code: z.string().describe('The six-digit code that was sent.'),
    new_password: z.string().describe('The password to use from now on.'),
  }),
  returns: 'status: "success" when the password was reset',
  execute: ({ username, verification_code: code, new_password: newPassword }, context) => {
    const store = new ToolTalkStore(context.world)
    const account = store.account(username)
    if (account === undefined) throw toolTalkError(`There is no account with the username ${username}.`)
    if (!Object.hasOwn(account, 'verification_code') || account.verification_code !== code)
      throw toolTalkError('That verification code is not the one that was sent.')
    store.patchAccount(username, { password: newPassword })
    return { status: 'success' }
  },
})

/** QueryUser: looks users up by username or e-mail address. */
export const queryUser = defineToolTalkTool({
  name: 'QueryUser', group: GROUP, plugin: 'AccountTools', requiresAuth: true, action: false,
  description: 'Looks up users by username or by e-mail address (give at least one; the username wins when both are given).',
  args: z.strictObject({
    username: z.string().optional().describe('The username to look up; needed when no email is given.'),
    email: z.string().optional().describe('The e-mail address to look up; needed when no username is given. Several users may share one.'),
  }),
  returns: 'users: the username, email, phone and name of each user found',
  execute: ({ username, email }, context) => {
    const store = new ToolTalkStore(context.world)
    accountForSession(store, toolTalkState(context).sessionToken)
    if (username === undefined && email === undefined) throw toolTalkError('QueryUser needs a username or an email to look for.')
    if (username === undefined)
      return { users: store.accounts().filter((row) => row.email === email).map((row) => publicProfile(String(row._key), row)) }
    const account = store.account(username)
    return { users: account === undefined ? [] : [publicProfile(username, account)] }
  },
})

/** UpdateAccountInformation: changes the logged-in user's e-mail, phone or name. */
export const updateAccountInformation = defineToolTalkTool({
  name: 'UpdateAccountInformation', group: GROUP, plugin: 'AccountTools', requiresAuth: true, action: true,
  description: "Changes the logged-in user's e-mail address, phone number or name; the password confirms it.",
  args: z.strictObject({
    password: z.string().describe("The account's password."),
    new_email: z.string().optional().describe('The new e-mail address.'),
    new_phone_number: z.string().optional().describe('The new phone number, written xxx-xxx-xxxx.'),
    new_name: z.string().optional().describe('The new name.'),
  }),
  returns: 'status: "success" when the account was updated',
  execute: ({ password, new_email: newEmail, new_phone_number: newPhone, new_name: newName }, context) => {
    const store = new ToolTalkStore(context.world)
    const account = accountForSession(store, toolTalkState(context).sessionToken)
    const key = String(account._key)
    if (account.password !== password) throw toolTalkError(PASSWORD_INCORRECT)
    // ToolTalk insists on a new e-mail or phone number even when only the name changes.
    if (newEmail === undefined && newPhone === undefined) throw toolTalkError('Give a new_email or a new_phone_number to update.')
    if (newEmail !== undefined) {
      if (!isEmailAddress(newEmail)) throw toolTalkError(`${newEmail} is not a valid e-mail address.`)
      store.patchAccount(key, { email: newEmail })
    }
    if (newPhone !== undefined) {
      if (!isPhoneNumber(newPhone)) throw toolTalkError(`${newPhone} is not a phone number of the form xxx-xxx-xxxx.`)
      store.patchAccount(key, { phone: newPhone })
    }
    if (newName !== undefined) store.patchAccount(key, { name: newName })
    return { status: 'success' }
  },
})

/** The AccountTools plugin, in ToolTalk's order. */
export const accountTools = [
  getAccountInformation, deleteAccount, userLogin, logoutUser, changePassword,
  registerUser, sendVerificationCode, resetPassword, queryUser, updateAccountInformation,
] as const
