import type { JsonObject, JsonValue } from '../../src/world/index.ts'

/** One recorded tool call of a ToolTalk conversation file. */
export interface RecordedCall {
  request: { api_name: string; parameters: Record<string, JsonValue> }
  /** `null` when the call failed, or when the file does not say. */
  response: JsonValue
  /** `null` when the call succeeded, or when the file does not say. */
  exception: string | null
}

/** One turn of a ToolTalk conversation file; `index` is missing in some files. */
export interface RecordedTurn {
  index?: number | undefined
  role: string
  text: string
  apis?: RecordedCall[] | undefined
}

/**
 * A ToolTalk conversation file, as read: the fields toolcheck uses (others are left out).
 * `scenario` is missing in three of ToolTalk's files; `session_token` and `verification_code` on
 * the user are optional; `suites_used` and `apis_used` are empty lists when missing.
 */
export interface ConversationFile {
  name: string
  /** Always a string; some files give a number. */
  conversation_id: string
  suites_used: string[]
  apis_used: string[]
  scenario?: string | undefined
  user: {
    username: string
    email?: string | undefined
    phone?: string | undefined
    name?: string | undefined
    password?: string | undefined
    session_token?: string | undefined
    verification_code?: string | undefined
  }
  metadata: { location: string; timestamp: string; session_token?: string | undefined; username?: string | undefined }
  conversation: RecordedTurn[]
}

/** What `readConversationFile` found: the file, or every problem as `path: what is wrong`. */
export type ConversationFileReading = { readonly file: ConversationFile } | { readonly problems: readonly string[] }

const TIMESTAMP = /^\d{4}-\d{1,2}-\d{1,2} \d{1,2}:\d{1,2}:\d{1,2}$/
const USER_TEXTS = ['email', 'phone', 'name', 'password', 'session_token', 'verification_code'] as const

/**
 * Reads parsed JSON as a ToolTalk conversation file. Returns the file, or every problem found,
 * each named by its path in the words `conversationFileSchema` uses for it
 * (`conversation.3.text: Invalid input: expected string, received undefined`), in the same order.
 *
 * Written by hand rather than with that schema: `toolcheck tooltalk` then never loads zod, which
 * takes longer to load than scoring a whole folder takes. A test checks the two agree.
 */
export function readConversationFile(content: JsonValue): ConversationFileReading {
  const problems = new Problems()
  const top = problems.object(content, [])
  if (top === undefined) return { problems: problems.found }
  const name = problems.text(top.name, ['name'], { nonEmpty: true })
  const id = top.conversation_id
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))) problems.add(['conversation_id'], 'Invalid input')
  const suites = problems.texts(top.suites_used, ['suites_used'])
  const apis = problems.texts(top.apis_used, ['apis_used'])
  const scenario = top.scenario === undefined ? undefined : problems.text(top.scenario, ['scenario'])
  const user = readUser(top.user, problems)
  const metadata = readMetadata(top.metadata, problems)
  const turns = readTurns(top.conversation, problems)
  if (problems.found.length > 0 || name === undefined || user === undefined || metadata === undefined || turns === undefined) return { problems: problems.found }
  return {
    file: {
      name,
      conversation_id: String(id),
      suites_used: suites ?? [],
      apis_used: apis ?? [],
      ...(scenario === undefined ? {} : { scenario }),
      user,
      metadata,
      conversation: turns,
    },
  }
}

function readUser(value: JsonValue | undefined, problems: Problems): ConversationFile['user'] | undefined {
  const user = problems.object(value, ['user'])
  if (user === undefined) return undefined
  const username = problems.text(user.username, ['user', 'username'], { nonEmpty: true })
  const read: ConversationFile['user'] = { username: username ?? '' }
  for (const key of USER_TEXTS) {
    if (user[key] === undefined) continue
    const text = problems.text(user[key], ['user', key])
    if (text !== undefined) read[key] = text
  }
  return read
}

