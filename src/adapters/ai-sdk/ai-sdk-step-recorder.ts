import type { StepResult, ToolSet } from 'ai'
import type { TurnInput } from '../../roles/turn-agent.ts'
import type { JsonValue } from '../../world/index.ts'
import { asJson } from '../../world/index.ts'
import { errorOutcome, recordQuietly } from '../outside-outcome.ts'

/**
 * An `onStepEnd` callback that records the calls of a step that ran no `execute` of yours or of
 * the world's, so that the trajectory holds every call the model made:
 * - a call the SDK refused before running anything (a tool name it does not know, arguments that
 *   are not JSON or do not fit your tool's schema): a world tool's or an unknown name goes through
 *   the run (`callByName`), which records it as it would for any agent (`ArgumentError`,
 *   `UnknownToolError`); a tool of your own is recorded as failed with the SDK's error; a world
 *   tool the step did not offer (outside `activeTools`) is recorded as refused and never runs;
 * - a call the provider ran itself (a provider-defined tool), with its result;
 * - a call of a tool of yours without `execute`, which ends the loop with the call unanswered;
 * - a call of a tool toolcheck was not given (yours, passed to `generateText` beside
 *   `...aiSdkTurn()` rather than in its `tools` option), with the result or error the step holds.
 * `worldTools` are the names of the scenario's tools in this turn.
 */
export function aiSdkStepRecorder(turn: Pick<TurnInput, 'callByName' | 'recordOutsideCall'>, worldTools: ReadonlySet<string>, ownTools: ToolSet): (step: StepResult<ToolSet>) => Promise<void> {
  return async (step) => {
    const recording: Promise<unknown>[] = []
    const results = new Map<string, unknown>()
    const outcomes = new Map<string, { readonly result: JsonValue } | { readonly error: { readonly kind: string; readonly message: string } }>()
    for (const part of step.content) {
      if (part.type === 'tool-result' && part.providerExecuted === true) results.set(part.toolCallId, part.output)
      if (part.type === 'tool-result') outcomes.set(part.toolCallId, { result: asJson(part.output ?? null) })
      else if (part.type === 'tool-error') outcomes.set(part.toolCallId, { error: errorOutcome(part.error) })
    }
    for (const call of step.toolCalls) {
      const base = { name: call.toolName, arguments: asJson(call.input ?? null) as JsonValue, callId: call.toolCallId }
      if (call.invalid === true) {
        // A world tool the SDK would not call at this step (it was not among `activeTools`) never
        // ran: recorded as refused, it must not run in the world now.
        if (worldTools.has(call.toolName) && isNoSuchTool(call.error)) recording.push(recordQuietly(turn, { ...base, error: errorOutcome(call.error), run: { kind: 'refused' } }))
        else if (worldTools.has(call.toolName) || !Object.hasOwn(ownTools, call.toolName)) recording.push(turn.callByName(call.toolName, base.arguments, { callId: call.toolCallId }).catch(() => undefined))
        else recording.push(recordQuietly(turn, { ...base, error: errorOutcome(call.error), run: { kind: 'tool' } }))
      } else if (call.providerExecuted === true) {
        recording.push(recordQuietly(turn, { ...base, result: asJson(results.get(call.toolCallId) ?? null), run: { kind: 'tool' } }))
      } else if (Object.hasOwn(ownTools, call.toolName) && typeof ownTools[call.toolName]?.execute !== 'function') {
        recording.push(recordQuietly(turn, { ...base, error: { kind: 'NotExecuted', message: 'the tool has no execute function: the loop ended and handed the call back' }, run: { kind: 'tool' } }))
      } else if (!worldTools.has(call.toolName) && !Object.hasOwn(ownTools, call.toolName)) {
        // A tool toolcheck was not given (passed to generateText beside aiSdkTurn's tools rather
        // than in its `tools` option): the SDK ran it unseen, so it is recorded from the step.
        const outcome = outcomes.get(call.toolCallId) ?? { error: { kind: 'NotExecuted', message: 'the tool has no execute function: the loop ended and handed the call back' } }
        recording.push(recordQuietly(turn, { ...base, ...outcome, run: { kind: 'tool' } }))
      }
    }
    await Promise.all(recording)
  }
}

/** Whether the SDK refused a call for its tool's name: not among the step's tools (`NoSuchToolError`). */
function isNoSuchTool(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AI_NoSuchToolError' || error.name === 'NoSuchToolError')
}
