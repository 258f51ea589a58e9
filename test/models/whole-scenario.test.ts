import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { ModelCache } from '../../src/cache/index.ts'
import type { Trajectory } from '../../src/conversation/index.ts'
import type { MockServer } from '../../src/mock-server/index.ts'
import { scriptedModel, startMockServer } from '../../src/mock-server/index.ts'
import { agentFromSpec, userFromSpec } from '../../src/roles/from-spec.ts'
import { huggingFaceAgent } from '../../src/roles/hugging-face-agent.ts'
import { huggingFaceEndpoint } from '../../src/roles/endpoint/hugging-face-endpoint.ts'
import { llmUser } from '../../src/roles/llm-user.ts'
import { openaiAgent } from '../../src/roles/openai-agent.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import type { ChatRequest } from '../../src/roles/endpoint/chat-request.ts'
import { runScenario } from '../../src/run/index.ts'
import { fastLimits } from './helpers.ts'

const FAKE_KEY = 'sk-fake-toolcheck-0123456789abcdef'
const FAKE_TOKEN = 'hf_fake_toolcheck_0123456789abcdef'
const scenarios = builtInScenarios({ ids: ['send-message-to-priya-low-battery', 'turn-on-wifi-in-low-battery-mode', 'read-last-message-from-priya', 'change-number-of-sam'] })

let server: MockServer | undefined
let directory = ''
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolcheck-models-'))
})
afterEach(async () => {
  await server?.close()
  server = undefined
  await rm(directory, { recursive: true, force: true })
})

/** What must match between two runs: everything but usage (latency and cache hits differ by nature). */
function played(trajectory: Trajectory) {
  const { usage, ...rest } = trajectory
  void usage
  return rest
}

