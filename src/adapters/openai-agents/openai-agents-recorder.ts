import type { ModelRequest, ModelResponse } from '@openai/agents'
import type { TurnInput } from '../../roles/turn-agent.ts'
import { asJson } from '../../world/index.ts'
import { recordQuietly } from '../outside-outcome.ts'
import type { ResponseListener } from './guarded-agents-model.ts'
import { parsed } from './openai-agents-graph.ts'

/**
 * A listener for the responses of a turn's models that records the calls no tool of the SDK will
 * run, so that the trajectory holds every call the model made:
 * - a function call of a name the request offered no tool or handoff for, which the SDK answers
 *   by ending the run (`ModelBehaviorError`): it goes through the run (`callByName`), which records
 *   it as a failed call (`UnknownToolError`), as it would for any agent; a world tool's name the
 *   answering agent was not given is recorded as refused and never runs;
 * - a call of a world tool whose arguments are not JSON, which the SDK refuses too: the run
 *   records it with its `ArgumentError`;
 * - a hosted tool's call, which the provider ran: recorded outside the world with its output.
 * `worldTools` are the names of the scenario's tools in this turn.
 */
export function agentsResponseRecorder(turn: Pick<TurnInput, 'callByName' | 'recordOutsideCall'>, worldTools: ReadonlySet<string>): ResponseListener {
  return async (request: ModelRequest, output: ModelResponse['output']) => {
    const offered = new Set([...request.tools.map((tool) => tool.name), ...request.handoffs.map((handoff) => handoff.toolName)])
    const recording: Promise<unknown>[] = []
    for (const item of output) {
      if (item.type === 'function_call') {
        const args = parsed(item.arguments)
        const unreadable = typeof args === 'string' && worldTools.has(item.name)
        // A world tool the answering agent was not given (a handoff target without tools): the
        // SDK refuses it, so it must not run in the world either.
        if (!offered.has(item.name) && worldTools.has(item.name))
          recording.push(recordQuietly(turn, { name: item.name, arguments: args, callId: item.callId, error: { kind: 'ModelBehaviorError', message: `the agent answering this step was not given ${item.name}, so the SDK refused the call; give the world's tools to every agent that may call them` }, run: { kind: 'refused' } }))
        else if (!offered.has(item.name) || unreadable) recording.push(turn.callByName(item.name, args, { callId: item.callId }).catch(() => undefined))
      } else if (item.type === 'hosted_tool_call') {
        const args = item.arguments === undefined ? {} : parsed(item.arguments)
        recording.push(recordQuietly(turn, { name: item.name, arguments: args, result: asJson(item.output ?? null), run: { kind: 'tool' }, ...(item.id === undefined ? {} : { callId: item.id }) }))
      }
    }
    await Promise.all(recording)
  }
}
