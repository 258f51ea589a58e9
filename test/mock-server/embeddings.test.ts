import { InferenceClient } from '@huggingface/inference'
import OpenAI from 'openai'
import { afterEach, describe, expect, test } from 'vitest'
import type { MockEmbeddingReply, MockServer } from '../../src/mock-server/index.ts'
import { hashedEmbedding, startMockServer } from '../../src/mock-server/index.ts'

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const DIMENSIONS = 8

describe('Hugging Face feature extraction', () => {
  test('the real client, given the server\'s url as endpointUrl, posts { inputs } to it and gets the bare vectors', async () => {
    server = await startMockServer({ embeddingDimensions: DIMENSIONS })
    const client = new InferenceClient('hf-test-key', { endpointUrl: server.url })
    const batch = await client.featureExtraction({ model: 'ignored', inputs: ['water the ferns', 'call Ana'] })
    const single = await client.featureExtraction({ model: 'ignored', inputs: 'water the ferns' })
    expect(batch).toEqual([hashedEmbedding('water the ferns', DIMENSIONS), hashedEmbedding('call Ana', DIMENSIONS)])
    expect(single).toEqual(hashedEmbedding('water the ferns', DIMENSIONS))
    // The client sends the inputs alone: the model is not in the body, only in the URL it was given.
    expect(server.requests.map(({ method, path, kind, body, authorized }) => ({ method, path, kind, body, authorized }))).toEqual([
      { method: 'POST', path: '/', kind: 'embeddings', body: { inputs: ['water the ferns', 'call Ana'] }, authorized: true },
      { method: 'POST', path: '/', kind: 'embeddings', body: { inputs: 'water the ferns' }, authorized: true },
    ])
    expect(JSON.stringify(server.requests)).not.toContain('hf-test-key')
  })

  test('the same endpointUrl serves chat completion; the two are counted apart', async () => {
    server = await startMockServer({ replies: [{ content: 'hello' }] })
    const client = new InferenceClient(undefined, { endpointUrl: server.url })
    await client.featureExtraction({ model: 'm', inputs: ['a'] })
    const reply = await client.chatCompletion({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })
    await client.featureExtraction({ model: 'm', inputs: 'b' })
    expect(reply.choices[0]?.message.content).toBe('hello')
    expect([server.chatRequestCount, server.embeddingRequestCount]).toEqual([1, 2])
    expect(server.requests.map((request) => [request.kind, request.path])).toEqual([
      ['embeddings', '/'],
      ['chat', '/v1/chat/completions'],
      ['embeddings', '/'],
    ])
  })

  test('text-embeddings-inference\'s /embed and the /v1 base URL answer too; other GETs and paths are 404', async () => {
    server = await startMockServer({ embeddingDimensions: DIMENSIONS })
    for (const path of ['/embed', '/v1']) {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ inputs: ['hi'] }) })
      expect(await response.json()).toEqual([hashedEmbedding('hi', DIMENSIONS)])
    }
    const get = await fetch(server.url)
    expect(get.status).toBe(404)
    expect(await get.text()).toContain('Hugging Face feature extraction (POST / or /embed)')
    expect(server.embeddingRequestCount).toBe(2)
  })

  test('inputs that are not texts: 400 in text-embeddings-inference\'s error shape, which the client quotes', async () => {
    server = await startMockServer()
    const client = new InferenceClient(undefined, { endpointUrl: server.url })
    const error = await client.featureExtraction({ model: 'm', inputs: [1, 2] as unknown as string[] }).catch((thrown: unknown) => thrown)
    expect((error as Error).message).toBe('Failed to perform inference: embeddings inputs must be a string or a list of strings')
    expect((error as { httpResponse: { status: number; body: unknown } }).httpResponse).toMatchObject({
      status: 400,
      body: { error: 'embeddings inputs must be a string or a list of strings', error_type: 'invalid_request_error' },
    })
  })
})

describe('OpenAI embeddings', () => {
  test('a single input gets one vector in a list, with usage', async () => {
    server = await startMockServer({ embeddingDimensions: DIMENSIONS })
    const result = await new OpenAI({ baseURL: server.baseURL, apiKey: 'x', maxRetries: 0 }).embeddings.create({ model: 'e', input: 'hi there' })
    expect(result.data).toEqual([{ object: 'embedding', index: 0, embedding: hashedEmbedding('hi there', DIMENSIONS) }])
    expect(result.model).toBe('e')
    expect(result.usage.total_tokens).toBe(2)
    expect(server.embeddingRequestCount).toBe(1)
  })
})

