import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { generateText, jsonSchema, stepCountIs, tool } from 'ai'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { aiSdkAgent, aiSdkTurn, OwnToolClashError } from '../../src/adapters/ai-sdk/index.ts'
import type { MockServer } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import type { ChatRequest } from '../../src/roles/endpoint/chat-request.ts'
import { turnAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { evaluateAgainst } from '../../src/vitest/evaluate-run.ts'
import { FAKE_KEY } from './scripted-server.ts'
import { forecastScenario, stepOf } from './recording-scenario.ts'

/**
 * The model of the test: it first calls the agent's own `check_forecast` tool and a tool that
 * does not exist (`set_wifi_power`) in one step, then the world's `set_wifi_status`, then answers.
 */
let server: MockServer
beforeAll(async () => {
  server = await startMockServer({
    respond: ({ body }) => {
      const step = stepOf(body)
      if (step === 0) return { toolCalls: [{ name: 'check_forecast', arguments: { city: 'Cupertino' }, id: 'own-1' }, { name: 'set_wifi_power', arguments: { on: true }, id: 'hallucinated-1' }] }
      if (step === 1) return { toolCalls: [{ name: 'set_wifi_status', arguments: { on: true }, id: 'world-1' }] }
      return { content: 'Wi-Fi is on, and it will be sunny in Cupertino.' }
    },
  })
})
afterAll(() => server.close())

const model = () => createOpenAICompatible({ name: 'local', baseURL: server.baseURL, apiKey: FAKE_KEY })('forecaster')
const checkForecast = tool({
  description: 'The weather forecast for a city (the agent’s own tool, outside the world).',
  inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
  execute: async ({ city }) => ({ city, forecast: 'sunny' }),
})
const instructions = 'You are the phone assistant of the forecast test.'

describe('aiSdkAgent records every call the agent made, and what each model call received', () => {
  test('its own tool, an unknown tool name, the world’s tool and the instructions are in the trajectory, and milestones and minefields see them', async () => {
    const before = server.requests.length
    const trajectory = await runScenario(forecastScenario, { agent: aiSdkAgent({ model: model(), cache: false, instructions, tools: { check_forecast: checkForecast } }) })
    expect(trajectory.status).toBe('completed')
    expect(trajectory.messages.filter((message) => message.sender === 'system' && message.recipient === 'agent').map((message) => message.content)).toEqual([trajectory.messages[0]!.content, instructions])
    expect(trajectory.traces).toEqual([
      { callId: 'own-1', tool: 'check_forecast', arguments: { city: 'Cupertino' }, result: { city: 'Cupertino', forecast: 'sunny' }, outside: { kind: 'tool' } },
      { callId: 'hallucinated-1', tool: 'set_wifi_power', arguments: { on: true }, error: { kind: 'UnknownToolError', message: expect.stringContaining('there is no tool named `set_wifi_power`; did you mean `set_wifi_status`?') } },
      { callId: 'world-1', tool: 'set_wifi_status', arguments: { on: true }, result: null },
    ])
    // The model read the own tool's result and the SDK's answer to the unknown name.
    const second = server.requests[before + 1]!.body as ChatRequest
    expect(second.messages.filter((message) => message.role === 'tool').map((message) => message.content)).toEqual([JSON.stringify({ city: 'Cupertino', forecast: 'sunny' }), expect.stringContaining('set_wifi_power')])
    const evaluation = await evaluateAgainst(trajectory, forecastScenario)
    expect(evaluation.milestones.map((milestone) => [milestone.name, milestone.similarity])).toEqual([
      ['checked the forecast with its own tool', 1],
      ['turned Wi-Fi on', 1],
    ])
    expect(evaluation.minefields.map((minefield) => [minefield.name, minefield.similarity])).toEqual([['called a tool that does not exist', 1]])
    expect(evaluation.score).toBe(0)
  })

  test('your own loop through aiSdkTurn records the same', async () => {
    const mine = turnAgent('my-generate-text-loop', async (turn, context) => {
      const result = await generateText({ ...(await aiSdkTurn(turn, context, { model: model(), cache: false, tools: { check_forecast: checkForecast } })), instructions, stopWhen: stepCountIs(10) })
      return result.text
    })
    const trajectory = await runScenario(forecastScenario, { agent: mine })
    const viaAgent = await runScenario(forecastScenario, { agent: aiSdkAgent({ model: model(), cache: false, instructions, tools: { check_forecast: checkForecast } }) })
    expect(trajectory.messages).toEqual(viaAgent.messages)
  })

  test('own tools passed to generateText beside ...aiSdkTurn() are recorded as those given to aiSdkTurn are', async () => {
    const beside = turnAgent('tools-beside', async (turn, context) => {
      const settings = await aiSdkTurn(turn, context, { model: model(), cache: false })
      const result = await generateText({ ...settings, tools: { ...settings.tools, check_forecast: checkForecast }, stopWhen: stepCountIs(10) })
      return result.text
    })
    const trajectory = await runScenario(forecastScenario, { agent: beside })
    // Recorded when its step ends, after the calls of the step toolcheck ran itself.
    expect(trajectory.traces).toEqual([
      { callId: 'hallucinated-1', tool: 'set_wifi_power', arguments: { on: true }, error: { kind: 'UnknownToolError', message: expect.stringContaining('there is no tool named `set_wifi_power`') } },
      { callId: 'own-1', tool: 'check_forecast', arguments: { city: 'Cupertino' }, result: { city: 'Cupertino', forecast: 'sunny' }, outside: { kind: 'tool' } },
      { callId: 'world-1', tool: 'set_wifi_status', arguments: { on: true }, result: null },
    ])
    expect((await evaluateAgainst(trajectory, forecastScenario)).milestones.map((milestone) => milestone.similarity)).toEqual([1, 1])
    const failing = tool({ ...checkForecast, execute: async () => Promise.reject(new RangeError('the forecast service is down')) })
    const throwing = turnAgent('failing-beside', async (turn, context) => {
      const settings = await aiSdkTurn(turn, context, { model: model(), cache: false })
      return (await generateText({ ...settings, tools: { ...settings.tools, check_forecast: failing }, stopWhen: stepCountIs(10) })).text
    })
    expect((await runScenario(forecastScenario, { agent: throwing })).traces[1]).toEqual({ callId: 'own-1', tool: 'check_forecast', arguments: { city: 'Cupertino' }, error: { kind: 'RangeError', message: 'the forecast service is down' }, outside: { kind: 'tool' } })
  })

  test('an own tool that throws is recorded as a failed call, and the SDK hands the error to the model as it would in production', async () => {
    const failing = tool({ ...checkForecast, execute: async () => Promise.reject(new RangeError('the forecast service is down')) })
    const trajectory = await runScenario(forecastScenario, { agent: aiSdkAgent({ model: model(), cache: false, tools: { check_forecast: failing } }) })
    expect(trajectory.status).toBe('completed')
    expect(trajectory.traces[0]).toEqual({ callId: 'own-1', tool: 'check_forecast', arguments: { city: 'Cupertino' }, error: { kind: 'RangeError', message: 'the forecast service is down' }, outside: { kind: 'tool' } })
  })

  test('a call the framework refused (AI SDK activeTools) never runs in the world and is recorded as refused', async () => {
    const mine = turnAgent('only-the-forecast', async (turn, context) => {
      const result = await generateText({ ...(await aiSdkTurn(turn, context, { model: model(), cache: false, tools: { check_forecast: checkForecast } })), activeTools: ['check_forecast'], stopWhen: stepCountIs(10) })
      return result.text
    })
    const trajectory = await runScenario(forecastScenario, { agent: mine })
    expect(trajectory.status).toBe('completed')
    expect(trajectory.traces[2]).toEqual({ callId: 'world-1', tool: 'set_wifi_status', arguments: { on: true }, error: { kind: 'AI_NoSuchToolError', message: expect.stringContaining('set_wifi_status') }, outside: { kind: 'refused' } })
    // Wi-Fi stayed off: the call never reached the world.
    expect(trajectory.snapshots).toHaveLength(1)
    const evaluation = await evaluateAgainst(trajectory, forecastScenario)
    expect(evaluation.milestones.map((milestone) => [milestone.name, milestone.similarity])).toEqual([
      ['checked the forecast with its own tool', 1],
      ['turned Wi-Fi on', expect.any(Number)],
    ])
    expect(evaluation.milestones[1]?.similarity).toBeLessThan(1)
  })

  test('an own tool named like a scenario tool is refused', async () => {
    const trajectory = await runScenario(forecastScenario, { agent: aiSdkAgent({ model: model(), cache: false, tools: { set_wifi_status: checkForecast } }) })
    // The agent as written cannot play: its own error, as any its code throws.
    expect(trajectory.error).toMatchObject({ culprit: 'agent', kind: 'agent-threw' })
    expect(trajectory.error?.message).toBe(`the agent's code threw OwnToolClashError: ${new OwnToolClashError('vitest-toolcheck/ai-sdk', ['set_wifi_status']).message}`)
  })
})
