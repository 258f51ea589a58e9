import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { LoadAPIKeyError, stepCountIs, streamText } from 'ai'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { aiSdkAgent, aiSdkTurn } from '../../src/adapters/ai-sdk/index.ts'
import { ModelCache } from '../../src/cache/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import { turnAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import type { ScriptedServer } from './scripted-server.ts'
import { FAKE_KEY, inBatches, recorded, startScriptedServer } from './scripted-server.ts'

let scripted: ScriptedServer
let directory = ''
beforeAll(async () => {
  scripted = await startScriptedServer()
  directory = await mkdtemp(join(tmpdir(), 'toolcheck-ai-sdk-limits-'))
})
afterAll(async () => {
  await scripted.server.close()
  await rm(directory, { recursive: true, force: true })
})

const modelAt = (baseURL: string, model: string) => createOpenAICompatible({ name: 'local', baseURL, apiKey: FAKE_KEY })(model)
const [wifi] = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })
/** Short waits, so that a failing server costs milliseconds. */
const quick = { retries: 1, backoffBaseMs: 1, backoffMaxMs: 2, breakerFailures: 3, breakerCoolDownMs: 600_000 }

describe('the endpoint limits apply to the model calls the AI SDK makes', () => {
  test('against an always-500 server, 30 built-in scenarios all end as error: the first calls use up their retries, the breaker cuts the rest', async () => {
    const failing = await startMockServer({ respond: () => ({ fault: 'server-error' }) })
    try {
      const scenarios = builtInScenarios().slice(0, 30)
      const runs = await inBatches(scenarios, 6, (scenario) => runScenario(scenario, { agent: aiSdkAgent({ model: modelAt(failing.baseURL, 'm'), cache: false, limits: quick }) }))
      expect(runs.map((run) => run.status)).toEqual(scenarios.map(() => 'error'))
      const kinds = runs.map((run) => run.error?.kind)
      expect(new Set(kinds)).toEqual(new Set(['server-error', 'circuit-open']))
      expect(kinds.filter((kind) => kind === 'circuit-open').length).toBeGreaterThanOrEqual(24)
      // Two attempts for each call that failed before the breaker opened (at most a batch of them), none after.
      expect(failing.chatRequestCount).toBeLessThanOrEqual(2 * 6)
    } finally {
      await failing.close()
    }
  })

  test('a server that never answers: each attempt ends at the time limit as a timeout, through generateText and streamText', async () => {
    const hanging = await startMockServer({ respond: () => ({ fault: 'hang' }) })
    try {
      const limits = { retries: 1, backoffBaseMs: 1, backoffMaxMs: 2, timeoutMs: 100, breakerFailures: 0 }
      const generating = await runScenario(wifi!, { agent: aiSdkAgent({ model: modelAt(hanging.baseURL, 'm'), cache: false, limits }) })
      expect(generating.status).toBe('error')
      expect(generating.error).toMatchObject({ kind: 'timeout', role: 'agent' })
      expect(generating.error?.message).toContain('failed after 2 attempts: no complete reply within 100 ms')
      const streaming = turnAgent('my-stream-loop', async (turn, context) => {
        const result = streamText({ ...(await aiSdkTurn(turn, context, { model: modelAt(hanging.baseURL, 'm'), cache: false, limits })), stopWhen: stepCountIs(5) })
        return await result.text
      })
      const streamed = await runScenario(wifi!, { agent: streaming })
      expect(streamed.error).toMatchObject({ kind: 'timeout' })
      // No attempt beyond the retries: at most four whole requests reached the server (on a
      // loaded machine an attempt may time out before all of its request has left).
      expect(hanging.chatRequestCount).toBeLessThanOrEqual(4)
    } finally {
      await hanging.close()
    }
  })

  test('maxRetries is the number of toolcheck’s retries, in place of the SDK’s own', async () => {
    const failing = await startMockServer({ respond: () => ({ fault: 'server-error' }) })
    try {
      const trajectory = await runScenario(wifi!, { agent: aiSdkAgent({ model: modelAt(failing.baseURL, 'm'), cache: false, maxRetries: 2, limits: { backoffBaseMs: 1, backoffMaxMs: 2, breakerFailures: 0 } }) })
      expect(trajectory.error?.message).toContain('failed after 3 attempts')
      expect(failing.chatRequestCount).toBe(3)
    } finally {
      await failing.close()
    }
  })
})

describe('errors name their cause', () => {
  test('a provider without its API key is auth, neither retried nor counted against the server', async () => {
    let calls = 0
    const keyless = {
      specificationVersion: 'v4',
      provider: 'keyless',
      modelId: 'm',
      supportedUrls: {},
      config: { url: ({ path }: { path: string }) => `http://127.0.0.1:9/v1${path}` },
      doGenerate: () => {
        calls++
        throw new LoadAPIKeyError({ message: 'API key is missing. Pass it using the apiKey parameter or the KEYLESS_API_KEY environment variable.' })
      },
      doStream: () => Promise.reject(new Error('unused')),
    } as never
    const trajectory = await runScenario(wifi!, { agent: aiSdkAgent({ model: keyless, cache: false, limits: quick }) })
    expect(trajectory.error).toMatchObject({ kind: 'auth', role: 'agent' })
    expect(trajectory.error?.message).toContain('KEYLESS_API_KEY')
    expect(calls).toBe(1)
  })
})

describe('the cache key names the server the model calls', () => {
  test('under replay no request is made; the same model at another server is a miss, never a replay', async () => {
    const cache = (mode: 'auto' | 'replay') => new ModelCache({ directory, mode })
    const play = (baseURL: string, mode: 'auto' | 'replay') => runScenario(wifi!, { agent: aiSdkAgent({ model: modelAt(baseURL, wifi!.id), cache: cache(mode) }) })
    const live = await play(scripted.server.baseURL, 'auto')
    expect(live.status).toBe('completed')
    const made = scripted.server.chatRequestCount
    const replayed = await play(scripted.server.baseURL, 'replay')
    expect(scripted.server.chatRequestCount).toBe(made)
    expect(recorded(replayed)).toEqual(recorded(live))
    const other = await startScriptedServer()
    try {
      const elsewhere = await play(other.server.baseURL, 'replay')
      expect(elsewhere.error).toMatchObject({ kind: 'cache-miss' })
      expect(elsewhere.error?.message).toContain(`at ${other.server.url} (trial 0) to 2 messages (system, user), the last from user: "${wifi!.firstMessage}"`)
      expect(other.server.chatRequestCount + scripted.server.chatRequestCount - made).toBe(0)
    } finally {
      await other.server.close()
    }
  })

  test('a model whose server cannot be read needs `endpoint` when calls are cached, and the agent says so when it is made', () => {
    const inProcess = { specificationVersion: 'v4', provider: 'in-process', modelId: 'm', supportedUrls: {}, doGenerate: () => Promise.reject(new Error('unused')), doStream: () => Promise.reject(new Error('unused')) } as never
    expect(() => aiSdkAgent({ model: inProcess, cache: new ModelCache({ directory, mode: 'auto' }) })).toThrow(
      "vitest-toolcheck/ai-sdk: toolcheck cannot read which server the model in-process/m calls, so its recorded replies could be replayed for another server; pass `endpoint: '<the base URL it calls>'`, or `cache: false`",
    )
    expect(() => aiSdkAgent({ model: inProcess, cache: new ModelCache({ directory, mode: 'auto' }), endpoint: 'http://127.0.0.1:1/v1' })).not.toThrow()
    expect(() => aiSdkAgent({ model: inProcess, cache: false })).not.toThrow()
  })
})
