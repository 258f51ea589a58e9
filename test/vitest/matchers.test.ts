import { describe, expect, test } from 'vitest'
import { toolcheckMatchers } from '../../src/vitest/matchers.ts'
import { TOOLCHECK_META_KEY } from '../../src/vitest/run-metadata.ts'
import '../../src/vitest/vitest-augmentation.ts'
import { builtInScenarios } from '../../scenarios/index.ts'
import { referenceAgent, scriptedAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { sampleRun, sampleTrajectory } from './sample-run.ts'

expect.extend(toolcheckMatchers)

async function failureOf(assertion: () => Promise<unknown> | unknown): Promise<string> {
  try {
    await assertion()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the assertion did not fail')
}

describe('toHitMilestones', () => {
  test('passes when every milestone is hit, and .not then fails', async () => {
    await expect(sampleRun()).toHitMilestones()
    const message = await failureOf(() => expect(sampleRun()).not.toHitMilestones())
    expect(message).toContain('not to hit its milestones')
  })

  test('fails on a partial hit, listing every milestone with its message, similarity and reason', async () => {
    const message = await failureOf(() => expect(sampleRun({ partial: true })).toHitMilestones())
    expect(message).toMatchInlineSnapshot(`
      "expected scenario "send_message_to_alex" to hit its milestones with a milestone score of at least 1.000; it scored 0.750

      score 0.750, milestones 0.750, minefields avoided, 4 turns, status completed, augmentation none

      milestones (2):
        hit  #0 "wifi on": message 3, similarity 1.000; settings updated as expected
        MISS #1 "message sent": not reached; closest is message 5, similarity 0.500; content "hi <b>there</b>" vs "hi": ROUGE-L 0.500
               there the agent called send_message_with_phone_number {"phone_number":"+1-555","content":"hi <b>there</b>"}; it returned "m1"

      minefields (1):
        clear #0 "message to the wrong person": no message, similarity 0.000; no matching call

      world changes (3):
        + messages[m1] {"message_id":"m1","content":"hi <b>there</b>"}
        + settings {"wifi":true}
        - settings {"wifi":false}"
    `)
    await expect(sampleRun({ partial: true })).not.toHitMilestones()
    await expect(sampleRun({ partial: true })).toHitMilestones(undefined, { atLeast: 0.75 })
  })

  test('says what it needs when given a trajectory whose scenario it does not know', async () => {
    const message = await failureOf(() => expect(sampleTrajectory()).toHitMilestones())
    expect(message).toContain('this trajectory was not made by runScenario in this process, so its scenario is unknown: pass { scenario, trajectory }')
  })

  test('evaluates a bare trajectory that runScenario made', async () => {
    const scenario = builtInScenarios()[0]
    if (scenario === undefined) throw new Error('the corpus is empty')
    const trajectory = await runScenario(scenario, { agent: referenceAgent() })
    await expect(trajectory).toHitMilestones()
    await expect(trajectory).toAvoidMinefields()
    const talker = await runScenario(scenario, { agent: scriptedAgent([{ content: 'Done!' }]) })
    await expect(talker).not.toHitMilestones()
  })

  test('an infrastructure error fails with and without .not', async () => {
    const broken = sampleRun({ trajectory: { status: 'error', error: { culprit: 'infrastructure', kind: 'rate-limit', message: '429 after 5 retries', role: 'agent' } } })
    for (const assertion of [() => expect(broken).toHitMilestones(), () => expect(broken).not.toHitMilestones(), () => expect(broken).toScoreAtLeast(0)]) {
      const message = await failureOf(assertion)
      expect(message).toContain('ended with an infrastructure error, not an agent failure; rate-limit in the agent: 429 after 5 retries')
    }
    expect(() => expect(broken).not.toFinishWithin(10)).toThrow(/infrastructure error/)
  })

  test('a domain error fails with and without .not, naming the tool, its arguments and the stack', async () => {
    const stack = "TypeError: Cannot read properties of undefined (reading 'seats')\n    at execute (/project/airline.ts:41:22)"
    const error = { culprit: 'domain' as const, kind: 'tool-threw', message: "the tool book_flight threw TypeError: Cannot read properties of undefined (reading 'seats')", role: 'agent' as const, tool: 'book_flight', arguments: { flight: 'QX7' }, stack }
    const broken = sampleRun({ trajectory: { status: 'error', error } })
    for (const assertion of [() => expect(broken).toHitMilestones(), () => expect(broken).not.toAvoidMinefields(), () => expect(broken).toScoreAtLeast(0)]) {
      const message = await failureOf(assertion)
      expect(message).toMatch(/^to\w+: the run of scenario "send_message_to_alex" \(augmentation none, trial 0\) ended with a domain error, not an agent failure: the tool book_flight threw TypeError/)
      expect(message).toContain('(called with {"flight":"QX7"}). Fix the tool; the run is counted apart in the report.\n\n' + stack)
    }
    expect(() => expect(broken).toFinishWithin(10)).toThrow(/ended with a domain error/)
  })

  test("the agent's own crash fails with and without .not, as the agent's failure, with what it threw or returned", async () => {
    const threw = sampleRun({ trajectory: { status: 'error', error: { culprit: 'agent', kind: 'agent-threw', message: "the agent's code threw TypeError: x is not a function", role: 'agent', stack: 'TypeError: x is not a function\n    at policy (/project/agent.ts:9:3)' } } })
    for (const assertion of [() => expect(threw).toHitMilestones(), () => expect(threw).not.toHitMilestones(), () => expect(threw).toAvoidMinefields()]) {
      expect(await failureOf(assertion)).toMatch(
        /^to\w+: the agent's own code broke in the run of scenario "send_message_to_alex" \(augmentation none, trial 0\): the agent's code threw TypeError: x is not a function\. The run is the agent's failure and scores 0\.\n\nTypeError: x is not a function\n {4}at policy/,
      )
    }
    const returned = sampleRun({ trajectory: { status: 'error', error: { culprit: 'agent', kind: 'agent-invalid-reply', message: 'the agent returned undefined, which is not a reply', role: 'agent', returned: 'undefined' } } })
    expect(await failureOf(() => expect(returned).toScoreAtLeast(0))).toMatch(/scores 0\.\n\nreturned: undefined$/)
  })

  test('a run someone\'s code ended is recorded for the report before the matcher throws', async () => {
    const task = { meta: {} as Record<string, unknown> }
    const broken = sampleRun({ trajectory: { status: 'error', error: { culprit: 'agent', kind: 'agent-threw', message: 'boom', role: 'agent' } } })
    await failureOf(() => toolcheckMatchers.toHitMilestones.call({ task, isNot: false } as never, broken))
    const runs = (task.meta[TOOLCHECK_META_KEY] as { runs: { status: string; score: number | null; error: { culprit: string } }[] }).runs
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({ status: 'error', score: 0, error: { culprit: 'agent', kind: 'agent-threw' } })
  })
})

describe('toAvoidMinefields', () => {
  test('passes when none fired; fails naming the one that fired', async () => {
    await expect(sampleRun()).toAvoidMinefields()
    const message = await failureOf(() => expect(sampleRun({ mined: true })).toAvoidMinefields())
    expect(message.split('\n')[0]).toBe('expected scenario "send_message_to_alex" to avoid its minefields; fired: #0 "message to the wrong person"')
    expect(message).toContain('FIRED #0 "message to the wrong person": message 4, similarity 1.000; called with +1-000')
    await expect(sampleRun({ mined: true })).not.toAvoidMinefields()
  })
})

describe('toScoreAtLeast', () => {
  test('compares the score, which a fired minefield makes 0', async () => {
    await expect(sampleRun({ partial: true })).toScoreAtLeast(0.7)
    await expect(sampleRun({ partial: true })).not.toScoreAtLeast(0.8)
    const message = await failureOf(() => expect(sampleRun({ mined: true })).toScoreAtLeast(0.5))
    expect(message.split('\n')[0]).toBe('expected scenario "send_message_to_alex" to score at least 0.500; it scored 0.000')
  })
})

describe('toFinishWithin', () => {
  test('needs a completed conversation within the turn count', () => {
    expect(sampleTrajectory()).toFinishWithin(4)
    expect(sampleRun()).not.toFinishWithin(3)
    expect(() => expect(sampleTrajectory({ status: 'max-turns', turns: 30 })).toFinishWithin(40)).toThrow(
      'expected scenario "send_message_to_alex" to finish within 40 turns; it did not finish: it was stopped at the turn limit after 30 turns',
    )
  })
})

test('matchers record the run in the test metadata, once per trial', async ({ task, expect }) => {
  await expect(sampleRun({ partial: true })).toScoreAtLeast(0.5)
  await expect(sampleRun({ partial: true })).toAvoidMinefields()
  const meta = task.meta[TOOLCHECK_META_KEY]
  expect(meta?.runs).toHaveLength(1)
  expect(meta?.runs[0]).toMatchObject({ scenario: 'send_message_to_alex', agent: 'test-agent', score: 0.75, milestoneScore: 0.75, minefieldHit: false, trial: 0, turns: 4 })
  expect(task.annotations.filter((annotation) => annotation.type === 'toolcheck:transcript')).toHaveLength(1)
})

describe('toMatchGroundTruthCalls', () => {
  const groundTruth = [{ apiName: 'DeleteAlarm', parameters: { session_token: 't1', alarm_id: 'a1' }, response: { status: 'success' }, exception: null }]

  test('passes on the same calls and fails on a wrong action, listing each call', async () => {
    await expect(groundTruth).toMatchGroundTruthCalls(groundTruth)
    const wrong = [{ apiName: 'DeleteAlarm', parameters: { session_token: 't1', alarm_id: 'a2' }, response: { status: 'success' }, exception: null }]
    await expect(wrong).not.toMatchGroundTruthCalls(groundTruth)
    const message = await failureOf(() => expect(wrong).toMatchGroundTruthCalls(groundTruth))
    expect(message).toContain('recall 0.000, incorrect-action rate 1.000, success false')
    expect(message).toContain('MISSED  #0 DeleteAlarm')
    expect(message).toContain('#0 DeleteAlarm {"session_token":"t1","alarm_id":"a2"}: INCORRECT ACTION (matched nothing)')
    await expect(wrong).toMatchGroundTruthCalls(groundTruth, { minimumRecall: 0, maximumIncorrectActionRate: 1 })
  })

  test('rejects what is not a list of calls', async () => {
    const message = await failureOf(() => expect([{ name: 'DeleteAlarm' }]).toMatchGroundTruthCalls(groundTruth))
    expect(message).toContain('item 0 is not')
  })
})
