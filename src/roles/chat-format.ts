import type { Message, ToolCall } from '../conversation/index.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import type { AgentReply, AgentView, RequestedCall, UserView } from './types.ts'
import { InfrastructureError } from './types.ts'
import type { ChatMessage, ChatReply, ChatTool, ChatToolCall } from './endpoint/chat-request.ts'
import { DEFAULT_LIMITS } from './endpoint/endpoint-limits.ts'
import type { ReadReply } from './endpoint/read-chat-reply.ts'
import { readChatReply } from './endpoint/read-chat-reply.ts'

/**
 * Conversion between toolcheck's conversation and the Chat Completions format, both directions,
 * for agents and (with the roles inverted) for simulated users.
 */

/**
 * The agent's view as chat messages: the system prompt, then user and agent turns, the agent's
 * tool calls as assistant `tool_calls`, and each tool result as a `tool` message. Consecutive
 * tool-call messages are merged into one assistant message, because the API wants every call of
 * a batch announced before the first result.
 *
 * `systemPrompt` (the view's by default, or an agent's own replacement) opens the conversation;
 * the run's system message carrying the view's prompt is not repeated. Other system messages
 * stay where they are.
 */
export function agentViewToChat(view: AgentView, systemPrompt: string = view.systemPrompt): ChatMessage[] {
  const messages: ChatMessage[] = []
  if (systemPrompt !== '') messages.push({ role: 'system', content: systemPrompt })
  for (const message of view.messages) {
    if (message.sender === 'system') {
      if (message.content !== '' && message.content !== view.systemPrompt) messages.push({ role: 'system', content: message.content })
    } else if (message.sender === 'user') {
      messages.push({ role: 'user', content: message.content })
    } else if (message.sender === 'agent') {
      const calls = (message.toolCalls ?? []).map(toChatToolCall)
      const previous = messages.at(-1)
      if (calls.length > 0 && previous?.role === 'assistant' && previous.tool_calls !== undefined && message.content === '') {
        messages[messages.length - 1] = { ...previous, tool_calls: [...previous.tool_calls, ...calls] }
      } else if (calls.length > 0) {
        messages.push({ role: 'assistant', content: message.content === '' ? null : message.content, tool_calls: calls })
      } else {
        messages.push({ role: 'assistant', content: message.content })
      }
    } else if (message.sender === 'environment' && message.toolResult !== undefined) {
      messages.push({ role: 'tool', tool_call_id: message.toolResult.callId, content: toolResultText(message) })
    }
  }
  return messages
}

/**
 * The simulated user's view as chat messages, roles inverted so that the model speaks as the
 * user: the agent's messages become `user` turns and the user's own messages `assistant` turns.
 * The user's exchanges with the environment (its end call) are left out.
 */
export function userViewToChat(view: UserView, systemPrompt: string): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: systemPrompt }]
  for (const message of view.messages) {
    if (message.sender === 'agent' && message.recipient === 'user') messages.push({ role: 'user', content: message.content })
    else if (message.sender === 'user' && message.recipient === 'agent') messages.push({ role: 'assistant', content: message.content })
  }
  return messages
}

/**
 * Tool specs as chat-completions function tools. `strict` asks OpenAI models to follow the schema
 * exactly; a spec whose argument types were hidden by an augmentation is never sent as strict,
 * since a strict schema must give every property a type.
 */
export function toolSpecsToChat(tools: readonly ToolSpec[], strict?: boolean): ChatTool[] {
  return tools.map((tool) => {
    const toolStrict = strict === undefined ? undefined : strict && tool.typesHidden !== true
    return {
      type: 'function' as const,
      function: { name: tool.name, description: tool.description, parameters: tool.parameters, ...(toolStrict === undefined ? {} : { strict: toolStrict }) },
    }
  })
}

/** The text a tool message carries: the message's content, or the result (or error) it records. */
function toolResultText(message: Message): string {
  if (message.content !== '') return message.content
  const trace = message.toolResult
  if (trace?.error !== undefined) return trace.error.message
  return trace?.result === undefined ? '' : JSON.stringify(trace.result)
}

function toChatToolCall(call: ToolCall): ChatToolCall {
  // Arguments that did not parse are kept as the raw text, and go back to the model as they came.
  const text = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)
  return { id: call.id, type: 'function', function: { name: call.name, arguments: text } }
}

/**
 * Reads an agent's turn from a chat reply: the text and every function call, in order (see
 * `readChatReply`, whose default limits apply). Arguments that are not valid JSON are passed on as
 * the raw text and unknown tool names as they are: the executor answers both with an error the
 * agent reads. A reply that cannot be read throws `InfrastructureError('malformed-reply')`.
 */
export function chatReplyToAgentReply(reply: ChatReply, source: string): AgentReply {
  const reading = readChatReply(reply, DEFAULT_LIMITS)
  if (!reading.ok) throw new InfrastructureError('malformed-reply', `${source} sent a reply that cannot be read: ${reading.problem}`)
  return agentReplyOf(reading.reply)
}

/** An agent's turn from a reply already read: its text, or its calls (with the text that came with them). */
export function agentReplyOf(reply: ReadReply): AgentReply {
  const toolCalls: RequestedCall[] = reply.toolCalls.map((call) => ({ ...(call.id === undefined ? {} : { id: call.id }), name: call.name, arguments: call.arguments }))
  const content = reply.content
  return { ...(content !== '' || toolCalls.length === 0 ? { content } : {}), ...(toolCalls.length > 0 ? { toolCalls } : {}) }
}
