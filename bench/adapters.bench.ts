/**
 * The turn-level adapters' own costs: what recording a tool call through the AI SDK adapter adds
 * to a plain AI SDK loop, and one MCP tool call's round trip over stdio (client → relay process →
 * the run's socket → the run → back); and the endpoint limits through each adapter: built-in
 * scenarios against a server that answers every request with a 500, or never answers, beside the
 * built-in openai agent measured in the same run.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModelMiddleware } from 'ai'
import { generateText, stepCountIs, tool, jsonSchema } from 'ai'
import { Agent } from '@openai/agents'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import OpenAI from 'openai'
import { builtInScenarios } from '../scenarios/index.ts'
import { aiSdkAgent } from '../src/adapters/ai-sdk/index.ts'
import type { LanguageModelObject } from '../src/adapters/ai-sdk/index.ts'
import { serveTools } from '../src/adapters/mcp/index.ts'
import { openaiAgentsAgent } from '../src/adapters/openai-agents/index.ts'
import type { Trajectory } from '../src/conversation/index.ts'
import type { MockServer } from '../src/mock-server/index.ts'
import { startMockServer } from '../src/mock-server/index.ts'
import type { AnyAgent } from '../src/roles/index.ts'
import { openaiAgent, turnAgent } from '../src/roles/index.ts'
import type { EndpointLimits } from '../src/roles/endpoint/index.ts'
import { runScenario } from '../src/run/index.ts'
import { defineScenario } from '../src/scenario/index.ts'
import type { Benchmark } from './harness.ts'
import { defineBenchmarks } from './harness.ts'

/** Tool calls per loop: enough that a run's fixed costs (world, prompts) weigh little per call. */
const CALLS = 100

const scenario = defineScenario({
  id: 'bench-status-loop',
  categories: ['SINGLE_TOOL_CALL'],
  user: { goal: 'Learn whether Wi-Fi is on.', knowledge: 'Nothing more.' },
  firstMessage: 'Is my Wi-Fi on?',
  tools: { allow: ['get_wifi_status'] },
  reference: [{ agent: 'call', calls: [{ tool: 'get_wifi_status', arguments: {} }] }, { agent: 'say', content: 'Wi-Fi is off.' }, { user: 'end' }],
})

type GenerateResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware['wrapGenerate']>>>

/**
 * An in-memory model (no HTTP, so only the loops differ): it calls `get_wifi_status` until it has
 * `CALLS` results, then answers.
 */
