import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import { offScriptReply } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { leakyUser, neverAsks } from './never-asks.ts'

/** The built-in scenarios whose user holds a fact the first message leaves out (a reply with `answers`). */
const asking = builtInScenarios().filter((scenario) => scenario.reference.some((step) => 'answers' in step && step.answers !== undefined))

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
