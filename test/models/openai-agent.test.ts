import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { BUILT_IN_PRICES_AS_OF } from '../../src/roles/endpoint/price-table.ts'
import { openaiAgent } from '../../src/roles/openai-agent.ts'
import type { MockServer } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import type { ChatRequest } from '../../src/roles/endpoint/chat-request.ts'
import { context, failureOf, fastLimits, firstView, messages, weatherTool } from './helpers.ts'

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function agentWith(replies: Parameters<typeof startMockServer>[0] = {}, limits = fastLimits) {
  server = await startMockServer(replies)
  return openaiAgent({ model: 'mock-model', baseURL: server.baseURL, apiKey: 'sk-test-fake-key', cache: false, limits })
}


describe('openaiAgent against the mock server', () => {
  test('sends the view as chat messages and tools, and reads tool calls and usage', async () => {
    const agent = await agentWith({ replies: [{ content: 'Let me look.', toolCalls: [{ name: 'search_weather_around_lat_lon', arguments: { location: 'Cupertino' } }, { name: 'no_such_tool', arguments: '{}' }] }] })
    const reply = await agent.respond(firstView, context())
    expect(agent.name).toBe('openai:mock-model')
    expect(reply.content).toBe('Let me look.')
    expect(reply.toolCalls?.map((call) => [call.name, call.arguments])).toEqual([
      ['search_weather_around_lat_lon', { location: 'Cupertino' }],
      ['no_such_tool', {}],
    ])
    expect(reply.toolCalls?.[0]?.id).toMatch(/^call_/)
    expect(reply.usage).toMatchObject({ calls: 1, cachedCalls: 0 })
    expect(reply.usage?.promptTokens).toBeGreaterThan(0)
    const body = server?.requests[0]?.body as ChatRequest
    expect(body.model).toBe('mock-model')
    expect(body.messages).toEqual([
      { role: 'system', content: 'Ask when unsure.' },
      { role: 'user', content: 'whats the weather in cupertino' },
    ])
    expect(body.tools?.[0]?.function.name).toBe(weatherTool.name)
    expect(server?.requests[0]?.authorized).toBe(true)
  })

  test('replays earlier tool calls and results in the order the API wants', async () => {
    const agent = await agentWith({ replies: [{ content: 'It is sunny.' }] })
    const view = {
      ...firstView,
      messages: messages(
        { sender: 'user', recipient: 'agent', content: 'weather?' },
        { sender: 'agent', recipient: 'environment', content: '', toolCalls: [{ id: 'a', name: 'search_weather_around_lat_lon', arguments: { location: 'X' } }] },
        { sender: 'agent', recipient: 'environment', content: '', toolCalls: [{ id: 'b', name: 'search_weather_around_lat_lon', arguments: '{"location": ' }] },
        { sender: 'environment', recipient: 'agent', content: '{"temperature": 20}', toolResult: { callId: 'a', tool: 'search_weather_around_lat_lon', arguments: { location: 'X' }, result: { temperature: 20 } } },
        { sender: 'environment', recipient: 'agent', content: '', toolResult: { callId: 'b', tool: 'search_weather_around_lat_lon', arguments: '{"location": ', error: { kind: 'invalid-arguments', message: 'not JSON' } } },
      ),
    }
    const reply = await agent.respond(view, context())
    expect(reply).toMatchObject({ content: 'It is sunny.' })
    const body = server?.requests[0]?.body as ChatRequest
    expect(body.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'search_weather_around_lat_lon', arguments: '{"location":"X"}' } },
          { id: 'b', type: 'function', function: { name: 'search_weather_around_lat_lon', arguments: '{"location": ' } },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: '{"temperature": 20}' },
      { role: 'tool', tool_call_id: 'b', content: 'not JSON' },
    ])
  })

  test('passes on argument text that is not JSON, for the executor to answer', async () => {
    const agent = await agentWith({ replies: [{ fault: 'invalid-arguments', name: 'search_weather_around_lat_lon' }] })
    const reply = await agent.respond(firstView, context())
    expect(reply.toolCalls?.[0]?.arguments).toBe('{"location": "Cupertino", ')
  })

  test('a 429 with Retry-After is waited out, then the call succeeds', async () => {
    const agent = await agentWith({ replies: [{ fault: 'rate-limit', retryAfter: 1 }, { content: 'ok' }] }, { ...fastLimits, backoffBaseMs: 1 })
    const started = performance.now()
    const reply = await agent.respond(firstView, context())
    expect(reply.content).toBe('ok')
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
    expect(server?.chatRequestCount).toBe(2)
  })

  test('a 429 with an HTTP-date Retry-After is honoured too', async () => {
    // The date is made when the request arrives, a whole second (as HTTP dates are) 0.5 to 1.5 s
    // ahead; the retry may not come before it, however late the client reads the 429.
    let until = 0
    const arrivals: number[] = []
    const agent = await agentWith(
      {
        respond: ({ index }) => {
          arrivals.push(Date.now())
          if (index > 0) return { content: 'ok' }
          until = Math.floor((Date.now() + 1500) / 1000) * 1000
          return { fault: 'rate-limit', retryAfter: new Date(until).toUTCString() }
        },
      },
      { ...fastLimits, backoffBaseMs: 1 },
    )
    expect((await agent.respond(firstView, context())).content).toBe('ok')
    expect(arrivals).toHaveLength(2)
    // A timer may fire a millisecond early by the wall clock.
    expect(arrivals[1]).toBeGreaterThanOrEqual(until - 5)
  })

  test('500s until the retries run out end in InfrastructureError server-error with the cause', async () => {
    const agent = await agentWith({ respond: () => ({ fault: 'server-error' }) })
    const error = await failureOf(agent.respond(firstView, context()))
    expect(error.kind).toBe('server-error')
    expect(error.message).toContain('4 attempts')
    expect(error.cause).toBeDefined()
    expect(server?.chatRequestCount).toBe(4)
  })

  test('rate limits until the retries run out end in rate-limit', async () => {
    const agent = await agentWith({ respond: () => ({ fault: 'rate-limit' }) })
    expect((await failureOf(agent.respond(firstView, context()))).kind).toBe('rate-limit')
  })

  test('a Retry-After longer than allowed gives up at once', async () => {
    const agent = await agentWith({ respond: () => ({ fault: 'rate-limit', retryAfter: 3600 }) })
    const error = await failureOf(agent.respond(firstView, context()))
    expect(error.kind).toBe('rate-limit')
    expect(error.message).toContain('3600000 ms')
    expect(server?.chatRequestCount).toBe(1)
  })

  test('a 400 is not retried', async () => {
    const agent = await agentWith({ respond: () => ({ status: 400, body: { error: { message: 'unknown model' } } }) })
    const error = await failureOf(agent.respond(firstView, context()))
    expect(error.kind).toBe('request-rejected')
    expect(error.message).toContain('unknown model')
    expect(server?.chatRequestCount).toBe(1)
  })

  test('a server that quotes the rejected key does not get it into the error', async () => {
    const agent = await agentWith({ respond: () => ({ status: 401, body: { error: { message: 'Incorrect API key provided: sk-test-fake-key.' } } }) })
    const error = await failureOf(agent.respond(firstView, context()))
    expect(error.kind).toBe('auth')
    expect(error.message).toContain('[redacted]')
    expect(error.message).not.toContain('sk-test-fake-key')
  })

  test('a reset connection is retried, and ends in network when it keeps happening', async () => {
    const recovering = await agentWith({ replies: [{ fault: 'reset' }, { content: 'back' }] })
    expect((await recovering.respond(firstView, context())).content).toBe('back')
    await server?.close()
    const failing = await agentWith({ respond: () => ({ fault: 'reset' }) })
    expect((await failureOf(failing.respond(firstView, context()))).kind).toBe('network')
  })

  test('a hang ends in timeout after the per-call limit', async () => {
    // The limit given, not the default minute, ends the attempt (timeouts.test.ts retries one).
    const agent = await agentWith({ respond: () => ({ fault: 'hang' }) }, { ...fastLimits, retries: 0, timeoutMs: 150 })
    const error = await failureOf(agent.respond(firstView, context()))
    expect(error.kind).toBe('timeout')
    expect(error.message).toContain('failed after 1 attempt: no complete reply within 150 ms')
  })

  test('the run signal cancels a hanging call', async () => {
    const agent = await agentWith({ respond: () => ({ fault: 'hang' }) })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    const error = await failureOf(agent.respond(firstView, context({ signal: controller.signal })))
    expect(error.kind).toBe('aborted')
    expect(error.message).toContain('cancelled')
  })

  test('a body that is not JSON, or has no choices, ends in malformed-reply', async () => {
    const broken = await agentWith({ replies: [{ fault: 'malformed-body' }] })
    expect((await failureOf(broken.respond(firstView, context()))).kind).toBe('malformed-reply')
    await server?.close()
    const empty = await agentWith({ replies: [{ fault: 'empty-choices' }] })
    const error = await failureOf(empty.respond(firstView, context()))
    expect(error.kind).toBe('malformed-reply')
    expect(error.message).toContain('sent a reply that cannot be read: choices is an empty list')
  })

  test('cost comes from the price table', async () => {
    server = await startMockServer({ replies: [{ content: 'hi', usage: { promptTokens: 1000, completionTokens: 500 } }] })
    const agent = openaiAgent({ model: 'mock-model', baseURL: server.baseURL, apiKey: 'x', cache: false, prices: { 'mock-model': { inputPerMillion: 2, outputPerMillion: 8 } } })
    const reply = await agent.respond(firstView, context())
    expect(reply.usage?.costUsd).toBeCloseTo(0.002 + 0.004, 10)
    expect(reply.usage?.latencyMs).toBeGreaterThan(0)
  })

  test('common hosted models cost their built-in list price, dated snapshots too; code and TOOLCHECK_PRICES override it, or turn it off', async () => {
    const usage = { promptTokens: 1_000_000, completionTokens: 100_000 }
    server = await startMockServer({ respond: () => ({ content: 'hi', usage }) })
    const costWith = async (model: string, options: Partial<Parameters<typeof openaiAgent>[0]> = {}) =>
      (await openaiAgent({ model, baseURL: server?.baseURL ?? '', apiKey: 'x', cache: false, env: {}, ...options }).respond(firstView, context())).usage?.costUsd
    expect(BUILT_IN_PRICES_AS_OF).toMatch(/^\d{4}-\d{2}$/)
    expect(await costWith('gpt-4o-mini')).toBeCloseTo(0.15 + 0.06, 10)
    expect(await costWith('gpt-4o-mini-2024-07-18')).toBeCloseTo(0.15 + 0.06, 10)
    expect(await costWith('gpt-4o-2024-05-13')).toBeCloseTo(5 + 1.5, 10)
    expect(await costWith('my-local-model')).toBeUndefined()
    expect(await costWith('gpt-4o-mini', { prices: { 'gpt-4o-mini': { inputPerMillion: 1, outputPerMillion: 1 } } })).toBeCloseTo(1.1, 10)
    expect(await costWith('gpt-4o-mini', { prices: false })).toBeUndefined()
    const directory = await mkdtemp(join(tmpdir(), 'toolcheck-prices-'))
    try {
      const file = join(directory, 'prices.json')
      await writeFile(file, JSON.stringify({ 'my-local-model': { inputPerMillion: 0.5, outputPerMillion: 0 } }))
      expect(await costWith('my-local-model', { env: { TOOLCHECK_PRICES: file } })).toBeCloseTo(0.5, 10)
      expect(await costWith('gpt-4o-mini', { env: { TOOLCHECK_PRICES: file } })).toBeCloseTo(0.21, 10)
      expect(await costWith('gpt-4o-mini', { env: { TOOLCHECK_PRICES: 'off' } })).toBeUndefined()
      await writeFile(file, JSON.stringify({ 'my-local-model': { inputPerMillion: '0.5', outputPerMillion: 0 } }))
      expect(() => openaiAgent({ model: 'm', baseURL: server?.baseURL ?? '', apiKey: 'x', env: { TOOLCHECK_PRICES: file } })).toThrow(
        `TOOLCHECK_PRICES=${file}: "my-local-model".inputPerMillion must be a number of US dollars per million tokens, at least 0; found "0.5"`,
      )
      expect(() => openaiAgent({ model: 'm', baseURL: server?.baseURL ?? '', apiKey: 'x', env: { TOOLCHECK_PRICES: join(directory, 'missing.json') } })).toThrow(/TOOLCHECK_PRICES=.*missing\.json: the price file cannot be read as JSON \(ENOENT\)/)
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
  })

  test('without a cache option, TOOLCHECK_CACHE and TOOLCHECK_CACHE_DIR decide', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'toolcheck-env-cache-'))
    try {
      server = await startMockServer({ replies: [{ content: 'recorded' }] })
      const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-env', TOOLCHECK_CACHE_DIR: directory }
      const replaying = openaiAgent({ model: 'm', env: { ...env, TOOLCHECK_CACHE: 'replay' } })
      const miss = await failureOf(replaying.respond(firstView, context()))
      expect(miss.kind).toBe('cache-miss')
      expect(miss.message).toContain(directory)
      expect((await openaiAgent({ model: 'm', env }).respond(firstView, context())).content).toBe('recorded')
      const replayed = await replaying.respond(firstView, context())
      expect(replayed.content).toBe('recorded')
      expect(replayed.usage?.cachedCalls).toBe(1)
      expect(server.chatRequestCount).toBe(1)
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
  })

  test('OPENAI_BASE_URL and OPENAI_API_KEY are honoured', async () => {
    server = await startMockServer({ replies: [{ content: 'from env' }] })
    const agent = openaiAgent({ model: 'm', cache: false, env: { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-env' } })
    expect((await agent.respond(firstView, context())).content).toBe('from env')
  })
})
