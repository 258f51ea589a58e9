import { InferenceClient, InferenceClientProviderApiError, InferenceClientProviderOutputError } from '@huggingface/inference'
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, InternalServerError, RateLimitError } from 'openai'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { Embedder } from '../../src/evaluation/index.ts'
import { cosineSimilarity, EmbeddingError, evaluate, huggingFaceEmbedder, openaiEmbedder } from '../../src/evaluation/index.ts'
import type { MockEmbeddingReply, MockServer } from '../../src/mock-server/index.ts'
import { hashedEmbedding, startMockServer } from '../../src/mock-server/index.ts'
import { milestoneSchema } from '../../src/scenario/index.ts'
import { buildTrajectory, say } from './trajectory-builder.ts'

const DIMENSIONS = 24
const MODEL = 'mock-embed'
const TARGET = 'The table for two is booked'
const REPLY = 'I booked a table for two people'

// One semantic milestone: the agent's reply against TARGET.
const scenario = { milestones: [milestoneSchema.parse({ constraints: [{ kind: 'message', content: TARGET, similarity: 'semantic' }] })], minefields: [] }
const trajectory = buildTrajectory({ settings: [{ wifi: true }] }, [say.user('book a table'), say.agent(REPLY)])
const expectedScore = Math.max(0, cosineSimilarity(hashedEmbedding(REPLY, DIMENSIONS), hashedEmbedding(TARGET, DIMENSIONS)))

let server: MockServer
let closed = false
beforeEach(async () => {
  server = await startMockServer({ embeddingDimensions: DIMENSIONS })
  closed = false
})
afterEach(async () => {
  if (!closed) await server.close()
})
async function stopServer(): Promise<void> {
  await server.close()
  closed = true
}

const embeddingRequests = () => server.requests.filter((request) => request.kind === 'embeddings')

describe('openaiEmbedder with the openai client', () => {
  const embedder = () => openaiEmbedder({ client: new OpenAI({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0 }), model: MODEL })

  test('embeds a batch in one request, one vector per text in order', async () => {
    const texts = ['water the ferns', 'call Ana', 'water the ferns again']
    const vectors = await embedder().embed(texts)
    expect(vectors).toHaveLength(3)
    for (const [position, text] of texts.entries()) {
      const expected = hashedEmbedding(text, DIMENSIONS)
      for (const [index, value] of (vectors[position] ?? []).entries()) expect(value).toBeCloseTo(expected[index] as number, 6)
    }
    expect(embeddingRequests()).toHaveLength(1)
    expect(embeddingRequests()[0]?.body).toMatchObject({ model: MODEL, input: texts })
    expect(embeddingRequests()[0]?.authorized).toBe(true)
    expect(embedder().name).toBe('openai:mock-embed')
  })

  test('no texts, no request', async () => {
    expect(await embedder().embed([])).toEqual([])
    expect(server.requests).toHaveLength(0)
  })

  test('evaluate scores a semantic milestone with the server\'s vectors, asking once for both texts', async () => {
    const result = await evaluate(trajectory, scenario, { embedder: embedder() })
    expect(result.score).toBeCloseTo(expectedScore, 6)
    expect(result.score).toBeGreaterThan(0)
    expect(embeddingRequests()).toHaveLength(1)
    expect([...((embeddingRequests()[0]?.body as { input: string[] }).input)].sort()).toEqual([REPLY, TARGET].sort())
  })

  test('a server that is down: an embedding failure naming the embedder, with the client\'s error as the cause', async () => {
    const unreachable = embedder()
    await stopServer()
    const error = await unreachable.embed(['a', 'b']).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(EmbeddingError)
    expect((error as EmbeddingError).message).toMatch(/^embedding failed: openai:mock-embed: could not embed 2 texts: Connection error/)
    expect((error as EmbeddingError).embedder).toBe('openai:mock-embed')
    expect((error as EmbeddingError).cause).toBeInstanceOf(APIConnectionError)
    // evaluate lets it through: a failing embedder is not a score of 0.
    await expect(evaluate(trajectory, scenario, { embedder: unreachable })).rejects.toThrow(/^embedding failed: openai:mock-embed: could not embed 2 texts/)
  })

  test('an answer without a vector for every text is an embedding failure too', async () => {
    const client = { embeddings: { create: () => Promise.resolve({ data: [{ embedding: [1, 0], index: 1 }] }) } }
    await expect(openaiEmbedder({ client, model: 'short' }).embed(['a', 'b'])).rejects.toThrow(
      new EmbeddingError('openai:short', 'the response has no embedding for text 0 of 2'),
    )
    const stray = { embeddings: { create: () => Promise.resolve({ data: [{ embedding: [1, 0], index: 0 }, { embedding: [0, 1], index: 2 }] }) } }
    await expect(openaiEmbedder({ client: stray, model: 'stray' }).embed(['a', 'b'])).rejects.toThrow('embedding failed: openai:stray: the response has an embedding for text 2, but only 2 were sent')
  })
})

