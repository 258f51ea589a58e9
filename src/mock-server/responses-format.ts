import type { ChatMessage, ChatRequest, ChatTool, ChatToolCall } from '../roles/endpoint/chat-request.ts'
import type { JsonObject, JsonValue } from '../world/index.ts'
import { isJsonObject } from '../world/index.ts'

/**
 * OpenAI's Responses API (`POST /v1/responses`, not streamed) as the mock server speaks it: a
 * request is read as the chat-completions request it amounts to, so the same replies and
 * responders (`scriptedModel`) serve both APIs, and a completion is written back as a response.
 */

/**
 * The chat-completions request a Responses request amounts to: `instructions` as the system
 * message; input items as messages (user and assistant text, `function_call` items as the
 * assistant's tool calls, consecutive ones in one message, `function_call_output` items as tool
 * messages); function tools as chat tools.
 */
export function responsesToChat(body: JsonObject): ChatRequest {
  const messages: ChatMessage[] = []
  if (typeof body.instructions === 'string' && body.instructions !== '') messages.push({ role: 'system', content: body.instructions })
  const input: readonly JsonValue[] = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : Array.isArray(body.input) ? body.input : []
  let calls: ChatToolCall[] = []
  const flush = () => {
    if (calls.length > 0) messages.push({ role: 'assistant', content: null, tool_calls: calls })
    calls = []
  }
  for (const item of input) {
    if (!isJsonObject(item)) continue
    if (item.type === 'function_call') {
      calls.push({ id: String(item.call_id ?? item.id ?? ''), type: 'function', function: { name: String(item.name ?? ''), arguments: typeof item.arguments === 'string' ? item.arguments : JSON.stringify(item.arguments ?? {}) } })
      continue
    }
    flush()
    if (item.type === 'function_call_output') messages.push({ role: 'tool', tool_call_id: String(item.call_id ?? ''), content: textOf(item.output) })
    else if (item.role === 'user' || item.role === 'system' || item.role === 'developer') messages.push({ role: item.role === 'user' ? 'user' : 'system', content: textOf(item.content) })
    else if (item.role === 'assistant') messages.push({ role: 'assistant', content: textOf(item.content) })
  }
  flush()
  const tools: ChatTool[] = (Array.isArray(body.tools) ? body.tools : []).flatMap((tool) =>
    isJsonObject(tool) && tool.type === 'function'
      ? [{ type: 'function' as const, function: { name: String(tool.name ?? ''), description: String(tool.description ?? ''), parameters: isJsonObject(tool.parameters) ? tool.parameters : {} } }]
      : [],
  )
  return { model: String(body.model ?? ''), messages, ...(tools.length > 0 ? { tools } : {}) }
}

/** A chat completion written as a Responses API response: its message text and tool calls as output items. */
export function chatToResponses(completion: JsonValue): JsonValue {
  const { id, model, choices, usage } = completion as {
    id: string
    model: string
    choices: { message: { content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] } }[]
    usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number }
  }
  const message = choices[0]?.message
  const output: JsonValue[] = []
  if (typeof message?.content === 'string' && message.content !== '')
    output.push({ type: 'message', id: `msg_${id}`, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: message.content, annotations: [] }] })
  for (const call of message?.tool_calls ?? []) output.push({ type: 'function_call', id: `fc_${call.id}`, call_id: call.id, name: call.function.name, arguments: call.function.arguments, status: 'completed' })
  return {
    id: id.replace(/^chatcmpl-/, 'resp_'),
    object: 'response',
    created_at: 0,
    status: 'completed',
    model,
    output,
    usage: { input_tokens: usage?.prompt_tokens ?? 0, output_tokens: usage?.completion_tokens ?? 0, total_tokens: usage?.total_tokens ?? 0, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
  }
}

function textOf(content: JsonValue | undefined): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((part) => (isJsonObject(part) && typeof part.text === 'string' ? part.text : typeof part === 'string' ? part : '')).join('')
  return content === undefined || content === null ? '' : JSON.stringify(content)
}
