/**
 * Text from outside (a server's error, a client's exception, a URL someone configured) made safe
 * to keep in a report and to print on a terminal: credentials blanked out, control characters
 * written as escapes. Every error toolcheck raises about a model call goes through here, so that
 * report.json, the HTML page, the terminal and error causes carry neither.
 */

/** Query parameters whose value may be a secret (`?api-key=`, `&token=`, `&sig=`). */
export const SECRET_PARAMETER = /key|token|secret|sig|auth|password|credential/i

/** What a blanked-out credential reads as. */
export const REDACTED = '[redacted]'

/**
 * `text` with every credential it carries replaced by `[redacted]`: the user name and password of
 * any URL (`http://user:sk-…@host`), the values of secret-looking parameters (`?api-key=…`,
 * `password=…`), bearer tokens, and keys in the OpenAI (`sk-…`) and Hugging Face (`hf_…`) forms.
 * Fetch errors quote the URL they were given, so a key in a base URL would otherwise reach every
 * report.
 */
export function redactCredentials(text: string): string {
  if (!MAYBE_SECRET.test(text)) return text
  return text
    .replace(URL_USER_INFO, (_whole, scheme: string) => `${scheme}${REDACTED}@`)
    .replace(QUERY_PARAMETER, (whole, separator: string, name: string) => (SECRET_PARAMETER.test(name) ? `${separator}${name}=${REDACTED}` : whole))
    .replace(BEARER, (_whole, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(KEY_FORMS, REDACTED)
}

/** A cheap first look: text without any of these cannot hold a credential in the forms above. */
const MAYBE_SECRET = /@|=|bearer|sk-|hf_/i
/** `scheme://userinfo@`: the user information is everything up to the last `@` before the host. */
const URL_USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*(?:@[^\s/?#@]*)*@/gi
const QUERY_PARAMETER = /(^|[?&;\s])([^=&#\s]+)=([^&#\s]*)/g
const BEARER = /\b(bearer)\s+[A-Za-z0-9._~+/=-]+/gi
const KEY_FORMS = /\b(?:sk-[A-Za-z0-9_-]{16,}|hf_[A-Za-z0-9]{16,})/g

/**
 * `text` with control characters written as `\u001b`-style escapes, so that a server's error text
 * cannot clear a terminal, move its cursor, retitle its window or hide text: C0 controls but tab
 * and line feed, DEL, C1 controls, and the Unicode marks that reorder text (bidirectional overrides
 * and isolates).
 */
export function escapeControlCharacters(text: string): string {
  return CONTROL.test(text) ? text.replace(CONTROL_ALL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`) : text
}

const CONTROL_CLASS = '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]'
const CONTROL = new RegExp(CONTROL_CLASS)
const CONTROL_ALL = new RegExp(CONTROL_CLASS, 'g')

/** Text from outside, credentials redacted and control characters escaped. */
export function safeText(text: string): string {
  return escapeControlCharacters(redactCredentials(text))
}

/**
 * An error's cause made safe to keep: errors toolcheck made safe itself (`markSafe`) as they are,
 * other errors plain copies (name, code, status, and the
 * message and stack through `safeText`, with their own causes likewise, a few levels deep), other
 * values their `safeText`. The original is not kept: client errors hold the request, its URL and
 * its headers in fields no one reads.
 */
export function safeCause(cause: unknown, levels = 4): unknown {
  if (cause === undefined || cause === null || isSafe(cause)) return cause
  if (!(cause instanceof Error)) return typeof cause === 'string' ? safeText(cause) : cause
  const copy = new Error(safeText(cause.message), levels > 1 && cause.cause !== undefined ? { cause: safeCause(cause.cause, levels - 1) } : undefined)
  copy.name = cause.name
  if (cause.stack !== undefined) copy.stack = safeText(cause.stack)
  const { code, status } = cause as { code?: unknown; status?: unknown }
  if (typeof code === 'string' || typeof code === 'number') Object.assign(copy, { code })
  if (typeof status === 'number') Object.assign(copy, { status })
  return copy
}

/** Marks errors whose message and cause were made safe when they were made (`InfrastructureError`, `EndpointFailure`). */
const SAFE = Symbol.for('vitest-toolcheck.safe-error')

/** Marks an error as already safe to keep as a cause. */
export function markSafe(error: Error): void {
  Object.defineProperty(error, SAFE, { value: true })
}

function isSafe(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { [SAFE]?: boolean })[SAFE] === true
}