describe('huggingFaceEmbedder with the @huggingface/inference client', () => {
  // The server's url is the client's endpointUrl, as for chat completion: feature extraction posts `{ inputs }` to it.
  const embedder = (): Embedder => huggingFaceEmbedder({ client: new InferenceClient('hf-test-key', { endpointUrl: server.url }), model: MODEL })

  test('embeds a batch through the client, one vector per text in order', async () => {
    const texts = ['water the ferns', 'call Ana']
    const vectors = await embedder().embed(texts)
    expect(vectors).toEqual(texts.map((text) => hashedEmbedding(text, DIMENSIONS)))
    expect(server.embeddingRequestCount).toBe(1)
    expect(embeddingRequests()[0]).toMatchObject({ method: 'POST', path: '/', body: { inputs: texts }, authorized: true })
    expect(embedder().name).toBe('huggingface:mock-embed')
  })

  test('evaluate scores a semantic milestone with the server\'s vectors', async () => {
    const result = await evaluate(trajectory, scenario, { embedder: embedder() })
    expect(result.score).toBeCloseTo(expectedScore, 12)
    expect(server.embeddingRequestCount).toBe(1)
  })

  test('a 503 is retried by the client itself, so the embedder never sees it', async () => {
    server.enqueueEmbeddings({ fault: 'server-error', status: 503 })
    expect(await embedder().embed(['a'])).toEqual([hashedEmbedding('a', DIMENSIONS)])
    expect(server.embeddingRequestCount).toBe(2)
  })

  test('a server that is down: an embedding failure through evaluate', async () => {
    const unreachable = embedder()
    await stopServer()
    const error = await evaluate(trajectory, scenario, { embedder: unreachable }).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(EmbeddingError)
    expect((error as EmbeddingError).message).toBe('embedding failed: huggingface:mock-embed: could not embed 2 texts: fetch failed')
    expect((error as EmbeddingError).cause).toBeInstanceOf(TypeError)
  })

  test('token vectors are mean-pooled and a single bare vector is accepted', async () => {
    const tokens = { featureExtraction: () => Promise.resolve([[[1, 0], [0, 1]], [[2, 2]]]) }
    expect(await huggingFaceEmbedder({ client: tokens, model: 't' }).embed(['two tokens', 'one'])).toEqual([[0.5, 0.5], [2, 2]])
    const bare = { featureExtraction: () => Promise.resolve([0.25, 0.75]) }
    expect(await huggingFaceEmbedder({ client: bare, model: 'b' }).embed(['one'])).toEqual([[0.25, 0.75]])
    const short = { featureExtraction: () => Promise.resolve([[1, 0]]) }
    await expect(huggingFaceEmbedder({ client: short, model: 's' }).embed(['a', 'b'])).rejects.toThrow(new EmbeddingError('huggingface:s', 'returned 1 results for 2 texts'))
  })
})

/**
 * Both embedders on the server, with clients that do not retry and give up after `timeoutMs`: 0.3 s
 * for a hang, and otherwise a limit no answer reaches, even on a loaded machine where the
 * server (in this process) takes its time.
 */
const networkEmbedders = {
  openai: (timeoutMs = 30_000) => openaiEmbedder({ client: new OpenAI({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0, timeout: timeoutMs }), model: MODEL }),
  huggingface: (timeoutMs = 30_000) => huggingFaceEmbedder({ client: new InferenceClient(undefined, { endpointUrl: server.url, signal: AbortSignal.timeout(timeoutMs) }), model: MODEL }),
}

/** What an embedder reports for a fault: the message after its name, and the class of the client's error (the cause). */
type Report = readonly [reason: string, cause: (abstract new (...args: never[]) => unknown) | undefined]

