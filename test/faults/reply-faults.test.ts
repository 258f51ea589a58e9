import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { cacheKey, ModelCache } from '../../src/cache/index.ts'
import type { Trajectory } from '../../src/conversation/index.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import type { MockReply } from '../../src/mock-server/index.ts'
import { callModel, keyParts } from '../../src/roles/endpoint/call-model.ts'
import { functionAgent } from '../../src/roles/function-agent.ts'
import { runScenario } from '../../src/run/index.ts'
import { quoteMessage } from '../../src/vitest/quote-message.ts'
import { toRunRecord } from '../../src/runner/run-record.ts'
import { buildTranscript } from '../../src/runner/transcript.ts'
import { buildReport } from '../../src/reporter/build-report.ts'
import { renderHtmlReport } from '../../src/reporter/render-html-report.ts'
import { canonicalJson } from '../../src/world/index.ts'
import { fakeEndpoint } from '../models/helpers.ts'
import type { Client } from './fault-harness.ts'
import { agentAnswering, agentAt, CLIENTS, closeServers, errorOf, FAULT_LIMITS } from './fault-harness.ts'
import { temporaryFolders } from '../temporary-folders.ts'

/**
 * The fault suite, model side: replies a model (or the server speaking for it) can send that are
 * not what a chat completion should be, and what toolcheck makes of them. A reply is read whole
 * before anything is recorded or acted on; what cannot be read is `malformed-reply`, counts toward
 * the endpoint's breaker and is never cached; what the model got wrong but can be read (bad
 * arguments, an unknown tool) goes back to the agent as a tool error, and the run goes on.
 */

afterEach(closeServers)
const { make: cacheFolder } = temporaryFolders('toolcheck-reply-faults-')

const [wifi] = builtInScenarios({ ids: ['turn-on-wifi'] })
if (wifi === undefined) throw new Error('the built-in scenario turn-on-wifi is missing')

/** A server that answers the agent's first request with `first`, and every later one with a closing text. */
const firstThen = (first: MockReply) => ({ respond: ({ index }: { index: number }): MockReply => (index === 0 ? first : { content: 'Done.' }) })

