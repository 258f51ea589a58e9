import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ChatRequest } from '../roles/endpoint/chat-request.ts'
import { forgetServer } from '../roles/endpoint/endpoint-breaker.ts'
import { canonicalJson } from '../world/index.ts'
import type { JsonObject, JsonValue } from '../world/index.ts'
import type { EmbeddingFormat } from './embedding-format.ts'
import { embeddingAnswer, embeddingErrorBody, embeddingFormatOf, embeddingTexts, malformedEmbeddingBody } from './embedding-format.ts'
import type { MockEmbeddingFault, MockEmbeddingReply } from './mock-embedding-reply.ts'
import type { MockCompletion, MockRawResponse, MockReply } from './mock-reply.ts'
import type { MockRequest, MockResponder } from './mock-request.ts'
import { chatToResponses, responsesToChat } from './responses-format.ts'

/** Options of `startMockServer`. */
export interface MockServerOptions {
  /** Replies served in order, one per chat-completions request. */
  readonly replies?: readonly MockReply[]
  /** Answers requests once the queue is empty. Without one, an empty queue answers 400 saying so. */
  readonly respond?: MockResponder
  /** Wait before every chat-completions reply, in milliseconds (a model's thinking time). */
  readonly latencyMs?: number
  /** Length of the embedding vectors (16 by default). */
  readonly embeddingDimensions?: number
  /**
   * Replies served in order, one per embeddings request (either format), before the server
   * goes back to answering with vectors: faults on demand for embedders. A queue of its own, so
   * that embedding requests never take a chat reply.
   */
  readonly embeddingReplies?: readonly MockEmbeddingReply[]
  /**
   * The port to listen on, on 127.0.0.1: a free one when absent or 0. Starting fails, naming the
   * port, when another process holds it.
   */
  readonly port?: number
}

/** A running mock server. */
export interface MockServer {
  /**
   * `http://127.0.0.1:<port>`: what the Hugging Face client takes as `endpointUrl`, for chat
   * completion (it appends `/v1/chat/completions`) and feature extraction (it posts to the URL).
   */
  readonly url: string
  /** `<url>/v1`: what the openai client takes as `baseURL`. */
  readonly baseURL: string
  /** Every request received, in order. */
  readonly requests: readonly MockRequest[]
  /** Model requests received so far: chat completions, and Responses API requests (`POST /v1/responses`). */
  readonly chatRequestCount: number
  /** Embeddings requests received so far, in either format, faulted ones included. */
  readonly embeddingRequestCount: number
  /**
   * Bytes of chat-completion response bodies handed to the network so far: how much of an
   * `oversize` reply went out before the client stopped reading.
   */
  readonly chatBytesSent: number
  /** Adds replies to the end of the chat-completions queue. */
  enqueue(...replies: MockReply[]): void
  /** Adds replies to the end of the embeddings queue. */
  enqueueEmbeddings(...replies: MockEmbeddingReply[]): void
  /** Stops the server, cutting any hanging connection. */
  close(): Promise<void>
}

