import type { Agent, AgentReply, AgentView } from '../../src/roles/types.ts'
import type { ToolTalkConversation } from './tooltalk-conversation.ts'
import { modelArguments } from './tooltalk-scenario.ts'

/**
 * An agent that plays a ToolTalk conversation's ground truth: in each assistant turn it makes the
 * turn's recorded calls one at a time (without the session token, which the executor adds) and
 * then says the recorded text. It finds its place from the view: the number of assistant texts
 * so far is the turn, the tool calls since the last one are the calls already made.
 */
export function referenceToolTalkAgent(conversation: ToolTalkConversation): Agent {
  const assistantTurns = conversation.turns.filter((turn) => turn.role === 'assistant')
  return {
    name: 'reference',
    async respond(view: AgentView): Promise<AgentReply> {
      const answered = view.messages.filter((message) => message.sender === 'agent' && message.recipient === 'user').length
      const turn = assistantTurns[answered]
      if (turn === undefined) return { content: '' }
      const lastAnswer = view.messages.findLastIndex((message) => message.sender === 'agent' && message.recipient === 'user')
      const made = view.messages.slice(lastAnswer + 1).reduce((count, message) => count + (message.toolCalls?.length ?? 0), 0)
      const next = turn.calls[made]
      if (next === undefined) return { content: turn.text }
      return { toolCalls: [{ id: `reference_${turn.position}_${made}`, name: next.apiName, arguments: modelArguments(next.apiName, next.parameters ?? {}) }] }
    },
  }
}
