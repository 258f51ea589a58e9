import type { ToolSet } from 'ai'
import type { TurnInput } from '../../roles/turn-agent.ts'
import type { JsonValue } from '../../world/index.ts'
import { runOutside } from '../outside-outcome.ts'

/**
 * Your own AI SDK tools, each with its `execute` wrapped so that every call is recorded in the
 * run as a call outside the world (name, arguments, result or error) beside the world's calls of
 * the same step, where tool-call milestones and minefields see it. What `execute` returns or
 * throws reaches the SDK unchanged. Tools without `execute` are returned as they are (the SDK
 * hands their calls back to you; the run records them from the step, see `aiSdkStepRecorder`).
 */
export function recordedOwnTools(turn: Pick<TurnInput, 'recordOutsideCall'>, tools: ToolSet): ToolSet {
  const recorded: ToolSet = {}
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute
    if (typeof execute !== 'function') {
      recorded[name] = tool
      continue
    }
    recorded[name] = {
      ...tool,
      execute: (input: unknown, options: { toolCallId: string }) =>
        runOutside(turn, { name, arguments: input as JsonValue, callId: options.toolCallId }, async () => await (execute as (input: unknown, options: unknown) => unknown)(input, options)),
    } as ToolSet[string]
  }
  return recorded
}
