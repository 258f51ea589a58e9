import type { User, UserReply } from './types.ts'

/** One line of a scripted user: a reply to the agent, or the end of the conversation. */
export type UserScriptLine = string | { readonly end: true }

/** What a scripted user says once its script has run out, before it ends the conversation. */
export const OUT_OF_SCRIPT_LINE = "Sorry, that's all the information I have."

/**
 * A user that replies from a script, in order. The first user message comes from the scenario,
 * so the script holds the replies after it. Once the script runs out the user says
 * `OUT_OF_SCRIPT_LINE` once and then ends. The position is counted from the user's own messages
 * in its view, so one user can play several runs.
 */
export function scriptedUser(script: readonly UserScriptLine[], options: { readonly name?: string } = {}): User {
  return {
    name: options.name ?? 'scripted',
    async respond(view): Promise<UserReply> {
      const spoken = view.messages.filter((message) => message.sender === 'user' && message.recipient === 'agent').length
      const position = Math.max(0, spoken - 1)
      const line = script[position]
      if (line === undefined) return position === script.length ? { kind: 'say', content: OUT_OF_SCRIPT_LINE } : { kind: 'end' }
      return typeof line === 'string' ? { kind: 'say', content: line } : { kind: 'end' }
    },
  }
}
