import type { ToolSet } from 'ai'
import type { TurnInput, TurnTool } from '../../roles/turn-agent.ts'
import { loadAi } from './load-ai.ts'

/**
 * The turn's tools as an AI SDK `ToolSet`, keyed by the names the model is shown: each has the
 * presented description and JSON schema, and an `execute` that runs the call through the run
 * (recorded on the bus, with its snapshot) and returns the text a step-level model would read
 * (the result as JSON, or `Kind: message` for an error). The schema is not validated by the AI
 * SDK: toolcheck validates arguments itself and answers a wrong one with an error the model
 * reads, as for every other agent.
 *
 * Use it to wrap agent code you already have:
 *
 * ```ts
 * const myAgent = turnAgent('my-agent', async (turn) => {
 *   const result = await generateText({ model, instructions, messages: aiSdkMessages(turn.messages), tools: await aiSdkTools(turn), stopWhen: stepCountIs(10), abortSignal: turn.signal })
 *   return result.text
 * })
 * ```
 */
export async function aiSdkTools(turn: Pick<TurnInput, 'tools'>): Promise<ToolSet> {
  const ai = await loadAi()
  const tools: ToolSet = {}
  for (const handle of turn.tools) tools[handle.spec.name] = aiSdkTool(ai, handle)
  return tools
}

function aiSdkTool(ai: typeof import('ai'), handle: TurnTool): ToolSet[string] {
  return ai.tool({
    description: handle.spec.description,
    inputSchema: ai.jsonSchema<Record<string, unknown>>(handle.spec.parameters as Parameters<typeof ai.jsonSchema>[0]),
    execute: async (input: unknown, { toolCallId }: { toolCallId: string }) => (await handle.call(input as never, { callId: toolCallId })).content,
  }) as ToolSet[string]
}
