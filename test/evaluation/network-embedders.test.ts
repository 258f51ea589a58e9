import { InferenceClient, InferenceClientProviderApiError, InferenceClientProviderOutputError } from '@huggingface/inference'
import OpenAI, { APIConnectionError } from 'openai'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { Embedder } from '../../src/evaluation/index.ts'
import { cosineSimilarity, EmbeddingError, evaluate, huggingFaceEmbedder, openaiEmbedder } from '../../src/evaluation/index.ts'
import type { MockServer } from '../../src/mock-server/index.ts'
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

/**
 * The mock server answers embeddings in OpenAI's format (`{ input }` in, `{ data: [{ embedding }] }`
 * out), while Hugging Face feature extraction sends `{ inputs }` and expects the vectors as a
 * bare list, as a text-embeddings-inference server answers. This fetch, given to the real
 * `InferenceClient`, translates both ways, so the client's own request building and answer
 * checks run against the mock server's vectors.
 */
function featureExtractionFetch(options: { readonly translateAnswer: boolean }): typeof fetch {
  return async (input, init) => {
    const request = JSON.parse(String(init?.body)) as { inputs: string | string[] }
    const response = await fetch(input, { ...init, body: JSON.stringify({ model: MODEL, input: request.inputs }) })
    if (!options.translateAnswer || !response.ok) return response
    const answer = (await response.json()) as { data: { embedding: number[] }[] }
    return new Response(JSON.stringify(answer.data.map((item) => item.embedding)), { status: 200, headers: { 'content-type': 'application/json' } })
  }
}

describe('huggingFaceEmbedder with the @huggingface/inference client', () => {
  const embedder = (fetchOption?: typeof fetch): Embedder => {
    const client = new InferenceClient(undefined, { endpointUrl: `${server.baseURL}/embeddings`, ...(fetchOption === undefined ? {} : { fetch: fetchOption }) })
    return huggingFaceEmbedder({ client: client as unknown as Parameters<typeof huggingFaceEmbedder>[0]['client'], model: MODEL })
  }

  test('embeds a batch through the client, one vector per text in order', async () => {
    const texts = ['water the ferns', 'call Ana']
    const vectors = await embedder(featureExtractionFetch({ translateAnswer: true })).embed(texts)
    expect(vectors).toEqual(texts.map((text) => hashedEmbedding(text, DIMENSIONS)))
    expect(embeddingRequests()).toHaveLength(1)
    expect(embeddingRequests()[0]?.path).toBe('/v1/embeddings')
  })

  test('evaluate scores a semantic milestone with the server\'s vectors', async () => {
    const result = await evaluate(trajectory, scenario, { embedder: embedder(featureExtractionFetch({ translateAnswer: true })) })
    expect(result.score).toBeCloseTo(expectedScore, 12)
    expect(embeddingRequests()).toHaveLength(1)
  })

  test('an HTTP error: an embedding failure with the status and the server\'s message, and the client\'s error as the cause', async () => {
    // Without the translation the mock server refuses Hugging Face's request body with a 400.
    const error = await embedder().embed(['a', 'b']).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(EmbeddingError)
    expect((error as EmbeddingError).message).toBe(
      'embedding failed: huggingface:mock-embed: could not embed 2 texts: Failed to perform inference: an HTTP error occurred when requesting the provider.; HTTP 400; the server said: embeddings input must be a string or a list of strings',
    )
    expect((error as EmbeddingError).cause).toBeInstanceOf(InferenceClientProviderApiError)
  })

  test('an answer that is not a list of vectors: an embedding failure, with the client\'s complaint as the cause', async () => {
    const error = await embedder(featureExtractionFetch({ translateAnswer: false })).embed(['a']).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(EmbeddingError)
    expect((error as EmbeddingError).message).toMatch(/^embedding failed: huggingface:mock-embed: could not embed 1 text: Received malformed response from HF-Inference feature-extraction API/)
    expect((error as EmbeddingError).cause).toBeInstanceOf(InferenceClientProviderOutputError)
  })

  test('a server that is down: an embedding failure through evaluate', async () => {
    const unreachable = embedder(featureExtractionFetch({ translateAnswer: true }))
    await stopServer()
    const error = await evaluate(trajectory, scenario, { embedder: unreachable }).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(EmbeddingError)
    expect((error as EmbeddingError).message).toMatch(/^embedding failed: huggingface:mock-embed: could not embed 2 texts: /)
    expect((error as EmbeddingError).cause).toBeInstanceOf(Error)
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
