import type { Message, ToolCall } from '../../src/conversation/index.ts'
import type { ToolTalkCall } from './domain/index.ts'
import { toolTalkTools } from './domain/index.ts'
import { presentTool } from '../../src/tools/present-tool.ts'
import type { ToolSpec } from '../../src/tools/tool-spec.ts'
import type { ToolTalkConversation } from './tooltalk-conversation.ts'
import { modelArguments } from './tooltalk-scenario.ts'

/** The names of ToolTalk's 28 tools. */
export function toolTalkToolNames(): string[] {
  return toolTalkTools.map((tool) => tool.name)
}

/** ToolTalk's tools as an agent sees them (ToolTalk sends all 28 by default). */
export function toolTalkToolSpecs(): ToolSpec[] {
  return toolTalkTools.map((tool) => presentTool(tool))
}

/**
 * The system prompt of a ToolTalk turn. ToolTalk tells the model the user's location, the
 * timestamp and the logged-in username; this says the same in our own words.
 */
export function toolTalkSystemPrompt(conversation: ToolTalkConversation): string {
  return [
    'You are an assistant that helps a user by calling tools on their behalf.',
    `The user is in ${conversation.location}. The current date and time is ${conversation.timestamp}.`,
    conversation.metadataUsername === undefined ? 'No user is logged in yet.' : `The logged-in user's username is ${conversation.metadataUsername}.`,
  ].join('\n')
}

/** Builds the agent-visible messages of a turn, numbering them as they are added. */
export class ToolTalkMessageLog {
  readonly messages: Message[] = []
  #calls = 0

  /** A user utterance. */
  user(text: string): void {
    this.#push({ sender: 'user', recipient: 'agent', content: text, visibleTo: ['agent', 'user'] })
  }

  /** An assistant reply to the user. */
  assistant(text: string): void {
    this.#push({ sender: 'agent', recipient: 'user', content: text, visibleTo: ['agent', 'user'] })
  }

  /** A tool call and its outcome, as the agent made it (or as the ground truth made it). */
  call(call: ToolTalkCall, sentArguments = modelArguments(call.apiName, call.parameters ?? {})): void {
    const id = `call_${this.#calls++}`
    const toolCall: ToolCall = { id, name: call.apiName, arguments: sentArguments }
    this.#push({ sender: 'agent', recipient: 'environment', content: '', toolCalls: [toolCall], visibleTo: ['agent'] })
    this.#push({
      sender: 'environment',
      recipient: 'agent',
      content: JSON.stringify({ response: call.response, exception: call.exception }),
      toolResult: {
        callId: id,
        tool: call.apiName,
        arguments: sentArguments,
        ...(call.exception === null ? { result: call.response } : { error: { kind: 'ToolTalkError', message: call.exception } }),
      },
      visibleTo: ['agent'],
    })
  }

  /** The history a turn starts from: earlier user and assistant texts, and the ground-truth calls before each assistant text. */
  static history(conversation: ToolTalkConversation, beforeTurn: number): ToolTalkMessageLog {
    const log = new ToolTalkMessageLog()
    for (const turn of conversation.turns.slice(0, beforeTurn)) {
      if (turn.role === 'user') log.user(turn.text)
      else {
        for (const call of turn.calls) log.call(call)
        log.assistant(turn.text)
      }
    }
    return log
  }

  #push(message: Omit<Message, 'index' | 'snapshot'>): void {
    this.messages.push({ ...message, index: this.messages.length, snapshot: 0 })
  }
}
