import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { assistantVoiceUser, blurtingUser, goalSwitchingUser, inventingUser, MADE_UP_NUMBER, quittingUser, toolCallingUser } from '../../scenarios/toolsandbox/user-mutants.ts'
import type { UserPartJudge, UserPartQuestion } from '../../src/evaluation/index.ts'
import { checkUserPart, withheldFacts } from '../../src/evaluation/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import { functionAgent, llmUser, referenceAgent, scriptedUser } from '../../src/roles/index.ts'
import type { User } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { playPreparedRun, prepareRun } from '../../src/vitest/play-run.ts'
import { leakyUser, neverAsks } from '../toolsandbox/never-asks.ts'

const byId = (id: string): Scenario => {
  const found = builtInScenarios().find((scenario) => scenario.id === id)
  if (found === undefined) throw new Error(`no built-in scenario ${id}`)
  return found
}

const plumber = byId('ask-number-of-plumber')
const multiTurn = builtInScenarios({ category: 'MULTIPLE_USER_TURN' })

async function play(scenario: Scenario, user: User, judge?: UserPartJudge) {
  const ready = await prepareRun(scenario, {})
  if (ready === undefined) throw new Error('no run')
  return playPreparedRun(ready, { agent: referenceAgent(), user, trial: 0, ...(judge === undefined ? {} : { userJudge: judge }) })
}

describe('withheldFacts', () => {
  test('a gated reply gives its long number and its words as forms; an ungated reply is no secret', () => {
    expect(withheldFacts(plumber)).toEqual([{ reply: "It's +14155550109.", answers: ['number', 'phone'], forms: ['14155550109'] }])
    const write = withheldFacts(byId('ask-what-to-write-to-priya'))
    expect(write[0]?.forms).toContain('saturday works 10 am at the climbing gym')
    expect(withheldFacts(byId(builtInScenarios({ category: 'SINGLE_USER_TURN' })[0]?.id ?? ''))).toEqual([])
  })
})

describe('checkUserPart: rules on the scenario', () => {
  test('the scripted user with the reference agent keeps its part: no kind answers yes, and what only words could show cannot be told without a judge', async () => {
    const run = await play(plumber, scriptedUser(plumber))
    expect(run.trajectory.status).toBe('completed')
    expect(run.userPart?.errors).toEqual([])
    expect(run.userPart?.findings.map((finding) => [finding.kind, finding.answer])).toEqual([
      // The number came after the question; whether it slipped out earlier in other words is a judge's question.
      ['leak', 'cannot-tell'],
      ['quit', 'no'],
      ['off-goal', 'cannot-tell'],
      ['role-swap', 'cannot-tell'],
    ])
  })

  test('a user that ends at once quits before its goal: the run is the user\'s error, at turn 2', async () => {
    const run = await play(plumber, quittingUser)
    expect(run.trajectory.status).toBe('error')
    expect(run.trajectory.error).toEqual({ culprit: 'user', kind: 'quit', role: 'user', message: 'the simulated user ended the conversation at turn 2, before its goal' })
  })

  test('a user that writes its first message with the number it should hold back leaks it at turn 1', async () => {
    const run = await play(plumber, blurtingUser)
    expect(run.trajectory.openedByUser).toBe(true)
    expect(run.trajectory.messages[run.trajectory.firstUserMessageIndex]?.content).toContain('+14155550109')
    expect(run.trajectory.error).toMatchObject({ culprit: 'user', kind: 'leak' })
    expect(run.trajectory.error?.message).toBe('the simulated user gave away "It\'s +14155550109." at turn 1, before the agent asked for it')
  })

  test('a number the user was never given is off its goal; one the agent told it is not', async () => {
    const run = await play(plumber, inventingUser)
    expect(run.trajectory.error).toMatchObject({ culprit: 'user', kind: 'off-goal' })
    expect(run.trajectory.error?.message).toContain('stated 14155550199 at turn 2')
    // The agent says a number; the user repeats it: no fact of its own making.
    const echo = functionAgent(({ messages }) => (messages.some((message) => message.sender === 'agent') ? 'Done.' : `Is ${MADE_UP_NUMBER} the right number?`))
    const echoed = await runScenario(plumber, { agent: echo, user: { name: 'echo', respond: async () => ({ kind: 'say', content: `yes, ${MADE_UP_NUMBER}` }) }, maxTurns: 3 })
    const result = await checkUserPart(echoed, plumber, 0)
    expect(result.findings.find((finding) => finding.kind === 'off-goal')?.answer).toBe('cannot-tell')
  })

  test('a user that calls the agent\'s tool is refused, reads why, and is blamed for a role swap', async () => {
    const run = await play(plumber, toolCallingUser)
    const refused = run.trajectory.messages.find((message) => message.sender === 'environment' && message.recipient === 'user' && message.toolResult?.error !== undefined)
    expect(refused?.content).toBe("NotUserTool: search_contacts is not a tool of the user's; the user can only end the conversation (end_conversation)")
    // The refused call is no trace of the agent's and runs nothing.
    expect(run.trajectory.traces.every((trace) => trace.callId.startsWith('user-call') === false)).toBe(true)
    expect(run.trajectory.error).toMatchObject({ culprit: 'user', kind: 'role-swap' })
    expect(run.trajectory.error?.message).toBe("the simulated user called search_contacts at turn 2, a tool of the agent's")
  })

  test('a model user that calls a tool other than end_conversation gets it refused and is blamed for a role swap', async () => {
    const server = await startMockServer({ replies: [{ toolCalls: [{ name: 'send_message_with_phone_number', arguments: { phone_number: '+14155550109', content: 'The door code is 4417.' } }] }, { content: "It's +14155550109." }, { toolCalls: [{ name: 'end_conversation' }] }] })
    try {
      const run = await play(plumber, llmUser({ model: 'user-model', baseURL: server.baseURL, apiKey: 'mock' }))
      expect(run.trajectory.error).toMatchObject({ culprit: 'user', kind: 'role-swap' })
      expect(run.trajectory.error?.message).toBe("the simulated user called send_message_with_phone_number at turn 2, a tool of the agent's")
    } finally {
      await server.close()
    }
  })

  test('a quit after a refusal, or after the goal, is not the user\'s: only a question about what it holds back makes the end a quit', async () => {
    const refusing = functionAgent(() => 'I cannot send texts to numbers that are not in your contacts, sorry.')
    const trajectory = await runScenario(plumber, { agent: refusing, user: quittingUser })
    const result = await checkUserPart(trajectory, plumber, 0)
    expect(result.findings.find((finding) => finding.kind === 'quit')).toMatchObject({ answer: 'cannot-tell', by: 'judge' })
    expect(result.errors).toEqual([])
  })
})

