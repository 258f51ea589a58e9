import OpenAI from 'openai'
import { classifyOpenAIError } from '../../roles/endpoint/openai-endpoint.ts'
import { InfrastructureError } from '../../roles/types.ts'

/**
 * What an error the OpenAI Agents SDK threw means for the run:
 * - `agent`: the agent's own doing (its loop ran past its `maxTurns`, its model called a tool that
 *   does not exist or sent arguments that are not JSON, a guardrail tripped): the turn ends
 *   without an answer, and the run is scored as the agent played it;
 * - an `InfrastructureError`: the openai client failed (rate limit, server error, network,
 *   timeout, rejected request, unreadable body), or the cache did;
 * - anything else passes through (a `UserError` in the test's own setup ends the run as `internal`).
 */
export function openaiAgentsOutcome(error: unknown, signal: AbortSignal): 'agent' | unknown {
  if (error instanceof InfrastructureError || signal.aborted) return error
  const name = (error as { constructor?: { name?: string } } | null)?.constructor?.name
  if (name === 'MaxTurnsExceededError' || name === 'ModelBehaviorError' || (typeof name === 'string' && name.endsWith('TripwireTriggered'))) return 'agent'
  const cause = openaiCause(error)
  if (cause !== undefined) {
    const failure = classifyOpenAIError(cause, signal, OpenAI)
    return new InfrastructureError(failure.kind === 'rejected' ? 'request-rejected' : failure.kind, failure.message, { cause: error })
  }
  return error
}

/** The openai client's error behind an error, if there is one (the SDK may wrap it). */
function openaiCause(error: unknown): unknown {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof OpenAI.OpenAIError || current instanceof SyntaxError) return current
  }
  return undefined
}