describe('a whole scenario through the real clients', () => {
  test.for(scenarios.map((scenario) => [scenario.id, scenario] as const))('openai agent and openai user play %s like the reference', async ([, scenario]) => {
    server = await startMockServer({ respond: scriptedModel(scenarios) })
    const agent = openaiAgent({ model: 'mock-agent', baseURL: server.baseURL, apiKey: FAKE_KEY, cache: false, limits: fastLimits })
    const user = llmUser({ model: 'mock-user', baseURL: server.baseURL, apiKey: FAKE_KEY, cache: false, limits: fastLimits })
    const trajectory = await runScenario(scenario, { agent, user })
    const expected = await runScenario(scenario, { agent: referenceAgent() })
    expect(trajectory.error).toBeUndefined()
    expect(trajectory.status).toBe('completed')
    expect(trajectory.messages).toEqual(expected.messages)
    expect(trajectory.traces).toEqual(expected.traces)
    expect(trajectory.usage.calls).toBe(server.chatRequestCount)
    const agentRequests = server.requests.map((request) => request.body as ChatRequest).filter((body) => !(body.tools ?? []).some((tool) => tool.function.name === 'end_conversation'))
    expect(agentRequests.length).toBeGreaterThan(0)
    for (const body of agentRequests) expect(body.messages.filter((message) => message.role === 'system')).toHaveLength(1)
    expect(trajectory.usage.promptTokens).toBeGreaterThan(0)
  })

  test('every built-in scenario plays through the openai client exactly as the reference plays it', async () => {
    const all = builtInScenarios()
    server = await startMockServer({ respond: scriptedModel(all) })
    // Some scenarios open alike (Wi-Fi on / off), so each run names its scenario as the model.
    const rolesFor = (id: string) => ({
      agent: openaiAgent({ model: id, baseURL: server!.baseURL, apiKey: FAKE_KEY, cache: false, limits: fastLimits }),
      user: llmUser({ model: id, baseURL: server!.baseURL, apiKey: FAKE_KEY, cache: false, limits: fastLimits }),
    })
    const pairs = await Promise.all(all.map(async (scenario) => [await runScenario(scenario, rolesFor(scenario.id)), await runScenario(scenario, { agent: referenceAgent() })] as const))
    for (const [viaModel, reference] of pairs) {
      expect.soft(viaModel.status, viaModel.scenarioId).toBe(reference.status)
      expect.soft(viaModel.messages, viaModel.scenarioId).toEqual(reference.messages)
    }
    expect(all.length).toBeGreaterThan(20)
  })

  test('Hugging Face agent and Hugging Face user play a scenario like the reference', async () => {
    const scenario = scenarios[0]!
    server = await startMockServer({ respond: scriptedModel(scenarios) })
    const agent = huggingFaceAgent({ model: 'mock-agent', endpointUrl: server.url, cache: false, limits: fastLimits })
    const user = llmUser({ model: 'mock-user', endpoint: huggingFaceEndpoint({ endpointUrl: server.url }), cache: false, limits: fastLimits })
    const trajectory = await runScenario(scenario, { agent, user })
    expect(trajectory.status).toBe('completed')
    expect(trajectory.messages).toEqual((await runScenario(scenario, { agent: referenceAgent() })).messages)
  })

  test('the simulated user is prompted with goal, knowledge and demonstrations, roles inverted', async () => {
    const scenario = scenarios[0]!
    server = await startMockServer({ respond: scriptedModel(scenarios) })
    const user = llmUser({ model: 'mock-user', baseURL: server.baseURL, apiKey: FAKE_KEY, cache: false })
    await runScenario(scenario, { agent: referenceAgent(), user })
    const first = server.requests[0]?.body as ChatRequest
    const system = first.messages[0]
    expect(system?.role).toBe('system')
    expect(system?.content).toContain(scenario.user.goal)
    expect(system?.content).toContain(scenario.user.knowledge)
    // The first user line is the model's own (assistant); the agent's reply comes as a user turn.
    expect(first.messages[1]).toEqual({ role: 'assistant', content: scenario.firstMessage })
    expect(first.messages[2]?.role).toBe('user')
    expect(first.tools?.map((tool) => tool.function.name)).toEqual(['end_conversation'])
  })

  test('a cached re-run makes no HTTP request and gives an identical trajectory; no key is written', async () => {
    const scenario = scenarios[0]!
    server = await startMockServer({ respond: scriptedModel(scenarios) })
    const roles = (mode: 'auto' | 'replay') => {
      const cache = new ModelCache({ directory, mode })
      return {
        agent: openaiAgent({ model: 'mock-agent', baseURL: server!.baseURL, apiKey: FAKE_KEY, cache, limits: fastLimits }),
        user: llmUser({ model: 'mock-user', endpoint: huggingFaceEndpoint({ endpointUrl: server!.url, accessToken: FAKE_TOKEN }), cache, limits: fastLimits }),
      }
    }
    const recorded = await runScenario(scenario, roles('auto'))
    const requestsWhenRecorded = server.requests.length
    expect(recorded.status).toBe('completed')
    expect(requestsWhenRecorded).toBeGreaterThan(0)
    expect(server.requests.every((request) => request.authorized)).toBe(true)

    const replayed = await runScenario(scenario, roles('replay'))
    expect(server.requests.length).toBe(requestsWhenRecorded)
    expect(played(replayed)).toEqual(played(recorded))
    expect(replayed.usage.cachedCalls).toBe(replayed.usage.calls)
    expect(replayed.usage.latencyMs).toBe(0)

    const files = await readdir(directory)
    expect(files.length).toBe(requestsWhenRecorded)
    for (const file of files) {
      const text = await readFile(join(directory, file), 'utf8')
      expect(text).not.toContain(FAKE_KEY)
      expect(text).not.toContain(FAKE_TOKEN)
      expect(text.toLowerCase()).not.toContain('authorization')
      expect(text.toLowerCase()).not.toContain('bearer')
    }
    expect(JSON.stringify(replayed)).not.toContain(FAKE_KEY)

    // The same server reached through the other client finds the same cassettes.
    const crossed = await runScenario(scenario, {
      agent: huggingFaceAgent({ model: 'mock-agent', endpointUrl: server.url, cache: new ModelCache({ directory, mode: 'replay' }) }),
      user: roles('replay').user,
    })
    expect(crossed.messages).toEqual(recorded.messages)
    expect(server.requests.length).toBe(requestsWhenRecorded)

    // Another trial is another key: replay mode then ends the run with a cache miss, not a crash.
    const missed = await runScenario(scenario, { ...roles('replay'), trial: 1 })
    expect(missed.status).toBe('error')
    expect(missed.error).toMatchObject({ kind: 'cache-miss', role: 'agent' })
    expect(server.requests.length).toBe(requestsWhenRecorded)
  })
})