/**
 * Starts a local HTTP server on 127.0.0.1 (a free port) that speaks the OpenAI chat-completions
 * protocol (`POST /v1/chat/completions`, also reached by the Hugging Face client's `endpointUrl`)
 * and embeddings, with deterministic vectors (`hashedEmbedding`), in OpenAI's format
 * (`POST /v1/embeddings`) and as Hugging Face feature extraction (`POST /` with `{ inputs }`,
 * what `InferenceClient.featureExtraction` sends to its `endpointUrl`). Replies come from a queue
 * (one for chat, one for embeddings) or a responder, and can be faults: rate limits, server
 * errors, reset connections, hangs, drip-fed bodies, bodies that are not JSON, tool calls with
 * broken arguments.
 * A chat request with `stream: true` gets its completion as server-sent events. The Responses
 * API (`POST /v1/responses`, not streamed) is read as the chat request it amounts to and answered
 * from the same queue or responder (see `responsesToChat`).
 *
 * The Hugging Face client retries a 503 on its own, as often as it gets one; a `server-error`
 * fault with status 503 is therefore not an error it reports.
 *
 * A server starts with closed circuit breakers (`forgetServer`): the system hands ports out again,
 * and what the breakers learned of a server that ran at this address before, such as a dead
 * server a test shut down with its breaker still open, is not about this one.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const queue: MockReply[] = [...(options.replies ?? [])]
  const embeddingQueue: MockEmbeddingReply[] = [...(options.embeddingReplies ?? [])]
  const requests: MockRequest[] = []
  let chatRequestCount = 0
  let embeddingRequestCount = 0
  const sent = { bytes: 0 }

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent && !response.destroyed) send(response, 500, { error: { message: `mock server failure: ${(error as Error).message}` } })
    })
  })

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const text = await readBody(request)
    let body: unknown
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      body = undefined
    }
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    const isResponses = request.method === 'POST' && path.endsWith('/responses')
    const isChat = request.method === 'POST' && (path.endsWith('/chat/completions') || isResponses)
    const format = request.method === 'POST' && !isChat ? embeddingFormatOf(path) : undefined
    const kind = isResponses ? 'responses' : isChat ? 'chat' : format !== undefined ? 'embeddings' : 'other'
    const index = requests.length
    requests.push({ index, method: request.method ?? 'GET', path, kind, body, authorized: request.headers.authorization !== undefined })
    if (kind === 'other')
      return send(response, 404, {
        error: { message: `the mock server answers POST /v1/chat/completions, POST /v1/responses, POST /v1/embeddings and Hugging Face feature extraction (POST / or /embed), not ${request.method} ${path}` },
      })
    const errorBody = format === undefined ? chatDialect.errorBody : (message: string, type: string) => embeddingErrorBody(format, message, type)
    if (body === null || typeof body !== 'object') return send(response, 400, errorBody('the request body is not a JSON object', 'invalid_request_error'))
    if (format !== undefined) return embeddings(response, format, body)
    chatRequestCount++
    if (isResponses && (body as { stream?: unknown }).stream === true) return send(response, 400, chatDialect.errorBody('the mock server answers the Responses API without streaming', 'invalid_request_error'))
    const chat = isResponses ? responsesToChat(body as JsonObject) : (body as ChatRequest)
    let reply = queue.shift()
    if (reply === undefined && options.respond !== undefined) {
      try {
        reply = await options.respond({ body: chat, index })
      } catch (error) {
        return send(response, 400, { error: { message: `the mock responder failed: ${(error as Error).message}` } })
      }
    }
    if (reply === undefined) return send(response, 400, { error: { message: `the mock server has no reply left for request ${index} (the queue is empty and there is no responder)` } })
    const wait = (options.latencyMs ?? 0) + ('latencyMs' in reply && typeof reply.latencyMs === 'number' ? reply.latencyMs : 0)
    if (wait > 0 && !(await delay(wait, response))) return
    answer(response, chat, reply, index, sent, isResponses)
  }

  async function embeddings(response: ServerResponse, format: EmbeddingFormat, body: object): Promise<void> {
    embeddingRequestCount++
    const reply = embeddingQueue.shift() ?? {}
    const dialect: Dialect = { errorBody: (message, type) => embeddingErrorBody(format, message, type), malformedBody: malformedEmbeddingBody(format) }
    const request = embeddingTexts(format, body)
    const whole = () => ('problem' in request ? '' : JSON.stringify(embeddingAnswer(format, body, request, options.embeddingDimensions ?? 16)))
    if (isTransportReply(reply)) return answerTransport(response, reply, dialect, whole)
    if (reply.latencyMs !== undefined && reply.latencyMs > 0 && !(await delay(reply.latencyMs, response))) return
    if ('problem' in request) return send(response, 400, dialect.errorBody(request.problem, 'invalid_request_error'))
    send(response, 200, embeddingAnswer(format, body, request, options.embeddingDimensions ?? 16))
  }

  await new Promise<void>((resolvePromise, rejectPromise) => {
    const refused = (error: Error) => rejectPromise(new Error(`the mock server cannot listen on 127.0.0.1:${options.port ?? 0}: ${error.message}`, { cause: error }))
    server.once('error', refused)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', refused)
      resolvePromise()
    })
  })
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  forgetServer(url)
  return {
    url,
    baseURL: `${url}/v1`,
    requests,
    get chatRequestCount() {
      return chatRequestCount
    },
    get embeddingRequestCount() {
      return embeddingRequestCount
    },
    get chatBytesSent() {
      return sent.bytes
    },
    enqueue: (...replies: MockReply[]) => void queue.push(...replies),
    enqueueEmbeddings: (...replies: MockEmbeddingReply[]) => void embeddingQueue.push(...replies),
    close: () =>
      new Promise<void>((resolvePromise, rejectPromise) => {
        server.close((error) => (error ? rejectPromise(error) : resolvePromise()))
        server.closeAllConnections()
      }),
  }
}

/** How a protocol words its errors and what its cut-off body looks like. */
interface Dialect {
  errorBody(message: string, type: string): JsonValue
  readonly malformedBody: string
}

