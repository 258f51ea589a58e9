import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { Agent, tool as agentsTool } from '@openai/agents'
import { generateText, stepCountIs } from 'ai'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { aiSdkAgent, aiSdkTurn } from '../../src/adapters/ai-sdk/index.ts'
import { mcpAgent } from '../../src/adapters/mcp/index.ts'
import { openaiAgentsAgent } from '../../src/adapters/openai-agents/index.ts'
import type { Trajectory } from '../../src/conversation/index.ts'
import type { MockServer } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import type { AnyAgent } from '../../src/roles/index.ts'
import { scriptedUser, turnAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { tagScenario } from '../run/shop-domain.ts'
import { FAKE_KEY } from './scripted-server.ts'

// Whose code ended a run, through each adapter: a model server that fails is the
// infrastructure's; a world tool's bug is the domain's, even when the agent's framework called
// it; the user's own code around the framework, or an own tool whose error the framework raises,
// is the agent's. The shop's count_stock reads a column that does not exist.

/** The model: it calls count_stock (list_items as the model `lister`) on the first step, then says it is done. */
let shop: MockServer
/** A server that answers every request with HTTP 500. */
let down: MockServer
beforeAll(async () => {
  shop = await startMockServer({
    respond: ({ body }) => {
      const tool = body.tools?.some((offered) => offered.function.name === 'check_forecast') === true ? 'check_forecast' : body.model === 'lister' ? 'list_items' : 'count_stock'
      return body.messages.some((message) => message.role === 'tool') ? { content: 'Done.' } : { toolCalls: [{ name: tool, arguments: tool === 'list_items' ? {} : { item_id: 'i-1' }, id: 'call-1' }] }
    },
  })
  down = await startMockServer({ respond: () => ({ fault: 'server-error' }) })
})
afterAll(() => Promise.all([shop.close(), down.close()]))

const quick = { retries: 0, backoffBaseMs: 1, backoffMaxMs: 2, breakerFailures: 0 }
const play = (agent: AnyAgent): Promise<Trajectory> => runScenario(tagScenario, { agent, user: scriptedUser([{ end: true }]) })
const aiSdkModel = (server: MockServer, model = 'shop-model') => createOpenAICompatible({ name: 'local', baseURL: server.baseURL, apiKey: FAKE_KEY })(model)
const agentsClient = (server: MockServer) => ({ client: new OpenAI({ baseURL: server.baseURL, apiKey: FAKE_KEY }), api: 'chat-completions' as const })

/** What a domain error through any adapter says: count_stock, its arguments, and a stack in the shop's code. */
function expectCountStockBug(trajectory: Trajectory): void {
  expect(trajectory.error).toMatchObject({ culprit: 'domain', kind: 'tool-threw', role: 'agent', tool: 'count_stock', arguments: { item_id: 'i-1' } })
  expect(trajectory.error?.message).toBe("the tool count_stock threw TypeError: Cannot read properties of undefined (reading 'total')")
  expect(trajectory.error?.stack).toMatch(/\n {4}at .*shop-domain\.ts:\d+:\d+/)
  // The call is recorded, as the agent read it.
  expect(trajectory.traces).toEqual([{ callId: 'call-1', tool: 'count_stock', arguments: { item_id: 'i-1' }, error: { kind: 'RuntimeError', message: expect.stringContaining('the tool count_stock failed') } }])
}

describe('through the AI SDK adapter', () => {
  test('model server fails through an adapter: the infrastructure', async () => {
    const trajectory = await play(aiSdkAgent({ model: aiSdkModel(down), cache: false, limits: quick }))
    expect(trajectory.error).toMatchObject({ culprit: 'infrastructure', kind: 'server-error', role: 'agent' })
  })

  test("world tool breaks through an adapter: the domain, and the SDK's loop is stopped", async () => {
    const trajectory = await play(aiSdkAgent({ model: aiSdkModel(shop), cache: false, limits: quick }))
    expectCountStockBug(trajectory)
    // No model call after the broken tool: the SDK's loop was stopped with the turn.
    expect(trajectory.messages.filter((message) => message.sender === 'agent' && message.recipient === 'user')).toEqual([])
  })

  test('agent code around an adapter throws: the agent, with its stack (your code around generateText)', async () => {
    const mine = turnAgent('my-loop', async (turn, context) => {
      const result = await generateText({ ...(await aiSdkTurn(turn, context, { model: aiSdkModel(shop, 'lister'), cache: false, limits: quick })), stopWhen: stepCountIs(1) })
      // A bug of the agent's own: a step it did not take.
      return (result.steps[3] as unknown as { text: string }).text
    })
    const trajectory = await play(mine)
    expect(trajectory.error).toMatchObject({ culprit: 'agent', kind: 'agent-threw', role: 'agent' })
    expect(trajectory.error?.message).toBe("the agent's code threw TypeError: Cannot read properties of undefined (reading 'text')")
    expect(trajectory.error?.stack).toMatch(/\n {4}at .*culprits\.test\.ts:\d+:\d+/)
  })
})

describe('through the OpenAI Agents SDK adapter', () => {
  test('model server fails through an adapter: the infrastructure', async () => {
    const trajectory = await play(openaiAgentsAgent({ agent: new Agent({ name: 'shop', model: 'm' }), ...agentsClient(down), cache: false, limits: quick }))
    expect(trajectory.error).toMatchObject({ culprit: 'infrastructure', kind: 'server-error', role: 'agent' })
  })

  test("world tool breaks through an adapter: the domain, and the SDK's run is stopped", async () => {
    const trajectory = await play(openaiAgentsAgent({ agent: new Agent({ name: 'shop', model: 'm' }), ...agentsClient(shop), cache: false, limits: quick }))
    expectCountStockBug(trajectory)
  })

  test('own framework tool raises its error: the agent (an Agents SDK tool with errorFunction: null)', async () => {
    const forecast = agentsTool({
      name: 'check_forecast',
      description: 'The forecast (the agent’s own tool).',
      parameters: { type: 'object', properties: { item_id: { type: 'string' } }, required: ['item_id'], additionalProperties: false } as never,
      strict: false,
      errorFunction: null,
      execute: async () => Promise.reject(new RangeError('the forecast service is down')),
    })
    const trajectory = await play(openaiAgentsAgent({ agent: new Agent({ name: 'shop', model: 'm', tools: [forecast] }), ...agentsClient(shop), cache: false, limits: quick }))
    expect(trajectory.error).toMatchObject({ culprit: 'agent', kind: 'agent-threw', role: 'agent' })
    expect(trajectory.error?.message).toContain('the forecast service is down')
  })
})

describe('through the MCP adapter', () => {
  /** An agent whose client calls count_stock over MCP, then says it is done. */
  const viaMcp = () =>
    mcpAgent({
      name: 'mcp-shop',
      transports: ['http'],
      async runTurn({ mcp }) {
        const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
        const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js')
        const client = new Client({ name: 'shop-client', version: '1.0.0' })
        try {
          await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url!)))
          await client.callTool({ name: 'count_stock', arguments: { item_id: 'i-1' }, _meta: { 'toolcheck/callId': 'call-1' } })
          return 'Done.'
        } finally {
          await client.close()
        }
      },
    })

  test('world tool breaks through an adapter: the domain, whatever the agent does next', async () => {
    expectCountStockBug(await play(viaMcp()))
  })

  test('agent code around an adapter throws: the agent (your runTurn)', async () => {
    const trajectory = await play(
      mcpAgent({
        name: 'mcp-shop',
        transports: ['http'],
        runTurn: async () => Promise.reject(new Error('the agent process exited with code 1')),
      }),
    )
    expect(trajectory.error).toMatchObject({ culprit: 'agent', kind: 'agent-threw', message: "the agent's code threw Error: the agent process exited with code 1" })
  })
})