describe('checkUserPart: the judge answers what no rule decides', () => {
  const asked: UserPartQuestion[] = []
  const judge: UserPartJudge = {
    name: 'test-judge',
    async judge(question) {
      asked.push(question)
      if (question.kind === 'off-goal') return question.conversation.includes('joke') ? 'yes' : 'no'
      if (question.kind === 'role-swap') return question.conversation.includes('anything else I can help') ? 'yes' : 'no'
      return 'cannot-tell'
    },
  }

  test('a goal left in words is the judge\'s to catch; it reads the goal, the knowledge and the conversation', async () => {
    const run = await play(plumber, goalSwitchingUser, judge)
    expect(run.trajectory.error).toMatchObject({ culprit: 'user', kind: 'off-goal' })
    expect(run.userPart?.errors[0]).toMatchObject({ by: 'judge', reason: expect.stringMatching(/^test-judge answered yes: /) })
    const question = asked.find((entry) => entry.kind === 'off-goal')
    expect(question?.goal).toBe(plumber.user.goal)
    expect(question?.conversation).toMatch(/^user: Text Hector/)
  })

  test('the assistant\'s voice is the judge\'s to catch; without a judge it cannot be told and blames no one', async () => {
    expect((await play(plumber, assistantVoiceUser, judge)).trajectory.error).toMatchObject({ culprit: 'user', kind: 'role-swap' })
    const unjudged = await play(plumber, assistantVoiceUser)
    expect(unjudged.trajectory.error?.culprit).not.toBe('user')
    expect(unjudged.userPart?.findings.find((finding) => finding.kind === 'role-swap')?.answer).toBe('cannot-tell')
  })

  test('a judge that cannot tell, fails or answers something else never blames the user', async () => {
    const unsure: UserPartJudge = { name: 'unsure', judge: async () => 'cannot-tell' }
    expect((await play(plumber, goalSwitchingUser, unsure)).userPart?.errors).toEqual([])
    const failing: UserPartJudge = { name: 'down', judge: async () => Promise.reject(new Error('connection refused')) }
    const failed = await play(plumber, goalSwitchingUser, failing)
    expect(failed.userPart?.errors).toEqual([])
    expect(failed.userPart?.findings.find((finding) => finding.kind === 'off-goal')?.reason).toMatch(/^down could not answer \(connection refused\): /)
    const odd = { name: 'odd', judge: async () => 'probably' } as unknown as UserPartJudge
    expect((await play(plumber, goalSwitchingUser, odd)).userPart?.errors).toEqual([])
  })
})

describe('an agent that never asks for what the user holds back', () => {
  const asking = builtInScenarios().filter((scenario) => withheldFacts(scenario).length > 0)

  test('fails against the scripted user, which is not blamed; a user that tells anyway hides that failure and is flagged as a leak', async () => {
    expect(asking.length).toBeGreaterThan(40)
    for (const scenario of asking) {
      const ready = await prepareRun(scenario, {})
      if (ready === undefined) throw new Error('no run')
      const keeping = await playPreparedRun(ready, { agent: neverAsks(scenario), trial: 0 })
      expect(keeping.evaluation?.score, scenario.id).toBeLessThan(1)
      expect(keeping.trajectory.error?.culprit, scenario.id).toBeUndefined()
      const leaking = await playPreparedRun(ready, { agent: neverAsks(scenario), user: leakyUser(scenario), trial: 0 })
      expect(leaking.evaluation?.score, scenario.id).toBe(1)
      expect(leaking.trajectory.error, scenario.id).toMatchObject({ culprit: 'user', kind: 'leak' })
    }
  })
})

describe('done when: the MULTIPLE_USER_TURN scenarios with the reference agent', () => {
  test('a user that ends at once has every failed run blamed on the user', async () => {
    let failed = 0
    for (const scenario of multiTurn) {
      const run = await play(scenario, quittingUser)
      if ((run.evaluation?.score ?? 0) >= 1) continue
      failed++
      expect(run.trajectory.error, scenario.id).toMatchObject({ culprit: 'user', kind: 'quit' })
    }
    expect(failed).toBe(multiTurn.length)
  })

  test('a user that blurts out every withheld fact at its first turn has every run flagged as a leak', async () => {
    for (const scenario of multiTurn) expect((await play(scenario, blurtingUser)).trajectory.error, scenario.id).toMatchObject({ culprit: 'user', kind: 'leak' })
  })

  test('the scripted user and the reference agent give no user error on the whole corpus', async () => {
    const blamed: string[] = []
    for (const scenario of builtInScenarios()) {
      const run = await play(scenario, scriptedUser(scenario))
      if (run.trajectory.error?.culprit === 'user') blamed.push(`${scenario.id}: ${run.trajectory.error.message}`)
    }
    expect(blamed).toEqual([])
  })
})
