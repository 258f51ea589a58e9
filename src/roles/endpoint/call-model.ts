import type { CacheKeyParts } from '../../cache/index.ts'
import { serverAddress } from '../../cache/index.ts'
import type { Usage } from '../../conversation/index.ts'
import { InfrastructureError } from '../../conversation/index.ts'
import type { JsonValue } from '../../world/index.ts'
import { asJson } from '../../world/index.ts'
import type { ChatEndpoint } from './chat-endpoint.ts'
import type { ChatReply, ChatRequest } from './chat-request.ts'
import { EndpointFailure } from './endpoint-failure.ts'
import type { ModelCallOptions } from './guarded-call.ts'
import { guardedCall } from './guarded-call.ts'
import type { ReadReply, ReplyLimits } from './read-chat-reply.ts'
import { readChatReply } from './read-chat-reply.ts'

export type { ModelCallOptions } from './guarded-call.ts'

/** A model's reply with the usage of the call. */
export interface ModelCallResult {
  /** The body as the server sent it (and as it is recorded). */
  readonly reply: ChatReply
  /** The reply's first choice as read and checked by `readChatReply`: what roles act on. */
  readonly read: ReadReply
  readonly usage: Usage
  /** True when the reply came from a cassette (no HTTP request was made). */
  readonly cached: boolean
}

/** A reply as `guardedCall` carries it: the body, and the body read. */
interface ReadBody {
  readonly reply: ChatReply
  readonly read: ReadReply
}

/**
 * Makes one chat-completions call through `guardedCall` (the cassettes, the circuit breakers, the
 * server's concurrency limit, the time limit per attempt, retries, usage), reading the reply
 * completely (`readChatReply`, within `maxReplyBytes` and `maxReplyDepth`) before it is recorded:
 * a body that cannot be read is a `malformed-reply`, and a cassette that cannot be is corrupt.
 */
export async function callModel(endpoint: ChatEndpoint, request: ChatRequest, options: ModelCallOptions): Promise<ModelCallResult> {
  const { model } = request
  const source = `${endpoint.address} (${model})`
  const { reply, usage, cached } = await guardedCall<ReadBody>(
    {
      server: serverOf(endpoint),
      model,
      key: () => keyParts(endpoint, request, options.trial),
      target: source,
      async attempt(signal, limits) {
        let body: unknown
        try {
          body = await endpoint.send(request, signal, { maxReplyBytes: limits.maxReplyBytes })
        } catch (error) {
          // A ChatEndpoint written by a user may throw anything; it is the endpoint's failure all the same.
          throw error instanceof EndpointFailure ? error : new EndpointFailure('network', String((error as Error)?.message ?? error), { cause: error })
        }
        return { reply: body as ChatReply, read: readReply(body, source, limits) }
      },
      toCassette: (body) => body.reply as unknown as JsonValue,
      fromCassette: (recorded, limits) => {
        const reading = readChatReply(recorded, limits)
        // Recorded by an earlier version that kept replies it could not read: unusable, whatever the mode.
        if (!reading.ok) throw new Error(`its reply cannot be read: ${reading.problem}`)
        return { reply: recorded as unknown as ChatReply, read: reading.reply }
      },
      tokensOf: ({ read }) => ({ prompt: read.promptTokens, completion: read.completionTokens }),
    },
    options,
  )
  return { reply: reply.reply, read: reply.read, usage, cached }
}

/** The cache key parts of a request: the generation options are everything but model, messages and tools. */
export function keyParts(endpoint: ChatEndpoint, request: ChatRequest, trial: number): CacheKeyParts {
  const { model, messages, tools, ...generation } = request
  return {
    endpoint: serverOf(endpoint),
    model,
    messages: messages as unknown as JsonValue,
    tools: (tools ?? []) as unknown as JsonValue,
    options: asJson(generation),
    trial,
  }
}

/** The server behind an endpoint (`serverAddress` of its address). */
export function serverOf(endpoint: ChatEndpoint): string {
  return serverAddress(endpoint.address)
}

/** A body read with `readChatReply`; an `InfrastructureError('malformed-reply')` naming the server and the problem when it cannot be. */
function readReply(body: unknown, source: string, limits: ReplyLimits): ReadReply {
  const reading = readChatReply(body, limits)
  if (!reading.ok) throw new InfrastructureError('malformed-reply', `${source} sent a reply that cannot be read: ${reading.problem}`)
  return reading.reply
}