function readMetadata(value: JsonValue | undefined, problems: Problems): ConversationFile['metadata'] | undefined {
  const metadata = problems.object(value, ['metadata'])
  if (metadata === undefined) return undefined
  const location = problems.text(metadata.location, ['metadata', 'location'])
  const timestamp = problems.text(metadata.timestamp, ['metadata', 'timestamp'])
  if (timestamp !== undefined && !TIMESTAMP.test(timestamp)) problems.add(['metadata', 'timestamp'], 'expected YYYY-MM-DD HH:MM:SS')
  const sessionToken = metadata.session_token === undefined ? undefined : problems.text(metadata.session_token, ['metadata', 'session_token'])
  const username = metadata.username === undefined ? undefined : problems.text(metadata.username, ['metadata', 'username'])
  return {
    location: location ?? '',
    timestamp: timestamp ?? '',
    ...(sessionToken === undefined ? {} : { session_token: sessionToken }),
    ...(username === undefined ? {} : { username }),
  }
}

function readTurns(value: JsonValue | undefined, problems: Problems): RecordedTurn[] | undefined {
  const turns = problems.array(value, ['conversation'])?.map((turn, position) => readTurn(turn, ['conversation', position], problems))
  return problems.atLeastOne(value, ['conversation']) ? turns : undefined
}

function readTurn(value: JsonValue, path: Path, problems: Problems): RecordedTurn {
  const turn = problems.object(value, path)
  if (turn === undefined) return { role: '', text: '' }
  const index = turn.index === undefined ? undefined : problems.integer(turn.index, [...path, 'index'])
  const role = problems.text(turn.role, [...path, 'role'])
  const text = problems.text(turn.text, [...path, 'text'])
  const calls = turn.apis === undefined ? undefined : problems.array(turn.apis, [...path, 'apis'])
  return {
    ...(index === undefined ? {} : { index }),
    role: role ?? '',
    text: text ?? '',
    ...(calls === undefined ? {} : { apis: calls.map((call, position) => readCall(call, [...path, 'apis', position], problems)) }),
  }
}

function readCall(value: JsonValue, path: Path, problems: Problems): RecordedCall {
  const call = problems.object(value, path)
  const request = call === undefined ? undefined : problems.object(call.request, [...path, 'request'])
  const apiName = request === undefined ? undefined : problems.text(request.api_name, [...path, 'request', 'api_name'], { nonEmpty: true })
  const parameters = request === undefined ? undefined : problems.record(request.parameters, [...path, 'request', 'parameters'])
  const response = call?.response ?? null
  problems.json(response, [...path, 'response'])
  const exception = call?.exception ?? null
  if (exception !== null) problems.text(exception, [...path, 'exception'])
  return {
    request: { api_name: apiName ?? '', parameters: parameters === undefined ? {} : (withoutProtoKeys(parameters) as Record<string, JsonValue>) },
    response: withoutProtoKeys(response),
    exception: typeof exception === 'string' ? exception : null,
  }
}

/**
 * The value without its `__proto__` keys, at any depth, as the schema reads it (zod leaves them
 * out, so that no later copy or assignment can take one for the prototype); the value itself when
 * it has none, which is always, in ToolTalk's files.
 */
function withoutProtoKeys(value: JsonValue): JsonValue {
  if (!hasProtoKey(value)) return value
  if (Array.isArray(value)) return value.map(withoutProtoKeys)
  const copy: Record<string, JsonValue> = {}
  for (const [key, item] of Object.entries(value as Record<string, JsonValue>)) if (key !== '__proto__') copy[key] = withoutProtoKeys(item)
  return copy
}

function hasProtoKey(value: JsonValue): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return value.some(hasProtoKey)
  return Object.hasOwn(value, '__proto__') || Object.values(value).some(hasProtoKey)
}

type Path = readonly (string | number)[]

