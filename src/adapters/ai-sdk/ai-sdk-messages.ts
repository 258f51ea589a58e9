import type { AssistantModelMessage, ModelMessage, ToolModelMessage } from 'ai'
import type { Message } from '../../conversation/index.ts'

/**
 * The conversation an agent sees, as AI SDK model messages: the user's and the agent's texts,
 * and each earlier tool step as an assistant message with its tool calls followed by a tool
 * message with their results (the text the agent read, as `text` output). System messages are
 * left out: the AI SDK takes the system prompt as `instructions`. Calls keep their recorded ids
 * and presented names, so a model sees its earlier turns exactly as it made them.
 */
export function aiSdkMessages(messages: readonly Message[]): ModelMessage[] {
  const out: ModelMessage[] = []
  const callNames = new Map<string, string>()
  for (const message of messages) {
    if (message.sender === 'user' && message.recipient === 'agent') out.push({ role: 'user', content: message.content })
    else if (message.sender === 'agent' && message.toolCalls !== undefined && message.toolCalls.length > 0) {
      const content: AssistantModelMessage['content'] = []
      if (message.content !== '') content.push({ type: 'text', text: message.content })
      for (const call of message.toolCalls) {
        callNames.set(call.id, call.name)
        content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.arguments })
      }
      out.push({ role: 'assistant', content })
    } else if (message.sender === 'agent' && message.recipient === 'user') out.push({ role: 'assistant', content: message.content })
    else if (message.sender === 'environment' && message.recipient === 'agent' && message.toolResult !== undefined) {
      const part: ToolModelMessage['content'][number] = {
        type: 'tool-result',
        toolCallId: message.toolResult.callId,
        toolName: callNames.get(message.toolResult.callId) ?? message.toolResult.tool,
        output: { type: 'text', value: message.content },
      }
      const last = out.at(-1)
      if (last?.role === 'tool') last.content.push(part)
      else out.push({ role: 'tool', content: [part] })
    }
  }
  return out
}
