import type { LanguageModel, LanguageModelMiddleware } from 'ai'
import type { JsonValue } from '../../world/index.ts'
import { asJson } from '../../world/index.ts'
import { EndpointFailure } from '../../roles/endpoint/endpoint-failure.ts'
import { InfrastructureError } from '../../conversation/index.ts'
import type { GuardedCall } from '../../roles/endpoint/guarded-call.ts'
import { guardedCall } from '../../roles/endpoint/guarded-call.ts'
import type { CallHooks, ModelGuard, ModelGuardOptions } from '../model-guard.ts'
import { modelGuard, reportingFailure, serverOf } from '../model-guard.ts'
import { loadAi } from './load-ai.ts'
import { aiSdkFailure } from './ai-sdk-errors.ts'
import { aiSdkServer } from './ai-sdk-server.ts'

/** A language model object (not a gateway model id given as text, which cannot be wrapped). */
export type LanguageModelObject = Exclude<LanguageModel, string>

type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>
type WrapStream = NonNullable<LanguageModelMiddleware['wrapStream']>
type GenerateResult = Awaited<ReturnType<WrapGenerate>>
type StreamResult = Awaited<ReturnType<WrapStream>>
type CallParams = Parameters<WrapGenerate>[0]['params']
type StreamPart = StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never
type InnerModel = Parameters<WrapGenerate>[0]['model']

/** A whole stream, read within an attempt: its parts, and what the provider said besides. */
interface ReadStream {
  readonly parts: StreamPart[]
  readonly rest: Omit<StreamResult, 'stream'>
}

const ENTRY = 'vitest-toolcheck/ai-sdk'

/** The model, or a clear error when it is a model id (the AI SDK would send it to its gateway). */
export function checkModel(model: LanguageModel): LanguageModelObject {
  if (typeof model === 'string')
    throw new TypeError(`${ENTRY} needs a model object such as createOpenAICompatible({ ... })('${model}') or openai('${model}'), not the model id '${model}' alone`)
  return model
}

/**
 * The server a model's calls are keyed by: read from its provider's configuration, else the
 * `endpoint` option (see `serverOf`). Checked when the agent is made.
 */
export function aiSdkServerOf(model: LanguageModelObject, guard: ModelGuard): string {
  return serverOf(aiSdkServer(model), guard, `${model.provider}/${model.modelId}`, ENTRY)
}

/**
 * Language-model middleware that sends every `doGenerate` and `doStream` of the model through
 * `guardedCall`, as the built-in agents' calls go: cassettes keyed by the server (read from the
 * provider, see `aiSdkServer`), the model id, the prompt, the tools, the call options and the
 * trial; the server's and the model's circuit breakers; the time limit per attempt (a stream is
 * read to its end within it, then handed on whole); retries with backoff; usage. Headers and the
 * abort signal are left out of keys, and a cassette holds the reply only (content, finish reason,
 * usage, response id and time, or a stream's parts), so no API key or authorization header is
 * written. An `APICallError` becomes the failure kind of its status, so the SDK's own retry
 * (which retries only `APICallError`s) never repeats what `guardedCall` gave up on.
 */
export function guardMiddleware(guard: ModelGuard, hooks: CallHooks, signal?: AbortSignal): LanguageModelMiddleware {
  /** One call of the model (`generate` or `stream`) through `guardedCall`, its usage reported. */
  const call = async <Reply>(model: InnerModel, params: CallParams, kind: 'generate' | 'stream', parts: Pick<GuardedCall<Reply>, 'attempt' | 'toCassette' | 'fromCassette' | 'tokensOf'>): Promise<Reply> => {
    noteSystemPrompt(params, hooks)
    const server = aiSdkServerOf(model as LanguageModelObject, guard)
    const { reply, usage } = await reportingFailure(
      hooks,
      guardedCall<Reply>(
        { server, model: model.modelId, key: () => keyOf(params, kind), target: `${server} (${model.modelId})`, ...parts },
        { ...guard.settings, trial: hooks.trial, seed: hooks.seed, signal },
      ),
    )
    hooks.onUsage?.(usage)
    return reply
  }
  return {
    specificationVersion: 'v4',
    wrapGenerate: ({ params, model }) =>
      call<GenerateResult>(model, params, 'generate', {
        attempt: (attemptSignal) => rethrown(() => model.doGenerate({ ...params, abortSignal: attemptSignal })),
        toCassette: (result) => ({ call: 'generate', result: storableGenerate(result) }),
        fromCassette: reviveGenerate,
        tokensOf: (result) => tokensOf(result.usage),
      }),
    async wrapStream({ params, model }) {
      const { parts, rest } = await call<ReadStream>(model, params, 'stream', {
        attempt: (attemptSignal) => readStream(model, params, attemptSignal),
        toCassette: (read) => ({ call: 'stream', parts: asJson(read.parts.filter((part) => part.type !== 'raw')) }),
        fromCassette: reviveStream,
        tokensOf: (read) => {
          const finish = read.parts.find((part) => part.type === 'finish')
          return tokensOf(finish?.type === 'finish' ? finish.usage : undefined)
        },
      })
      return {
        ...rest,
        stream: new ReadableStream<StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part)
            controller.close()
          },
        }),
      }
    },
  }
}

