import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ChatRequest } from '../roles/endpoint/chat-request.ts'
import { canonicalJson } from '../world/index.ts'
import type { JsonValue } from '../world/index.ts'
import { hashedEmbedding } from './hashed-embedding.ts'
import type { MockCompletion, MockReply } from './mock-reply.ts'
import type { MockRequest, MockResponder } from './mock-request.ts'

/** Options of `startMockServer`. */
export interface MockServerOptions {
  /** Replies served in order, one per chat-completions request. */
  readonly replies?: readonly MockReply[]
  /** Answers requests once the queue is empty. Without one, an empty queue answers 400 saying so. */
  readonly respond?: MockResponder
  /** Wait before every reply, in milliseconds (a model's thinking time). */
  readonly latencyMs?: number
  /** Length of the embedding vectors (16 by default). */
  readonly embeddingDimensions?: number
}

/** A running mock server. */
export interface MockServer {
  /** `http://127.0.0.1:<port>`: what the Hugging Face client takes as `endpointUrl`. */
  readonly url: string
  /** `<url>/v1`: what the openai client takes as `baseURL`. */
  readonly baseURL: string
  /** Every request received, in order. */
  readonly requests: readonly MockRequest[]
  /** Chat-completions requests received so far. */
  readonly chatRequestCount: number
  /** Adds replies to the end of the queue. */
  enqueue(...replies: MockReply[]): void
  /** Stops the server, cutting any hanging connection. */
  close(): Promise<void>
}

/**
 * Starts a local HTTP server on 127.0.0.1 (a free port) that speaks the OpenAI chat-completions
 * protocol (`POST /v1/chat/completions`, also reached by the Hugging Face client's `endpointUrl`)
 * and embeddings (`POST /v1/embeddings`, deterministic vectors). Replies come from a queue or a
 * responder, and can be faults: rate limits, server errors, reset connections, hangs, bodies that
 * are not JSON, tool calls with broken arguments.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const queue: MockReply[] = [...(options.replies ?? [])]
  const requests: MockRequest[] = []
  let chatRequestCount = 0

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
    const kind = request.method === 'POST' && path.endsWith('/chat/completions') ? 'chat' : request.method === 'POST' && path.endsWith('/embeddings') ? 'embeddings' : 'other'
    const index = requests.length
    requests.push({ index, method: request.method ?? 'GET', path, kind, body, authorized: request.headers.authorization !== undefined })
    if (kind === 'other') return send(response, 404, { error: { message: `the mock server answers POST /v1/chat/completions and POST /v1/embeddings, not ${request.method} ${path}` } })
    if (body === null || typeof body !== 'object') return send(response, 400, { error: { message: 'the request body is not a JSON object' } })
    if (kind === 'embeddings') return embeddings(response, body as { input?: unknown; model?: unknown })
    chatRequestCount++
    const chat = body as ChatRequest
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
    answer(response, chat, reply, index)
  }

  function embeddings(response: ServerResponse, body: { input?: unknown; model?: unknown }): void {
    const inputs = Array.isArray(body.input) ? body.input : [body.input]
    if (!inputs.every((input) => typeof input === 'string')) return send(response, 400, { error: { message: 'embeddings input must be a string or a list of strings' } })
    const dimensions = options.embeddingDimensions ?? 16
    const data = (inputs as string[]).map((input, position) => ({ object: 'embedding', index: position, embedding: hashedEmbedding(input, dimensions) }))
    const tokens = (inputs as string[]).reduce((sum, input) => sum + estimateTokens(input), 0)
    send(response, 200, { object: 'list', data, model: typeof body.model === 'string' ? body.model : 'mock-embedding', usage: { prompt_tokens: tokens, total_tokens: tokens } })
  }

  await new Promise<void>((resolvePromise) => server.listen(0, '127.0.0.1', resolvePromise))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    baseURL: `${url}/v1`,
    requests,
    get chatRequestCount() {
      return chatRequestCount
    },
    enqueue: (...replies: MockReply[]) => void queue.push(...replies),
    close: () =>
      new Promise<void>((resolvePromise, rejectPromise) => {
        server.close((error) => (error ? rejectPromise(error) : resolvePromise()))
        server.closeAllConnections()
      }),
  }
}

function answer(response: ServerResponse, request: ChatRequest, reply: MockReply, index: number): void {
  if ('body' in reply) {
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
    response.writeHead(reply.status, { 'content-type': typeof reply.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json', ...reply.headers })
    response.end(text)
    return
  }
  if ('fault' in reply) {
    switch (reply.fault) {
      case 'rate-limit':
        return send(response, 429, { error: { message: 'rate limit reached (mock)', type: 'rate_limit_error' } }, retryAfterHeader(reply.retryAfter))
      case 'server-error':
        return send(response, reply.status ?? 500, { error: { message: 'internal error (mock)', type: 'server_error' } }, retryAfterHeader(reply.retryAfter))
      case 'reset':
        response.socket?.destroy()
        return
      case 'hang':
        // Never answer; the connection stays open until the client aborts or the server closes.
        return
      case 'malformed-body':
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end('{"id": "chatcmpl-broken", "choices": [{"message": {"content": "cut off')
        return
      case 'empty-choices':
        return send(response, 200, { id: `chatcmpl-mock-${index}`, object: 'chat.completion', created: 0, model: request.model, choices: [] })
      case 'invalid-arguments':
        return send(response, 200, completion(request, { toolCalls: [{ name: reply.name, arguments: reply.text ?? '{"location": "Cupertino", ' }] }))
    }
  }
  send(response, 200, completion(request, reply))
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

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.destroyed) return
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolvePromise, rejectPromise) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolvePromise(Buffer.concat(chunks).toString('utf8')))
    request.on('error', rejectPromise)
  })
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
