import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, OpenAIChatCompletionsModel, OpenAIProvider, OpenAIResponsesModel } from '@openai/agents'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import type { OpenAIAgentsAgentOptions } from '../../src/adapters/openai-agents/index.ts'
import { openaiAgentsAgent } from '../../src/adapters/openai-agents/index.ts'
import { guardedAgentsModel } from '../../src/adapters/openai-agents/guarded-agents-model.ts'
import { modelGuard } from '../../src/adapters/model-guard.ts'
import { ModelCache } from '../../src/cache/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import { runScenario } from '../../src/run/index.ts'
import type { ScriptedServer } from './scripted-server.ts'
import { FAKE_KEY, inBatches, recorded, startScriptedServer } from './scripted-server.ts'

let scripted: ScriptedServer
let directory = ''
beforeAll(async () => {
  scripted = await startScriptedServer()
  directory = await mkdtemp(join(tmpdir(), 'toolcheck-openai-agents-limits-'))
})
afterAll(async () => {
  await scripted.server.close()
  await rm(directory, { recursive: true, force: true })
})

const [wifi] = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })
/** A client as users make them: with the openai client's own two retries, which toolcheck turns off. */
const clientAt = (baseURL: string) => new OpenAI({ baseURL, apiKey: FAKE_KEY })
const quick = { retries: 1, backoffBaseMs: 1, backoffMaxMs: 2, breakerFailures: 3, breakerCoolDownMs: 600_000 }

