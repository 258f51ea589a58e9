import { InferenceClient } from '@huggingface/inference'
import { afterEach, describe, expect, test } from 'vitest'
import { huggingFaceAgent } from '../../src/roles/hugging-face-agent.ts'
import { InfrastructureError } from '../../src/roles/types.ts'
import type { MockServer, MockServerOptions } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import type { ChatRequest } from '../../src/roles/endpoint/chat-request.ts'
import { context, fastLimits, firstView } from './helpers.ts'

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function agentWith(options: MockServerOptions, limits = fastLimits) {
  server = await startMockServer(options)
  return huggingFaceAgent({ model: 'mock/model', endpointUrl: server.url, cache: false, limits })
}

async function kindOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught)
  expect(error).toBeInstanceOf(InfrastructureError)
  return (error as InfrastructureError).kind
}

describe('huggingFaceAgent against the mock server', () => {
  test('reaches /v1/chat/completions through endpointUrl and reads tool calls', async () => {
    const agent = await agentWith({ replies: [{ toolCalls: [{ name: 'search_weather_around_lat_lon', arguments: { location: 'Cupertino' } }] }] })
    const reply = await agent.respond(firstView, context())
    expect(agent.name).toBe('hf:mock/model')
    expect(reply.toolCalls?.map((call) => call.arguments)).toEqual([{ location: 'Cupertino' }])
    expect(reply.content).toBeUndefined()
    expect(server?.requests[0]?.path).toBe('/v1/chat/completions')
    expect((server?.requests[0]?.body as ChatRequest).tools).toHaveLength(1)
    // No token was given, so no Authorization header went out.
    expect(server?.requests[0]?.authorized).toBe(false)
  })

  test('HF_ENDPOINT_URL and HF_TOKEN are honoured', async () => {
    server = await startMockServer({ replies: [{ content: 'hello' }] })
    const agent = huggingFaceAgent({ model: 'm', cache: false, env: { HF_ENDPOINT_URL: server.url, HF_TOKEN: 'hf_fake' } })
    expect((await agent.respond(firstView, context())).content).toBe('hello')
    expect(server.requests[0]?.authorized).toBe(true)
  })

  test('a server that quotes the rejected token does not get it into the error', async () => {
    server = await startMockServer({ respond: () => ({ status: 401, body: { error: 'bad token hf_secret_token_123' } }) })
    const agent = huggingFaceAgent({ model: 'm', endpointUrl: server.url, accessToken: 'hf_secret_token_123', cache: false, limits: fastLimits })
    const error = (await agent.respond(firstView, context()).catch((caught: unknown) => caught)) as InfrastructureError
    expect(error.kind).toBe('auth')
    expect(error.message).toContain('[redacted]')
    expect(error.message).not.toContain('hf_secret_token_123')
  })

  test('a given client is used as is', async () => {
    server = await startMockServer({ replies: [{ content: 'via client' }] })
    const agent = huggingFaceAgent({ model: 'm', cache: false, client: new InferenceClient(undefined, { endpointUrl: server.url }) })
    expect((await agent.respond(firstView, context())).content).toBe('via client')
  })

  test('a 429 with Retry-After is waited out (read through the fetch wrapper)', async () => {
    const agent = await agentWith({ replies: [{ fault: 'rate-limit', retryAfter: 1 }, { content: 'ok' }] }, { ...fastLimits, backoffBaseMs: 1 })
    const started = performance.now()
    expect((await agent.respond(firstView, context())).content).toBe('ok')
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
  })

  test('503 is retried by us, not by the client', async () => {
    const agent = await agentWith({ respond: () => ({ fault: 'server-error', status: 503 }) })
    expect(await kindOf(agent.respond(firstView, context()))).toBe('server-error')
    expect(server?.chatRequestCount).toBe(4)
  })

  test('invalid arguments are passed on; faults end in the right kind', async () => {
    const agent = await agentWith({
      replies: [{ fault: 'invalid-arguments', name: 'search_weather_around_lat_lon', text: '{oops' }, { fault: 'malformed-body' }, { fault: 'empty-choices' }],
    })
    expect((await agent.respond(firstView, context())).toolCalls?.[0]?.arguments).toBe('{oops')
    expect(await kindOf(agent.respond(firstView, context()))).toBe('malformed-reply')
    expect(await kindOf(agent.respond(firstView, context()))).toBe('malformed-reply')
  })

  test('reset and hang end in network and timeout', async () => {
    const resetting = await agentWith({ respond: () => ({ fault: 'reset' }) }, { ...fastLimits, retries: 1 })
    expect(await kindOf(resetting.respond(firstView, context()))).toBe('network')
    await server?.close()
    const hanging = await agentWith({ respond: () => ({ fault: 'hang' }) }, { ...fastLimits, retries: 0, timeoutMs: 150 })
    expect(await kindOf(hanging.respond(firstView, context()))).toBe('timeout')
  })
})
