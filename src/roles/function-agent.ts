import type { Message, ToolTrace } from '../conversation/index.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import { AgentReplyError, checkAgentReply } from './agent-reply-error.ts'
import type { Agent, AgentReply, AgentView, RequestedCall, RoleContext } from './types.ts'

/** What a function agent is given each turn. */
export interface FunctionAgentInput {
  /** The messages the agent sees, oldest first. */
  readonly messages: readonly Message[]
  /** The tools it may call, as presented (names and schemas may be augmented). */
  readonly tools: readonly ToolSpec[]
  readonly systemPrompt: string
  readonly context: RoleContext
  /** The text of the latest user message, or `undefined` before there is one. */
  lastUserMessage(): string | undefined
  /** The tool results that arrived since the agent last spoke (the answers to its last calls). */
  latestToolResults(): readonly ToolTrace[]
}

/**
 * What a function agent may return: text for the user, a list of tool calls, or a full reply.
 */
export type FunctionAgentOutput = string | readonly RequestedCall[] | AgentReply

/**
 * An agent backed by the user's own code (a hand-written policy, another framework's agent).
 * When `fn` throws, or returns something that is none of the above (`undefined` from a branch
 * that forgot to return), the agent failed: the run ends scoring 0, its error naming the agent
 * as the culprit, with the stack or the value returned.
 *
 * @example
 * functionAgent(({ lastUserMessage, tools }) =>
 *   lastUserMessage()?.includes('cellular') ? [{ name: 'set_cellular_service_status', arguments: { on: true } }] : 'Done.')
 */
export function functionAgent(fn: (input: FunctionAgentInput) => FunctionAgentOutput | Promise<FunctionAgentOutput>, options: { readonly name?: string } = {}): Agent {
  return {
    name: options.name ?? 'function',
    async respond(view: AgentView, context: RoleContext): Promise<AgentReply> {
      const output: unknown = await fn(inputOf(view, context))
      if (typeof output === 'string') return { content: output }
      if (Array.isArray(output)) return checkAgentReply({ toolCalls: output })
      if (typeof output !== 'object' || output === null) throw new AgentReplyError('is not what a function agent returns: text for the user, a list of tool calls, or { content, toolCalls }', output)
      return checkAgentReply(output)
    },
  }
}

function inputOf(view: AgentView, context: RoleContext): FunctionAgentInput {
  return {
    messages: view.messages,
    tools: view.tools,
    systemPrompt: view.systemPrompt,
    context,
    lastUserMessage: () => view.messages.findLast((message) => message.sender === 'user' && message.recipient === 'agent')?.content,
    latestToolResults() {
      const lastAgentMessage = view.messages.findLastIndex((message) => message.sender === 'agent')
      return view.messages
        .slice(lastAgentMessage + 1)
        .flatMap((message) => (message.sender === 'environment' && message.toolResult !== undefined ? [message.toolResult] : []))
    },
  }
}