describe('the endpoint limits apply to the model calls the Agents SDK makes', () => {
  test('against an always-500 server, 30 built-in scenarios all end as error, and the openai client retries nothing itself', async () => {
    const failing = await startMockServer({ respond: () => ({ fault: 'server-error' }) })
    try {
      const scenarios = builtInScenarios().slice(0, 30)
      const agentFor = () => openaiAgentsAgent({ agent: new Agent({ name: 'phone', model: 'm' }), client: clientAt(failing.baseURL), api: 'chat-completions', cache: false, limits: quick })
      const runs = await inBatches(scenarios, 6, (scenario) => runScenario(scenario, { agent: agentFor() }))
      expect(runs.map((run) => run.status)).toEqual(scenarios.map(() => 'error'))
      expect(new Set(runs.map((run) => run.error?.kind))).toEqual(new Set(['server-error', 'circuit-open']))
      expect(runs.filter((run) => run.error?.kind === 'circuit-open').length).toBeGreaterThanOrEqual(24)
      // Two attempts for each call that failed before the breaker opened, one request each: the client's own retries are off.
      expect(failing.chatRequestCount).toBeLessThanOrEqual(2 * 6)
      const first = runs.find((run) => run.error?.kind === 'server-error')
      expect(first?.error?.message).toContain('failed after 2 attempts: HTTP 500')
    } finally {
      await failing.close()
    }
  })

  test('a server that never answers: each attempt ends at the time limit as a timeout, a streamed response too', async () => {
    const hanging = await startMockServer({ respond: () => ({ fault: 'hang' }) })
    try {
      const limits = { retries: 1, backoffBaseMs: 1, backoffMaxMs: 2, timeoutMs: 100, breakerFailures: 0 }
      const trajectory = await runScenario(wifi!, { agent: openaiAgentsAgent({ agent: new Agent({ name: 'phone', model: 'm' }), client: clientAt(hanging.baseURL), api: 'chat-completions', cache: false, limits }) })
      expect(trajectory.error).toMatchObject({ kind: 'timeout', role: 'agent' })
      expect(trajectory.error?.message).toContain('failed after 2 attempts: no complete reply within 100 ms')
      const model = guardedAgentsModel(new OpenAIChatCompletionsModel(clientAt(hanging.baseURL), 'm'), { server: hanging.url, model: 'm' }, modelGuard({ cache: false, limits, env: {} }), { trial: 0 })
      const streamed = model.getStreamedResponse({ input: 'hello', modelSettings: {}, tools: [], outputType: 'text', handoffs: [], tracing: false })
      await expect(streamed[Symbol.asyncIterator]().next()).rejects.toMatchObject({ kind: 'timeout' })
      // No attempt beyond the retries: at most four whole requests reached the server (on a
      // loaded machine an attempt may time out before all of its request has left).
      expect(hanging.chatRequestCount).toBeLessThanOrEqual(4)
    } finally {
      await hanging.close()
    }
  })

  test('a missing API key is auth, not network', async () => {
    const trajectory = await runScenario(wifi!, { agent: openaiAgentsAgent({ agent: new Agent({ name: 'phone', model: 'm' }), cache: false, env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' } }) })
    expect(trajectory.status).toBe('error')
    expect(trajectory.error?.kind).toBe('auth')
    expect(trajectory.error?.message).toContain('OPENAI_API_KEY')
  })
})

describe('every model form is cached and replayed, keyed by the server it calls', () => {
  /** The forms a model can take, each reaching the scripted server. */
  const forms: Record<string, (baseURL: string) => Partial<OpenAIAgentsAgentOptions> & Pick<OpenAIAgentsAgentOptions, 'agent'>> = {
    'the default model (OPENAI_BASE_URL, the Responses API)': (baseURL) => ({ agent: new Agent({ name: 'phone' }), env: { OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: FAKE_KEY } }),
    'a model name through toolcheck’s provider over your client': (baseURL) => ({ agent: new Agent({ name: 'phone', model: wifi!.id }), client: clientAt(baseURL), api: 'chat-completions' }),
    'a model name through a provider of your own, with endpoint': (baseURL) => ({
      agent: new Agent({ name: 'phone', model: wifi!.id }),
      runConfig: { modelProvider: new OpenAIProvider({ openAIClient: clientAt(baseURL), useResponses: false }) },
      endpoint: baseURL,
    }),
    'an OpenAIChatCompletionsModel on the agent, with endpoint': (baseURL) => ({ agent: new Agent({ name: 'phone', model: new OpenAIChatCompletionsModel(clientAt(baseURL), wifi!.id) }), endpoint: baseURL }),
    'an OpenAIResponsesModel on the agent': (baseURL) => ({ agent: new Agent({ name: 'phone', model: new OpenAIResponsesModel(clientAt(baseURL), wifi!.id) }) }),
  }

  test.for(Object.keys(forms))('%s: recorded once, then replayed with no request; at another server, a miss', async (form, { task }) => {
    const cacheDirectory = join(directory, task.id)
    const play = (baseURL: string, mode: 'auto' | 'replay') => runScenario(wifi!, { agent: openaiAgentsAgent({ ...forms[form]!(baseURL), cache: new ModelCache({ directory: cacheDirectory, mode }) }) })
    const before = scripted.server.requests.length
    const live = await play(scripted.server.baseURL, 'auto')
    expect(live.status).toBe('completed')
    const made = scripted.server.requests.length - before
    expect(made).toBeGreaterThan(0)
    // Every model call counted in the run's usage, whatever the model's form.
    expect(live.usage.calls).toBe(made)
    const replayed = await play(scripted.server.baseURL, 'replay')
    expect(scripted.server.requests.length - before).toBe(made)
    expect(recorded(replayed)).toEqual(recorded(live))
    expect(replayed.usage.cachedCalls).toBe(replayed.usage.calls)
    expect(replayed.usage.calls).toBe(live.usage.calls)
    const other = await startScriptedServer()
    try {
      const elsewhere = await play(other.server.baseURL, 'replay')
      expect(elsewhere.error).toMatchObject({ kind: 'cache-miss' })
      expect(elsewhere.error?.message).toMatch(new RegExp(`at ${other.server.url} \\(trial 0\\) to 2 messages \\(system, user\\), the last from user: "${wifi!.firstMessage}"`))
      expect(other.server.requests).toHaveLength(0)
      expect(scripted.server.requests.length - before).toBe(made)
    } finally {
      await other.server.close()
    }
  })

  test('a model whose server cannot be read needs endpoint when calls are cached, and the run says which and how', async () => {
    const trajectory = await runScenario(wifi!, {
      agent: openaiAgentsAgent({ agent: new Agent({ name: 'phone', model: new OpenAIChatCompletionsModel(clientAt(scripted.server.baseURL), 'm') }), cache: new ModelCache({ directory, mode: 'auto' }) }),
    })
    // A setting of the agent as written, not a failure of the server: the agent's, as its own code throwing.
    expect(trajectory.error).toMatchObject({ culprit: 'agent', kind: 'agent-threw' })
    expect(trajectory.error?.message).toBe(
      "the agent's code threw TypeError: vitest-toolcheck/openai-agents: toolcheck cannot read which server the model agent:phone calls, so its recorded replies could be replayed for another server; pass `endpoint: '<the base URL it calls>'`, or `cache: false`",
    )
  })
})
