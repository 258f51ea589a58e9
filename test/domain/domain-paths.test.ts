import { afterEach, describe, expect, test } from 'vitest'
import { augmentation } from '../../generators/index.ts'
import { applyAugmentation, defineAugmentation, TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import type { MockServer } from '../../src/mock-server/index.ts'
import { scriptedModel, startMockServer } from '../../src/mock-server/index.ts'
import type { ChatRequest } from '../../src/roles/endpoint/chat-request.ts'
import { functionAgent, llmUser, openaiAgent, referenceAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { parseScenario, UnknownDomainError } from '../../src/scenario/index.ts'
import { toolcheckMatchers } from '../../src/vitest/matchers.ts'
import { playScenario } from '../../src/vitest/play-scenario.ts'
import { readRunRecords } from '../../src/vitest/run-metadata.ts'
import type { SweepFailure } from '../../src/vitest/sweep.ts'
import { checkSweep, sweepScenario } from '../../src/vitest/sweep.ts'
import { describeScenarios } from '../../src/vitest/describe-scenarios.ts'
import '../../src/vitest/vitest-augmentation.ts'
import { fastLimits } from '../models/helpers.ts'
import { borrowWithLapsedCard, libraryDomain } from './library-domain.ts'

expect.extend(toolcheckMatchers)

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('a domain of its own, on every path', () => {
  test('runScenario builds the world from the domain, briefs both roles from it and records who played', async () => {
    const trajectory = await runScenario(borrowWithLapsedCard, { agent: referenceAgent() })
    expect(trajectory.status).toBe('completed')
    expect([trajectory.domain, trajectory.agent, trajectory.user]).toEqual(['library', 'reference', 'scripted'])
    expect(trajectory.messages[0]?.content).toBe(libraryDomain.prompts.agent)
    expect(trajectory.messages[1]?.content.startsWith(libraryDomain.prompts.user)).toBe(true)
    expect(trajectory.messages[1]?.content).not.toMatch(/phone/)
    const world = trajectory.snapshots.at(-1)
    expect(world?.tables.loans).toEqual([expect.objectContaining({ member_id: 'm-2', book_id: 'b-2' })])
    expect(world?.tables.members?.find((row) => row.member_id === 'm-2')?.card_active).toBe(true)
    await expect(trajectory).toHitMilestones()
    await expect(trajectory).toAvoidMinefields()
  })

  test('the hidden state dependency: borrowing before renewing fails with the tool error, and the milestones say so', async () => {
    const hasty = functionAgent(({ latestToolResults }) => {
      const results = latestToolResults()
      if (results.length === 0) return [{ name: 'borrow_book', arguments: { member_id: 'm-2', book_id: 'b-2' } }]
      return 'I could not lend it to you.'
    }, { name: 'hasty' })
    const trajectory = await runScenario(borrowWithLapsedCard, { agent: hasty })
    expect(trajectory.agent).toBe('hasty')
    expect(trajectory.traces[0]?.error).toEqual({ kind: 'PermissionError', message: 'the library card of m-2 is not active' })
    await expect(trajectory).not.toHitMilestones()
  })

  test('prompts can be replaced per scenario and per run', async () => {
    const scenario = { ...borrowWithLapsedCard, prompts: { agent: 'Scenario agent prompt.', user: 'Scenario persona.' } }
    const byScenario = await runScenario(scenario, { agent: referenceAgent() })
    expect(byScenario.messages[0]?.content).toBe('Scenario agent prompt.')
    expect(byScenario.messages[1]?.content.startsWith('Scenario persona.')).toBe(true)
    const byRun = await runScenario(scenario, { agent: referenceAgent(), prompts: { agent: 'Run agent prompt.', user: 'Run persona.' } })
    expect(byRun.messages[0]?.content).toBe('Run agent prompt.')
    expect(byRun.messages[1]?.content.startsWith('Run persona.')).toBe(true)
  })

  test('a scenario naming the domain by name finds it among the given domains, and says so when it cannot', async () => {
    const { domain: _domain, ...data } = JSON.parse(JSON.stringify(borrowWithLapsedCard)) as Record<string, unknown>
    const byName = parseScenario({ ...(data as Parameters<typeof parseScenario>[0]), domain: 'library' })
    await expect(runScenario(byName, { agent: referenceAgent() })).rejects.toThrow(UnknownDomainError)
    await expect(runScenario(byName, { agent: referenceAgent() })).rejects.toThrow(/names domain "library", which is not known here \(known: device\)/)
    const trajectory = await runScenario(byName, { agent: referenceAgent(), domains: [libraryDomain] })
    await expect({ scenario: byName, trajectory }).toHitMilestones()
  })

  test('playScenario records the run under its domain, agent, user and own categories', async () => {
    const task = { meta: {} }
    const run = await playScenario(borrowWithLapsedCard, { agent: referenceAgent(), context: { task } })
    expect(run.evaluation?.score).toBe(1)
    const reading = readRunRecords(task.meta)
    if (reading.kind !== 'runs') throw new Error('expected a recorded run')
    expect(reading.runs.map((record) => [record.domain, record.agent, record.user, record.categories])).toEqual([['library', 'reference', 'scripted', ['STATE_DEPENDENCY', 'library-loans']]])
  })

  test("every ToolSandbox variant scores 1 with the reference, its distraction tools and scrambles drawn from the domain's own tools", async () => {
    for (const variant of TOOLSANDBOX_VARIANTS) {
      const run = await playScenario(borrowWithLapsedCard, { agent: referenceAgent(), augmentation: variant })
      expect(run.evaluation?.score, variant.label).toBe(1)
    }
    const shown = applyAugmentation(borrowWithLapsedCard, defineAugmentation({ distractionTools: 'all', scrambledNames: 'all' }), libraryDomain.registry).tools
    // delete_member is the one tool of the domain the scenario does not allow; the user's end_conversation is never shown.
    expect(shown.map((spec) => spec.tool).sort()).toEqual(['borrow_book', 'delete_member', 'renew_card', 'search_books'])
    expect(shown.map((spec) => spec.name).sort()).toEqual(['catalogue_0', 'loans_0', 'members_0', 'members_1'])
  })

  test("a sweep shrinks a fragile agent's failure to a scramble of the domain's own tool", async () => {
    // It finds the card renewal by its description, but the loan only by the tool's real name.
    const fragile = functionAgent(({ tools, messages }) => {
      const succeeded = messages.filter((message) => message.sender === 'environment' && message.toolResult !== undefined && message.toolResult.error === undefined).length
      if (succeeded === 0) {
        const renew = tools.find((spec) => /renews/i.test(spec.description))
        return renew === undefined ? 'I cannot renew cards.' : [{ name: renew.name, arguments: { member_id: 'm-2' } }]
      }
      if (succeeded === 1) return tools.some((spec) => spec.name === 'borrow_book') ? [{ name: 'borrow_book', arguments: { member_id: 'm-2', book_id: 'b-2' } }] : 'I cannot lend books.'
      return 'Your card is renewed and Beloved is yours until June 4.'
    }, { name: 'fragile' })
    const attempt = sweepScenario(borrowWithLapsedCard, augmentation({ scenario: borrowWithLapsedCard, paraphrase: false, scrambles: ['scrambledNames'] }), {
      agent: fragile,
      numRuns: 30,
      seed: 11,
    })
    const failure = (await attempt.catch((error: unknown) => error)) as SweepFailure
    expect(failure.name).toBe('SweepFailure')
    expect(failure.report.counterexample?.augmentation).toEqual(defineAugmentation({ scrambledNames: ['borrow_book'] }))
    expect(failure.message).toContain('borrow_book')
    const report = await checkSweep(borrowWithLapsedCard, augmentation({ scenario: borrowWithLapsedCard }), { agent: referenceAgent(), numRuns: 15, seed: 2 })
    expect(report.passed).toBe(true)
  })

  test('the local server plays the domain through the real openai client, for the agent and the simulated user', async () => {
    server = await startMockServer({ respond: scriptedModel(borrowWithLapsedCard) })
    const agent = openaiAgent({ model: borrowWithLapsedCard.id, baseURL: server.baseURL, apiKey: 'sk-test', cache: false, limits: fastLimits })
    const user = llmUser({ model: borrowWithLapsedCard.id, baseURL: server.baseURL, apiKey: 'sk-test', cache: false, limits: fastLimits })
    const trajectory = await runScenario(borrowWithLapsedCard, { agent, user })
    expect(trajectory.status).toBe('completed')
    expect([trajectory.agent, trajectory.user]).toEqual([`openai:${borrowWithLapsedCard.id}`, `openai:${borrowWithLapsedCard.id}`])
    await expect(trajectory).toHitMilestones()
    const bodies = server.requests.map((request) => request.body as ChatRequest)
    const userPrompt = bodies.find((body) => body.tools?.some((tool) => tool.function.name === 'end_conversation'))?.messages[0]?.content
    expect(userPrompt).toContain(libraryDomain.prompts.user)
  })
})

// One vitest test per variant, declared by the table helper itself.
describeScenarios([borrowWithLapsedCard], { name: 'describeScenarios over the library domain', agent: referenceAgent(), variants: TOOLSANDBOX_VARIANTS.slice(0, 3) })