/** Arguments nested `depth` levels deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let level = 1; level < depth; level++) value = [value]
  return { items: value }
}

describe.each<Client>(CLIENTS)('model reply faults, through the %s client', (client) => {
  test.for([
    ['no choices', { fault: 'empty-choices' }, 'choices is an empty list'],
    ['tool_calls {}', { fault: 'malformed-tool-calls', toolCalls: {} }, 'choices[0].message.tool_calls is an object, not a list'],
    ['tool_calls [null]', { fault: 'malformed-tool-calls', toolCalls: [null] }, 'choices[0].message.tool_calls[0] is null, not an object'],
    ['tool call without a function name', { fault: 'malformed-tool-calls', toolCalls: [{ id: 'a', type: 'function', function: { arguments: '{}' } }] }, 'choices[0].message.tool_calls[0].function.name is missing, not a tool name'],
    ['arguments nested 3,000 levels deep', { fault: 'nested-arguments', name: 'set_wifi_status', depth: 3000 }, 'choices[0].message.tool_calls[0].function.arguments are nested more than 64 levels deep'],
    ['arguments object nested past the limit', { fault: 'nested-arguments', name: 'set_wifi_status', depth: 500, asObject: true }, 'the body is nested more than 71 levels deep'],
    ['token counts that are not numbers', { status: 200, body: { choices: [{ message: { content: 'hi' } }], usage: { prompt_tokens: 'lots' } } }, 'usage.prompt_tokens is the text "lots", not a count'],
  ] as const)('%s', async ([, fault, problem]) => {
    const directory = await cacheFolder()
    const cache = new ModelCache({ directory, mode: 'auto' })
    const { agent, server } = await agentAt(client, { respond: () => fault as MockReply }, { ...FAULT_LIMITS, breakerFailures: 2 }, cache)
    const error = await errorOf(agent)
    expect(error.kind).toBe('malformed-reply')
    expect(error.message).toContain(`sent a reply that cannot be read: ${problem}`)
    // Not retried, never recorded: asking again reaches the server again.
    expect(server.chatRequestCount).toBe(1)
    expect(await readdir(directory)).toEqual([])
    expect((await errorOf(agent)).kind).toBe('malformed-reply')
    expect(server.chatRequestCount).toBe(2)
    // Two unreadable replies in a row: the endpoint's breaker opens.
    expect((await errorOf(agent)).kind).toBe('circuit-open')
  })

  test('arguments as a JSON object', async () => {
    const { agent } = await agentAt(client, firstThen({ fault: 'object-arguments', name: 'set_wifi_status', arguments: { on: true } }))
    const trajectory = await runScenario(wifi, { agent })
    expect(trajectory.error).toBeUndefined()
    expect(trajectory.traces[0]).toMatchObject({ tool: 'set_wifi_status', arguments: { on: true }, result: null })
    expect((await evaluate(trajectory, wifi)).score).toBe(1)
  })

  test('arguments that are not JSON', async () => {
    const { agent } = await agentAt(client, firstThen({ fault: 'invalid-arguments', name: 'set_wifi_status', text: '{"on": tru' }))
    const trajectory = await runScenario(wifi, { agent })
    // The model's mistake, not the infrastructure's: the agent reads the error and the run goes on.
    expect(trajectory.error).toBeUndefined()
    expect(trajectory.status).toBe('completed')
    expect(trajectory.traces[0]).toMatchObject({ tool: 'set_wifi_status', arguments: '{"on": tru', error: { kind: 'ArgumentError' } })
    expect((await evaluate(trajectory, wifi)).score).toBe(0)
  })

  test('unknown tool name', async () => {
    const { agent } = await agentAt(client, firstThen({ toolCalls: [{ name: 'set_wifi_statuz', arguments: { on: true } }] }))
    const trajectory = await runScenario(wifi, { agent })
    expect(trajectory.error).toBeUndefined()
    expect(trajectory.traces[0]?.error).toMatchObject({ kind: 'UnknownToolError', message: expect.stringContaining('did you mean `set_wifi_status`') })
  })
})

describe('model reply faults in a whole run', () => {
  test('arguments nested 3,000 levels deep end the run as malformed-reply, which is scored as no one\'s and leaves no cassette', async () => {
    const directory = await cacheFolder()
    const { agent, server } = await agentAt('openai', { respond: () => ({ fault: 'nested-arguments', name: 'set_wifi_status', depth: 3000 }) }, FAULT_LIMITS, new ModelCache({ directory, mode: 'auto' }))
    const trajectory = await runScenario(wifi, { agent })
    expect(trajectory.status).toBe('error')
    expect(trajectory.error).toMatchObject({ kind: 'malformed-reply', role: 'agent' })
    const evaluation = await evaluate(trajectory, wifi)
    expect(evaluation.score).toBe(0)
    expect(() => JSON.stringify(trajectory)).not.toThrow()
    expect(await readdir(directory)).toEqual([])
    // The rerun asks the server again rather than replaying the reply forever.
    await runScenario(wifi, { agent })
    expect(server.chatRequestCount).toBe(2)
  })

  test("escape sequences in the model's text", async () => {
    const { agent } = await agentAnswering('openai', { content: 'Done\u001b[2J\u001b]0;owned\u0007!', toolCalls: [{ name: 'get_wifi_status\u001b[31m', arguments: {} }] })
    const trajectory = await runScenario(wifi, { agent, maxTurns: 2 })
    const quotes = trajectory.messages.map((_, index) => quoteMessage(trajectory, index) ?? '')
    expect(quotes.join('\n')).toContain('get_wifi_status\\u001b[31m')
    expect(quotes.join('\n')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
  })

  test('function agent sending arguments 100,000 levels deep', async () => {
    let turn = 0
    const agent = functionAgent(() => (turn++ === 0 ? [{ name: 'set_wifi_status', arguments: nested(100_000) as never }] : 'Done.'))
    const trajectory: Trajectory = await runScenario(wifi, { agent })
    expect(trajectory.error).toBeUndefined()
    const trace = trajectory.traces[0]
    // Kept as its JSON text, which the executor refused with an error the agent reads.
    expect(typeof trace?.arguments).toBe('string')
    expect(trace?.error).toEqual({ kind: 'ArgumentError', message: 'the arguments are nested more than 1000 levels deep; send them flatter' })
    expect((await evaluate(trajectory, wifi)).score).toBe(0)
    expect(JSON.parse(JSON.stringify(trajectory)).traces[0].arguments).toBe(trace?.arguments)
    expect(canonicalJson(trajectory.messages as never).length).toBeGreaterThan(100_000)
  })

  test('function agent sending arguments 1,000 levels deep', async () => {
    // The deepest value a run keeps: scored, recorded, put in a transcript, a report and a page.
    let turn = 0
    const agent = functionAgent(() => (turn++ === 0 ? [{ name: 'set_wifi_status', arguments: nested(1000) as never }] : 'Done.'))
    const trajectory = await runScenario(wifi, { agent })
    expect(trajectory.traces[0]?.error?.kind).toBe('ArgumentError')
    const evaluation = await evaluate(trajectory, wifi)
    const record = toRunRecord(wifi, trajectory, evaluation, 0)
    const transcript = buildTranscript(trajectory, 0, wifi)
    // What vitest does with task metadata and annotations between its processes.
    expect(() => structuredClone([record, transcript])).not.toThrow()
    const built = buildReport([{ id: 't', fullName: 'deep', file: 'deep.test.ts', state: 'failed', attempts: [], meta: { toolcheck: { runs: [record] } }, annotations: [] }])
    const html = renderHtmlReport(built.report, [transcript])
    expect(html.length).toBeGreaterThan(0)
    expect(() => JSON.stringify(built.report)).not.toThrow()
    expect(trajectory.messages.map((_, index) => quoteMessage(trajectory, index)).join('\n')).toContain('set_wifi_status {"items":[[[')
  })

  test('cassette holding an unreadable reply', async () => {
    const cache = new ModelCache({ directory: await cacheFolder(), mode: 'auto' })
    const endpoint = fakeEndpoint('http://reply-faults-old-cassette', async () => ({ choices: [{ message: { content: 'fresh' } }] }))
    const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] }
    const parts = keyParts(endpoint, request, 0)
    // Recorded by a version that kept replies it could not read.
    await cache.store(parts, { choices: [{ message: { tool_calls: {} } }] })
    const error = await callModel(endpoint, request, { trial: 0, cache }).then(
      () => undefined,
      (thrown: unknown) => thrown as Error & { kind: string },
    )
    expect(error?.kind).toBe('cache-corrupt')
    expect(error?.message).toContain(`the cassette ${cache.fileFor(cacheKey(parts))} is unusable (its reply cannot be read: choices[0].message.tool_calls is an object, not a list)`)
    expect(endpoint.attempts()).toBe(0)
  })
})
