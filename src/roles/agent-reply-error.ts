import { describeCodeValue } from '../tools/code-stack.ts'
import type { AgentReply } from './types.ts'

/**
 * The agent's own code returned something that is not a reply: `undefined` from a
 * `functionAgent` that forgot to return, a reply whose `toolCalls` is not a list, a turn-level
 * agent whose turn ended with neither text nor `{ content }`. The run is the agent's failure.
 */
export class AgentReplyError extends Error {
  /** What the code returned, as text (`undefined`, its JSON, ...). */
  readonly returned: string

  constructor(problem: string, returned: unknown) {
    const shown = describeCodeValue(returned)
    super(`the agent returned ${shown}, which ${problem}`)
    this.name = 'AgentReplyError'
    this.returned = shown
  }
}

/**
 * A step-level agent's reply, checked: an object whose `content` (if any) is text and whose
 * `toolCalls` (if any) is a list of calls, each an object naming its tool. A reply with neither
 * is an empty message, as always. Throws `AgentReplyError` otherwise.
 */
export function checkAgentReply(reply: unknown): AgentReply {
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) throw new AgentReplyError('is not a reply: return text, a list of tool calls, or { content, toolCalls }', reply)
  const { content, toolCalls } = reply as { content?: unknown; toolCalls?: unknown }
  if (content !== undefined && content !== null && typeof content !== 'string') throw new AgentReplyError('is not a reply: its content must be text', reply)
  if (toolCalls !== undefined && toolCalls !== null) {
    if (!Array.isArray(toolCalls)) throw new AgentReplyError('is not a reply: its toolCalls must be a list of { name, arguments }', reply)
    const bad = toolCalls.findIndex((call: unknown) => typeof call !== 'object' || call === null || typeof (call as { name?: unknown }).name !== 'string')
    if (bad >= 0) throw new AgentReplyError(`is not a reply: tool call ${bad} must be an object with the tool's name as text ({ name, arguments })`, reply)
  }
  return reply as AgentReply
}
