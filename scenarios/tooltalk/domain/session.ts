import type { Row } from '../../../src/world/index.ts'
import type { ToolTalkStore } from './tooltalk-store.ts'
import { toolTalkError } from './tooltalk-tool.ts'

/**
 * The account whose stored session token equals `token`, as ToolTalk's tools find the user they
 * act for. Fails when no account holds that token (logged out, deleted, or never logged in).
 */
export function accountForSession(store: ToolTalkStore, token: string | null): Row {
  const account = store.accounts().find((row) => token !== null && row.session_token === token)
  if (account === undefined) throw toolTalkError('The session token does not belong to any logged-in account.')
  return account
}

/** The username of an account row (its `username` field, as ToolTalk reads it). */
export function usernameOf(account: Row): string {
  const username = account.username
  if (typeof username !== 'string') throw toolTalkError('The logged-in account has no username.')
  return username
}

/** ToolTalk's e-mail address check: word characters, dashes and dots around one `@`. */
export function isEmailAddress(text: string): boolean {
  return /^[\p{L}\p{N}_\-.]+@[\p{L}\p{N}_\-.]+\n?$/u.test(text)
}

/** ToolTalk's phone number check: `xxx-xxx-xxxx`. */
export function isPhoneNumber(text: string): boolean {
  return /^\p{Nd}{3}-\p{Nd}{3}-\p{Nd}{4}\n?$/u.test(text)
}
