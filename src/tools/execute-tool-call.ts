import type { ToolCall, ToolTrace } from '../conversation/index.ts'
import type { JsonValue, WorldSnapshot } from '../world/index.ts'
import { WorldDraft } from '../world/index.ts'
import { closestNames } from './closest-names.ts'
import type { CallTamper } from './call-tamper.ts'
import type { Clock, IdSource } from './context.ts'
import type { ToolAudience } from './define-tool.ts'
import { unmetRequirement } from './require-setting.ts'
import { toJsonResult } from './to-json-result.ts'
import { ToolError } from './tool-error.ts'
import type { ToolRegistry } from './tool-registry.ts'
import type { ToolSpec } from './tool-spec.ts'
import { validateArguments } from './validate-arguments.ts'

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
  /** The request's `tamper` note, when the augmentation changed this call. */
  readonly tampered?: string
}

/**
 * Runs one tool call and never throws. In order: the name must be one the caller was shown
 * (else `UnknownToolError` with up to three close names); the arguments must validate (else
 * `ArgumentError`); the tool's required settings must be on (else the requirement's error); then
 * the tool runs on a draft of the world. A `ToolError` it throws reaches the caller as its kind
 * and message, any other exception as `RuntimeError`, and a result that is not JSON as
 * `RuntimeError` too. Whenever the call fails the draft is dropped, so the world is unchanged.
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
    const tamper = request.tamper
    if (tamper?.error !== undefined) return { ...failed(request, tool.name, validation.arguments, tamper.error), tampered: tamper.note }
    const draft = new WorldDraft(tamper?.world ?? world)
    let returned: unknown
    try {
      returned = await tool.execute(validation.parsed as never, { world: draft, clock: request.clock, ids: request.ids })
    } catch (error) {
      return failed(request, tool.name, validation.arguments, asToolError(error))
    }
    const result = toJsonResult(returned)
    if (!result.ok) return failed(request, tool.name, validation.arguments, new ToolError('RuntimeError', `the tool returned a value that is not JSON: ${result.reason}`))
    // A stale read ran on an older world; whatever it did there is not the world's.
    const after = tamper?.world === undefined ? draft.commit() : world
    if (tamper === undefined) return { trace: { callId: call.id, tool: tool.name, arguments: validation.arguments, result: result.value }, world: after, content: JSON.stringify(result.value) }
    const shown = tamper.result === undefined ? { result: result.value, content: JSON.stringify(result.value) } : tamper.result(result.value)
    const trace: ToolTrace = { callId: call.id, tool: tool.name, arguments: validation.arguments, result: shown.result }
    return { trace, world: after, content: shown.content, tampered: tamper.note }
  } catch (error) {
    // Only a broken registry or spec list gets here; the caller still gets an answer.
    return failed(request, call.name, call.arguments, asToolError(error))
  }
}

function failed(request: ExecutionRequest, tool: string, args: JsonValue, error: ToolError): ExecutionOutcome {
  const trace: ToolTrace = { callId: String(request.call.id), tool, arguments: args, error: { kind: error.kind, message: error.message } }
  return { trace, world: request.world, content: error.toAgentText() }
}

/** A thrown value as the error the caller reads. */
function asToolError(error: unknown): ToolError {
  if (error instanceof ToolError) return error
  if (error instanceof Error) return new ToolError('RuntimeError', error.message)
  return new ToolError('RuntimeError', String(error))
}