const loopingModel = {
  specificationVersion: 'v4',
  provider: 'bench',
  modelId: 'status-loop',
  supportedUrls: {},
  async doGenerate(options: { prompt: { role: string }[] }): Promise<GenerateResult> {
    const results = options.prompt.filter((message) => message.role === 'tool').length
    const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
    if (results >= CALLS) return { content: [{ type: 'text', text: 'Wi-Fi is off.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }
    return { content: [{ type: 'tool-call', toolCallId: `call-${results}`, toolName: 'get_wifi_status', input: '{}' }], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] }
  },
  doStream(): never {
    throw new Error('the benchmark model does not stream')
  },
} as unknown as LanguageModelObject

/** The plain AI SDK loop: the same model and steps, a tool that answers what the real one would. */
async function plainLoop(): Promise<void> {
  const result = await generateText({
    model: loopingModel,
    prompt: 'Is my Wi-Fi on?',
    tools: { get_wifi_status: tool({ description: 'Whether Wi-Fi is on.', inputSchema: jsonSchema({ type: 'object', properties: {} }), execute: async () => 'false' }) },
    stopWhen: stepCountIs(CALLS + 1),
  })
  if (result.steps.length !== CALLS + 1) throw new Error(`the plain loop took ${result.steps.length} steps`)
}

/** The same loop as toolcheck's AI SDK agent in a run: every call recorded with its snapshot. */
async function recordedLoop(): Promise<void> {
  const agent = aiSdkAgent({ model: loopingModel, cache: false, stopWhen: stepCountIs(CALLS + 1) })
  const trajectory = await runScenario(scenario, { agent, maxTurns: 10 * CALLS })
  if (trajectory.traces.length !== CALLS || trajectory.status !== 'completed') throw new Error(`the recorded loop made ${trajectory.traces.length} calls (${trajectory.status})`)
}

interface OverheadState {
  plainMs: number[]
  recordedMs: number[]
}

interface McpState {
  call(): Promise<unknown>
  finish(): Promise<void>
}

/** A run whose one turn serves its tools over stdio to an MCP client in this process, kept open for the timed calls. */
async function openMcpTurn(): Promise<McpState> {
  let ready: (state: McpState) => void = () => {}
  const opened = new Promise<McpState>((resolve) => {
    ready = resolve
  })
  let finish: () => void = () => {}
  const finished = new Promise<void>((resolve) => {
    finish = resolve
  })
  const agent = turnAgent('mcp-bench-client', async ({ tools }) => {
    const server = await serveTools(tools, { transports: ['stdio'] })
    const client = new Client({ name: 'bench', version: '1.0.0' })
    await client.connect(new StdioClientTransport({ command: server.stdio!.command, args: [...server.stdio!.args] }))
    const name = tools[0]!.spec.name
    ready({ call: () => client.callTool({ name, arguments: {} }), finish: async () => finish() })
    await finished
    await client.close()
    await server.close()
    return 'done'
  })
  const running = runScenario(scenario, { agent, maxTurns: 1_000_000 })
  const state = await opened
  return { call: state.call, finish: async () => (await state.finish(), void (await running)) }
}

/** Runs in flight at once, as many as an endpoint's default concurrency limit. */
const IN_FLIGHT = 8

/** The agents whose model calls toolcheck guards, each at a server's base URL. */
const AGENTS: Record<string, (baseURL: string, limits: EndpointLimits | undefined) => AnyAgent> = {
  'built-in openai agent': (baseURL, limits) => openaiAgent({ model: 'm', baseURL, apiKey: 'bench', cache: false, ...(limits === undefined ? {} : { limits }) }),
  'AI SDK adapter': (baseURL, limits) => aiSdkAgent({ model: createOpenAICompatible({ name: 'bench', baseURL, apiKey: 'bench' })('m'), cache: false, ...(limits === undefined ? {} : { limits }) }),
  'Agents SDK adapter': (baseURL, limits) =>
    openaiAgentsAgent({ agent: new Agent({ name: 'phone', model: 'm' }), client: new OpenAI({ baseURL, apiKey: 'bench' }), api: 'chat-completions', cache: false, ...(limits === undefined ? {} : { limits }) }),
}

interface DeadServerState {
  server?: MockServer
  runs: Trajectory[]
  requests: number
}

/**
 * Built-in scenarios played by one agent, `IN_FLIGHT` at a time, against a server that fails
 * every request (`server-error`: a 500; `hang`: no answer at all), from the first request to the
 * last run's end. A fresh server each time, so that each measurement starts with closed breakers.
 */
function deadServer(agent: string, scenarioCount: number, fault: 'server-error' | 'hang', limits?: EndpointLimits): Benchmark {
  const scenarios = builtInScenarios().slice(0, scenarioCount)
  const what = fault === 'hang' ? `server never answers, ${limits?.timeoutMs ?? 60_000} ms per attempt` : 'server always 500, default limits'
  return {
    name: `${agent}: ${scenarioCount === scenarios.length && scenarioCount > 30 ? 'all ' : ''}${scenarios.length} built-in scenarios, ${what}`,
    iterations: 1,
    ...(scenarioCount === 30 ? { targetMs: 30_000 } : {}),
    setup: (): DeadServerState => ({ runs: [], requests: 0 }),
    run: async (state) => {
      const bench = state as DeadServerState
      bench.server = await startMockServer({ respond: () => ({ fault }) })
      const make = AGENTS[agent] as (typeof AGENTS)[string]
      const queue = [...scenarios]
      const worker = async () => {
        for (let scenario = queue.shift(); scenario !== undefined; scenario = queue.shift()) bench.runs.push(await runScenario(scenario, { agent: make((bench.server as MockServer).baseURL, limits) }))
      }
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
      bench.requests = bench.server.chatRequestCount
    },
    facts: async (state) => {
      const { server, runs, requests } = state as DeadServerState
      await server?.close()
      const errorKinds: Record<string, number> = {}
      for (const run of runs) if (run.error !== undefined) errorKinds[run.error.kind] = (errorKinds[run.error.kind] ?? 0) + 1
      return { runs: runs.length, errorRuns: runs.filter((run) => run.status === 'error').length, errorKinds, requestsToServer: requests }
    },
  }
}

export default defineBenchmarks([
  ...Object.keys(AGENTS).flatMap((agent) => [
    deadServer(agent, 30, 'server-error'),
    deadServer(agent, builtInScenarios().length, 'server-error'),
    deadServer(agent, 30, 'hang', { timeoutMs: 1_000 }),
  ]),
  {
    name: `AI SDK adapter: recording overhead per tool call vs a plain AI SDK loop (${CALLS} calls)`,
    iterations: 15,
    warmUp: 3,
    targetMs: 0.2,
    setup: (): OverheadState => ({ plainMs: [], recordedMs: [] }),
    run: async (state) => {
      const { plainMs, recordedMs } = state as OverheadState
      const started = performance.now()
      await plainLoop()
      const between = performance.now()
      await recordedLoop()
      const ended = performance.now()
      plainMs.push((between - started) / CALLS)
      recordedMs.push((ended - between) / CALLS)
      return { measuredMs: (ended - between - (between - started)) / CALLS }
    },
    facts: (state) => {
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
      const { plainMs, recordedMs } = state as OverheadState
      return { plainMsPerCall: Number(median(plainMs).toFixed(4)), recordedMsPerCall: Number(median(recordedMs).toFixed(4)) }
    },
  },
  {
    name: 'MCP: one tool call round trip over stdio (client, relay process, run, back)',
    iterations: 300,
    warmUp: 30,
    targetMs: 2,
    setup: openMcpTurn,
    run: (state) => (state as McpState).call(),
    facts: async (state) => {
      await (state as McpState).finish()
      return {}
    },
  },
])
