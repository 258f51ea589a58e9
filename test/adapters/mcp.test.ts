import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { deviceDomain } from '../../scenarios/toolsandbox/index.ts'
import type { McpToolSet } from '../../src/adapters/mcp/index.ts'
import { connectMcpTools, serveTools } from '../../src/adapters/mcp/index.ts'
import { applyAugmentation, defineAugmentation } from '../../src/augmentation/index.ts'
import { defineDomain } from '../../src/domain/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import { referenceAgent, scriptedAgent, turnAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import { createRegistry } from '../../src/tools/index.ts'
import { evaluateAgainst } from '../../src/vitest/evaluate-run.ts'
import type { ChildAgent } from './child-agent.ts'
import { startChildAgent } from './child-agent.ts'
import type { ScriptedServer } from './scripted-server.ts'
import { expectEveryScenarioAsReference, expectVariantsScoreOne, playedOut, startScriptedServer } from './scripted-server.ts'

let scripted: ScriptedServer
let child: ChildAgent
beforeAll(async () => {
  scripted = await startScriptedServer()
  child = startChildAgent()
})
afterAll(async () => {
  await child.close()
  await scripted.server.close()
})

describe('an agent in another process reaches the tools through the MCP SDK’s real client', () => {
  test('over Streamable HTTP: every built-in scenario scores 1 and records exactly what the reference agent records, parallel messages included', async () => {
    await expectEveryScenarioAsReference((model) => child.agent(model, scripted.server.baseURL, 'http'))
  })

  // Over stdio every turn's client spawns a relay process: a sample keeps the suite fast (the
  // whole corpus takes about 7 s alone on two cores, three times that under a loaded suite).
  test('over stdio (the client spawns the relay command): every sixth built-in scenario scores 1 and records exactly what the reference agent records', async () => {
    await expectEveryScenarioAsReference((model) => child.agent(model, scripted.server.baseURL, 'stdio'), { limit: 12, pick: (index) => index % 6 === 1 })
  })

  test('under all eight ToolSandbox variants (a sample), over both transports', async () => {
    await expectVariantsScoreOne(scripted, (index) => index % 19 === 3, (model) => child.agent(model, scripted.server.baseURL, 'http'))
    await expectVariantsScoreOne(scripted, (index) => index % 76 === 11, (model) => child.agent(model, scripted.server.baseURL, 'stdio'))
  })

  test('the message budget stops the external agent: the run ends at max-turns and the child is told to stop', async () => {
    const looping = await startMockServer({ respond: () => ({ toolCalls: [{ name: 'get_wifi_status', arguments: {} }] }) })
    try {
      const [wifi] = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })
      const trajectory = await runScenario(wifi!, { agent: child.agent('loop', looping.baseURL, 'http'), maxTurns: 6 })
      expect(trajectory.status).toBe('max-turns')
      expect(trajectory.traces).toHaveLength(3)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(looping.chatRequestCount).toBeLessThanOrEqual(4)
    } finally {
      await looping.close()
    }
  })
})

