import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, OpenAIProvider } from '@openai/agents'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { openaiAgentsAgent } from '../../src/adapters/openai-agents/index.ts'
import type { OpenAIAgentsAgentOptions } from '../../src/adapters/openai-agents/index.ts'
import { ModelCache } from '../../src/cache/index.ts'
import type { MockChatRequest } from '../../src/mock-server/index.ts'
import { scriptedModel, startMockServer } from '../../src/mock-server/index.ts'
import type { ChatRequest } from '../../src/roles/endpoint/chat-request.ts'
import { referenceAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { evaluateAgainst } from '../../src/vitest/evaluate-run.ts'
import type { ScriptedServer } from './scripted-server.ts'
import { expectEveryScenarioAsReference, expectVariantsScoreOne, FAKE_KEY, recorded, startScriptedServer } from './scripted-server.ts'

let scripted: ScriptedServer
let directory = ''
beforeAll(async () => {
  scripted = await startScriptedServer()
  directory = await mkdtemp(join(tmpdir(), 'toolcheck-openai-agents-'))
})
afterAll(async () => {
  await scripted.server.close()
  await rm(directory, { recursive: true, force: true })
})

/** The SDK's OpenAI provider with an openai client whose base URL is a local server, over Chat Completions. */
const localProvider = (baseURL: string) => new OpenAIProvider({ openAIClient: new OpenAI({ baseURL, apiKey: FAKE_KEY }), useResponses: false })
/** An openai client for a local server: toolcheck makes the provider over it, over Chat Completions. */
const localClient = (baseURL: string) => ({ client: new OpenAI({ baseURL, apiKey: FAKE_KEY }), api: 'chat-completions' as const })
const agentFor = (model: string, extra: Partial<OpenAIAgentsAgentOptions> = {}) =>
  openaiAgentsAgent({ agent: new Agent({ name: 'phone', model }), ...localClient(scripted.server.baseURL), cache: false, maxTurns: 30, ...extra })

describe('openaiAgentsAgent plays the built-in scenarios through the Agents SDK and its OpenAI client', () => {
  test('every built-in scenario, plain: scores 1 and records exactly what the reference agent records', async () => {
    await expectEveryScenarioAsReference((model) => agentFor(model))
  })

  test('a sample under all eight ToolSandbox variants scores 1', async () => {
    await expectVariantsScoreOne(scripted, (index) => index % 19 === 7, (model) => agentFor(model))
  })

  test('the instructions are the agent’s own; without them the run’s system prompt; the tools are the world’s', async () => {
    const [scenario] = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })
    const before = scripted.server.requests.length
    await runScenario(scenario!, { agent: agentFor(scenario!.id, { agent: new Agent({ name: 'phone', model: scenario!.id, instructions: 'Only the test’s words.' }) }) })
    const own = scripted.server.requests[before]!.body as ChatRequest
    expect(own.messages[0]).toEqual({ role: 'system', content: 'Only the test’s words.' })
    expect(own.tools?.map((tool) => tool.function.name).sort()).toEqual([...scenario!.tools.allow!].sort())
    const middle = scripted.server.requests.length
    const trajectory = await runScenario(scenario!, { agent: agentFor(scenario!.id) })
    expect((scripted.server.requests[middle]!.body as ChatRequest).messages[0]).toEqual({ role: 'system', content: trajectory.messages[0]!.content })
  })

  test('a cached re-run makes no HTTP request and gives the same trajectory; no key is written', async () => {
    const scenarios = builtInScenarios({ ids: ['send-message-to-priya-low-battery', 'send-same-message-to-two-contacts'] })
    const play = (mode: 'auto' | 'replay') => Promise.all(scenarios.map((scenario) => runScenario(scenario, { agent: agentFor(scenario.id, { cache: new ModelCache({ directory, mode }) }) })))
    const before = scripted.server.requests.length
    const first = await play('auto')
    const made = scripted.server.requests.length - before
    expect(made).toBeGreaterThan(4)
    const again = await play('replay')
    expect(scripted.server.requests.length - before).toBe(made)
    expect(again.map(recorded)).toEqual(first.map(recorded))
    expect(again.every((trajectory) => trajectory.usage.calls > 0 && trajectory.usage.cachedCalls === trajectory.usage.calls)).toBe(true)
    for (const file of await readdir(directory)) expect((await readFile(join(directory, file), 'utf8')).toLowerCase()).not.toMatch(new RegExp(`${FAKE_KEY}|authorization|bearer`))
  })

  test('a handoff: a triage agent hands the conversation to a phone agent built with the world’s tools', async () => {
    const [scenario] = builtInScenarios({ ids: ['send-message-to-priya-low-battery'] })
    const play = scriptedModel([scenario!])
    // The model first calls the handoff, then plays the reference as the phone agent; the
    // handoff's own messages are hidden from the scripted model, which counts assistant turns.
    const server = await startMockServer({
      respond: (request: MockChatRequest) => {
        const handoff = request.body.tools?.find((tool) => tool.function.name.startsWith('transfer_to_'))
        if (handoff !== undefined) return { toolCalls: [{ name: handoff.function.name, arguments: {}, id: 'handoff-1' }] }
        const messages = request.body.messages.filter((message) => !(message.role === 'tool' && message.tool_call_id === 'handoff-1') && !(message.role === 'assistant' && message.tool_calls?.some((call) => call.id === 'handoff-1')))
        return play({ ...request, body: { ...request.body, messages } })
      },
    })
    try {
      const agent = openaiAgentsAgent({
        name: 'triage-and-phone',
        agent: ({ tools }) => {
          const phone = new Agent({ name: 'phone', instructions: 'You operate the phone.', model: 'm', tools })
          return new Agent({ name: 'triage', instructions: 'Hand phone tasks to the phone agent.', model: 'm', handoffs: [phone] })
        },
        runConfig: { modelProvider: localProvider(server.baseURL) },
        cache: false,
      })
      const trajectory = await runScenario(scenario!, { agent })
      expect(trajectory.status).toBe('completed')
      expect((await evaluateAgainst(trajectory, scenario!)).score).toBe(1)
      // The handoff is recorded as the call of its tool, outside the world, naming both agents; then the world's calls.
      expect(trajectory.traces[0]).toEqual({ callId: expect.any(String), tool: 'transfer_to_phone', arguments: {}, result: { assistant: 'phone' }, outside: { kind: 'handoff', from: 'triage', to: 'phone' } })
      expect(trajectory.traces.slice(1).map((trace) => trace.tool)).toEqual((await runScenario(scenario!, { agent: referenceAgent() })).traces.map((trace) => trace.tool))
      expect(server.requests.some((request) => (request.body as ChatRequest).messages[0]?.content === 'You operate the phone.')).toBe(true)
      // Each model call's instructions are in the transcript, where the call was made.
      expect(trajectory.messages.filter((message) => message.sender === 'system' && message.recipient === 'agent').map((message) => message.content).slice(1)).toEqual(['Hand phone tasks to the phone agent.', 'You operate the phone.'])
    } finally {
      await server.close()
    }
  })
})

