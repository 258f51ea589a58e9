import type { ToolCall, ToolTrace } from '../conversation/index.ts'
import type { JsonValue, TableInfo, WorldSnapshot } from '../world/index.ts'
import { WorldDraft } from '../world/index.ts'
import { closestNames } from './closest-names.ts'
import type { CallTamper } from './call-tamper.ts'
import { codeStack, describeCodeValue, thrownText } from './code-stack.ts'
import type { Clock, IdSource, ToolContext } from './context.ts'
import type { AnyTool, ToolAudience } from './define-tool.ts'
import { unmetRequirement } from './require-setting.ts'
import { toJsonResult } from './to-json-result.ts'
import { ToolError } from './tool-error.ts'
import type { ToolFault, ToolFaultKind } from './tool-fault.ts'
import { toolCallWatch } from './tool-call-watch.ts'
import type { ToolRegistry } from './tool-registry.ts'
import type { ToolSpec } from './tool-spec.ts'
import { validateArguments } from './validate-arguments.ts'

/** How long a tool call may take when neither the tool nor the caller says: 30 seconds. */
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000

/** One tool call to run, with everything it may touch. */
export interface ExecutionRequest {
  readonly call: ToolCall
  /** The tools this caller was shown; a name outside this list is unknown even if registered. */
  readonly specs: readonly ToolSpec[]
  readonly registry: ToolRegistry
  readonly world: WorldSnapshot
  readonly clock: Clock
  readonly ids: IdSource
  /** Who is calling: the agent, or the user (whose only tool is usually `end_conversation`). */
  readonly audience: ToolAudience
  /**
   * The tables (with their keys and columns) the tool may write: its domain's. A write elsewhere
   * is a fault of the tool. Unchecked when absent.
   */
  readonly tables?: Readonly<Record<string, TableInfo>>
  /** The time limit of a tool that sets none (`DEFAULT_TOOL_TIMEOUT_MS` when absent): its domain's. */
  readonly timeoutMs?: number
  /** Cancels the call (the tool's `signal` fires); the call then ends as the tool leaves it. */
  readonly signal?: AbortSignal
  /** What the scenario's augmentation does to this call (a fault, an injected result), if anything. */
  readonly tamper?: CallTamper
}

/** What a call did: its trace, the world after it, and the text the caller reads. */
export interface ExecutionOutcome {
  readonly trace: ToolTrace
  /** The world after the call; the very same object as the request's world when nothing changed. */
  readonly world: WorldSnapshot
  /** The result as JSON text, or `Kind: message` for an error. */
  readonly content: string
  /**
   * Set when the tool's own code broke (see `ToolFault`): the trace then holds a `RuntimeError`
   * and the world is unchanged, but the call says nothing about its caller, and a run ends on it.
   */
  readonly fault?: ToolFault
  /** The request's `tamper` note, when the augmentation changed this call. */
  readonly tampered?: string
}

/**
 * Runs one tool call and never throws. In order: the name must be one the caller was shown
 * (else `UnknownToolError` with up to three close names); the arguments must validate (else
 * `ArgumentError`); the tool's required settings must be on (else the requirement's error); then
 * the tool runs on a draft of the world, within its time limit. A `ToolError` it throws reaches
 * the caller as its kind and message. Whenever the call fails the draft is dropped, so the world
 * is unchanged.
 *
 * The tool's own bugs come back as a `fault` (see `ToolFault`): throwing anything but a
 * `ToolError`, returning `undefined` or a value that is not JSON, not settling in time, and,
 * with `tables`, writing a table or column its domain does not have. The rows it reads are
 * frozen all the way down, so changing one in place never reaches the world: strict code (every
 * ES module, so every module vitest and `toolcheck eval` load) gets a `TypeError`, and the call
 * is played again on copies of the rows to name the path it changed, as a `row-mutated` fault.
 * Code that is not strict has such a change ignored by JavaScript itself, without a word.
 *
 * A `tamper` (an augmentation's tool fault or injection) applies to a call that got this far:
 * its error answers instead of the tool, its world is read instead of the current one (and the
 * world stays as it was), and its result replaces a good one. What it does is part of the
 * scenario, never a fault: the agent reads it as an ordinary tool result or error.
 */
