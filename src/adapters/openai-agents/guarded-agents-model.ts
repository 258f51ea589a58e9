import type { Model, ModelRequest, ModelResponse, StreamEvent } from '@openai/agents'
import { serverAddress } from '../../cache/index.ts'
import type { JsonValue } from '../../world/index.ts'
import { asJson } from '../../world/index.ts'
import { guardedCall } from '../../roles/endpoint/guarded-call.ts'
import type { CallHooks, ModelGuard } from '../model-guard.ts'
import { reportingFailure } from '../model-guard.ts'
import { agentsModelFailure } from './openai-agents-errors.ts'
import { loadAgents } from './load-agents.ts'

/** Which server and model a `Model` calls, as far as it can be read. */
export interface ModelIdentity {
  readonly server?: string | undefined
  readonly model?: string | undefined
}

/**
 * What a `Model` object says about itself: the Agents SDK's Responses models keep their openai
 * client (with its `baseURL`) and model name readable; its Chat Completions model keeps both
 * private, so nothing is known of it.
 */
export function modelIdentity(model: Model): ModelIdentity {
  const { _client: client, _model: name } = model as { _client?: { baseURL?: unknown }; _model?: unknown }
  return {
    ...(typeof client?.baseURL === 'string' ? { server: serverAddress(client.baseURL) } : {}),
    ...(typeof name === 'string' && name !== '' ? { model: name } : {}),
  }
}

/** What a guarded model does with each response besides returning it (records the calls the framework will refuse). */
export type ResponseListener = (request: ModelRequest, response: ModelResponse['output']) => Promise<void>

/**
 * An Agents SDK `Model` whose calls go through `guardedCall`, as the built-in agents' calls go:
 * cassettes keyed by `server` and `model`, the instructions and input, the tools, handoffs and
 * output type, the model settings and the trial (the abort signal and tracing are left out, and
 * nothing of the client, its key or headers, is seen here); the server's and the model's circuit
 * breakers; the time limit per attempt (a streamed response is read to its end within it, then
 * handed on whole); retries with backoff; usage. The SDK's own retries are off: each attempt is
 * marked as managed by the runner, which makes its OpenAI models call their client with
 * `maxRetries: 0`, and the runner retries nothing unless `modelSettings.retry` asks it to.
 */
export function guardedAgentsModel(model: Model, identity: { readonly server: string; readonly model: string }, guard: ModelGuard, hooks: CallHooks, onResponse?: ResponseListener): Model {
  const call = <Reply>(request: ModelRequest, kind: 'response' | 'stream', attempt: (signal: AbortSignal) => Promise<Reply>, parts: Pick<Parameters<typeof guardedCall<Reply>>[0], 'toCassette' | 'fromCassette' | 'tokensOf'>) => {
    if (request.systemInstructions !== undefined) hooks.onSystemPrompt?.(request.systemInstructions)
    return reportingFailure(
      hooks,
      guardedCall<Reply>(
        {
          server: identity.server,
          model: identity.model,
          key: () => keyOf(request, kind),
          target: `${identity.server} (${identity.model})`,
          attempt,
          ...parts,
        },
        { ...guard.settings, trial: hooks.trial, seed: hooks.seed, signal: request.signal },
      ),
    )
  }
  return {
    ...(model.supportsPromptModelSelection === undefined ? {} : { supportsPromptModelSelection: model.supportsPromptModelSelection }),
    async getResponse(request) {
      const { reply, usage } = await call(request, 'response', (signal) => rethrown(() => model.getResponse(managed(request, signal))), {
        toCassette: storable,
        fromCassette: revive,
        tokensOf: (response) => ({ prompt: response.usage.inputTokens, completion: response.usage.outputTokens }),
      })
      hooks.onUsage?.(usage)
      await onResponse?.(request, reply.output)
      return reply
    },
    async *getStreamedResponse(request) {
      const { reply, usage } = await call(request, 'stream', (signal) => readAll(() => model.getStreamedResponse(managed(request, signal))), {
        toCassette: (events) => asJson(events),
        fromCassette: (recorded) => {
          if (!Array.isArray(recorded)) throw new Error('it is not a list of Agents SDK stream events')
          return recorded as unknown as StreamEvent[]
        },
        tokensOf: (events) => {
          const usage = doneOf(events)?.response.usage
          return { prompt: usage?.inputTokens ?? 0, completion: usage?.outputTokens ?? 0 }
        },
      })
      hooks.onUsage?.(usage)
      const done = doneOf(reply)
      if (done !== undefined) await onResponse?.(request, done.response.output as ModelResponse['output'])
      yield* reply
    },
  }
}

/** The request of one attempt: its own signal, and the SDK's client retries turned off (the runner's marker for that). */
function managed(request: ModelRequest, signal: AbortSignal): ModelRequest {
  const internal = (request as { _internal?: object })._internal
  return { ...request, signal, _internal: { ...internal, runnerManagedRetry: true } } as ModelRequest
}

/** An attempt's error (thrown at once or later), as `guardedCall` reads it. */
async function rethrown<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt()
  } catch (error) {
    throw agentsModelFailure(error)
  }
}

/** A streamed response read to its end within the attempt. */
async function readAll(events: () => AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const read: StreamEvent[] = []
  try {
    for await (const event of events()) read.push(event)
  } catch (error) {
    throw agentsModelFailure(error)
  }
  return read
}

function doneOf(events: readonly StreamEvent[]) {
  const done = events.find((event) => event.type === 'response_done')
  return done?.type === 'response_done' ? done : undefined
}

/**
 * The key of a request: the instructions and input as the messages, the tools, handoffs and
 * output type as the tools, every other field (model settings, prompt, previous response and
 * conversation ids) as the options; the signal, tracing and the SDK's internal marks are left out.
 */
function keyOf(request: ModelRequest, kind: 'response' | 'stream') {
  const { systemInstructions, input, tools, handoffs, outputType, signal, tracing, ...settings } = request
  const { _internal, ...options } = settings as typeof settings & { _internal?: unknown }
  void signal
  void tracing
  void _internal
  const items = typeof input === 'string' ? [{ role: 'user', content: input }] : input
  return {
    messages: asJson([...(systemInstructions === undefined ? [] : [{ role: 'system', content: systemInstructions }]), ...items]),
    tools: asJson({ tools, handoffs, outputType }),
    options: asJson({ ...options, call: kind }),
  }
}

function storable(response: ModelResponse): JsonValue {
  const { usage } = response
  return asJson({
    output: response.output,
    ...(response.responseId === undefined ? {} : { responseId: response.responseId }),
    usage: { requests: usage.requests, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, totalTokens: usage.totalTokens },
  })
}

async function revive(recorded: JsonValue): Promise<ModelResponse> {
  const reply = recorded as { output?: unknown; responseId?: string; usage?: { requests?: number; inputTokens?: number; outputTokens?: number; totalTokens?: number } }
  if (!Array.isArray(reply.output)) throw new Error('it is not an Agents SDK response')
  const { Usage } = await loadAgents()
  return {
    output: reply.output as ModelResponse['output'],
    usage: new Usage(reply.usage ?? {}),
    ...(reply.responseId === undefined ? {} : { responseId: reply.responseId }),
  }
}
