import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { generateText, stepCountIs, streamText } from 'ai'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { aiSdkAgent, aiSdkMessages, aiSdkTools, aiSdkTurn } from '../../src/adapters/ai-sdk/index.ts'
import { ModelCache } from '../../src/cache/index.ts'
import type { ChatRequest } from '../../src/roles/endpoint/chat-request.ts'
import { referenceAgent, turnAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { evaluateAgainst } from '../../src/vitest/evaluate-run.ts'
import type { ScriptedServer } from './scripted-server.ts'
import { expectEveryScenarioAsReference, expectVariantsScoreOne, FAKE_KEY, recorded, startScriptedServer } from './scripted-server.ts'

let scripted: ScriptedServer
let directory = ''
beforeAll(async () => {
  scripted = await startScriptedServer()
  directory = await mkdtemp(join(tmpdir(), 'toolcheck-ai-sdk-'))
})
afterAll(async () => {
  await scripted.server.close()
  await rm(directory, { recursive: true, force: true })
})

/** The AI SDK's OpenAI-compatible provider pointed at the local server. */
const provider = () => createOpenAICompatible({ name: 'local', baseURL: scripted.server.baseURL, apiKey: FAKE_KEY })
const agentFor = (model: string, extra: Partial<Parameters<typeof aiSdkAgent>[0]> = {}) => aiSdkAgent({ model: provider()(model), cache: false, ...extra })
const requestsOf = (from: number) => scripted.server.requests.slice(from).map((request) => request.body as ChatRequest)

describe('aiSdkAgent plays the built-in scenarios through the AI SDK and the OpenAI-compatible provider', () => {
  test('every built-in scenario, plain: scores 1 and records exactly what the reference agent records', async () => {
    const before = scripted.server.chatRequestCount
    const outcomes = await expectEveryScenarioAsReference((model) => agentFor(model))
    // Every model call went over HTTP to the local server and was counted in the runs' usage.
    expect(outcomes.reduce((sum, outcome) => sum + outcome.trajectory.usage.calls, 0)).toBe(scripted.server.chatRequestCount - before)
  })

  test('a sample under all eight ToolSandbox variants scores 1: scrambled names, descriptions, argument types, distraction tools', async () => {
    const outcomes = await expectVariantsScoreOne(scripted, (index) => index % 19 === 0, (model) => agentFor(model))
    // Under scrambled names the model called the scrambled names, and the run mapped them back.
    const scrambled = outcomes.find(({ name, trajectory }) => name.includes('tool names scrambled') && trajectory.traces.length > 0)!
    const call = scrambled.trajectory.messages.find((message) => message.toolCalls !== undefined)!.toolCalls![0]!
    expect(call.name).not.toBe(scrambled.trajectory.traces[0]!.tool)
  })

  test('a parallel step of the AI SDK is recorded as one parallel message, and the model saw both results', async () => {
    const [scenario] = builtInScenarios({ ids: ['send-same-message-to-two-contacts'] })
    const before = scripted.server.requests.length
    const trajectory = await runScenario(scenario!, { agent: agentFor(scenario!.id) })
    const reference = await runScenario(scenario!, { agent: referenceAgent() })
    const parallelOf = (played: typeof trajectory) => played.messages.filter((message) => message.sender === 'agent' && (message.toolCalls?.length ?? 0) > 1)
    expect(parallelOf(trajectory).length).toBeGreaterThan(0)
    expect(parallelOf(trajectory)).toEqual(parallelOf(reference))
    expect(trajectory.turns).toBe(reference.turns)
    const next = requestsOf(before).find((body) => body.messages.some((message) => message.role === 'assistant' && (message.tool_calls?.length ?? 0) > 1))
    expect(next?.messages.filter((message) => message.role === 'tool')).toHaveLength(2)
  })

  test('a cached re-run makes no HTTP request and gives the same trajectory; no key is written; another trial is another key', async () => {
    const scenarios = builtInScenarios({ ids: ['send-message-to-priya-low-battery', 'send-same-message-to-two-contacts', 'change-number-of-sam'] })
    const play = (mode: 'auto' | 'replay', trial = 0) =>
      Promise.all(scenarios.map((scenario) => runScenario(scenario, { agent: agentFor(scenario.id, { cache: new ModelCache({ directory, mode }) }), trial })))
    const before = scripted.server.requests.length
    const first = await play('auto')
    const made = scripted.server.requests.length - before
    expect(made).toBeGreaterThan(6)
    expect(scripted.server.requests.slice(before).every((request) => request.authorized)).toBe(true)
    const again = await play('replay')
    expect(scripted.server.requests.length - before).toBe(made)
    expect(again.map(recorded)).toEqual(first.map(recorded))
    expect(again.every((trajectory) => trajectory.usage.cachedCalls === trajectory.usage.calls && trajectory.usage.calls > 0)).toBe(true)
    const files = await readdir(directory)
    expect(files).toHaveLength(made)
    for (const file of files) {
      const text = (await readFile(join(directory, file), 'utf8')).toLowerCase()
      expect(text).not.toContain(FAKE_KEY)
      expect(text).not.toContain('authorization')
      expect(text).not.toContain('bearer')
    }
    const otherTrial = await play('replay', 1)
    expect(otherTrial.every((trajectory) => trajectory.status === 'error' && trajectory.error?.kind === 'cache-miss')).toBe(true)
    expect(scripted.server.requests.length - before).toBe(made)
  })
})

describe('aiSdkAgent keeps the user options and stops when the run says so', () => {
  const [wifi] = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })

  test('instructions, stopWhen and prepareStep are the user’s: one step only, then the turn ends without text', async () => {
    const before = scripted.server.requests.length
    let prepared = 0
    const agent = agentFor(wifi!.id, {
      instructions: 'You are the phone assistant of the test.',
      stopWhen: stepCountIs(1),
      prepareStep: () => {
        prepared++
        return {}
      },
    })
    const trajectory = await runScenario(wifi!, { agent, maxTurns: 3 })
    const first = requestsOf(before)[0]!
    expect(first.messages[0]).toEqual({ role: 'system', content: 'You are the phone assistant of the test.' })
    expect(prepared).toBeGreaterThan(0)
    // The model received the user's instructions, and the run says so where the call was made. The
    // first step made a call; stopWhen ended the loop there, so the agent told the user nothing.
    expect(trajectory.messages.slice(3, 7).map((message) => `${message.sender}>${message.recipient}:${message.content}`)).toEqual([
      'system>agent:You are the phone assistant of the test.',
      'agent>environment:',
      expect.stringMatching(/^environment>agent:/),
      'agent>user:',
    ])
  })

  test('the message budget aborts the AI SDK loop: the run ends at max-turns without more model calls', async () => {
    const looping = await startScriptedLoop()
    try {
      const agent = aiSdkAgent({ model: createOpenAICompatible({ name: 'loop', baseURL: looping.baseURL, apiKey: FAKE_KEY })('loop'), cache: false })
      const trajectory = await runScenario(wifi!, { agent, maxTurns: 6 })
      expect(trajectory.status).toBe('max-turns')
      expect(trajectory.traces).toHaveLength(3)
      // Three steps made three calls; the fourth model call was never sent (or aborted before it was answered).
      expect(looping.chatRequestCount).toBeLessThanOrEqual(4)
    } finally {
      await looping.close()
    }
  })

  test('HTTP failures are infrastructure errors of the right kind, never agent failures', async () => {
    const { startMockServer } = await import('../../src/mock-server/index.ts')
    for (const [fault, kind] of [
      [{ fault: 'server-error' as const }, 'server-error'],
      [{ fault: 'rate-limit' as const }, 'rate-limit'],
      [{ status: 401, body: { error: { message: 'bad key' } } }, 'auth'],
      [{ status: 400, body: { error: { message: 'bad request' } } }, 'request-rejected'],
      [{ fault: 'malformed-body' as const }, 'malformed-reply'],
    ] as const) {
      const failing = await startMockServer({ respond: () => fault })
      try {
        const agent = aiSdkAgent({ model: createOpenAICompatible({ name: 'failing', baseURL: failing.baseURL, apiKey: FAKE_KEY })('m'), cache: false, limits: { retries: 0 } })
        const trajectory = await runScenario(wifi!, { agent })
        expect.soft(trajectory.status, kind).toBe('error')
        expect.soft(trajectory.error, kind).toMatchObject({ kind, role: 'agent' })
        expect.soft(JSON.stringify(trajectory), kind).not.toContain(FAKE_KEY)
      } finally {
        await failing.close()
      }
    }
  })

  test('a model id given as text is refused with a message that says what to pass', () => {
    expect(() => aiSdkAgent({ model: 'openai/gpt-4o' as never })).toThrow(/needs a model object such as createOpenAICompatible/)
  })
})

