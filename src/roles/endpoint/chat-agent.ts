import type { Agent, AgentReply, AgentView, RoleContext } from '../types.ts'
import { agentReplyOf, agentViewToChat, toolSpecsToChat } from '../chat-format.ts'
import { callModel } from './call-model.ts'
import type { ChatEndpoint } from './chat-endpoint.ts'
import type { ChatModelOptions } from './chat-model-options.ts'
import { callSettingsOf } from './chat-model-options.ts'
import type { ChatRequest } from './chat-request.ts'
import { builtInAgent } from '../built-in-role.ts'

/** Options of an agent backed by a chat-completions model. */
export interface ChatAgentOptions extends ChatModelOptions {
  /** Replaces the system prompt the run gives the agent. */
  readonly systemPrompt?: string
  /** Whether the model may make several calls in one turn; the server's default when absent. */
  readonly parallelToolCalls?: boolean
  /**
   * Marks tool schemas `strict`, so OpenAI models follow them exactly. OpenAI accepts this only
   * for schemas written for it (every property required, no extra properties): present the tools
   * with `presentTool(tool, { strict: true })`.
   */
  readonly strictTools?: boolean
  /** `auto`, `required`, `none`; the server's default when absent. */
  readonly toolChoice?: 'auto' | 'required' | 'none'
}

/**
 * An agent that asks a chat-completions endpoint for each turn: the view becomes chat messages
 * and function tools, the reply becomes text and tool calls (see `readChatReply`).
 * `openaiAgent` and `huggingFaceAgent` are this over their clients.
 */
export function chatAgent(name: string, endpoint: ChatEndpoint, options: ChatAgentOptions): Agent {
  const settings = callSettingsOf(options, endpoint)
  return builtInAgent({
    name,
    async respond(view: AgentView, context: RoleContext): Promise<AgentReply> {
      const hasTools = view.tools.length > 0
      const request: ChatRequest = {
        model: options.model,
        messages: agentViewToChat(view, options.systemPrompt ?? view.systemPrompt),
        ...(hasTools ? { tools: toolSpecsToChat(view.tools, options.strictTools) } : {}),
        ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
        ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
        ...(hasTools && options.toolChoice !== undefined ? { tool_choice: options.toolChoice } : {}),
        ...(hasTools && options.parallelToolCalls !== undefined ? { parallel_tool_calls: options.parallelToolCalls } : {}),
      }
      const { read, usage } = await callModel(endpoint, request, { ...settings, trial: context.trial, seed: context.seed, signal: context.signal })
      return { ...agentReplyOf(read), usage }
    },
  })
}
