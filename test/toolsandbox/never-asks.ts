import type { Agent, User } from '../../src/roles/index.ts'
import { referenceAgent, scriptedUser, userScriptOf } from '../../src/roles/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'

/**
 * An agent that never asks for the missing value, but listens: where the reference asks, it
 * makes small talk instead, and it goes on as the reference does only once the user has told it
 * every fact the reference asks for; until then it claims to be done. A user that ignores its
 * knowledge boundary hands it the facts anyway, and it passes.
 */
export function neverAsks(scenario: Scenario): Agent {
  const reference = referenceAgent()
  const agentSteps = scenario.reference.flatMap((step, position) => ('agent' in step ? [{ step, position }] : []))
  const facts = scenario.reference.flatMap((step) => ('user' in step && step.user === 'say' && step.answers !== undefined ? [step.content] : []))
  return {
    name: 'never-asks',
    async respond(view, context) {
      const turn = view.messages.filter((message) => message.sender === 'agent').length
      const next = agentSteps[turn]
      const following = next === undefined ? undefined : scenario.reference[next.position + 1]
      if (next?.step.agent === 'say' && following !== undefined && 'answers' in following && following.answers !== undefined) return { content: 'Hello! How is your day?' }
      const heard = view.messages.filter((message) => message.sender === 'user').map((message) => message.content)
      const asked = facts.filter((fact) => scenario.reference.findIndex((step) => 'content' in step && step.content === fact) < (next?.position ?? Number.POSITIVE_INFINITY))
      if (!asked.every((fact) => heard.includes(fact))) return { content: 'All done, I took care of it.' }
      return reference.respond(view, context)
    },
  }
}

/** A scripted user that gives its replies in order, whatever the agent says, as the scripted user did before it kept its knowledge. */
export function leakyUser(scenario: Scenario): User {
  return scriptedUser(userScriptOf(scenario).map((line) => (typeof line === 'object' && 'say' in line ? line.say : line)))
}
