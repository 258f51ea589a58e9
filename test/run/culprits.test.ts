import { describe, expect, test } from 'vitest'
import { buildWorld } from '../../src/domain/index.ts'
import { builtInAgent } from '../../src/roles/built-in-role.ts'
import type { Agent, AgentReply } from '../../src/roles/index.ts'
import { functionAgent, referenceAgent, scriptedUser } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { clockOf } from '../../src/scenario/index.ts'
import type { JsonValue } from '../../src/world/index.ts'
import { shopDomain, tagScenario } from './shop-domain.ts'

/** An agent that makes one call, then says it is done; the user then ends the conversation. */
function callingAgent(tool: string, args: Record<string, JsonValue> = {}): Agent {
  return functionAgent(({ messages }) => (messages.some((message) => message.sender === 'agent') ? 'Done.' : [{ name: tool, arguments: args }]))
}

const play = (agent: Agent) => runScenario(tagScenario, { agent, user: scriptedUser([{ end: true }]) })

describe('the agent is the culprit when its own code breaks', () => {
  test('agent code throws: the run is the agent\'s failure, with its message and the stack of its own code', async () => {
    const agent = functionAgent(({ lastUserMessage }) => {
      const words = (undefined as unknown as string[])
      return `${lastUserMessage()}: ${words.length}`
    })
    const trajectory = await play(agent)
    expect(trajectory.status).toBe('error')
    expect(trajectory.error).toMatchObject({ culprit: 'agent', kind: 'agent-threw', role: 'agent' })
    expect(trajectory.error?.message).toMatch(/^the agent's code threw TypeError: Cannot read properties of undefined \(reading 'length'\)$/)
    expect(trajectory.error?.stack).toMatch(/\n {4}at .*culprits\.test\.ts:\d+:\d+/)
    // The stack ends where toolcheck called the agent: none of the run loop or vitest is in it.
    expect(trajectory.error?.stack).not.toMatch(/src[/\\](run|roles)[/\\]|node_modules/)
  })

  test('agent returns undefined, or something that is no reply: the agent returned something invalid', async () => {
    const forgetful = await play(functionAgent((() => undefined) as never))
    expect(forgetful.error).toEqual({
      culprit: 'agent',
      kind: 'agent-invalid-reply',
      message: 'the agent returned undefined, which is not what a function agent returns: text for the user, a list of tool calls, or { content, toolCalls }',
      role: 'agent',
      returned: 'undefined',
    })
    const unnamed = await play(functionAgent(() => [{ arguments: {} }] as never))
    expect(unnamed.error).toMatchObject({ culprit: 'agent', kind: 'agent-invalid-reply', returned: '{"toolCalls":[{"arguments":{}}]}' })
    expect(unnamed.error?.message).toContain("tool call 0 must be an object with the tool's name as text")
  })

  test('a hand-written Agent whose reply is not a reply is the agent returning something invalid', async () => {
    const agent: Agent = { name: 'mine', respond: async () => ({ toolCalls: 'list_items' }) as unknown as AgentReply }
    expect((await play(agent)).error).toMatchObject({ culprit: 'agent', kind: 'agent-invalid-reply', returned: '{"toolCalls":"list_items"}' })
  })

  test("built-in agent throws: toolcheck's own agents are not the user's code, so it is the infrastructure's", async () => {
    const broken = builtInAgent({ name: 'openai:test', respond: async (): Promise<AgentReply> => Promise.reject(new TypeError('x is not a function')) })
    expect((await play(broken)).error).toEqual({ culprit: 'infrastructure', kind: 'internal', message: 'openai:test failed: TypeError: x is not a function', role: 'agent' })
  })
})

describe('the domain is the culprit when a tool breaks', () => {
  test('tool throws a TypeError (anything but a ToolError): a domain error naming the tool, its arguments and the stack', async () => {
    const trajectory = await play(callingAgent('count_stock', { item_id: 'i-1' }))
    expect(trajectory.status).toBe('error')
    expect(trajectory.error).toMatchObject({
      culprit: 'domain',
      kind: 'tool-threw',
      message: "the tool count_stock threw TypeError: Cannot read properties of undefined (reading 'total')",
      role: 'agent',
      tool: 'count_stock',
      arguments: { item_id: 'i-1' },
    })
    expect(trajectory.error?.stack).toMatch(/^TypeError: Cannot read properties of undefined \(reading 'total'\)\n {4}at .*shop-domain\.ts:\d+:\d+/)
    // The agent's call is kept, with the RuntimeError it would have read; nothing after it.
    expect(trajectory.messages.at(-2)?.toolCalls?.[0]?.name).toBe('count_stock')
    expect(trajectory.messages.at(-1)?.content).toBe("RuntimeError: the tool count_stock failed: threw TypeError: Cannot read properties of undefined (reading 'total')")
  })

  test('tool throws a ToolError: the agent reads it, and the run goes on', async () => {
    const trajectory = await play(callingAgent('open_till'))
    expect(trajectory.status).toBe('completed')
    expect(trajectory.traces[0]?.error).toEqual({ kind: 'PermissionError', message: 'the till is closed on Sundays' })
  })

  test('tool returns undefined (or a value that is not JSON): the tool returned something invalid', async () => {
    const trajectory = await play(callingAgent('forgetful_lookup', { item_id: 'i-1' }))
    expect(trajectory.error).toMatchObject({
      culprit: 'domain',
      kind: 'invalid-result',
      message: 'the tool forgetful_lookup returned undefined; a tool returns JSON, and null when it has nothing to report',
      tool: 'forgetful_lookup',
    })
  })

  test('tool writes a table the domain does not have: refused, world.insert("vouchrs", ...) creates nothing', async () => {
    const trajectory = await play(callingAgent('save_voucher', { code: 'SPRING' }))
    expect(trajectory.error).toMatchObject({
      culprit: 'domain',
      kind: 'unknown-table',
      message: 'the tool save_voucher wrote table vouchrs, which the domain does not define (its tables: items)',
      tool: 'save_voucher',
      arguments: { code: 'SPRING' },
    })
    expect(trajectory.error?.stack).toMatch(/\n {4}at .*shop-domain\.ts:\d+:\d+/)
    expect(trajectory.snapshots.every((snapshot) => !('vouchrs' in snapshot.tables))).toBe(true)
  })

  test('tool writes a column the table does not have: refused', async () => {
    const trajectory = await play(callingAgent('paint_item', { item_id: 'i-2' }))
    expect(trajectory.error).toMatchObject({ culprit: 'domain', kind: 'unknown-column', message: 'the tool paint_item wrote column colour of table items, which has no such column (its columns: item_id, name, tags, stock)' })
  })

  test('tool changes a row it read in place: refused, naming the path; the world never sees it', async () => {
    const trajectory = await play(callingAgent('tag_item_in_place', { item_id: 'i-1', tag: 'sale' }))
    expect(trajectory.error).toMatchObject({ culprit: 'domain', kind: 'row-mutated', tool: 'tag_item_in_place' })
    expect(trajectory.error?.message).toBe(
      'the tool tag_item_in_place changed items[i-1].tags in place (a value it read from the world); a tool changes the world only through world.insert, update, remove, replaceRows or setSettings, on copies of what it read',
    )
    // The stack is the frozen list's refusal, at the tool's line.
    expect(trajectory.error?.stack).toMatch(/^TypeError: Cannot add property 1, object is not extensible\n {4}at .*shop-domain\.ts:\d+:\d+/)
    expect(trajectory.snapshots.at(-1)?.tables.items?.[0]?.tags).toEqual(['kitchen'])
  })

  test('tool changes a row in place in code that is not strict: JavaScript ignores the change, and the world is as it was', async () => {
    const trajectory = await play(callingAgent('tag_item_sloppy', { item_id: 'i-1', tag: 'sale' }))
    expect(trajectory.status).toBe('completed')
    expect(trajectory.traces[0]?.result).toBe(1)
    expect(trajectory.snapshots.at(-1)?.tables.items?.[0]?.tags).toEqual(['kitchen'])
  })

  test('a tool that copies a row (structuredClone works on what it reads) and writes the copy back works', async () => {
    const trajectory = await play(callingAgent('restock', { item_id: 'i-1' }))
    expect(trajectory.status).toBe('completed')
    expect(trajectory.traces[0]?.result).toBe(13)
    expect(trajectory.snapshots.at(-1)?.tables.items?.[0]?.stock).toBe(13)
  })

  test('tool never settles: the run ends at its time limit (its own, else the domain\'s), and the next run goes on', async () => {
    const own = await play(callingAgent('hanging_tool'))
    expect(own.error).toMatchObject({ culprit: 'domain', kind: 'tool-timeout', message: 'the tool hanging_tool did not settle within its time limit of 25 ms', tool: 'hanging_tool' })
    const domains = await play(callingAgent('slow_tool'))
    expect(domains.error).toMatchObject({ culprit: 'domain', kind: 'tool-timeout', message: 'the tool slow_tool did not settle within its time limit of 40 ms' })
    expect((await play(referenceAgent())).status).toBe('completed')
  })

  test('a turn-level agent meets a tool bug the same way: its turn is stopped and the run ends as the domain error', async () => {
    const { turnAgent } = await import('../../src/roles/index.ts')
    let afterwards = 'not asked'
    const agent = turnAgent('framework', async ({ tools }) => {
      const counted = await tools.find((tool) => tool.spec.name === 'count_stock')?.call({ item_id: 'i-1' })
      afterwards = counted?.error?.kind ?? 'ok'
      return 'Done.'
    })
    const trajectory = await play(agent as never)
    expect(trajectory.error).toMatchObject({ culprit: 'domain', kind: 'tool-threw', tool: 'count_stock' })
    expect(afterwards).toBe('RuntimeError')
  })
})

describe('runs share nothing mutable', () => {
  test('the default rows every world starts from are frozen all the way down, and shared without copies', () => {
    const clock = clockOf(tagScenario)
    const first = buildWorld(shopDomain, {}, clock)
    const second = buildWorld(shopDomain, {}, clock)
    const kettle = first.tables.items?.[0] as { tags: string[] }
    expect(Object.isFrozen(kettle) && Object.isFrozen(kettle.tags)).toBe(true)
    expect(() => kettle.tags.push('stolen')).toThrow(TypeError)
    expect(second.tables.items?.[0]).toBe(kettle)
  })

  test('a refused in-place change leaves the next run\'s starting world as it was', async () => {
    await play(callingAgent('tag_item_in_place', { item_id: 'i-1', tag: 'sale' }))
    const next = await play(referenceAgent())
    expect(next.snapshots[0]?.tables.items?.[0]?.tags).toEqual(['kitchen'])
    expect(next.snapshots.at(-1)?.tables.items?.[0]?.tags).toEqual(['kitchen', 'sale'])
  })
})
