import type { NumberedCall } from '../scenario/index.ts'
import type { CallTamper } from '../tools/call-tamper.ts'
import { ToolError } from '../tools/tool-error.ts'
import type { JsonObject, JsonValue, WorldSnapshot } from '../world/index.ts'
import { isJsonObject } from '../world/index.ts'
import { ordinal } from './describe-robustness.ts'
import type { InjectedFault } from './injected-fault.ts'
import { faultCovers } from './injected-fault.ts'

/** Injected text to place in the answer of the `call`-th call of `tool` (already written, see `injectionText`). */
export interface ResultInjection {
  readonly tool: string
  readonly call: number
  readonly text: string
}

/**
 * What an augmentation does to tool calls during a run: its faults, and the injections placed in
 * tool answers. `applyAugmentation` turns it into the presentation's `tamper`; the run numbers
 * each agent call of a tool and asks it what happens to that call.
 */
export interface Tampering {
  readonly faults: readonly InjectedFault[]
  readonly injections: readonly ResultInjection[]
}


/**
 * What happens to one call under `tampering`, or `undefined` when nothing does. The first fault
 * that covers the call decides it: a transient error, a timeout or a permanent failure replaces
 * the call (nothing is done), a truncated, empty or stale answer replaces its result; an
 * injection for the call is placed in the answer afterwards. `previousWorld` is the world before
 * its last change, which a stale answer is read from.
 */
export function tamperFor(tampering: Tampering | undefined, call: NumberedCall, previousWorld: WorldSnapshot): CallTamper | undefined {
  if (tampering === undefined) return undefined
  const fault = tampering.faults.find((candidate) => candidate.tool === call.tool && faultCovers(candidate, call.number))
  const injection = tampering.injections.find((candidate) => candidate.tool === call.tool && candidate.call === call.number)
  const where = `${call.tool} (its ${ordinal(call.number)} call)`
  if (fault !== undefined && (fault.kind === 'transient' || fault.kind === 'timeout' || fault.kind === 'permanent'))
    return { error: faultError(fault.kind, call.shownName), note: `${where}: ${fault.kind === 'permanent' ? 'failed permanently' : fault.kind === 'timeout' ? 'timed out' : 'failed with a transient error'}` }
  const notes: string[] = []
  let transform: ((result: JsonValue) => { result: JsonValue; content: string }) | undefined
  let world: WorldSnapshot | undefined
  if (fault?.kind === 'truncated') {
    transform = truncated
    notes.push('answered truncated')
  } else if (fault?.kind === 'empty') {
    transform = (result) => shown(emptyOf(result))
    notes.push('answered empty')
  } else if (fault?.kind === 'stale') {
    world = previousWorld
    notes.push('answered with stale data')
  }
  if (injection !== undefined) {
    const before = transform
    transform = (result) => {
      const answered = before === undefined ? result : before(result).result
      return withInjection(answered, injection.text)
    }
    notes.push('carried an injection')
  }
  if (notes.length === 0) return undefined
  return { ...(transform === undefined ? {} : { result: transform }), ...(world === undefined ? {} : { world }), note: `${where}: ${notes.join(' and ')}` }
}

/** The error a failing fault answers with: it names the tool as the agent knows it and says whether to retry. */
export function faultError(kind: 'transient' | 'timeout' | 'permanent', shownName: string): ToolError {
  switch (kind) {
    case 'transient':
      return new ToolError('TransientError', `${shownName} is temporarily unavailable and did nothing; try the same call again`)
    case 'timeout':
      return new ToolError('TimeoutError', `${shownName} did not answer in time and did nothing; the same call may work if tried again`)
    case 'permanent':
      return new ToolError('ServiceUnavailableError', `${shownName} is out of service for the rest of this conversation and did nothing; trying again will not help`)
  }
}

/**
 * Places injected text in an answer where a reader of its data finds it: as a new field of the
 * answer (or of its first row, for a list of rows), appended to a text answer, or, for an answer
 * with no place for text (a number, a flag, an empty list), after it in the text the agent reads.
 * Existing fields keep their values, so the answer's data still reads the same.
 */
export function withInjection(result: JsonValue, text: string): { result: JsonValue; content: string } {
  if (isJsonObject(result)) return shown({ ...result, [freeField(result)]: text })
  if (Array.isArray(result) && isJsonObject(result[0])) {
    const [first, ...rest] = result as [JsonObject, ...JsonValue[]]
    return shown([{ ...first, [freeField(first)]: text }, ...rest])
  }
  if (typeof result === 'string') return shown(`${result}\n\n${text}`)
  return { result, content: `${JSON.stringify(result)}\n\n${text}` }
}

function shown(result: JsonValue): { result: JsonValue; content: string } {
  return { result, content: JSON.stringify(result) }
}

/** The answer cut to half its text: no longer valid JSON, which is what the agent reads and the trace keeps. */
function truncated(result: JsonValue): { result: JsonValue; content: string } {
  const text = JSON.stringify(result)
  const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)))
  return { result: cut, content: cut }
}

/** The empty value of an answer's kind: `[]`, `{}`, `""`, else `null`. */
function emptyOf(result: JsonValue): JsonValue {
  if (Array.isArray(result)) return []
  if (isJsonObject(result)) return {}
  if (typeof result === 'string') return ''
  return null
}

const NOTE_FIELDS = ['note', 'notes', 'memo', 'comment', 'remark']

function freeField(object: JsonObject): string {
  const free = NOTE_FIELDS.find((field) => !Object.hasOwn(object, field))
  if (free !== undefined) return free
  let suffix = 2
  while (Object.hasOwn(object, `note_${suffix}`)) suffix++
  return `note_${suffix}`
}