export async function executeToolCall(request: ExecutionRequest): Promise<ExecutionOutcome> {
  const { world } = request
  // A caller outside TypeScript may send a name that is not text; treat it as text.
  const call = typeof request.call.name === 'string' ? request.call : { ...request.call, name: String(request.call.name) }
  try {
    const spec = request.specs.find((candidate) => candidate.name === call.name)
    const tool = spec === undefined ? undefined : request.registry.get(spec.tool)
    if (spec === undefined || tool === undefined || !(tool.audience ?? ['agent']).includes(request.audience)) {
      const offered = request.specs.map((candidate) => candidate.name)
      const suggestions = closestNames(call.name, offered)
      const shown = call.name.length > 80 ? `${call.name.slice(0, 79)}…` : call.name
      const hint =
        offered.length === 0 ? 'no tools are available' : suggestions.length > 0 ? `did you mean ${suggestions.map((name) => `\`${name}\``).join(', ')}?` : `available tools: ${offered.slice(0, 40).join(', ')}${offered.length > 40 ? ', …' : ''}`
      return failed(request, call.name, call.arguments, new ToolError('UnknownToolError', `there is no tool named \`${shown}\`; ${hint}`))
    }
    const validation = validateArguments(tool, spec, call.arguments)
    if (!validation.ok) return failed(request, tool.name, call.arguments, validation.error)
    const unmet = unmetRequirement(world, tool.requires ?? [])
    if (unmet !== undefined) return failed(request, tool.name, validation.arguments, new ToolError(unmet.kind, unmet.message))
    // An injected fault is part of the scenario: the agent reads it as any tool error, and the
    // tool does not run.
    const tamper = request.tamper
    if (tamper?.error !== undefined) return { ...failed(request, tool.name, validation.arguments, tamper.error), tampered: tamper.note }
    // A stale read runs on an older world; whatever it did there is not the world's.
    const base = tamper?.world ?? world
    let ran = await runTool(tool, validation.parsed, request, base, false)
    // A change in place to a frozen row throws without saying where: the call is played again
    // on copies of the rows, where the change goes through and is found.
    const frozenWrite = 'thrown' in ran && isFrozenWrite(ran.thrown) ? ran.thrown : undefined
    if (frozenWrite !== undefined) ran = await runTool(tool, validation.parsed, request, base, true)
    const faultOf = (kind: ToolFaultKind, message: string, stack?: string): ExecutionOutcome =>
      faulted(request, tool.name, validation.arguments, { kind, tool: tool.name, arguments: validation.arguments, message, ...(stack === undefined ? {} : { stack }) })
    const violation = ran.draft.violation
    if (violation !== undefined) return faultOf(violation.kind, violation.message, codeStack(violation))
    const inPlace = ran.draft.changedInPlace()
    if (inPlace !== undefined) return faultOf(inPlace.kind, inPlace.message, codeStack(frozenWrite))
    if (frozenWrite !== undefined)
      return faultOf('row-mutated', `changed a value it read from the world in place (${thrownText(frozenWrite)}); a tool changes the world only through world.insert, update, remove, replaceRows or setSettings, on copies of what it read`, codeStack(frozenWrite))
    if ('timedOut' in ran) return faultOf('tool-timeout', ran.blocked === true ? `ran synchronously past its time limit of ${ran.timedOut} ms, blocking its thread (which was stopped)` : `did not settle within its time limit of ${ran.timedOut} ms`)
    if ('thrown' in ran) {
      const thrown = ran.thrown
      if (ToolError.is(thrown)) {
        // One from another copy of toolcheck has the same fields, not the same class.
        const declared = thrown as { readonly kind: string; readonly message: string }
        return failed(request, tool.name, validation.arguments, thrown instanceof ToolError ? thrown : new ToolError(declared.kind, declared.message))
      }
      return faultOf('tool-threw', `threw ${thrownText(thrown)}`, codeStack(thrown))
    }
    if (ran.returned === undefined) return faultOf('invalid-result', 'returned undefined; a tool returns JSON, and null when it has nothing to report')
    const result = toJsonResult(ran.returned)
    if (!result.ok) return faultOf('invalid-result', `returned a value that is not JSON: ${result.reason} (${describeCodeValue(ran.returned)})`)
    const after = tamper?.world === undefined ? ran.draft.commit() : world
    if (tamper === undefined) return { trace: { callId: call.id, tool: tool.name, arguments: validation.arguments, result: result.value }, world: after, content: JSON.stringify(result.value) }
    const shown = tamper.result === undefined ? { result: result.value, content: JSON.stringify(result.value) } : tamper.result(result.value)
    const trace: ToolTrace = { callId: call.id, tool: tool.name, arguments: validation.arguments, result: shown.result }
    return { trace, world: after, content: shown.content, tampered: tamper.note }
  } catch (error) {
    // Only a broken registry or spec list gets here; the caller still gets an answer.
    return failed(request, call.name, call.arguments, asToolError(error))
  }
}

