import type { z } from 'zod'
import { seededIds } from '../../../src/tools/context.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import type { JsonObject, JsonValue, WorldSnapshot } from '../../../src/world/index.ts'
import { WorldDraft } from '../../../src/world/index.ts'
import { KEY_COLUMN } from './databases.ts'
import { parseDateTime } from './python-datetime.ts'
import { PythonRandom } from './python-random.ts'
import type { ToolTalkCall } from './tooltalk-call.ts'
import type { PythonParameter } from './python-call.ts'
import { pythonCallError } from './python-call.ts'
import { pythonSignature } from './tooltalk-parameters.ts'
import type { ToolTalkArguments, ToolTalkSearchOrder, ToolTalkTool, ToolTalkToolContext } from './tooltalk-tool.ts'
import { toolTalkTools } from './tooltalk-tools.ts'

/** ToolTalk's seed for every tool's random generator. */
export const TOOLTALK_SEED = 489

/**
 * The exception recorded for a call whose arguments were not a JSON object: ToolTalk's text for
 * arguments it could not parse.
 */
export const UNREADABLE_ARGUMENTS = 'Failed to parse API call'

/**
 * How the simulator treats a call's arguments:
 * - `tooltalk` (the default): as ToolTalk does. The arguments go to the tool as given, and a
 *   wrong one fails (or not) the way ToolTalk's Python fails: `null` for a required text often
 *   runs (SendMessage sends it), a list where a text is expected may run or raise Python's
 *   `TypeError`, a missing or unknown argument raises the `TypeError` Python raises for the call.
 * - `strict`: toolcheck's validation first. A call whose arguments do not fit the tool's schema
 *   fails before the tool runs, with a message naming the argument and what the tool takes;
 *   `null` for an optional argument means "not given".
 * Either way a tool's own failures carry ToolTalk's texts, which ground-truth calls compare.
 */
export type ToolTalkArgumentHandling = 'tooltalk' | 'strict'

/** Options of `ToolTalkSimulator`. */
export interface ToolTalkSimulatorOptions {
  /** The databases at the start (see `loadToolTalkDatabases`). */
  readonly world: WorldSnapshot
  /** The conversation's "now", as `YYYY-MM-DD HH:MM:SS` (ToolTalk's `metadata.timestamp`). */
  readonly timestamp: string
  /** The tools; all 28 by default. */
  readonly tools?: readonly ToolTalkTool[]
  /**
   * How SearchInbox and SearchMessages order their matches: `newest-first` (ToolTalk's code, the
   * default) or `stored` (as ToolTalk's recorded conversations list them).
   */
  readonly searchOrder?: ToolTalkSearchOrder
  /** How arguments are checked: ToolTalk's way (the default) or toolcheck's strict validation. */
  readonly argumentHandling?: ToolTalkArgumentHandling
}

/**
 * What `fork` hands the one constructor call it makes: the clock already read and the tools
 * already listed, which the copy shares.
 */
let forking: { readonly now: number; readonly tools: ReadonlyMap<string, ToolTalkTool> } | undefined

/**
 * ToolTalk's executor for one evaluated turn: the databases, the logged-in session, the clock and
 * one `Random(489)` per tool, created the first time that tool runs. Make a new simulator for each
 * turn, as ToolTalk re-creates its tools (and so re-seeds them) before every turn.
 *
 * Like ToolTalk, a tool that fails half-way keeps what it already wrote (its databases are plain
 * dictionaries changed in place), so the world after a failed call is committed too.
 */
export class ToolTalkSimulator {
  readonly now: number
  readonly timestamp: string
  readonly searchOrder: ToolTalkSearchOrder
  readonly argumentHandling: ToolTalkArgumentHandling
  readonly #tools: ReadonlyMap<string, ToolTalkTool>
  readonly #randoms = new Map<string, PythonRandom>()
  #world: WorldSnapshot
  #session: string | null = null
  #searchOrderRead = false

  constructor(options: ToolTalkSimulatorOptions) {
    const forked = forking
    forking = undefined
    this.#world = options.world
    this.timestamp = options.timestamp
    this.now = forked?.now ?? parseDateTime(options.timestamp, 'timestamp')
    this.searchOrder = options.searchOrder ?? 'newest-first'
    this.argumentHandling = options.argumentHandling ?? 'tooltalk'
    this.#tools = forked?.tools ?? new Map((options.tools ?? toolTalkTools).map((tool) => [tool.name, tool]))
  }

