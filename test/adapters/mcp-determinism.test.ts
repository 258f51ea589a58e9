import { execFile, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import type { MockServer } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import type { McpTransportKind } from '../../src/adapters/mcp/index.ts'
import { mcpAgent } from '../../src/adapters/mcp/index.ts'
import type { TurnAgent } from '../../src/roles/index.ts'
import { agentViewToChat, scriptedAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { evaluateAgainst } from '../../src/vitest/evaluate-run.ts'
import type { ChildAgent } from './child-agent.ts'
import { startChildAgent } from './child-agent.ts'
import { inBatches } from './scripted-server.ts'
import { stepOf } from './recording-scenario.ts'

/** How many times each agent plays the scenario; every repeat must give the same trajectory. */
const REPEATS = 20
const [wifi] = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })
const together = [
  { name: 'set_low_battery_mode_status', arguments: { on: false } },
  { name: 'set_wifi_status', arguments: { on: true } },
]

/** Why the Python agent cannot run here, if it cannot (it needs python3 and nothing else). */
const pythonMissing = spawnSync('python3', ['--version']).status === 0 ? undefined : 'python3 is not on this machine'
const pythonScript = fileURLToPath(new URL('./fixtures/mcp_python_agent.py', import.meta.url))

/**
 * The Python agent of `fixtures/mcp_python_agent.py`, one process per turn. It answers pings on a
 * thread of its own, which may answer between two calls of a step: it lists each step's calls
 * (`_meta['toolcheck/parallel']`), as such a client should.
 */
function pythonAgent(model: string, baseURL: string, transport: McpTransportKind): TurnAgent {
  return mcpAgent({
    name: `python-agent-over-${transport}`,
    transports: [transport],
    runTurn: ({ messages, systemPrompt, mcp, signal }) =>
      new Promise<string>((resolve, reject) => {
        const process = execFile('python3', [pythonScript], { signal }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)))
        process.stdin?.end(JSON.stringify({ model, baseURL, transport, mcp, messages: agentViewToChat({ messages, tools: [], systemPrompt }), mark: true }))
      }),
  })
}

let child: ChildAgent
let racing: MockServer
let careful: MockServer
beforeAll(async () => {
  child = startChildAgent()
  // A model that sends two dependent calls in one step (Wi-Fi needs low battery mode off first):
  // the agent sends them concurrently, a race that depends on their order.
  racing = await startMockServer({ respond: ({ body }) => (stepOf(body) === 0 ? { toolCalls: together } : { content: 'Wi-Fi is on.' }) })
  // The same calls one step after the other: no race.
  careful = await startMockServer({ respond: ({ body }) => (stepOf(body) < 2 ? { toolCalls: [together[stepOf(body)]!] } : { content: 'Wi-Fi is on.' }) })
})
afterAll(async () => {
  await child.close()
  await racing.close()
  await careful.close()
})

/** Everything a run recorded but the call ids, which the model's replies make up. */
function withoutIds(trajectory: Awaited<ReturnType<typeof runScenario>>) {
  const { agent, usage, messages, traces, ...rest } = trajectory
  void agent
  void usage
  return {
    ...rest,
    messages: messages.map(({ toolCalls, toolResult, ...message }) => ({
      ...message,
      ...(toolCalls === undefined ? {} : { toolCalls: toolCalls.map(({ id, ...call }) => (void id, call)) }),
      ...(toolResult === undefined ? {} : { toolResult: { ...toolResult, callId: '' } }),
    })),
    traces: traces.map((trace) => ({ ...trace, callId: '' })),
  }
}

type AgentFor = (model: string, baseURL: string, transport: McpTransportKind) => TurnAgent
const agents: [string, AgentFor | undefined, string | undefined][] = [
  ['a Node agent on the MCP SDK’s client', (model, baseURL, transport) => child.agent(model, baseURL, transport), undefined],
  ['a Python agent that lists the calls of each step', pythonAgent, pythonMissing],
]
const cases = agents.flatMap(([who, make, missing]) => (['stdio', 'http'] as const).map((transport) => ({ who, make, missing, transport })))

describe.for(cases)('$who over MCP ($transport) gets the same trajectory and score every time', ({ who, make, missing, transport }) => {
  if (missing !== undefined) {
    test.skip(`skipped: ${missing}`, () => {})
    return
  }
  const agentFor = make as AgentFor
  test(`two dependent calls sent concurrently: one parallel message, the race detected, in ${REPEATS} of ${REPEATS} repeats`, async () => {
    const runs = await inBatches(Array.from({ length: REPEATS }, (_, index) => index), 4, () => runScenario(wifi!, { agent: agentFor('racer', racing.baseURL, transport) }))
    const scores = await Promise.all(runs.map(async (run) => (await evaluateAgainst(run, wifi!)).score))
    // What a step-level agent that makes the same parallel call gets: the reference for every repeat.
    const stepLevel = await runScenario(wifi!, { agent: scriptedAgent([{ toolCalls: together }, { content: 'Wi-Fi is on.' }]) })
    expect(runs.filter((run) => run.races.length === 1).length).toBe(REPEATS)
    expect(new Set(scores)).toEqual(new Set([(await evaluateAgainst(stepLevel, wifi!)).score]))
    for (const run of runs) expect(withoutIds(run)).toEqual(withoutIds(stepLevel))
  })

  // One client is enough to show that calls made one after the other stay apart (the Python one takes a second a run).
  test.skipIf(who !== agents[0]![0])(`the same calls made one after the other: two messages, no race, in ${REPEATS} of ${REPEATS} repeats`, async () => {
    const runs = await inBatches(Array.from({ length: REPEATS }, (_, index) => index), 4, () => runScenario(wifi!, { agent: agentFor('careful', careful.baseURL, transport) }))
    const stepLevel = await runScenario(wifi!, { agent: scriptedAgent([{ toolCalls: [together[0]!] }, { toolCalls: [together[1]!] }, { content: 'Wi-Fi is on.' }]) })
    expect(runs.filter((run) => run.races.length === 0).length).toBe(REPEATS)
    for (const run of runs) expect(withoutIds(run)).toEqual(withoutIds(stepLevel))
    expect((await evaluateAgainst(runs[0]!, wifi!)).score).toBe(1)
  })
})
