import { afterEach, describe, expect, test } from 'vitest'
import { evaluate, ScoringMismatchError } from '../../src/evaluation/index.ts'
import { scriptedAgent, scriptedUser } from '../../src/roles/index.ts'
import type { AgentReply } from '../../src/roles/index.ts'
import { defaultScoring, runScenario, setDefaultScoring } from '../../src/run/index.ts'
import type { RunOptions } from '../../src/run/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import { fixtureRegistry, fixtureWorld } from '../tools/fixture-tools.ts'

const FREDRIK = '+12453344098'

// The agent turns cellular on, sends and turns low battery mode on, all at once, with cellular
// off. ToolSandbox keeps the agent's own order (the first that fails: only the send fails);
// toolcheck keeps the worst (the send fails, low battery mode comes on, cellular is refused).
const batch: AgentReply = {
  toolCalls: [
    { name: 'send_message_with_phone_number', arguments: { phone_number: FREDRIK, content: 'On my way' } },
    { name: 'set_cellular_service_status', arguments: { on: true } },
    { name: 'set_low_battery_mode_status', arguments: { on: true } },
  ],
}

const scenario = defineScenario({
  id: 'cellular-on-in-a-batch',
  categories: ['STATE_DEPENDENCY'],
  user: { goal: 'Turn cellular on.', knowledge: 'Nothing else.' },
  firstMessage: 'Turn cellular on.',
  tools: { allow: ['send_message_with_phone_number', 'set_cellular_service_status', 'set_low_battery_mode_status'] },
  milestones: [{ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'set_cellular_service_status', arguments: { on: true } }] }] }],
  reference: [{ agent: 'call', calls: [{ tool: 'set_cellular_service_status', arguments: { on: true } }] }, { agent: 'say', content: 'Done.' }, { user: 'end' }],
})

function play(extra: Partial<RunOptions> = {}) {
  const options: RunOptions = { agent: scriptedAgent([batch, { content: 'Done.' }]), user: scriptedUser([{ end: true }]), registry: fixtureRegistry, startingWorld: fixtureWorld({ cellular: false }), ...extra }
  return runScenario(scenario, options)
}

afterEach(() => setDefaultScoring('toolcheck'))

describe('runScenario and evaluate follow one scoring mode', () => {
  test("played for ToolSandbox's scoring, the run keeps ToolSandbox's order and scores 1 as ToolSandbox does", async () => {
    const trajectory = await play({ scoring: 'toolsandbox' })
    expect(trajectory.scoring).toBe('toolsandbox')
    expect((await evaluate(trajectory, scenario)).score).toBe(1)
    expect((await evaluate(trajectory, scenario, { scoring: 'toolsandbox' })).score).toBe(1)
  })

  test("played for toolcheck's scoring, the run keeps the worst order, in which cellular is refused", async () => {
    const trajectory = await play()
    expect(trajectory.scoring).toBe('toolcheck')
    expect(trajectory.races).toHaveLength(1)
    expect((await evaluate(trajectory, scenario)).score).toBe(0)
  })

  test('scoring a raced run in the other mode is an error that says how to play it', async () => {
    const trajectory = await play()
    const attempt = evaluate(trajectory, scenario, { scoring: 'toolsandbox' })
    await expect(attempt).rejects.toThrow(ScoringMismatchError)
    await expect(attempt).rejects.toThrow(
      /cannot score with toolsandbox scoring a run played for toolcheck scoring: its parallel calls raced at message \d+ \(send_message_with_phone_number, set_cellular_service_status, set_low_battery_mode_status\).*runScenario\(scenario, \{ scoring: 'toolsandbox' \}\)/,
    )
  })

  test('the default mode (the vitest plugin sets it from its `scoring`) decides runs that name none', async () => {
    expect(defaultScoring()).toBe('toolcheck')
    setDefaultScoring('toolsandbox')
    const trajectory = await play()
    expect(trajectory.scoring).toBe('toolsandbox')
    expect((await evaluate(trajectory, scenario, { scoring: 'toolsandbox' })).score).toBe(1)
  })
})
