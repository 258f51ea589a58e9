import OpenAI from 'openai'
import { InfrastructureError } from '../../conversation/index.ts'
import { classifyOpenAIError } from '../../roles/endpoint/openai-endpoint.ts'

/**
 * What an error an Agents SDK model threw means for `guardedCall`: a failure of the openai client
 * (a status, no connection, a timeout, an unreadable body) becomes the `EndpointFailure` the
 * built-in openai endpoint would give; a client made without an API key becomes
 * `InfrastructureError('auth')`; anything else passes through unchanged.
 */
export function agentsModelFailure(error: unknown): unknown {
  const cause = openaiCause(error)
  if (cause === undefined) return error
  if (isMissingKey(cause)) return new InfrastructureError('auth', `no OpenAI API key: ${(cause as Error).message}`, { cause: error })
  // A signal that never fires: an aborted attempt is told apart by guardedCall itself.
  return classifyOpenAIError(cause, new AbortController().signal, OpenAI)
}

/**
 * What an error `run` threw means for the run:
 * - `agent`: the agent's own doing (its loop ran past its `maxTurns`, its model called a tool that
 *   does not exist or sent arguments that are not JSON, a guardrail tripped): the turn ends
 *   without an answer, and the run is scored as the agent played it;
 * - an `InfrastructureError`: a model call failed for good (its kind), or a client has no API key
 *   (`auth`);
 * - anything else passes through unchanged (an error in your own agent code, or a `UserError` in
 *   the test's setup).
 */
export function openaiAgentsOutcome(error: unknown, signal: AbortSignal): 'agent' | unknown {
  if (error instanceof InfrastructureError || signal.aborted) return error
  const name = (error as { constructor?: { name?: string } } | null)?.constructor?.name
  if (name === 'MaxTurnsExceededError' || name === 'ModelBehaviorError' || (typeof name === 'string' && name.endsWith('TripwireTriggered'))) return 'agent'
  const cause = openaiCause(error)
  if (cause !== undefined && isMissingKey(cause)) return new InfrastructureError('auth', `no OpenAI API key: ${(cause as Error).message}`, { cause: error })
  return error
}

/** The openai client's error behind an error, if there is one (the SDK may wrap it). */
function openaiCause(error: unknown): unknown {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof OpenAI.OpenAIError || current instanceof SyntaxError) return current
  }
  return undefined
}

/** The openai client refuses to be made without a key: an `OpenAIError` that is no API error and names the variable. */
function isMissingKey(error: unknown): boolean {
  return error instanceof OpenAI.OpenAIError && !(error instanceof OpenAI.APIError) && /api.?key/i.test(error.message)
}
