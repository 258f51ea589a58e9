import type { AgentInputItem } from '@openai/agents'
import type { Message } from '../../conversation/index.ts'

/**
 * The conversation an agent sees, as OpenAI Agents SDK input items: user messages, the agent's
 * texts as completed assistant messages, and each earlier tool call as a `function_call` item
 * (arguments as JSON text) with its `function_call_result` (the text the agent read). System
 * messages are left out: the SDK takes them from the agent's `instructions`.
 */
export function openaiAgentsInput(messages: readonly Message[]): AgentInputItem[] {
  const items: AgentInputItem[] = []
  const callNames = new Map<string, string>()
  for (const message of messages) {
    if (message.sender === 'user' && message.recipient === 'agent') items.push({ role: 'user', content: message.content })
    else if (message.sender === 'agent' && message.toolCalls !== undefined && message.toolCalls.length > 0) {
      if (message.content !== '') items.push(assistant(message.content))
      for (const call of message.toolCalls) {
        callNames.set(call.id, call.name)
        const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)
        items.push({ type: 'function_call', callId: call.id, name: call.name, arguments: args, status: 'completed' })
      }
    } else if (message.sender === 'agent' && message.recipient === 'user') items.push(assistant(message.content))
    else if (message.sender === 'environment' && message.recipient === 'agent' && message.toolResult !== undefined) {
      const callId = message.toolResult.callId
      items.push({ type: 'function_call_result', callId, name: callNames.get(callId) ?? message.toolResult.tool, status: 'completed', output: message.content })
    }
  }
  return items
}

function assistant(text: string): AgentInputItem {
  return { role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] }
}
