import { describe, expect, test } from 'vitest'
import { evaluate, EvaluationScenarioError } from '../../src/evaluation/index.ts'
import type { MilestoneInput } from '../../src/scenario/index.ts'
import { milestoneSchema } from '../../src/scenario/index.ts'
import { buildTrajectory, say } from './trajectory-builder.ts'

const world = { settings: [{ wifi: false }], reminders: [] as Record<string, string>[] }
const trajectory = buildTrajectory(world, [say.user('turn wifi on'), say.result('set_wifi_status', { on: true }, null, (draft) => draft.setSettings({ wifi: true })), say.agent('done')])
const scenarioOf = (milestones: MilestoneInput[]) => ({ milestones: milestones.map((milestone) => milestoneSchema.parse(milestone)), minefields: [] })

describe('a milestone that reads a milestone placed after it', () => {
  test('a reference to a later milestone of the chain is an error naming both, not a silent 0', async () => {
    const scenario = scenarioOf([
      { name: 'wifi on', constraints: [{ kind: 'updated', table: 'settings', reference: 1, rows: [{ wifi: true }] }] },
      { name: 'told', constraints: [{ kind: 'message', content: 'done' }] },
    ])
    const evaluation = evaluate(trajectory, scenario)
    await expect(evaluation).rejects.toThrow(EvaluationScenarioError)
    await expect(evaluate(trajectory, scenario)).rejects.toThrow(/milestone 0 \(wifi on\) reads milestone 1, which the edges place after it/)
  })

  test('a fill from a milestone that must come later is an error too', async () => {
    const scenario = scenarioOf([
      { constraints: [{ kind: 'message', content: 'wifi is {on}', fill: { milestone: 1, values: { on: 'arguments.on' } } }] },
      { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'set_wifi_status' }] }] },
    ])
    await expect(evaluate(trajectory, scenario)).rejects.toThrow(/milestone 0 reads milestone 1, which the edges place after it/)
  })

  test('a reference to a milestone the edges leave unordered is fine: it only adds the order', async () => {
    const scenario = {
      ...scenarioOf([
        { constraints: [{ kind: 'message', content: 'done' }] },
        { constraints: [{ kind: 'updated', table: 'settings', reference: 2, rows: [{ wifi: true }] }] },
        { constraints: [{ kind: 'message', from: 'user', to: 'agent', content: 'turn wifi on' }] },
      ]),
      milestoneEdges: [[1, 0]] as [number, number][],
    }
    const result = await evaluate(trajectory, scenario)
    expect(result.score).toBe(1)
  })
})

test('a table constraint on a table the world does not have is an error listing the tables, not a silent 1', async () => {
  const scenario = scenarioOf([{ name: 'no reminders', constraints: [{ kind: 'table', table: 'reminder', rows: [] }] }])
  await expect(evaluate(trajectory, scenario)).rejects.toThrow(EvaluationScenarioError)
  await expect(evaluate(trajectory, scenario)).rejects.toThrow('milestone 0 (no reminders): the table constraint names table "reminder", which the world does not have; its tables are reminders, settings')
})
