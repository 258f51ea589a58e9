import { Agent, tool } from '@openai/agents'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openaiAgentsAgent, OwnToolClashError } from '../../src/adapters/openai-agents/index.ts'
import type { MockServer } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { evaluateAgainst } from '../../src/vitest/evaluate-run.ts'
import { handoffReplies, handoffScenario } from './recording-scenario.ts'
import { FAKE_KEY } from './scripted-server.ts'

// The model of the test: a handoff, then the agent's own tool beside the world's, then a name no tool has.
let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ respond: handoffReplies })
})
afterAll(() => server.close())

const forecastTool = (name: string) =>
  tool({
    name,
    description: 'The weather forecast for a city (the agent’s own tool, outside the world).',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false } as never,
    strict: false,
    execute: async (input: unknown) => ({ city: (input as { city: string }).city, forecast: 'sunny' }),
  })
const checkForecast = forecastTool('check_forecast')
const client = () => ({ client: new OpenAI({ baseURL: server.baseURL, apiKey: FAKE_KEY }), api: 'chat-completions' as const })

describe('openaiAgentsAgent records every call the agent made, and what each model call received', () => {
  test('the handoff, its own tool, the world’s tool, an unknown name and each agent’s instructions are in the trajectory, and milestones and minefields see them', async () => {
    const agent = openaiAgentsAgent({
      agent: ({ tools }) => {
        const phone = new Agent({ name: 'phone', instructions: 'You operate the phone.', model: 'm', tools: [checkForecast, ...tools] })
        return new Agent({ name: 'triage', instructions: 'Hand phone tasks to the phone agent.', model: 'm', handoffs: [phone] })
      },
      ...client(),
      cache: false,
    })
    expect(agent.name).toBe('openai-agents:triage')
    const trajectory = await runScenario(handoffScenario, { agent })
    expect(trajectory.status).toBe('completed')
    expect(trajectory.traces).toEqual([
      { callId: expect.any(String), tool: 'transfer_to_phone', arguments: {}, result: { assistant: 'phone' }, outside: { kind: 'handoff', from: 'triage', to: 'phone' } },
      { callId: 'world-1', tool: 'set_wifi_status', arguments: { on: true }, result: null },
      { callId: 'own-1', tool: 'check_forecast', arguments: { city: 'Cupertino' }, result: { city: 'Cupertino', forecast: 'sunny' }, outside: { kind: 'tool' } },
      { callId: 'hallucinated-1', tool: 'set_wifi_power', arguments: { on: true }, error: { kind: 'UnknownToolError', message: expect.stringContaining('did you mean `set_wifi_status`?') } },
    ])
    // The own tool ran in the same step as the world's: one parallel message.
    expect(trajectory.messages.find((message) => message.toolCalls?.some((call) => call.id === 'own-1'))?.toolCalls?.map((call) => call.id)).toEqual(['world-1', 'own-1'])
    expect(trajectory.messages.filter((message) => message.sender === 'system' && message.recipient === 'agent').map((message) => message.content).slice(1)).toEqual([
      'Hand phone tasks to the phone agent.',
      'You operate the phone.',
    ])
    const evaluation = await evaluateAgainst(trajectory, handoffScenario)
    expect(evaluation.milestones.map((milestone) => [milestone.name, milestone.similarity])).toEqual([
      ['handed over to the phone agent', 1],
      ['checked the forecast with its own tool', 1],
      ['turned Wi-Fi on', 1],
    ])
    expect(evaluation.minefields.map((minefield) => [minefield.name, minefield.similarity])).toEqual([['called a tool that does not exist', 1]])
  })

  test('a call the framework refused (an Agents SDK handoff target without tools) never runs in the world and is recorded as refused', async () => {
    const agent = openaiAgentsAgent({
      agent: () => {
        // The phone agent was not given the world's tools: the SDK refuses its set_wifi_status.
        const phone = new Agent({ name: 'phone', instructions: 'You operate the phone.', model: 'm', tools: [checkForecast] })
        return new Agent({ name: 'triage', instructions: 'Hand phone tasks to the phone agent.', model: 'm', handoffs: [phone] })
      },
      ...client(),
      cache: false,
    })
    const trajectory = await runScenario(handoffScenario, { agent })
    expect(trajectory.traces.find((trace) => trace.callId === 'world-1')).toEqual({
      callId: 'world-1',
      tool: 'set_wifi_status',
      arguments: { on: true },
      error: { kind: 'ModelBehaviorError', message: expect.stringContaining('was not given set_wifi_status') },
      outside: { kind: 'refused' },
    })
    // Wi-Fi stayed off: the call never reached the world.
    expect(trajectory.snapshots).toHaveLength(1)
  })

  test('an Agents SDK own tool that throws is recorded as a failure, not a success', async () => {
    const failingOptions = {
      name: 'check_forecast',
      description: 'The weather forecast for a city (the agent’s own tool, outside the world).',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false } as never,
      strict: false,
      execute: async () => Promise.reject(new RangeError('the forecast service is down')),
    }
    const agentWith = (own: ReturnType<typeof tool>) =>
      openaiAgentsAgent({
        agent: ({ tools }) => {
          const phone = new Agent({ name: 'phone', instructions: 'You operate the phone.', model: 'm', tools: [own, ...tools] })
          return new Agent({ name: 'triage', instructions: 'Hand phone tasks to the phone agent.', model: 'm', handoffs: [phone] })
        },
        ...client(),
        cache: false,
      })
    const trajectory = await runScenario(handoffScenario, { agent: agentWith(tool(failingOptions)) })
    expect(trajectory.traces.find((trace) => trace.callId === 'own-1')).toEqual({
      callId: 'own-1',
      tool: 'check_forecast',
      arguments: { city: 'Cupertino' },
      error: { kind: 'Error', message: 'the tool threw, and the SDK handed the model "An error occurred while running the tool. Please try again." instead' },
      outside: { kind: 'tool' },
    })
    // With an errorFunction of its own, the SDK gives the error itself.
    const explained = tool({ ...failingOptions, errorFunction: (_context, error) => `the forecast failed: ${String(error)}` })
    const withOwnText = await runScenario(handoffScenario, { agent: agentWith(explained) })
    expect(withOwnText.traces.find((trace) => trace.callId === 'own-1')?.error).toEqual({ kind: 'RangeError', message: 'the forecast service is down' })
    // A tool that succeeds beside it is still recorded with its result.
    const fine = await runScenario(handoffScenario, { agent: agentWith(checkForecast) })
    expect(fine.traces.find((trace) => trace.callId === 'own-1')).toMatchObject({ result: { city: 'Cupertino', forecast: 'sunny' } })
  })

  test('an own tool named like a scenario tool is refused, with the error every adapter gives', async () => {
    const shadow = forecastTool('set_wifi_status')
    const agent = openaiAgentsAgent({ agent: new Agent({ name: 'phone', model: 'm', tools: [shadow] }), ...client(), cache: false })
    const trajectory = await runScenario(handoffScenario, { agent })
    expect(trajectory.error).toMatchObject({ culprit: 'agent', kind: 'agent-threw' })
    expect(trajectory.error?.message).toBe(`the agent's code threw OwnToolClashError: ${new OwnToolClashError('vitest-toolcheck/openai-agents', ['set_wifi_status']).message}`)
  })
})
