import { builtInScenarios } from '../scenarios/index.ts'
import type { MockServer } from '../src/mock-server/index.ts'
import { scriptedModel, startMockServer } from '../src/mock-server/index.ts'
import { llmUser } from '../src/roles/llm-user.ts'
import { openaiAgent } from '../src/roles/openai-agent.ts'
import { runScenario } from '../src/run/index.ts'
import { defineBenchmarks } from './harness.ts'

const RUNS = 64
const CONCURRENCY = 16
const LATENCY_MS = 200

/** Scenarios that take exactly five model calls with a model-backed agent and user (four agent turns, one user turn). */
const scenarios = builtInScenarios().filter((scenario) => scenario.reference.filter((step) => 'agent' in step).length + scenario.reference.filter((step) => 'user' in step).length === 5)

interface State {
  server: MockServer
  lastMs: number
  lastCalls: number
  statuses: Record<string, number>
}

export default defineBenchmarks([
  {
    name: `${RUNS} scenarios x 5 model calls, ${LATENCY_MS} ms latency, concurrency ${CONCURRENCY}`,
    iterations: 1,
    // The ideal: 64 runs / 16 at a time = 4 waves of 5 sequential 200 ms calls = 4 s; target 1.25x that.
    targetMs: 1.25 * (RUNS / CONCURRENCY) * 5 * LATENCY_MS,
    setup: async (): Promise<State> => ({ server: await startMockServer({ latencyMs: LATENCY_MS, respond: scriptedModel(scenarios) }), lastMs: 0, lastCalls: 0, statuses: {} }),
    run: async (state) => {
      const { server } = state as State
      const limits = { concurrency: CONCURRENCY, timeoutMs: 10_000 }
      // Each scenario's roles name it as their model, so the scripted model plays the right solution.
      const roles = new Map(
        scenarios.map((scenario) => [
          scenario.id,
          {
            agent: openaiAgent({ model: scenario.id, baseURL: server.baseURL, apiKey: 'bench', cache: false, limits }),
            user: llmUser({ model: scenario.id, baseURL: server.baseURL, apiKey: 'bench', cache: false, limits }),
          },
        ]),
      )
      const before = server.chatRequestCount
      const started = performance.now()
      const trajectories = await Promise.all(
        Array.from({ length: RUNS }, (_, run) => {
          const scenario = scenarios[run % scenarios.length]!
          return runScenario(scenario, { ...roles.get(scenario.id)!, trial: Math.floor(run / scenarios.length) })
        }),
      )
      ;(state as State).lastMs = performance.now() - started
      ;(state as State).lastCalls = server.chatRequestCount - before
      const statuses: Record<string, number> = {}
      for (const trajectory of trajectories) statuses[trajectory.status] = (statuses[trajectory.status] ?? 0) + 1
      ;(state as State).statuses = statuses
    },
    facts: async (state) => {
      const { server, lastMs, lastCalls, statuses } = state as State
      await server.close()
      const idealMs = Math.ceil(RUNS / CONCURRENCY) * (lastCalls / RUNS) * LATENCY_MS
      return { scenarios: scenarios.length, runs: RUNS, modelCalls: lastCalls, measuredMs: Math.round(lastMs), idealMs, ratio: Number((lastMs / idealMs).toFixed(3)), statuses }
    },
  },
])
