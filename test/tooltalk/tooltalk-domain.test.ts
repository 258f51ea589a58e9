import { describe, expect, test } from 'vitest'
import { isDomain } from '../../src/domain/index.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import { runScenario } from '../../src/run/index.ts'
import { playScenario } from '../../src/vitest/index.ts'
import type { WorldSnapshot } from '../../src/world/index.ts'
import type { ToolTalkConversation, ToolTalkDataset } from '../../scenarios/tooltalk/index.ts'
import {
  EVALUATION_DISCIPLINE,
  RANDOM_TABLE,
  replayToolTalkConversation,
  SESSION_TABLE,
  startToolTalkTurn,
  toolTalkDomain,
  toolTalkScenario,
  toolTalkTools,
} from '../../scenarios/tooltalk/index.ts'
import { loadToolTalkDataset } from '../../scenarios/tooltalk/index.ts'
import { HAS_TOOLTALK_DATA, MISSING_DATA, TOOLTALK_DATA } from './tooltalk-data.ts'

/** The ToolTalk databases of a world, without the run's executor state. */
function databasesOf(world: WorldSnapshot): Record<string, unknown> {
  return Object.fromEntries(Object.entries(world.tables).filter(([name]) => name !== SESSION_TABLE && name !== RANDOM_TABLE))
}

/** The databases after ToolTalk's executor replays every ground-truth call of the assistant turns. */
function groundTruthWorld(conversation: ToolTalkConversation, dataset: ToolTalkDataset) {
  const simulator = startToolTalkTurn(conversation, dataset.databases.world)
  const replay = replayToolTalkConversation(conversation, dataset.databases.world, { discipline: EVALUATION_DISCIPLINE })
  for (const call of replay.calls) simulator.execute(call.recorded.apiName, call.recorded.parameters)
  return { world: simulator.world, replay }
}

describe.skipIf(!HAS_TOOLTALK_DATA)(`ToolTalk as a domain of the generic run ${HAS_TOOLTALK_DATA ? '' : MISSING_DATA}`, () => {
  test('toolTalkDomain is built with defineDomain from the databases: their tables with keys, 28 tools, prompts', async () => {
    const dataset = await loadToolTalkDataset(`${TOOLTALK_DATA}easy`)
    const domain = toolTalkDomain(dataset.databases)
    expect(isDomain(domain)).toBe(true)
    expect(domain.name).toBe('tooltalk')
    expect(domain.tools.map((tool) => tool.name)).toEqual(toolTalkTools.map((tool) => tool.name))
    expect(domain.tableInfo).toMatchObject({ Account: { key: '_key' }, Alarm: { key: ['_scope', '_key'] }, 'Alarm.scopes': { key: '_scope' }, [SESSION_TABLE]: { key: 'token' } })
    expect(domain.defaultRows({ now: 0, timeZone: 'UTC' }).Account).toEqual(dataset.databases.world.tables.Account)
    expect(domain.prompts.agent).toMatch(/calling tools/)
  })

  // ToolTalk (tooltalk-facts.md §2c): the executor "sets parameters["session_token"] to the current
  // session", blocks a second login, and a successful login opens the session, a logout or account
  // deletion closes it; ids come from each tool's Random(489), continuing across turns (§8).
  test.for(['easy', 'tooltalk'])('every %s conversation played by runScenario with the reference agent ends in ToolTalk\'s ground-truth world', async (split) => {
    const dataset = await loadToolTalkDataset(`${TOOLTALK_DATA}${split}`)
    const domain = toolTalkDomain(dataset.databases)
    let calls = 0
    for (const conversation of dataset.conversations) {
      const scenario = toolTalkScenario(conversation, { databases: dataset.databases })
      const trajectory = await runScenario(scenario, { agent: referenceAgent(), domain })
      expect(trajectory.status, conversation.name).toBe('completed')
      const expected = groundTruthWorld(conversation, dataset)
      const final = trajectory.snapshots[trajectory.messages.at(-1)?.snapshot ?? 0] as WorldSnapshot
      expect(databasesOf(final), conversation.name).toEqual(databasesOf(expected.world))
      // Each call gave what ToolTalk's executor gives for it, ids and exception texts included.
      const traces = trajectory.traces
      expect(traces.map((trace) => trace.tool), conversation.name).toEqual(expected.replay.calls.map((call) => call.recorded.apiName))
      for (const [position, trace] of traces.entries()) {
        const replayed = expected.replay.calls[position]?.replayed
        if (replayed?.exception === null) expect(trace.result, `${conversation.name} #${position}`).toEqual(replayed.response)
        else expect(trace.error?.message, `${conversation.name} #${position}`).toBe(replayed?.exception)
      }
      calls += traces.length
    }
    expect(calls).toBeGreaterThan(0)
  })

  test('a conversation that starts logged in keeps its session in the world; playScenario scores it', async () => {
    const dataset = await loadToolTalkDataset(`${TOOLTALK_DATA}easy`)
    const conversation = dataset.conversations.find((candidate) => candidate.name === 'LogoutUser-easy') as ToolTalkConversation
    const scenario = toolTalkScenario(conversation, { databases: dataset.databases })
    expect(scenario.world.insert?.[SESSION_TABLE]).toEqual([{ token: conversation.user.sessionToken }])
    const run = await playScenario(scenario, { agent: referenceAgent(), domain: toolTalkDomain(dataset.databases) })
    expect(run.trajectory.traces.map((trace) => [trace.tool, trace.result])).toEqual([['LogoutUser', { status: 'success' }]])
    // After the logout the session is gone from the world, and the account holds no token.
    const final = run.trajectory.snapshots.at(-1) as WorldSnapshot
    expect(final.tables[SESSION_TABLE]).toEqual([])
    expect(final.tables.Account?.find((row) => row.username === conversation.user.username)?.session_token).toBeNull()
    expect(run.evaluation?.score).toBe(1)
  })
})