/** The system messages of a call's prompt, as one text, for the run's record of what the model received. */
function noteSystemPrompt(params: CallParams, hooks: CallHooks): void {
  if (hooks.onSystemPrompt === undefined) return
  const system = params.prompt.flatMap((message) => (message.role === 'system' ? [message.content] : []))
  hooks.onSystemPrompt(system.join('\n\n'))
}

/** An attempt's error (thrown at once or later), as `guardedCall` reads it. */
async function rethrown<T>(attempt: () => PromiseLike<T>): Promise<T> {
  try {
    return await attempt()
  } catch (error) {
    throw aiSdkFailure(error)
  }
}

/** One `doStream`, read to its end: a part that reports an error fails the attempt, as a failed HTTP call would. */
async function readStream(model: InnerModel, params: CallParams, signal: AbortSignal): Promise<ReadStream> {
  const { stream, ...rest } = await rethrown(() => model.doStream({ ...params, abortSignal: signal }))
  const parts: StreamPart[] = []
  const reader = stream.getReader()
  try {
    for (;;) {
      const { done, value } = await rethrown(() => reader.read())
      if (done) break
      if (value.type === 'error') {
        const failure = aiSdkFailure(value.error)
        if (failure instanceof EndpointFailure || failure instanceof InfrastructureError) throw failure
        throw new InfrastructureError('malformed-reply', `the stream reported an error: ${(value.error as Error)?.message ?? JSON.stringify(value.error)}`, { cause: value.error })
      }
      parts.push(value)
    }
  } finally {
    reader.releaseLock()
  }
  return { parts, rest }
}

/** The key of a call: everything that decides the reply, without headers or the signal. */
function keyOf(params: CallParams, call: 'generate' | 'stream') {
  const { prompt, tools, abortSignal, headers, ...generation } = params
  void abortSignal
  void headers
  return { messages: asJson(prompt), tools: asJson(tools ?? []), options: asJson({ ...generation, call }) }
}

function tokensOf(usage: GenerateResult['usage'] | undefined): { prompt: number; completion: number } {
  return { prompt: usage?.inputTokens?.total ?? 0, completion: usage?.outputTokens?.total ?? 0 }
}

/** What a cassette keeps of a generate result: no request or response bodies, no headers. */
function storableGenerate(result: GenerateResult): JsonValue {
  const response = result.response
  return asJson({
    content: result.content,
    finishReason: result.finishReason,
    usage: result.usage,
    ...(result.providerMetadata === undefined ? {} : { providerMetadata: result.providerMetadata }),
    warnings: result.warnings,
    ...(response === undefined ? {} : { response: { id: response.id, modelId: response.modelId, timestamp: response.timestamp?.toISOString() } }),
  })
}

function reviveGenerate(recorded: JsonValue): GenerateResult {
  const reply = recorded as { call?: unknown; result?: { content?: unknown; response?: { timestamp?: string } } }
  if (reply.call !== 'generate' || typeof reply.result !== 'object' || reply.result === null || !Array.isArray(reply.result.content)) throw new Error('it is not an AI SDK generate result')
  const { response, ...rest } = reply.result
  return {
    ...(rest as unknown as GenerateResult),
    ...(response === undefined ? {} : { response: { ...response, ...(response.timestamp === undefined ? {} : { timestamp: new Date(response.timestamp) }) } as NonNullable<GenerateResult['response']> }),
  } as GenerateResult
}

function reviveStream(recorded: JsonValue): ReadStream {
  const reply = recorded as { call?: unknown; parts?: unknown }
  if (reply.call !== 'stream' || !Array.isArray(reply.parts)) throw new Error('it is not an AI SDK stream')
  const parts = (reply.parts as Record<string, unknown>[]).map((part) =>
    part.type === 'response-metadata' && typeof part.timestamp === 'string' ? ({ ...part, timestamp: new Date(part.timestamp) } as StreamPart) : (part as unknown as StreamPart),
  )
  return { parts, rest: {} }
}

/** Options of `guardedModel`. */
export interface GuardedModelOptions extends ModelGuardOptions, Partial<CallHooks> {
  /** The run's cancellation, which stops waiting retries. */
  readonly signal?: AbortSignal
}

/**
 * Your model behind toolcheck's limits and cassettes (`guardMiddleware`), for agent code that
 * calls `generateText`, `streamText` or the model itself; `aiSdkTurn` gives it with the rest of a
 * turn's settings. `trial` (0 by default) keys the cassettes; `onUsage` is told each call's usage.
 *
 * ```ts
 * const model = await guardedModel(openai('gpt-4o-mini'), { trial: context.trial, onUsage: turn.recordUsage })
 * ```
 */
export async function guardedModel(model: LanguageModelObject, options: GuardedModelOptions = {}): Promise<LanguageModelObject> {
  const ai = await loadAi()
  const checked = checkModel(model)
  const guard = modelGuard(options)
  aiSdkServerOf(checked, guard)
  const hooks: CallHooks = { trial: options.trial ?? 0, seed: options.seed, onUsage: options.onUsage, onSystemPrompt: options.onSystemPrompt, onFailure: options.onFailure }
  return ai.wrapLanguageModel({ model: checked, middleware: guardMiddleware(guard, hooks, options.signal) })
}
