import OpenAI from 'openai'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { MockServer } from '../../src/mock-server/index.ts'
import { hashedEmbedding, scriptedModel, startMockServer } from '../../src/mock-server/index.ts'
import { builtInScenarios } from '../../scenarios/index.ts'

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

function client(target: MockServer): OpenAI {
  return new OpenAI({ baseURL: target.baseURL, apiKey: 'x', maxRetries: 0 })
}

describe('startMockServer', () => {
  test('listens on 127.0.0.1, logs requests, and serves the queue in order', async () => {
    server = await startMockServer({ replies: [{ content: 'one' }, { content: 'two' }] })
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const openai = client(server)
    const first = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'a' }] })
    const second = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'b' }] })
    expect([first.choices[0]?.message.content, second.choices[0]?.message.content]).toEqual(['one', 'two'])
    expect(server.requests.map((request) => [request.kind, request.path, request.authorized])).toEqual([
      ['chat', '/v1/chat/completions', true],
      ['chat', '/v1/chat/completions', true],
    ])
    expect(JSON.stringify(server.requests)).not.toContain('Bearer')
  })

  test('an empty queue without a responder answers 400 saying so', async () => {
    server = await startMockServer()
    const error = await client(server).chat.completions.create({ model: 'm', messages: [] }).catch((caught: unknown) => caught)
    expect((error as { status?: number }).status).toBe(400)
    expect((error as Error).message).toContain('no reply left for request 0')
  })

  test('unknown paths get 404 naming what the server answers', async () => {
    server = await startMockServer()
    const response = await fetch(`${server.url}/v1/models`)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('POST /v1/chat/completions')
  })

  test('latency delays every reply', async () => {
    server = await startMockServer({ latencyMs: 120, replies: [{ content: 'late', latencyMs: 30 }] })
    const started = performance.now()
    await client(server).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'a' }] })
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
  })

  test('equal requests get equal replies, ids included', async () => {
    server = await startMockServer({ respond: () => ({ toolCalls: [{ name: 't', arguments: { a: 1 } }] }) })
    const openai = client(server)
    const ask = () => openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'same' }] })
    const [a, b] = [await ask(), await ask()]
    expect(a.id).toBe(b.id)
    expect(a.choices[0]?.message.tool_calls).toEqual(b.choices[0]?.message.tool_calls)
  })

  test('embeddings are deterministic, normalised, and closer for texts that share words', async () => {
    server = await startMockServer({ embeddingDimensions: 32 })
    const result = await client(server).embeddings.create({ model: 'e', input: ['send a message to Sam', 'send a message to Sam', 'what is the weather'] })
    const [a, b, c] = result.data.map((item) => item.embedding)
    expect(a).toHaveLength(32)
    expect(a).toEqual(b)
    expect(Math.hypot(...a!)).toBeCloseTo(1, 10)
    const dot = (x: number[], y: number[]) => x.reduce((sum, value, index) => sum + value * (y[index] ?? 0), 0)
    expect(dot(a!, b!)).toBeGreaterThan(dot(a!, c!))
    expect(hashedEmbedding('', 4)).toEqual([0, 0, 0, 0])
    expect(server.requests[0]?.kind).toBe('embeddings')
  })

  test('close() cuts hanging connections', async () => {
    server = await startMockServer({ replies: [{ fault: 'hang' }] })
    const pending = client(server).chat.completions.create({ model: 'm', messages: [] }).catch((caught: unknown) => caught)
    // Closed once the request hangs there, not before it arrives.
    const hanging = server
    await vi.waitFor(() => expect(hanging.requests).toHaveLength(1), { timeout: 30_000 })
    await server.close()
    server = undefined
    expect(await pending).toBeInstanceOf(OpenAI.APIConnectionError)
  })

  test('a drip fault sends the headers at once and a valid completion byte by byte', async () => {
    server = await startMockServer({ replies: [{ fault: 'drip', intervalMs: 1, content: 'slow' }] })
    const response = await fetch(`${server.baseURL}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', messages: [] }) })
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    const chunks: Uint8Array[] = []
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value)
    // Byte by byte: far more pieces than one write would give (the socket may merge a few).
    expect(chunks.length).toBeGreaterThan(20)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { choices: { message: { content: string } }[] }
    expect(body.choices[0]?.message.content).toBe('slow')
  })
})

describe('scriptedModel', () => {
  test('names the scenarios it knows when a request matches none', async () => {
    const scenarios = builtInScenarios({ ids: ['turn-on-wifi'] })
    server = await startMockServer({ respond: scriptedModel(scenarios) })
    const error = await client(server).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'unrelated' }] }).catch((caught: unknown) => caught)
    expect((error as Error).message).toMatch(/no scenario matches this agent request.*turn-on-wifi/)
  })

  test('refuses to guess between scenarios that open alike but are solved differently', async () => {
    server = await startMockServer({ respond: scriptedModel(builtInScenarios({ ids: ['ask-wifi-status-on', 'ask-wifi-status-off'] })) })
    const [on] = builtInScenarios({ ids: ['ask-wifi-status-on'] })
    const error = await client(server).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: on!.firstMessage }] }).catch((caught: unknown) => caught)
    expect((error as Error).message).toMatch(/matches several scenarios with different solutions \(ask-wifi-status-on, ask-wifi-status-off\); name the model after the scenario id/)
  })

  test('a model named after a scenario plays that scenario', async () => {
    const [scenario] = builtInScenarios({ ids: ['turn-on-wifi'] })
    server = await startMockServer({ respond: scriptedModel(builtInScenarios()) })
    const reply = await client(server).chat.completions.create({ model: 'turn-on-wifi', messages: [{ role: 'user', content: 'anything' }] })
    const step = scenario!.reference[0]!
    if (!('calls' in step)) throw new Error('turn-on-wifi should open with a call')
    const call = reply.choices[0]?.message.tool_calls?.[0]
    expect(call?.type === 'function' ? call.function.name : undefined).toBe(step.calls[0]?.tool)
    expect(call?.id).toBe('ref-0-0')
  })
})
