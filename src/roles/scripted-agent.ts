import type { Agent, AgentReply, AgentView, RoleContext } from './types.ts'
import { InfrastructureError } from './types.ts'

/** What a scripted agent replies: a fixed list, or a function of what it sees. */
export type AgentScript = readonly AgentReply[] | ((view: AgentView, context: RoleContext) => AgentReply | Promise<AgentReply>)

/**
 * An agent that plays a script, for tests. With a list, the n-th reply answers the agent's n-th
 * turn (counted from the agent's own messages in its view, so one agent can play several runs);
 * running out of replies ends the run with status `error`, since the test's script was too
 * short. With a function, the function decides every turn.
 */
export function scriptedAgent(script: AgentScript, options: { readonly name?: string } = {}): Agent {
  return {
    name: options.name ?? 'scripted',
    async respond(view, context) {
      if (typeof script === 'function') return script(view, context)
      const turn = view.messages.filter((message) => message.sender === 'agent').length
      const reply = script[turn]
      if (reply === undefined) throw new InfrastructureError('internal', `the scripted agent has ${script.length} replies and was asked for reply ${turn + 1}`)
      return reply
    },
  }
}
