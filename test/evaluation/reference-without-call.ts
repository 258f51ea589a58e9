import type { Agent } from '../../src/roles/index.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'

/**
 * The reference agent, except that its `skip`-th tool call (counting from 0 over the run) asks
 * for a tool that does not exist, so that call fails and has no effect; later calls that read its
 * result get nothing and may fail too.
 */
export function referenceWithoutCall(skip: number): Agent {
  const reference = referenceAgent()
  let calls = 0
  return {
    name: `reference-without-call-${skip}`,
    async respond(view, context) {
      const reply = await reference.respond(view, context)
      if (reply.toolCalls === undefined) return reply
      return { ...reply, toolCalls: reply.toolCalls.map((call) => (calls++ === skip ? { ...call, name: 'no_such_tool' } : call)) }
    },
  }
}
