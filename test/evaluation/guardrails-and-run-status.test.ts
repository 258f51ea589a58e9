import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import { scriptedAgent, scriptedUser } from '../../src/roles/index.ts'
import { InfrastructureError } from '../../src/roles/types.ts'
import { runScenario } from '../../src/run/index.ts'
import type { MilestoneInput } from '../../src/scenario/index.ts'
import { milestoneSchema } from '../../src/scenario/index.ts'
import { buildTrajectory, say } from './trajectory-builder.ts'

const world = {
  settings: [{ wifi: false }],
  contacts: [{ person_id: 'p1', name: 'Ana' }],
  reminders: [] as Record<string, string>[],
}
const scenarioOf = (milestones: MilestoneInput[]) => ({ milestones: milestones.map((milestone) => milestoneSchema.parse(milestone)), minefields: [] })
const wifiOn = say.result('set_wifi_status', { on: true }, null, (draft) => draft.setSettings({ wifi: true }))
const wifiIsOn: MilestoneInput = { name: 'wifi on', constraints: [{ kind: 'table', table: 'settings', rows: [{ wifi: true }] }] }
const reminderAdded: MilestoneInput = { name: 'reminder added', constraints: [{ kind: 'added', table: 'reminders', rows: [{ content: 'buy milk' }] }] }
/**
 * Wi-Fi turned on (the call, so only one message fits), then the reminder; a third milestone (the add_reminder call, no guardrail of its own)
 * must come no later than the reminder, which pins a failing reminder milestone to the call
 * rather than to the first placement.
 */
const pinnedScenario = {
  ...scenarioOf([{ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'set_wifi_status' }] }] }, { ...reminderAdded, constraints: [{ kind: 'added', table: 'reminders', reference: 0, rows: [{ content: 'buy milk' }] }] }, { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'add_reminder' }] }] }]),
  milestoneEdges: [[0, 1], [2, 1]] as [number, number][],
}

describe("the guardrail's reason", () => {
  test('when nothing else changed it names the milestone and message it compared with', async () => {
    const trajectory = buildTrajectory(world, [say.user('remind me'), wifiOn, say.result('add_reminder', { content: 'buy milk' }, 'r1', (draft) => draft.insert('reminders', { content: 'buy milk' }))])
    const result = await evaluate(trajectory, scenarioOf([wifiIsOn, reminderAdded]))
    expect(result.score).toBe(1)
    expect(result.milestones[1]?.constraints.at(-1)).toEqual({ kind: 'guardrail', similarity: 1, reason: 'nothing else changed since milestone 0 (message 1)' })
    // The first milestone has no predecessor, so it has no guardrail at all.
    expect(result.milestones[0]?.constraints.map((constraint) => constraint.kind)).toEqual(['table'])
  })

  test('a change to another table names the table, both messages and says that no constraint allows it', async () => {
    const trajectory = buildTrajectory(world, [
      say.user('remind me'),
      wifiOn,
      say.result('add_reminder', { content: 'buy milk' }, 'r1', (draft) => {
        draft.insert('reminders', { content: 'buy milk' })
        draft.remove('contacts', () => true)
      }),
    ])
    const result = await evaluate(trajectory, pinnedScenario)
    expect(result.milestones[1]?.similarity).toBe(0)
    expect(result.milestones[1]?.messageIndex).toBe(2)
    const guardrail = 'table contacts changed between milestone 0 (message 1) and message 2, and no constraint allows it'
    expect(result.milestones[1]?.constraints.filter((constraint) => constraint.kind === 'guardrail')).toEqual([
      { kind: 'guardrail', similarity: 0, reason: guardrail },
      { kind: 'guardrail', similarity: 1, reason: 'nothing else changed since milestone 2 (message 2)' },
    ])
    // The milestone's own constraint holds, so the guardrail is the weakest and becomes the summary.
    expect(result.milestones[1]?.constraints[0]?.similarity).toBe(1)
    expect(result.milestones[1]?.reason).toBe(guardrail)
  })

  test('several changed tables are listed together', async () => {
    const trajectory = buildTrajectory({ ...world, notes: [] }, [
      say.user('remind me'),
      wifiOn,
      say.result('add_reminder', { content: 'buy milk' }, 'r1', (draft) => {
        draft.insert('reminders', { content: 'buy milk' })
        draft.remove('contacts', () => true)
        draft.insert('notes', { text: 'stray' })
      }),
    ])
    const result = await evaluate(trajectory, pinnedScenario)
    expect(result.milestones[1]?.reason).toBe('tables contacts, notes changed between milestone 0 (message 1) and message 2, and no constraint allows it')
  })
})

describe('evaluate on runs that ended in an error', () => {
  const scenario = builtInScenarios({ id: 'send-message-to-elena-cellular-off' })[0]
  if (scenario === undefined) throw new Error('the built-in scenario send-message-to-elena-cellular-off is missing')
  const withoutMinefields = { ...scenario, minefields: [] }

  test('a script that runs out after one call: data, not a throw; milestones scored on what happened', async () => {
    const agent = scriptedAgent([{ toolCalls: [{ name: 'search_contacts', arguments: { name: 'Elena' } }] }])
    const trajectory = await runScenario(scenario, { agent, user: scriptedUser([{ end: true }]) })
    expect(trajectory.status).toBe('error')
    const result = await evaluate(trajectory, withoutMinefields)
    expect(result.status).toBe('error')
    expect(result.milestones).toHaveLength(scenario.milestones.length)
    expect(result.score).toBeGreaterThan(0)
    expect(result.score).toBeLessThan(1)
    expect(result.minefieldHit).toBe(false)
    expect(result.minefieldScore).toBe(0)
    expect(result.minefields).toEqual([])
    expect(result.turns).toBe(trajectory.turns)
  })

  test('an agent that fails before its first turn: every milestone at 0, still data', async () => {
    const agent = scriptedAgent(() => {
      throw new InfrastructureError('network', 'the model endpoint is unreachable')
    })
    const trajectory = await runScenario(scenario, { agent })
    expect(trajectory.status).toBe('error')
    expect(trajectory.error?.kind).toBe('network')
    const result = await evaluate(trajectory, withoutMinefields)
    expect(result.status).toBe('error')
    expect(result.score).toBe(0)
    expect(result.milestones.every((match) => match.similarity === 0 && match.messageIndex === trajectory.firstUserMessageIndex)).toBe(true)
    expect(result.minefieldHit).toBe(false)
  })

  test('a trajectory with no messages at all still evaluates', async () => {
    const empty = { ...buildTrajectory(world, []), status: 'error' as const }
    const result = await evaluate(empty, scenarioOf([wifiIsOn]))
    expect(result).toMatchObject({ score: 0, minefieldHit: false, status: 'error' })
    expect(result.milestones[0]?.reason).toBe('the trajectory has no messages from the first user message (index 0) on')
  })
})