const MALFORMED_HUGGING_FACE = 'Received malformed response from HF-Inference feature-extraction API: expected Array<number[][][] | number[][] | number[] | number>'
const faults: readonly { readonly name: string; readonly reply: MockEmbeddingReply; readonly openai: Report; readonly huggingface: Report }[] = [
  {
    name: '429 with Retry-After',
    reply: { fault: 'rate-limit', retryAfter: 1 },
    openai: ['could not embed 2 texts: 429 rate limit reached (mock)', RateLimitError],
    huggingface: ['could not embed 2 texts: Failed to perform inference: rate limit reached (mock); HTTP 429', InferenceClientProviderApiError],
  },
  {
    name: '500',
    reply: { fault: 'server-error' },
    openai: ['could not embed 2 texts: 500 internal error (mock)', InternalServerError],
    huggingface: ['could not embed 2 texts: Failed to perform inference: internal error (mock); HTTP 500', InferenceClientProviderApiError],
  },
  { name: 'a reset connection', reply: { fault: 'reset' }, openai: ['could not embed 2 texts: Connection error.', APIConnectionError], huggingface: ['could not embed 2 texts: fetch failed', TypeError] },
  {
    name: 'a hang',
    reply: { fault: 'hang' },
    openai: ['could not embed 2 texts: Request timed out.', APIConnectionTimeoutError],
    huggingface: ['could not embed 2 texts: The operation was aborted due to timeout', DOMException],
  },
  {
    name: 'a body that is not JSON',
    reply: { fault: 'malformed-body' },
    openai: ['could not embed 2 texts: Unexpected end of JSON input', SyntaxError],
    huggingface: ['could not embed 2 texts: Unexpected end of JSON input', SyntaxError],
  },
  {
    name: 'JSON of another shape',
    reply: { status: 200, body: { vectors: [] } },
    openai: ['the response has no list of embeddings (`data`)', undefined],
    huggingface: [`could not embed 2 texts: ${MALFORMED_HUGGING_FACE}`, InferenceClientProviderOutputError],
  },
]

describe.each(['openai', 'huggingface'] as const)('%s embedder against the server\'s faults', (kind) => {
  test.each(faults)('$name: an embedding failure naming the embedder, with the client\'s error as the cause', async (fault) => {
    server.enqueueEmbeddings(fault.reply)
    const [reason, causeClass] = fault[kind]
    const hangs = 'fault' in fault.reply && fault.reply.fault === 'hang'
    const error = await networkEmbedders[kind](hangs ? 300 : undefined).embed(['a', 'b']).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(EmbeddingError)
    expect((error as EmbeddingError).message).toBe(`embedding failed: ${kind}:${MODEL}: ${reason}`)
    expect((error as EmbeddingError).embedder).toBe(`${kind}:${MODEL}`)
    if (causeClass === undefined) expect((error as EmbeddingError).cause).toBeUndefined()
    else expect((error as EmbeddingError).cause).toBeInstanceOf(causeClass)
    expect(server.chatRequestCount).toBe(0)
    // One request; for a hang, none if it had not reached the server whole when the client gave
    // up (on a loaded machine it may not have).
    if (hangs) expect(server.embeddingRequestCount).toBeLessThanOrEqual(1)
    else expect(server.embeddingRequestCount).toBe(1)
  })

  test('evaluate lets a fault through as the embedding failure, and the next request gets vectors again', async () => {
    server.enqueueEmbeddings({ fault: 'rate-limit', retryAfter: 1 })
    await expect(evaluate(trajectory, scenario, { embedder: networkEmbedders[kind]() })).rejects.toThrow(EmbeddingError)
    expect((await evaluate(trajectory, scenario, { embedder: networkEmbedders[kind]() })).score).toBeCloseTo(expectedScore, 6)
    expect(server.embeddingRequestCount).toBe(2)
  })
})

describe('any embedder, through evaluate', () => {
  test('a custom embedder that throws, or answers without vectors, gives an embedding failure', async () => {
    const failing: Embedder = { name: 'custom', embed: () => Promise.reject(new Error('quota exceeded')) }
    const error = await evaluate(trajectory, scenario, { embedder: failing }).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(EmbeddingError)
    expect((error as EmbeddingError).message).toBe('embedding failed: custom: could not embed 2 texts: quota exceeded')
    expect(((error as EmbeddingError).cause as Error).message).toBe('quota exceeded')
    const empty: Embedder = { name: 'empty', embed: (texts) => Promise.resolve(texts.map(() => [])) }
    expect((await evaluate(trajectory, scenario, { embedder: empty })).score).toBe(0)
    const holes: Embedder = { name: 'holes', embed: (texts) => Promise.resolve(new Array<number[]>(texts.length)) }
    await expect(evaluate(trajectory, scenario, { embedder: holes })).rejects.toThrow('embedding failed: holes: returned no vector of finite numbers for text 0 of 2')
  })
})