  /**
   * A simulator in this one's state (databases, session, every tool's generator) that runs on
   * independently: what a fresh simulator that replayed the same calls would be, without replaying
   * them. The databases are snapshots, so they are shared, not copied.
   */
  fork(): ToolTalkSimulator {
    forking = { now: this.now, tools: this.#tools }
    const copy = new ToolTalkSimulator({ world: this.#world, timestamp: this.timestamp, searchOrder: this.searchOrder, argumentHandling: this.argumentHandling })
    copy.#session = this.#session
    copy.#searchOrderRead = this.#searchOrderRead
    for (const [apiName, random] of this.#randoms) copy.#randoms.set(apiName, random.clone())
    return copy
  }

  /** The databases now. */
  get world(): WorldSnapshot {
    return this.#world
  }

  /**
   * Whether a call so far ordered its answer by `searchOrder` (a search that lists matches): when
   * none did, the calls would have come out the same in the other order.
   */
  get searchOrderRead(): boolean {
    return this.#searchOrderRead
  }

  /** The session token of the logged-in user, or null. */
  get sessionToken(): string | null {
    return this.#session
  }

  /** The names of the tools this simulator runs. */
  get toolNames(): string[] {
    return [...this.#tools.keys()]
  }

  /**
   * Starts the conversation logged in, as ToolTalk does when the conversation's user has a
   * `session_token`: the token becomes the session and is written into the account. Returns false
   * when the account does not exist (the session is still set, so tools then find no user for it).
   */
  logIn(username: string, token: string): boolean {
    this.#session = token
    return this.#patchAccount(username, { session_token: token })
  }

  /** Stores a pending verification code on an account; false when the account does not exist. */
  setVerificationCode(username: string, code: string): boolean {
    return this.#patchAccount(username, { verification_code: code })
  }

  /**
   * Runs one call the way ToolTalk's executor does, with its texts: unknown tool (`API X not
   * found`), then login required (`User is not logged in`), then the session token passed in,
   * then one login at a time (`Only one user can be logged in at a time. Current user is u.`),
   * then the arguments (see `ToolTalkArgumentHandling`), then the tool itself; a successful login
   * or registration opens the session and a successful logout or account deletion closes it.
   */
  execute(apiName: string, argumentsValue: JsonValue): ToolTalkCall {
    if (argumentsValue === null || typeof argumentsValue !== 'object' || Array.isArray(argumentsValue))
      return { apiName, parameters: null, response: null, exception: UNREADABLE_ARGUMENTS }
    const parameters: JsonObject = { ...argumentsValue }
    const tool = this.#tools.get(apiName)
    if (tool === undefined) return failure(apiName, parameters, `API ${apiName} not found`)
    if (tool.requiresAuth) {
      if (this.#session === null) return failure(apiName, parameters, 'User is not logged in')
      parameters.session_token = this.#session
    }
    if ((apiName === 'UserLogin' || apiName === 'RegisterUser') && this.#session !== null) {
      const current = this.#world.tables.Account?.find((row) => row.session_token === this.#session)
      // ToolTalk looks the current user up with check_session_token; were the session stale it
      // would raise that check's error, uncaught, and stop; here the call fails with its text.
      if (current === undefined) return failure(apiName, parameters, 'Invalid session_token.')
      return failure(apiName, parameters, `Only one user can be logged in at a time. Current user is ${String(current.username)}.`)
    }
    const values = this.#values(tool, parameters)
    if (typeof values === 'string') return failure(apiName, parameters, values)
    const draft = new WorldDraft(this.#world)
    const simulator = this
    const context: ToolTalkToolContext = {
      world: draft,
      clock: { now: this.now, timeZone: 'UTC' },
      ids: seededIds(`tooltalk:${apiName}`),
      toolTalk: {
        random: this.#random(apiName),
        now: this.now,
        get searchOrder() {
          simulator.#searchOrderRead = true
          return simulator.searchOrder
        },
      },
    }
    let outcome: ToolTalkCall
    try {
      outcome = { apiName, parameters, response: tool.call(values, context), exception: null }
    } catch (error) {
      outcome = failure(apiName, parameters, error instanceof ToolError ? error.message : `${apiName} failed: ${(error as Error).message}`)
    }
    this.#world = draft.commit()
    if (outcome.exception === null) {
      if (apiName === 'UserLogin' || apiName === 'RegisterUser') {
        const token = (outcome.response as JsonObject).session_token
        this.#session = typeof token === 'string' ? token : null
      } else if (apiName === 'LogoutUser' || apiName === 'DeleteAccount') this.#session = null
    }
    return outcome
  }

  /**
   * The values the tool's `call` receives, or the failure text: ToolTalk binds the keywords as
   * Python binds `call(**parameters)`; strict handling validates the model's arguments first.
   */
  #values(tool: ToolTalkTool, parameters: JsonObject): ToolTalkArguments | string {
    if (this.argumentHandling === 'tooltalk') return pythonCallError(`${tool.name}.call`, callSignature(tool), Object.keys(parameters)) ?? parameters
    const { session_token: token, ...modelArguments } = parameters
    const parsed = parseArguments(tool, tool.requiresAuth ? modelArguments : parameters)
    if (typeof parsed === 'string') return parsed
    const values: Record<string, JsonValue> = {}
    for (const [name, value] of Object.entries(parsed as Record<string, JsonValue | undefined>)) if (value !== undefined) values[name] = value
    if (tool.requiresAuth && token !== undefined) values.session_token = token
    return values
  }

  /**
   * Starts every tool's generator again from `Random(489)`, keeping the databases and the session:
   * what rebuilding ToolTalk's tool objects does. ToolTalk's evaluation rebuilds them and then
   * replays the earlier calls (a new simulator per turn does that); the tool that recorded the
   * conversations evidently rebuilt them at each assistant turn without replaying, which this
   * reproduces (see `replayToolTalkConversation`).
   */
  restartRandomSources(): void {
    this.#randoms.clear()
  }

  #random(apiName: string): PythonRandom {
    let random = this.#randoms.get(apiName)
    if (random === undefined) {
      random = new PythonRandom(TOOLTALK_SEED)
      this.#randoms.set(apiName, random)
    }
    return random
  }

  #patchAccount(username: string, patch: JsonObject): boolean {
    const draft = new WorldDraft(this.#world)
    if (draft.update('Account', (row) => row[KEY_COLUMN] === username, patch) === 0) return false
    this.#world = draft.commit()
    return true
  }
}

/**
 * The parameters of a tool's `call` after the session token, in order, from its declared
 * parameters (not from its zod schema, which binding arguments ToolTalk's way never needs).
 */
export function pythonParameters(tool: ToolTalkTool): PythonParameter[] {
  return pythonSignature(tool.parameters)
}

/** Each tool's `call` signature, the session token first when the tool takes one, made once per tool. */
const SIGNATURES = new WeakMap<ToolTalkTool, readonly PythonParameter[]>()

function callSignature(tool: ToolTalkTool): readonly PythonParameter[] {
  let signature = SIGNATURES.get(tool)
  if (signature === undefined) {
    signature = [...(tool.requiresAuth ? [{ name: 'session_token', required: true }] : []), ...pythonParameters(tool)]
    SIGNATURES.set(tool, signature)
  }
  return signature
}

function failure(apiName: string, parameters: JsonObject, exception: string): ToolTalkCall {
  return { apiName, parameters, response: null, exception }
}

/**
 * Checks a call's arguments against the tool's schema. A `null` for an optional argument means
 * "not given", as Python's keyword defaults make it in ToolTalk. Returns the parsed arguments or
 * a message naming what was wrong and what the tool takes.
 */
function parseArguments(tool: ToolTalkTool, values: JsonObject): z.output<z.ZodObject> | string {
  const shape = tool.args.shape
  const given: JsonObject = {}
  for (const [name, value] of Object.entries(values)) {
    const field = shape[name] as z.ZodType | undefined
    if (value === null && field !== undefined && field.safeParse(undefined).success) continue
    given[name] = value
  }
  const result = tool.args.safeParse(given)
  if (result.success) return result.data
  const accepted = Object.keys(shape)
  const problems = result.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') return `unexpected argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`
    const path = issue.path.join('.')
    if (issue.code === 'invalid_type' && issue.path.length === 1 && !Object.hasOwn(given, String(issue.path[0]))) return `missing argument ${path}`
    return `argument ${path}: ${issue.message}`
  })
  return `${tool.name}: ${problems.join('; ')} (it takes ${accepted.length === 0 ? 'no arguments' : accepted.join(', ')})`
}