const chatDialect: Dialect = {
  errorBody: (message, type) => ({ error: { message, type } }),
  malformedBody: '{"id": "chatcmpl-broken", "choices": [{"message": {"content": "cut off',
}

/** The faults any request can get, whatever its protocol. */
const TRANSPORT_FAULTS: ReadonlySet<string> = new Set<MockEmbeddingFault['fault']>(['rate-limit', 'server-error', 'reset', 'hang', 'truncated', 'malformed-body'])

/** A reply that any request can get, whatever its protocol: a raw response or a transport fault. */
function isTransportReply(reply: MockReply | MockEmbeddingReply): reply is MockRawResponse | MockEmbeddingFault {
  return 'body' in reply || ('fault' in reply && TRANSPORT_FAULTS.has(reply.fault))
}

/** Answers with a raw response or a transport fault, chat and embeddings alike; `whole` is the answer a `truncated` fault cuts. */
function answerTransport(response: ServerResponse, reply: MockRawResponse | MockEmbeddingFault, dialect: Dialect, whole: () => string): void {
  if ('body' in reply) {
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
    response.writeHead(reply.status, { 'content-type': typeof reply.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json', ...reply.headers })
    response.end(text)
    return
  }
  switch (reply.fault) {
    case 'rate-limit':
      return send(response, 429, dialect.errorBody(reply.message ?? 'rate limit reached (mock)', 'rate_limit_error'), retryAfterHeader(reply.retryAfter))
    case 'server-error':
      return send(response, reply.status ?? 500, dialect.errorBody(reply.message ?? 'internal error (mock)', 'server_error'), retryAfterHeader(reply.retryAfter))
    case 'reset':
      response.socket?.destroy()
      return
    case 'hang':
      // Never answer; the connection stays open until the client aborts or the server closes.
      return
    case 'malformed-body':
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(dialect.malformedBody)
      return
    case 'truncated':
      return truncate(response, whole(), reply.announce !== false)
  }
}

/** Sends the first half of a body (announcing its whole length, or in chunks), then cuts the connection. */
function truncate(response: ServerResponse, text: string, announce: boolean): void {
  const bytes = Buffer.from(text, 'utf8')
  response.writeHead(200, { 'content-type': 'application/json', ...(announce ? { 'content-length': String(bytes.length) } : {}) })
  response.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => response.socket?.destroy())
}

/**
 * Answers a model request; `responses` writes the completion as a Responses API response (the
 * faults that shape a chat body in particular keep their chat shape, broken for either API).
 */
function answer(response: ServerResponse, request: ChatRequest, reply: MockReply, index: number, sent: { bytes: number }, responses: boolean): void {
  if (isTransportReply(reply)) return answerTransport(response, reply, chatDialect, () => JSON.stringify(completion(request, { content: 'This answer is cut off halfway.' })))
  const written = (body: JsonValue) => (responses ? chatToResponses(body) : body)
  if ('fault' in reply) {
    switch (reply.fault) {
      case 'empty-choices':
        return send(response, 200, responses ? { id: `resp_mock_${index}`, object: 'response', status: 'completed', model: request.model, output: [] } : { id: `chatcmpl-mock-${index}`, object: 'chat.completion', created: 0, model: request.model, choices: [] })
      case 'invalid-arguments':
        return send(response, 200, written(completion(request, { toolCalls: [{ name: reply.name, arguments: reply.text ?? '{"location": "Cupertino", ' }] })))
      case 'drip':
        return drip(response, JSON.stringify(written(completion(request, { content: reply.content ?? 'Here it comes, slowly.' }))), reply.intervalMs ?? 1000)
      case 'oversize':
        return sendOversize(response, request, reply.bytes, reply.announce !== false, sent)
      case 'malformed-tool-calls': {
        const body = completion(request, { content: '' }) as { choices: { message: Record<string, JsonValue> }[] }
        ;(body.choices[0] as { message: Record<string, JsonValue> }).message.tool_calls = reply.toolCalls
        return send(response, 200, body as unknown as JsonValue)
      }
      case 'nested-arguments': {
        const text = nestedArguments(reply.depth)
        return send(response, 200, withArguments(completion(request, { toolCalls: [{ name: reply.name, arguments: text }] }), reply.asObject === true ? (JSON.parse(text) as JsonValue) : text))
      }
      case 'object-arguments':
        return send(response, 200, withArguments(completion(request, { toolCalls: [{ name: reply.name, arguments: '{}' }] }), reply.arguments))
    }
  }
  const body = completion(request, reply)
  if (!responses && (request as { stream?: unknown }).stream === true) return sendStream(response, body)
  send(response, 200, written(body), {}, sent)
}

/** Arguments text nested `depth` levels: `{"items": [[[...]]]}` (an object, then arrays), built without recursion. */
function nestedArguments(depth: number): string {
  const arrays = Math.max(0, depth - 1)
  return arrays === 0 ? '{"items": 0}' : `{"items": ${'['.repeat(arrays)}${']'.repeat(arrays)}}`
}

/** A completion whose first tool call's arguments are replaced by `value`, whatever it is. */
function withArguments(body: JsonValue, value: JsonValue): JsonValue {
  const call = (body as { choices: { message: { tool_calls: { function: { arguments: JsonValue } }[] } }[] }).choices[0]?.message.tool_calls[0]
  if (call !== undefined) call.function.arguments = value
  return body
}

/**
 * A valid completion of about `bytes` bytes, its text padded, written in 64 KiB pieces as fast as
 * the client takes them (never more than one piece ahead of the socket), until it is all out or
 * the client goes away. Never holds the whole body in memory, so it can be hundreds of megabytes.
 */
function sendOversize(response: ServerResponse, request: ChatRequest, bytes: number, announce: boolean, sent: { bytes: number }): void {
  const marker = 'PADDING-GOES-HERE'
  const [head = '', tail = ''] = JSON.stringify(completion(request, { content: marker, usage: { promptTokens: 1, completionTokens: 1 } })).split(marker)
  const padding = Math.max(0, bytes - Buffer.byteLength(head) - Buffer.byteLength(tail))
  response.writeHead(200, { 'content-type': 'application/json', ...(announce ? { 'content-length': String(Buffer.byteLength(head) + padding + Buffer.byteLength(tail)) } : {}) })
  const piece = Buffer.alloc(64 * 1024, 'a')
  let left = padding
  const write = (chunk: Buffer | string): boolean => {
    sent.bytes += Buffer.byteLength(chunk)
    return response.write(chunk)
  }
  const pump = () => {
    while (!response.destroyed && left > 0) {
      const chunk = left >= piece.length ? piece : piece.subarray(0, left)
      left -= chunk.length
      if (!write(chunk)) return void response.once('drain', pump)
    }
    if (response.destroyed) return
    write(tail)
    response.end()
  }
  write(head)
  pump()
}

/**
 * A completion as a client that asked for `stream: true` reads it: server-sent events, one chunk
 * with the whole message as its delta (tool calls with their index), a last chunk with the finish
 * reason and usage, then `[DONE]`.
 */
function sendStream(response: ServerResponse, body: JsonValue): void {
  if (response.destroyed) return
  const { choices, usage, ...head } = body as { choices: { message: { role: string; content: string | null; tool_calls?: object[] }; finish_reason: string }[]; usage: JsonValue }
  const choice = choices[0] as (typeof choices)[number]
  const delta = { ...choice.message, ...(choice.message.tool_calls === undefined ? {} : { tool_calls: choice.message.tool_calls.map((call, index) => ({ index, ...call })) }) }
  const chunks = [
    { ...head, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] },
    { ...head, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: choice.finish_reason }], usage },
  ]
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  response.end(`${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`)
}