describe('serveTools', () => {
  test('lists the presented tools (scrambled names, distraction tools) and answers calls with the text a model reads, errors flagged', async () => {
    const [scenario] = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })
    const presentation = applyAugmentation(scenario!, defineAugmentation({ distractionTools: 3, scrambledNames: 'all' }), deviceDomain.registry)
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js')
    let listed: string[] = []
    let answers: unknown[] = []
    const agent = turnAgent('in-process-mcp-client', async ({ tools }) => {
      const server = await serveTools(tools, { transports: ['http'] })
      const client = new Client({ name: 'test', version: '1.0.0' })
      try {
        await client.connect(new StreamableHTTPClientTransport(new URL(server.url!)))
        listed = (await client.listTools()).tools.map((tool) => tool.name)
        const lowBattery = tools.find((tool) => tool.spec.tool === 'set_low_battery_mode_status')!.spec.name
        const wifi = tools.find((tool) => tool.spec.tool === 'set_wifi_status')!.spec
        answers = [
          await client.callTool({ name: wifi.name, arguments: { [Object.keys(wifi.parameters.properties as object)[0]!]: true } }),
          await client.callTool({ name: lowBattery, arguments: { nonsense: 1 } }),
          await client.callTool({ name: 'set_wifi_status', arguments: { on: true } }),
        ]
        return 'done'
      } finally {
        await client.close()
        await server.close()
      }
    })
    const trajectory = await runScenario(scenario!, { agent, presentation })
    expect(listed.sort()).toEqual(presentation.tools.map((tool) => tool.name).sort())
    expect(listed).not.toContain('set_wifi_status')
    expect(answers[0]).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/^PermissionError: /) }] })
    expect(answers[1]).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/^ArgumentError: unknown argument `nonsense`/) }] })
    // A real name behind a scrambled one is not offered: the run never sees the call.
    expect(answers[2]).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/^UnknownToolError/) }] })
    expect(trajectory.traces.map((trace) => [trace.tool, trace.error?.kind])).toEqual([
      ['set_wifi_status', 'PermissionError'],
      ['set_low_battery_mode_status', 'ArgumentError'],
    ])
    expect(trajectory.messages.filter((message) => message.sender === 'environment' && message.recipient === 'agent').map((message) => message.content)).toEqual(
      (answers.slice(0, 2) as { content: { text: string }[] }[]).map((answer) => answer.content[0]!.text),
    )
  })
})

describe("an MCP client that never answers the server's ping", () => {
  test("an MCP client that never answers the server's ping gets a time limit and a message, not a call held forever", async () => {
    const [scenario] = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js')
    let refusal: unknown
    const agent = turnAgent('deaf-mcp-client', async ({ tools }) => {
      const server = await serveTools(tools, { transports: ['http'], pingTimeoutMs: 200 })
      const client = new Client({ name: 'deaf', version: '1.0.0' })
      const transport = new StreamableHTTPClientTransport(new URL(server.url!))
      try {
        await client.connect(transport)
        // The client reads the server's pings and never answers them.
        const dispatch = transport.onmessage
        transport.onmessage = (message) => {
          if ((message as { method?: string }).method !== 'ping') dispatch?.(message)
        }
        const wifi = tools.find((tool) => tool.spec.name === 'set_wifi_status')!.spec.name
        refusal = await client.callTool({ name: wifi, arguments: { on: true } }).catch((error: unknown) => error)
        return 'done'
      } finally {
        await client.close()
        await server.close()
      }
    })
    const trajectory = await runScenario(scenario!, { agent })
    expect(String(refusal)).toMatch(/the MCP client did not answer toolcheck's ping within 0\.2 s, so this tool call was refused: MCP requires every party to answer pings.*Answer pings \(the MCP SDKs' clients do\), or list a step's calls in _meta\["toolcheck\/parallel"\]/)
    // The call never ran.
    expect(trajectory.traces).toEqual([])
  })
})

describe('serveTools for a turn', () => {
  test('a name the turn does not offer is recorded as a failed call, as for any agent, and answered with the same text', async () => {
    const [scenario] = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js')
    let answer: unknown
    const agent = turnAgent('in-process-mcp-client', async (turn) => {
      const server = await serveTools(turn, { transports: ['http'] })
      const client = new Client({ name: 'test', version: '1.0.0' })
      try {
        await client.connect(new StreamableHTTPClientTransport(new URL(server.url!)))
        answer = await client.callTool({ name: 'set_wifi_power', arguments: { on: true }, _meta: { 'toolcheck/callId': 'made-up-1' } })
        return 'done'
      } finally {
        await client.close()
        await server.close()
      }
    })
    const trajectory = await runScenario(scenario!, { agent })
    expect(trajectory.traces).toEqual([{ callId: 'made-up-1', tool: 'set_wifi_power', arguments: { on: true }, error: { kind: 'UnknownToolError', message: expect.stringContaining('there is no tool named `set_wifi_power`; did you mean `set_wifi_status`') } }])
    expect(answer).toMatchObject({ isError: true, content: [{ type: 'text', text: trajectory.messages.find((message) => message.toolResult !== undefined)!.content }] })
  })
})

