import type { ToolTalkArgumentHandling, ToolTalkCall, ToolTalkIrregularity, ToolTalkSearchOrder } from './domain/index.ts'
import { ToolTalkSimulator } from './domain/index.ts'
import type { WorldSnapshot } from '../../src/world/index.ts'
import type { ToolTalkConversation } from './tooltalk-conversation.ts'
import { groundTruthCalls } from './tooltalk-conversation.ts'

/** One ground-truth call replayed, with what the simulator gave. */
export interface ReplayedCall {
  /** The turn (position in the file) the call belongs to. */
  readonly turn: number
  /** Its position among the conversation's ground-truth calls. */
  readonly index: number
  readonly recorded: ToolTalkCall
  readonly replayed: ToolTalkCall
  /** The replayed response and exception equal the recorded ones. */
  readonly reproduced: boolean
}

/**
 * A simulator set up as ToolTalk sets up every evaluated turn: fresh databases and tools, the
 * conversation's clock, its user logged in when the file says so, a pending verification code
 * when there is one. Problems (a user missing from the accounts) go to `irregularities`. The
 * search order and the argument handling are ToolTalk's (newest first; arguments as given)
 * unless told otherwise.
 */
export function startToolTalkTurn(
  conversation: ToolTalkConversation,
  world: WorldSnapshot,
  irregularities: ToolTalkIrregularity[] = [],
  searchOrder: ToolTalkSearchOrder = 'newest-first',
  argumentHandling: ToolTalkArgumentHandling = 'tooltalk',
): ToolTalkSimulator {
  const simulator = new ToolTalkSimulator({ world, timestamp: conversation.timestamp, searchOrder, argumentHandling })
  const { username, sessionToken, verificationCode } = conversation.user
  if (sessionToken !== undefined && !simulator.logIn(username, sessionToken))
    irregularities.push({ file: conversation.file, message: `the user ${username} starts logged in but has no account in the databases` })
  if (verificationCode !== undefined && !simulator.setVerificationCode(username, verificationCode))
    irregularities.push({ file: conversation.file, message: `the user ${username} has a verification code but no account in the databases` })
  return simulator
}

/** Options of `replayCalls`. */
export interface ReplayCallsOptions {
  /**
   * Start every tool's generator again from `Random(489)` when the calls move on to another turn,
   * keeping the databases (`ToolTalkSimulator.restartRandomSources`). Off by default: ToolTalk's
   * evaluation replays earlier turns through fresh generators, so ids continue across turns.
   */
  readonly restartEachTurn?: boolean
}

/**
 * Replays ground-truth calls through a simulator, in order, and says for each whether the
 * recorded response and exception came out again. The calls' own `session_token` is replaced by
 * the session's, as ToolTalk's executor does.
 */
export function replayCalls(
  simulator: ToolTalkSimulator,
  calls: readonly { readonly turn: number; readonly index: number; readonly call: ToolTalkCall }[],
  options: ReplayCallsOptions = {},
): ReplayedCall[] {
  let currentTurn: number | undefined
  return calls.map(({ turn, index, call }) => {
    if (options.restartEachTurn === true && currentTurn !== undefined && turn !== currentTurn) simulator.restartRandomSources()
    currentTurn = turn
    const replayed = simulator.execute(call.apiName, call.parameters)
    const reproduced = replayed.exception === call.exception && sameJsonIgnoringKeyOrder(replayed.response, call.response)
    return { turn, index, recorded: call, replayed, reproduced }
  })
}

/**
 * Whether two values write the same JSON once every object's keys are sorted, as
 * `JSON.stringify` writes them (keys whose value is undefined, a function or a symbol left out, and
 * those in lists written as null, as are numbers that are not finite), without writing either.
 */
export function sameJsonIgnoringKeyOrder(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (writesNull(a) || writesNull(b)) return writesNull(a) && writesNull(b)
  if (typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const other = b as unknown[]
    return a.length === other.length && a.every((item, position) => sameJsonIgnoringKeyOrder(inList(item), inList(other[position])))
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = Object.keys(left).filter((key) => !leftOut(left[key]))
  if (keys.length !== Object.keys(right).filter((key) => !leftOut(right[key])).length) return false
  return keys.every((key) => Object.prototype.propertyIsEnumerable.call(right, key) && !leftOut(right[key]) && sameJsonIgnoringKeyOrder(left[key], right[key]))
}

function writesNull(value: unknown): boolean {
  return value === null || (typeof value === 'number' && !Number.isFinite(value))
}

function leftOut(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol'
}

function inList(value: unknown): unknown {
  return leftOut(value) ? null : value
}

/**
 * The ground-truth calls as ToolTalk scores them, in order: each as recorded, except that a call
 * which ToolTalk replays before some later assistant turn carries the session token the replay
 * wrote into it (ToolTalk's executor sets `parameters["session_token"]` on the very dictionary it
 * then compares). Every replay of a call starts from the same state, so one replay of all calls
 * before the last assistant turn gives those parameters; calls on user turns are never replayed.
 */
export function scoredGroundTruth(
  conversation: ToolTalkConversation,
  world: WorldSnapshot,
  argumentHandling: ToolTalkArgumentHandling = 'tooltalk',
): ToolTalkCall[] {
  const lastAssistant = conversation.turns.findLastIndex((turn) => turn.role === 'assistant')
  const replayed = groundTruthCalls(conversation)
    .map((entry, index) => ({ ...entry, index }))
    .filter((entry) => conversation.turns[entry.turn]?.role === 'assistant' && entry.turn < lastAssistant)
  return scoredFromReplay(conversation, replayCalls(startToolTalkTurn(conversation, world, [], 'newest-first', argumentHandling), replayed))
}

/**
 * `scoredGroundTruth` from a replay already made of the assistant turns' ground-truth calls in
 * order, from the starting databases, as ToolTalk's evaluation replays them (ids continuing,
 * searches newest first, the same argument handling); calls of the last assistant turn in it are
 * left as recorded, since no turn replays them.
 */
export function scoredFromReplay(conversation: ToolTalkConversation, replayed: readonly ReplayedCall[]): ToolTalkCall[] {
  const lastAssistant = conversation.turns.findLastIndex((turn) => turn.role === 'assistant')
  const effective = new Map(replayed.filter((result) => result.turn < lastAssistant).map((result) => [result.index, { ...result.recorded, parameters: result.replayed.parameters }]))
  return groundTruthCalls(conversation).map((entry, index) => effective.get(index) ?? entry.call)
}
