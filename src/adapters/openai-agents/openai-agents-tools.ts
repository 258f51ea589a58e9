import type { FunctionTool } from '@openai/agents'
import type { TurnInput } from '../../roles/turn-agent.ts'
import { loadAgents } from './load-agents.ts'

/**
 * The turn's tools as OpenAI Agents SDK function tools, under the names the model is shown: the
 * presented description and JSON schema (not strict: toolcheck validates the arguments itself and
 * answers a wrong one with an error the model reads), and an `execute` that runs the call through
 * the run and returns the text a step-level model would read. Give them to your `Agent`.
 */
export async function openaiAgentsTools(turn: Pick<TurnInput, 'tools'>): Promise<FunctionTool[]> {
  const sdk = await loadAgents()
  return turn.tools.map((handle) =>
    sdk.tool({
      name: handle.spec.name,
      description: handle.spec.description,
      parameters: handle.spec.parameters as never,
      strict: false,
      execute: async (input: unknown, _context, details) => {
        const callId = details?.toolCall?.callId
        return (await handle.call(input as never, callId === undefined ? {} : { callId })).content
      },
    }) as FunctionTool,
  )
}