/** One embeddings request by plain fetch, in either format: its status, headers and text, or what fetch threw. */
async function post(target: MockServer, format: 'openai' | 'feature-extraction', signal?: AbortSignal): Promise<{ status: number; retryAfter: string | null; text: string } | { thrown: unknown }> {
  const [path, body] = format === 'openai' ? ['/v1/embeddings', { model: 'e', input: ['hi'] }] : ['/', { inputs: ['hi'] }]
  try {
    const response = await fetch(`${target.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...(signal === undefined ? {} : { signal }) })
    return { status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() }
  } catch (thrown) {
    return { thrown }
  }
}

describe.each(['openai', 'feature-extraction'] as const)('embedding faults on demand (%s format)', (format) => {
  const errorText = (message: string, type: string) => JSON.stringify(format === 'openai' ? { error: { message, type } } : { error: message, error_type: type })

  test('replies are served in order, then the server goes back to vectors', async () => {
    const faults: MockEmbeddingReply[] = [
      { fault: 'rate-limit', retryAfter: 2 },
      { fault: 'server-error' },
      { fault: 'server-error', status: 502, retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT' },
      { fault: 'malformed-body' },
      { status: 418, body: 'a teapot' },
    ]
    server = await startMockServer({ embeddingReplies: faults, embeddingDimensions: DIMENSIONS })
    const answers = []
    for (let count = 0; count < faults.length + 1; count++) answers.push(await post(server, format))
    expect(answers.slice(0, 3)).toEqual([
      { status: 429, retryAfter: '2', text: errorText('rate limit reached (mock)', 'rate_limit_error') },
      { status: 500, retryAfter: null, text: errorText('internal error (mock)', 'server_error') },
      { status: 502, retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT', text: errorText('internal error (mock)', 'server_error') },
    ])
    const malformed = answers[3] as { status: number; text: string }
    expect(malformed.status).toBe(200)
    expect(() => JSON.parse(malformed.text)).toThrow(SyntaxError)
    expect(answers[4]).toEqual({ status: 418, retryAfter: null, text: 'a teapot' })
    const vector = hashedEmbedding('hi', DIMENSIONS)
    expect(JSON.parse((answers[5] as { text: string }).text)).toEqual(format === 'openai' ? expect.objectContaining({ data: [{ object: 'embedding', index: 0, embedding: vector }] }) : [vector])
    expect([server.embeddingRequestCount, server.chatRequestCount]).toEqual([6, 0])
  })

  test('a reset connection and a hang, added with enqueueEmbeddings', async () => {
    server = await startMockServer()
    server.enqueueEmbeddings({ fault: 'reset' }, { fault: 'hang' })
    const reset = await post(server, format)
    // undici reports a connection closed before any answer as a failed fetch, the socket error its cause.
    expect((reset as { thrown: Error }).thrown).toMatchObject({ name: 'TypeError', message: 'fetch failed', cause: expect.objectContaining({ code: expect.stringMatching(/^(UND_ERR_SOCKET|ECONNRESET)$/) }) })
    expect(server.embeddingRequestCount).toBe(1)
    const hang = await post(server, format, AbortSignal.timeout(150))
    expect((hang as { thrown: Error }).thrown.name).toBe('TimeoutError')
    // The hung request, if it got there whole before the client gave up (on a loaded machine it
    // may not have).
    expect(server.embeddingRequestCount).toBeLessThanOrEqual(2)
  })

  test('an embedding reply\'s latency delays it', async () => {
    server = await startMockServer({ embeddingReplies: [{ latencyMs: 120 }] })
    const started = performance.now()
    expect(await post(server, format)).toMatchObject({ status: 200 })
    expect(performance.now() - started).toBeGreaterThanOrEqual(110)
  })
})

test('the chat and embeddings queues are separate: an embeddings request never takes a chat reply', async () => {
  server = await startMockServer({ replies: [{ content: 'for chat' }], embeddingReplies: [{ fault: 'rate-limit' }] })
  const openai = new OpenAI({ baseURL: server.baseURL, apiKey: 'x', maxRetries: 0 })
  const limited = await openai.embeddings.create({ model: 'e', input: 'a' }).catch((thrown: unknown) => thrown)
  expect(limited).toBeInstanceOf(OpenAI.RateLimitError)
  await openai.embeddings.create({ model: 'e', input: 'a' })
  const chat = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })
  expect(chat.choices[0]?.message.content).toBe('for chat')
  expect([server.chatRequestCount, server.embeddingRequestCount]).toEqual([1, 2])
})