describe('faults during a whole run end with the right status', () => {
  const scenario = builtInScenarios({ id: 'turn-on-wifi' })[0]!

  test('an agent endpoint that keeps failing ends the run with status error, never a crash', async () => {
    server = await startMockServer({ respond: () => ({ fault: 'server-error' }) })
    const agent = openaiAgent({ model: 'm', baseURL: server.baseURL, apiKey: FAKE_KEY, cache: false, limits: fastLimits })
    const trajectory = await runScenario(scenario, { agent })
    expect(trajectory.status).toBe('error')
    expect(trajectory.error).toMatchObject({ kind: 'server-error', role: 'agent' })
  })

  test('a hanging user model ends the run with a timeout on the user side', async () => {
    server = await startMockServer({ respond: () => ({ fault: 'hang' }) })
    const user = llmUser({ model: 'u', baseURL: server.baseURL, apiKey: FAKE_KEY, cache: false, limits: { ...fastLimits, retries: 0, timeoutMs: 200 } })
    const trajectory = await runScenario(scenario, { agent: referenceAgent(), user })
    expect(trajectory.status).toBe('error')
    expect(trajectory.error).toMatchObject({ kind: 'timeout', role: 'user' })
  })

  test('a malformed body ends the run with malformed-reply', async () => {
    server = await startMockServer({ respond: () => ({ fault: 'malformed-body' }) })
    const agent = openaiAgent({ model: 'm', baseURL: server.baseURL, apiKey: FAKE_KEY, cache: false, limits: fastLimits })
    expect((await runScenario(scenario, { agent })).error?.kind).toBe('malformed-reply')
  })

  test('a rate limit that clears lets the run complete', async () => {
    const scripted = scriptedModel(scenario)
    let count = 0
    server = await startMockServer({ respond: (request) => (count++ === 1 ? { fault: 'rate-limit', retryAfter: 0 } : scripted(request)) })
    const agent = openaiAgent({ model: 'm', baseURL: server.baseURL, apiKey: FAKE_KEY, cache: false, limits: fastLimits })
    const trajectory = await runScenario(scenario, { agent })
    expect(trajectory.status).toBe('completed')
    expect(server.chatRequestCount).toBe(3)
  })

  test('invalid arguments and unknown tools become tool errors the agent sees; the run goes on', async () => {
    const replies = [{ fault: 'invalid-arguments' as const, name: 'set_wifi_status', text: '{"on": tru' }, { toolCalls: [{ name: 'set_wifi_power', arguments: { on: true } }] }, { content: 'Sorry, I could not do it.' }]
    server = await startMockServer({ replies })
    const agent = openaiAgent({ model: 'm', baseURL: server.baseURL, apiKey: FAKE_KEY, cache: false, limits: fastLimits })
    const trajectory = await runScenario(scenario, { agent })
    expect(trajectory.status).toBe('completed')
    expect(trajectory.traces).toHaveLength(2)
    expect(trajectory.traces.every((trace) => trace.error !== undefined)).toBe(true)
    // The second request carried the first call's error back to the model as a tool message.
    const second = server.requests[1]?.body as ChatRequest
    const toolMessage = second.messages.find((message) => message.role === 'tool')
    const shown = trajectory.messages.find((message) => message.sender === 'environment' && message.toolResult?.error !== undefined)
    expect(toolMessage?.content).toBe(shown?.content)
    expect(toolMessage?.content).toContain('not valid JSON')
  })

  test('a model that never stops calling tools ends at the turn limit', async () => {
    server = await startMockServer({ respond: () => ({ toolCalls: [{ name: 'get_wifi_status', arguments: {} }] }) })
    const agent = openaiAgent({ model: 'm', baseURL: server.baseURL, apiKey: FAKE_KEY, cache: false, limits: fastLimits })
    const trajectory = await runScenario(scenario, { agent, maxTurns: 10 })
    expect(trajectory.status).toBe('max-turns')
  })
})

describe('agents and users from specs', () => {
  test('openai:<model> with OPENAI_BASE_URL at the mock server plays a scenario', async () => {
    const scenario = scenarios[1]!
    server = await startMockServer({ respond: scriptedModel(scenarios) })
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: FAKE_KEY, TOOLCHECK_CACHE: 'off' }
    const agent = agentFromSpec('openai:mock-model', env)
    const user = userFromSpec('openai:mock-user', env)
    expect(agent.name).toBe('openai:mock-model')
    const trajectory = await runScenario(scenario, { agent, user })
    expect(trajectory.status).toBe('completed')
    expect(trajectory.messages).toEqual((await runScenario(scenario, { agent: referenceAgent() })).messages)
  })

  test('hf:<model> with HF_ENDPOINT_URL, and the offline specs', async () => {
    const scenario = scenarios[2]!
    server = await startMockServer({ respond: scriptedModel(scenarios) })
    const env = { HF_ENDPOINT_URL: server.url, TOOLCHECK_CACHE: 'off' }
    const trajectory = await runScenario(scenario, { agent: agentFromSpec('hf:mock', env), user: userFromSpec('hf:mock-user', env) })
    expect(trajectory.status).toBe('completed')
    const offline = await runScenario(scenario, { agent: agentFromSpec('reference', {}), user: userFromSpec('scripted', {}) })
    expect(offline.messages).toEqual(trajectory.messages)
  })

  test('an unknown spec says which forms exist', () => {
    expect(() => agentFromSpec('anthropic:claude', {})).toThrow('TOOLCHECK_AGENT is "anthropic:claude", which is not an agent toolcheck knows; use reference, openai:<model> or hf:<model>')
    expect(() => userFromSpec('openai:', {})).toThrow(/TOOLCHECK_USER is "openai:".*scripted/)
  })
})
