import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { McpServerAddress, McpToolSet } from '../../src/adapters/mcp/index.ts'
import { connectMcpTools } from '../../src/adapters/mcp/index.ts'
import { defineDomain } from '../../src/domain/index.ts'
import { scriptedAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import { presentTool } from '../../src/tools/index.ts'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
/** Why the Python server cannot run here, if it cannot (it needs python3 with pydantic 2). */
const pythonMissing = (() => {
  const probe = spawnSync('python3', ['-c', 'import pydantic, sys; sys.exit(0 if pydantic.VERSION.startswith("2") else 1)'])
  return probe.error !== undefined ? 'python3 is not on this machine' : probe.status !== 0 ? 'python3 has no pydantic 2' : undefined
})()

const servers: { readonly who: string; readonly address: McpServerAddress; readonly missing: string | undefined }[] = [
  { who: 'a Python server whose schemas pydantic made', address: { command: 'python3', args: [fixture('tickets_mcp_server.py')] }, missing: pythonMissing },
  { who: 'an MCP SDK server that sends such schemas', address: { command: process.execPath, args: [fixture('tickets-mcp-server.ts')] }, missing: undefined },
]

describe.for(servers)('connectMcpTools resolves $ref and $defs: $who', ({ address, missing }) => {
  if (missing !== undefined) {
    test.skip(`skipped: ${missing}`, () => {})
    return
  }
  let helpdesk: McpToolSet
  beforeAll(async () => {
    helpdesk = await connectMcpTools(address)
  })
  afterAll(() => helpdesk.close())

  test('the imported tool keeps its types, enums, nested models and required fields', () => {
    const [createTicket] = helpdesk.tools
    const shown = presentTool(createTicket!).parameters as { properties: Record<string, Record<string, unknown>>; required: string[] }
    expect(shown.required).toEqual(['customer', 'priority'])
    expect(shown.properties['priority']).toMatchObject({ type: 'string', enum: ['low', 'high'], description: 'How urgent the ticket is' })
    expect(shown.properties['customer']).toMatchObject({
      type: 'object',
      required: ['name', 'address'],
      properties: { name: { type: 'string' }, address: { type: 'object', required: ['city', 'zip'], properties: { city: { type: 'string' }, zip: { type: 'string', description: 'Postal code' } } } },
    })
    expect(JSON.stringify(shown)).not.toContain('$ref')
  })

  test('arguments that break the schema are refused as for any tool; good ones reach the server', async () => {
    const desk = defineDomain({ name: 'helpdesk', tables: {}, tools: helpdesk.tools, prompts: { agent: 'You open support tickets.' } })
    const scenario = defineScenario({
      id: 'open-ticket',
      domain: desk,
      categories: ['SINGLE_TOOL_CALL'],
      user: { goal: 'Open an urgent ticket.', knowledge: 'You are Ada in Zurich, 8001.' },
      firstMessage: 'My printer is on fire.',
      tools: { allow: ['create_ticket'] },
      reference: [{ agent: 'call', calls: [{ tool: 'create_ticket', arguments: { customer: { name: 'Ada', address: { city: 'Zurich', zip: '8001' } }, priority: 'high' } }] }, { agent: 'say', content: 'Done.' }, { user: 'end' }],
    })
    const customer = { name: 'Ada', address: { city: 'Zurich', zip: '8001' } }
    const agent = scriptedAgent([
      { toolCalls: [{ name: 'create_ticket', arguments: { customer, priority: 'urgent' } }] },
      { toolCalls: [{ name: 'create_ticket', arguments: { customer: { name: 'Ada', address: { city: 'Zurich' } }, priority: 'high' } }] },
      { toolCalls: [{ name: 'create_ticket', arguments: { customer, priority: 'high' } }] },
      { content: 'Your ticket is open.' },
    ])
    const trajectory = await runScenario(scenario, { agent })
    expect(trajectory.traces.map((trace) => trace.error?.kind ?? trace.result)).toEqual(['ArgumentError', 'ArgumentError', { ticket_id: 'T-1', priority: 'high', city: 'Zurich' }])
    expect(trajectory.traces[0]!.error?.message).toContain('priority')
    expect(trajectory.traces[1]!.error?.message).toContain('zip')
  })
})

describe('resolveSchemaRefs', () => {
  test('follows draft-07 definitions and escaped pointers, keeps a recursive model finite, and names a reference it cannot follow', async () => {
    const { resolveSchemaRefs } = await import('../../src/adapters/mcp/resolve-schema-refs.ts')
    const tree = {
      definitions: { 'Node/Kind': { enum: ['leaf', 'branch'] }, Node: { type: 'object', properties: { kind: { $ref: '#/definitions/Node~1Kind' }, children: { type: 'array', items: { $ref: '#/definitions/Node' } } } } },
      type: 'object',
      properties: { root: { $ref: '#/definitions/Node', description: 'the top' } },
    }
    expect(resolveSchemaRefs(tree)).toEqual({
      type: 'object',
      properties: { root: { type: 'object', description: 'the top', properties: { kind: { enum: ['leaf', 'branch'] }, children: { type: 'array', items: {} } } } },
    })
    expect(() => resolveSchemaRefs({ properties: { a: { $ref: '#/$defs/Missing' } } })).toThrow('the schema refers to #/$defs/Missing, which it does not have')
    expect(() => resolveSchemaRefs({ properties: { a: { $ref: 'https://example.com/a.json' } } })).toThrow('outside itself')
  })
})