describe('your own AI SDK loop, wrapped unchanged', () => {
  test('generateText with aiSdkTools and aiSdkMessages records what aiSdkAgent records', async () => {
    const [scenario] = builtInScenarios({ ids: ['send-message-to-priya-low-battery'] })
    const mine = turnAgent('my-generate-text-loop', async (turn) => {
      const result = await generateText({
        model: provider()(scenario!.id),
        instructions: turn.systemPrompt,
        messages: aiSdkMessages(turn.messages),
        tools: await aiSdkTools(turn),
        stopWhen: stepCountIs(10),
        abortSignal: turn.signal,
        maxRetries: 0,
      })
      return result.text
    })
    const wrapped = await runScenario(scenario!, { agent: mine })
    expect(recorded(wrapped)).toEqual(recorded(await runScenario(scenario!, { agent: agentFor(scenario!.id) })))
  })

  test('streamText with aiSdkTurn plays the scenario and replays from cassettes without HTTP', async () => {
    const [scenario] = builtInScenarios({ ids: ['change-number-of-sam'] })
    const streaming = (mode: 'auto' | 'replay') =>
      turnAgent('my-stream-text-loop', async (turn, context) => {
        const settings = await aiSdkTurn(turn, context, { model: provider()(scenario!.id), cache: new ModelCache({ directory: join(directory, 'stream'), mode }) })
        const result = streamText({ ...settings, instructions: turn.systemPrompt, stopWhen: stepCountIs(10) })
        return await result.text
      })
    const before = scripted.server.requests.length
    const live = await runScenario(scenario!, { agent: streaming('auto') })
    expect((await evaluateAgainst(live, scenario!)).score).toBe(1)
    const made = scripted.server.requests.length - before
    const replayed = await runScenario(scenario!, { agent: streaming('replay') })
    expect(scripted.server.requests.length - before).toBe(made)
    expect(recorded(replayed)).toEqual(recorded(live))
    expect(replayed.usage.cachedCalls).toBe(made)
  })
})

/** A local server whose model calls `get_wifi_status` forever. */
async function startScriptedLoop() {
  const { startMockServer } = await import('../../src/mock-server/index.ts')
  return startMockServer({ respond: () => ({ toolCalls: [{ name: 'get_wifi_status', arguments: {} }] }) })
}