/** A chat-completion body; ids are derived from the request so that equal requests get equal replies. */
function completion(request: ChatRequest, reply: MockCompletion): JsonValue {
  const digest = createHash('sha256').update(canonicalJson(request.messages as unknown as JsonValue)).digest('hex').slice(0, 16)
  const toolCalls = (reply.toolCalls ?? []).map((call, position) => ({
    id: call.id ?? `call_${digest}_${position}`,
    type: 'function',
    function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}) },
  }))
  const content = reply.content ?? null
  const promptTokens = reply.usage?.promptTokens ?? estimateTokens(JSON.stringify(request.messages ?? []))
  const completionTokens = reply.usage?.completionTokens ?? estimateTokens((content ?? '') + JSON.stringify(toolCalls))
  return {
    id: `chatcmpl-${digest}`,
    object: 'chat.completion',
    created: 0,
    model: request.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  }
}

/** About four characters a token, the usual rule of thumb. */
function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4)
}

function retryAfterHeader(value: number | string | undefined): Record<string, string> {
  return value === undefined ? {} : { 'retry-after': String(value) }
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, sent?: { bytes: number }): void {
  if (response.destroyed) return
  const text = JSON.stringify(body)
  if (sent !== undefined) sent.bytes += Buffer.byteLength(text)
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(text)
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolvePromise, rejectPromise) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolvePromise(Buffer.concat(chunks).toString('utf8')))
    request.on('error', rejectPromise)
  })
}

/**
 * Sends a 200 with its headers at once, then the body one byte per interval, until it is all out
 * or the client goes away. The length is announced, so a client knows the body is not finished.
 */
function drip(response: ServerResponse, text: string, intervalMs: number): void {
  const bytes = Buffer.from(text, 'utf8')
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length) })
  response.flushHeaders()
  let sent = 0
  const timer = setInterval(() => {
    if (response.destroyed) return clearInterval(timer)
    response.write(bytes.subarray(sent, sent + 1))
    sent++
    if (sent < bytes.length) return
    clearInterval(timer)
    response.end()
  }, intervalMs)
  response.once('close', () => clearInterval(timer))
}

/** Waits; false when the client went away meanwhile (then there is nobody to answer). */
function delay(milliseconds: number, response: ServerResponse): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => {
      response.off('close', onClose)
      resolvePromise(!response.destroyed)
    }, milliseconds)
    const onClose = () => {
      clearTimeout(timer)
      resolvePromise(false)
    }
    response.once('close', onClose)
  })
}
