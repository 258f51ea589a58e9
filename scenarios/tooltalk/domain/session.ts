import type { JsonValue, Row } from '../../../src/world/index.ts'
import { apiException, pythonEqual, pythonRegexMatch } from './python-values.ts'
import type { ToolTalkStore } from './tooltalk-store.ts'

/**
 * ToolTalk's `check_session_token`: the first account whose stored `session_token` equals the
 * token the executor passed, or `APIException: Invalid session_token.` when none does (logged
 * out, deleted, or never logged in).
 */
export function accountForSession(store: ToolTalkStore, token: JsonValue | undefined): Row {
  const account = store.accounts().find((row) => pythonEqual(token ?? null, row.session_token ?? null))
  if (account === undefined) throw apiException('Invalid session_token.')
  return account
}

/** The `username` field of an account row, as ToolTalk reads it (`user_info["username"]`). */
export function usernameOf(account: Row): string {
  return String(account.username)
}

const EMAIL = /^[\p{L}\p{N}_\-.]+@[\p{L}\p{N}_\-.]+\n?$/u
const PHONE = /^\p{Nd}{3}-\p{Nd}{3}-\p{Nd}{4}\n?$/u
// The same patterns for ASCII text, where \p{L} and \p{N} are [A-Za-z] and [0-9] and \p{Nd} is
// [0-9]. V8 takes most of a millisecond to compile the Unicode classes, which a command that checks
// a few ASCII addresses and exits never needs.
const ASCII = /^[\x00-\x7f]*$/
const EMAIL_ASCII = /^[A-Za-z0-9_\-.]+@[A-Za-z0-9_\-.]+\n?$/
const PHONE_ASCII = /^[0-9]{3}-[0-9]{3}-[0-9]{4}\n?$/

/**
 * ToolTalk's `verify_email_format`: `re.match(r"^[\w\-\d\.]+@[\w\-\d\.]+$", email)`: word
 * characters, dashes and dots around one `@`, a final newline allowed by `$`; a value that is not
 * text raises Python's `TypeError`.
 */
export function isEmailAddress(value: JsonValue | undefined): boolean {
  return pythonRegexMatch(isAscii(value) ? EMAIL_ASCII : EMAIL, value)
}

/** ToolTalk's `verify_phone_format`: `xxx-xxx-xxxx` (see `isEmailAddress` for what else it shares). */
export function isPhoneNumber(value: JsonValue | undefined): boolean {
  return pythonRegexMatch(isAscii(value) ? PHONE_ASCII : PHONE, value)
}

function isAscii(value: JsonValue | undefined): boolean {
  return typeof value === 'string' && ASCII.test(value)
}