/** How one run of a tool's code ended, with the draft it wrote. */
type ToolRun = { readonly draft: WorldDraft } & ({ readonly returned: unknown } | { readonly thrown: unknown } | { readonly timedOut: number; readonly blocked?: true })

/**
 * Runs a tool's code on a fresh draft of `world` and says how it ended. A tool that returns at once (most
 * do) is done; one that returns a promise has until its time limit (the tool's, else the
 * request's, else `DEFAULT_TOOL_TIMEOUT_MS`) to settle, and one that never does is left behind:
 * its draft is dropped and its signal fired. The signal is made only for a tool that reads it.
 */
async function runTool(tool: AnyTool, parsed: unknown, request: ExecutionRequest, world: WorldSnapshot, copies: boolean): Promise<ToolRun> {
  const draft = new WorldDraft(world, { ...(request.tables === undefined ? {} : { tables: request.tables }), copies })
  const limit = tool.timeoutMs ?? request.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS
  let controller: AbortController | undefined
  let signal: AbortSignal | undefined
  const context: ToolContext = {
    world: draft,
    clock: request.clock,
    ids: request.ids,
    get signal() {
      controller ??= new AbortController()
      signal ??= request.signal === undefined ? controller.signal : AbortSignal.any([controller.signal, request.signal])
      return signal
    },
  }
  // The host of the runs may watch the code (an eval worker does, to end only this run when the
  // code blocks or kills its thread), and answer for a call that did so before.
  const watch = toolCallWatch()
  const ended = watch?.enter(tool.name, request.call.arguments, limit)
  if (ended !== undefined) return { draft, ...ended }
  let returned: unknown
  try {
    returned = watch === undefined ? callToolCode(tool, parsed, context) : watch.run(() => callToolCode(tool, parsed, context))
  } catch (thrown) {
    return { draft, thrown }
  } finally {
    watch?.leave()
  }
  if (!isThenable(returned)) return { draft, returned }
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<ToolRun>((resolve) => {
    timer = setTimeout(() => {
      controller?.abort(new Error(`the tool did not settle within ${limit} ms`))
      resolve({ draft, timedOut: limit })
    }, limit)
  })
  try {
    return await Promise.race([
      Promise.resolve(returned).then(
        (value): ToolRun => ({ draft, returned: value }),
        (thrown: unknown): ToolRun => ({ draft, thrown }),
      ),
      timedOut,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Where toolcheck hands over to a tool's code: `codeStack` keeps the frames above this one (the
 * tool's). An exception thrown after an await carries only the tool's frames anyway.
 */
function callToolCode(tool: AnyTool, parsed: unknown, context: ToolContext): unknown {
  return tool.execute(parsed as never, context)
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function'
}

function failed(request: ExecutionRequest, tool: string, args: JsonValue, error: ToolError): ExecutionOutcome {
  const trace: ToolTrace = { callId: String(request.call.id), tool, arguments: args, error: { kind: error.kind, message: error.message } }
  return { trace, world: request.world, content: error.toAgentText() }
}

/** A tool's fault: the caller reads a `RuntimeError`, and the fault goes with it. */
function faulted(request: ExecutionRequest, tool: string, args: JsonValue, fault: ToolFault): ExecutionOutcome {
  return { ...failed(request, tool, args, new ToolError('RuntimeError', `the tool ${tool} failed: ${fault.message}`)), fault }
}

/** A thrown value as the error the caller reads. */
function asToolError(error: unknown): ToolError {
  if (error instanceof ToolError) return error
  if (error instanceof Error) return new ToolError('RuntimeError', error.message)
  return new ToolError('RuntimeError', String(error))
}

/** Whether an error is the one a frozen value throws at a change in strict code (V8's texts). */
function isFrozenWrite(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false
  return /^Cannot (add property|assign to read only property|delete property|define property|redefine property)|object is not extensible/.test(error.message)
}