/**
 * The problems found so far, each added where it is found, so they come in the order the
 * schema reports them: the fields of an object in the schema's order, lists item by item.
 */
class Problems {
  readonly found: string[] = []

  add(path: Path, message: string): void {
    this.found.push(`${path.join('.') || '(top level)'}: ${message}`)
  }

  object(value: JsonValue | undefined, path: Path): JsonObject | undefined {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value
    this.#wrongType(value, 'object', path)
    return undefined
  }

  array(value: JsonValue | undefined, path: Path): JsonValue[] | undefined {
    if (Array.isArray(value)) return value
    this.#wrongType(value, 'array', path)
    return undefined
  }

  text(value: JsonValue | undefined, path: Path, options: { readonly nonEmpty?: boolean } = {}): string | undefined {
    const fits = typeof value === 'string'
    if (!fits) this.#wrongType(value, 'string', path)
    if (options.nonEmpty === true && !this.atLeastOne(value, path)) return undefined
    return fits ? value : undefined
  }

  /**
   * The schema's `.min(1)` on a text or a list. zod checks it on anything that has a length,
   * whether or not it had the right type (`[]` for a name is two problems), and names what it
   * measured; false when it is too short.
   */
  atLeastOne(value: JsonValue | undefined, path: Path): boolean {
    if (value === null || value === undefined) return true
    const length = (value as { readonly length?: unknown }).length
    if (length === undefined || Number(length) >= 1) return true
    if (Array.isArray(value)) this.add(path, 'Too small: expected array to have >=1 items')
    else if (typeof value === 'string') this.add(path, 'Too small: expected string to have >=1 characters')
    else this.add(path, 'Too small: expected unknown to be >=1')
    return false
  }

  /** A list of strings; missing is fine (the caller's default applies). */
  texts(value: JsonValue | undefined, path: Path): string[] | undefined {
    if (value === undefined) return undefined
    const items = this.array(value, path)
    if (items === undefined) return undefined
    const before = this.found.length
    for (const [position, item] of items.entries()) this.text(item, [...path, position])
    return this.found.length === before ? (items as string[]) : undefined
  }

  /** A whole number, as `z.number().int()` takes it: finite, integral, within the safe integers. */
  integer(value: JsonValue, path: Path): number | undefined {
    if (typeof value !== 'number' || !Number.isFinite(value)) this.#wrongType(value, 'number', path)
    else if (!Number.isInteger(value)) this.add(path, 'Invalid input: expected int, received number')
    else if (value > Number.MAX_SAFE_INTEGER) this.add(path, `Too big: expected int to be <=${Number.MAX_SAFE_INTEGER}`)
    else if (value < Number.MIN_SAFE_INTEGER) this.add(path, `Too small: expected int to be >=${Number.MIN_SAFE_INTEGER}`)
    else return value
    return undefined
  }

  /** An object of JSON values by name. */
  record(value: JsonValue | undefined, path: Path): Record<string, JsonValue> | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.#wrongType(value, 'record', path)
      return undefined
    }
    const before = this.found.length
    for (const [key, item] of Object.entries(value)) this.json(item, [...path, key])
    return this.found.length === before ? value : undefined
  }

  /** A JSON value: parsed JSON always is; a value made in code may hold an infinite number. */
  json(value: JsonValue | undefined, path: Path): void {
    if (!isJson(value)) this.add(path, 'Invalid input')
  }

  #wrongType(value: JsonValue | undefined, expected: string, path: Path): void {
    this.add(path, `Invalid input: expected ${expected}, received ${receivedType(value)}`)
  }
}

function isJson(value: JsonValue | undefined): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value)
  if (Array.isArray(value)) return value.every(isJson)
  return typeof value === 'object' && Object.values(value).every(isJson)
}

/** How zod names what it received: `undefined` for a missing field, `array`, `NaN`, `Infinity`. */
function receivedType(value: JsonValue | undefined): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  return typeof value
}