describe('an external MCP server’s tools as toolcheck tools', () => {
  let orders: McpToolSet
  beforeAll(async () => {
    orders = await connectMcpTools({ command: process.execPath, args: [fileURLToPath(new URL('./fixtures/orders-mcp-server.ts', import.meta.url))] })
  })
  afterAll(() => orders.close())

  test('are listed with their schemas, descriptions and read-only flags', () => {
    expect(orders.tools.map((tool) => [tool.name, tool.group, tool.action])).toEqual([
      ['lookup_order', 'orders', false],
      ['cancel_order', 'orders', true],
    ])
    const cancel = orders.tools[1]!
    expect(Object.keys(cancel.args.shape)).toEqual(['order_id', 'reason'])
    expect(cancel.args.shape.order_id!.description).toBe('the order_id argument of cancel_order')
  })

  test('tool-call milestones and minefields apply to calls against the user’s server', async () => {
    const desk = defineDomain({ name: 'order-desk', tables: {}, tools: orders.tools, prompts: { agent: 'You help customers with their orders.' } })
    const scenario = defineScenario({
      id: 'order-status',
      domain: desk,
      categories: ['SINGLE_TOOL_CALL', 'orders'],
      user: { goal: 'Learn the status of order A-200.', knowledge: 'Your order id is A-200.' },
      firstMessage: 'Where is my order A-200?',
      tools: { allow: ['lookup_order', 'cancel_order'] },
      milestones: [
        { name: 'looked the order up', constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'lookup_order', arguments: { order_id: 'A-200' } }] }] },
        { name: 'told the status', constraints: [{ kind: 'message', content: 'processing', similarity: 'mentions' }] },
      ],
      minefields: [{ name: 'cancelled an order', constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'cancel_order' }] }] }],
      reference: [
        { agent: 'call', calls: [{ tool: 'lookup_order', arguments: { order_id: 'A-200' } }] },
        { agent: 'say', content: 'Order A-200 is still processing.' },
        { user: 'end' },
      ],
    })
    const good = await runScenario(scenario, { agent: referenceAgent() })
    expect(good.traces).toEqual([{ callId: 'ref-0-0', tool: 'lookup_order', arguments: { order_id: 'A-200' }, result: { order_id: 'A-200', status: 'processing', items: ['lamp', 'desk'] } }])
    expect((await evaluateAgainst(good, scenario)).score).toBe(1)
    const reckless = scriptedAgent([{ toolCalls: [{ name: 'cancel_order', arguments: { order_id: 'A-100' } }] }, { content: 'Order A-200 is processing.' }])
    const bad = await runScenario(scenario, { agent: reckless })
    const evaluation = await evaluateAgainst(bad, scenario)
    expect(evaluation.score).toBe(0)
    // The world toolcheck sees never changed: the cancellation happened on the user's server.
    expect(bad.snapshots).toHaveLength(1)
    const missing = await runScenario(scenario, { agent: scriptedAgent([{ toolCalls: [{ name: 'lookup_order', arguments: { order_id: 'Z-1' } }] }, { content: 'Not found.' }]) })
    expect(missing.traces[0]?.error).toEqual({ kind: 'McpToolError', message: 'no order Z-1' })
  })

  test('serve as distraction tools beside a domain’s own, and the reference still scores 1', async () => {
    const [scenario] = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })
    const registry = createRegistry([...deviceDomain.registry.list(), ...orders.tools])
    const presentation = applyAugmentation(scenario!, defineAugmentation({ distractionTools: 'all' }), registry)
    expect(presentation.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['lookup_order', 'cancel_order']))
    const trajectory = await runScenario(scenario!, { agent: referenceAgent(), presentation, registry })
    expect((await evaluateAgainst(trajectory, scenario!)).score).toBe(1)
    expect(playedOut(trajectory)).toEqual(playedOut(await runScenario(scenario!, { agent: referenceAgent() })))
  })
})