describe('openaiAgentsAgent stops when the run says so, and tells failures apart', () => {
  const [wifi] = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })

  test('the message budget aborts the SDK loop at max-turns', async () => {
    const server = await startMockServer({ respond: () => ({ toolCalls: [{ name: 'get_wifi_status', arguments: {} }] }) })
    try {
      const agent = openaiAgentsAgent({ agent: new Agent({ name: 'loop', model: 'm' }), runConfig: { modelProvider: localProvider(server.baseURL) }, cache: false, maxTurns: 100 })
      const trajectory = await runScenario(wifi!, { agent, maxTurns: 6 })
      expect(trajectory.status).toBe('max-turns')
      expect(trajectory.traces).toHaveLength(3)
      expect(server.chatRequestCount).toBeLessThanOrEqual(4)
    } finally {
      await server.close()
    }
  })

  test('the agent’s own failures end its turn without an answer; HTTP failures are infrastructure errors', async () => {
    const server = await startMockServer({ replies: [{ toolCalls: [{ name: 'set_wifi_power', arguments: { on: true } }] }, { fault: 'server-error' }] })
    try {
      const agent = openaiAgentsAgent({ agent: new Agent({ name: 'phone', model: 'm' }), runConfig: { modelProvider: localProvider(server.baseURL) }, cache: false, limits: { retries: 0 } })
      // The model calls a tool that does not exist: the run records the failed call, as for any
      // agent, and the SDK raises ModelBehaviorError, which ends the turn: the agent's fault.
      const unknownTool = await runScenario(wifi!, { agent })
      expect(unknownTool.status).toBe('completed')
      expect(unknownTool.traces[0]).toMatchObject({ tool: 'set_wifi_power', error: { kind: 'UnknownToolError' } })
      expect(unknownTool.messages.find((message) => message.sender === 'agent' && message.recipient === 'user')).toMatchObject({ content: '' })
      expect((await evaluateAgainst(unknownTool, wifi!)).score).toBeLessThan(1)
      const failing = await runScenario(wifi!, { agent })
      expect(failing.status).toBe('error')
      expect(failing.error).toMatchObject({ kind: 'server-error', role: 'agent' })
    } finally {
      await server.close()
    }
  })
})
