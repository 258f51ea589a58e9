import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import type { Agent } from '../../src/roles/index.ts'
import { offScriptReply, referenceAgent, scriptedUser, userScriptOf } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'

/** The built-in scenarios whose user holds a fact the first message leaves out (a reply with `answers`). */
const asking = builtInScenarios().filter((scenario) => scenario.reference.some((step) => 'answers' in step && step.answers !== undefined))

/**
 * An agent that never asks for the missing value, but listens: where the reference asks, it
 * makes small talk instead, and it goes on as the reference does only once the user has told it
 * every fact the reference asks for; until then it claims to be done. A user that ignores its
 * knowledge boundary hands it the facts anyway, and it passes.
 */
function neverAsks(scenario: Scenario): Agent {
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

/** A scripted user that gives its replies in order, whatever the agent says (the user before it kept its knowledge). */
function leakyUser(scenario: Scenario) {
  return scriptedUser(userScriptOf(scenario).map((line) => (typeof line === 'object' && 'say' in line ? line.say : line)))
}

describe('the scripted user keeps what it knows until the agent asks', () => {
  test('the corpus has such scenarios: every multiple-user-turn scenario', () => {
    expect(asking.length).toBe(44)
    expect(asking.every((scenario) => scenario.categories.includes('MULTIPLE_USER_TURN'))).toBe(true)
  })

  test.for(asking.map((scenario) => [scenario.id, scenario] as const))('%s: an agent that never asks fails offline, and passes only with a user that tells anyway', async ([, scenario]) => {
    const keeping = await runScenario(scenario, { agent: neverAsks(scenario) })
    const facts = scenario.reference.flatMap((step) => ('answers' in step && step.answers !== undefined ? [step.content] : []))
    const told = keeping.messages.filter((message) => message.sender === 'user' && message.recipient === 'agent').map((message) => message.content)
    expect(told.filter((content) => facts.includes(content))).toEqual([])
    expect(told).toContain(offScriptReply(scenario.firstMessage))
    expect((await evaluate(keeping, scenario)).score).toBeLessThan(1)
    // Against a user that ignores its knowledge boundary the same agent passes: the test can fail.
    const leaking = await runScenario(scenario, { agent: neverAsks(scenario), user: leakyUser(scenario) })
    expect((await evaluate(leaking, scenario)).score).toBe(1)
  })
})
