import { serverAddress } from '../../cache/index.ts'
import { InfrastructureError } from '../../conversation/index.ts'
import type { JsonValue } from '../../world/index.ts'
import { asJson } from '../../world/index.ts'
import type { ChatEndpoint } from './chat-endpoint.ts'
import type { ChatReply, ChatRequest } from './chat-request.ts'
import { EndpointFailure } from './endpoint-failure.ts'
import type { GuardedResult, ModelCallOptions } from './guarded-call.ts'
import { guardedCall } from './guarded-call.ts'

export type { ModelCallOptions } from './guarded-call.ts'

/** A chat model's reply with the usage of the call. */
export type ModelCallResult = GuardedResult<ChatReply>

/**
 * Makes one chat-completions call through `guardedCall` (the cassettes, the circuit breakers, the
 * server's concurrency limit, the time limit per attempt, retries, usage), checking that the
 * reply can be read: a body without a choice that carries a message is a `malformed-reply`.
 */
export async function callModel(endpoint: ChatEndpoint, request: ChatRequest, options: ModelCallOptions): Promise<ModelCallResult> {
  const { model, messages, tools, ...generation } = request
  return guardedCall(
    {
      server: serverOf(endpoint),
      model,
      key: () => ({ messages: messages as unknown as JsonValue, tools: (tools ?? []) as unknown as JsonValue, options: asJson(generation) }),
      target: `${endpoint.address} (${model})`,
      jitter: `${messages.length}:${endpoint.address}`,
      async attempt(signal) {
        let body: unknown
        try {
          body = await endpoint.send(request, signal)
        } catch (error) {
          // A ChatEndpoint written by a user may throw anything; it is the endpoint's failure all the same.
          throw error instanceof EndpointFailure ? error : new EndpointFailure('network', String((error as Error)?.message ?? error), { cause: error })
        }
        return checkReply(body, `${endpoint.address} (${model})`)
      },
      toCassette: (reply) => reply as unknown as JsonValue,
      fromCassette: (recorded) => checkReply(recorded, `the cassette for ${model}`),
      tokensOf: (reply) => ({ prompt: reply.usage?.prompt_tokens ?? 0, completion: reply.usage?.completion_tokens ?? 0 }),
    },
    options,
  )
}

/** The server behind an endpoint (`serverAddress` of its address). */
export function serverOf(endpoint: ChatEndpoint): string {
  return serverAddress(endpoint.address)
}

/** Checks that a body is a chat completion with at least one choice carrying a message. */
function checkReply(body: unknown, source: string): ChatReply {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new InfrastructureError('malformed-reply', `${source} sent a reply that is not a JSON object: ${preview(body)}`)
  const choices = (body as { choices?: unknown }).choices
  if (!Array.isArray(choices) || choices.length === 0)
    throw new InfrastructureError('malformed-reply', `${source} sent a reply without choices: ${preview(body)}`)
  const message = (choices[0] as { message?: unknown } | null)?.message
  if (message === null || typeof message !== 'object')
    throw new InfrastructureError('malformed-reply', `${source} sent a choice without a message: ${preview(body)}`)
  return body as ChatReply
}

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value)
  return text.length > 200 ? `${text.slice(0, 200)}...` : text
}
