import type { LanguageModelMiddleware } from 'ai'
import type { CacheKeyParts, ModelCache } from '../../cache/index.ts'
import type { Usage } from '../../conversation/index.ts'
import { InfrastructureError } from '../../roles/types.ts'
import type { JsonValue } from '../../world/index.ts'
import { asJson } from '../../world/index.ts'

type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>
type WrapStream = NonNullable<LanguageModelMiddleware['wrapStream']>
type GenerateResult = Awaited<ReturnType<WrapGenerate>>
type StreamResult = Awaited<ReturnType<WrapStream>>
type CallParams = Parameters<WrapGenerate>[0]['params']
type StreamPart = StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never

/** Options of `aiSdkCacheMiddleware`. */
export interface AiSdkCacheOptions {
  /** Where calls are recorded and replayed; no caching when absent (usage is still reported). */
  readonly cache?: ModelCache | undefined
  /** The trial (part of every key, so repeated trials do not share replies). */
  readonly trial: number
  /**
   * The endpoint's name in cache keys: the model's provider id (`openai.chat`, a compatible
   * provider's `name`) by default. Set it when two servers share a provider id and model name.
   */
  readonly endpoint?: string
  /** Told the usage of every call, replayed ones included (then with `cachedCalls: 1`). */
  readonly onUsage?: (usage: Usage) => void
}

/**
 * AI SDK language-model middleware that records and replays model calls with toolcheck's
 * cassettes (`ModelCache`): the same semantics as the built-in agents. The key is the endpoint
 * (the provider id, or `endpoint`), the model id, the prompt, the tools, the call options and
 * the trial; headers and the abort signal are left out, so no API key or authorization header
 * reaches a key or a cassette. A cassette holds the reply (content, finish reason, usage,
 * provider metadata, warnings, response id and time), never the raw HTTP bodies or headers.
 * `replay` mode makes a miss an `InfrastructureError('cache-miss')`. Works for `generateText`
 * (`doGenerate`) and `streamText` (`doStream`: the stream's parts are recorded, and a stream that
 * reported an error is not).
 */
export function aiSdkCacheMiddleware(options: AiSdkCacheOptions): LanguageModelMiddleware {
  const { cache, onUsage } = options
  return {
    specificationVersion: 'v4',
    async wrapGenerate({ doGenerate, params, model }) {
      // Without a cache the key is not needed, and serialising a long prompt every step is not free.
      const parts = cache === undefined ? undefined : keyParts(options, model, params, 'generate')
      const recorded = parts === undefined ? undefined : await cache?.lookup(parts)
      if (recorded !== undefined) {
        const result = reviveGenerate(recorded, parts as CacheKeyParts)
        onUsage?.(usageOf(result.usage, 0, true))
        return result
      }
      const started = performance.now()
      const result = await doGenerate()
      const latencyMs = performance.now() - started
      if (parts !== undefined) await store(cache, parts, { call: 'generate', result: storableGenerate(result) })
      onUsage?.(usageOf(result.usage, latencyMs, false))
      return result
    },
    async wrapStream({ doStream, params, model }) {
      const parts = cache === undefined ? undefined : keyParts(options, model, params, 'stream')
      const recorded = parts === undefined ? undefined : await cache?.lookup(parts)
      if (recorded !== undefined) {
        const chunks = reviveStream(recorded, parts as CacheKeyParts)
        const finish = chunks.find((chunk) => chunk.type === 'finish')
        if (finish?.type === 'finish') onUsage?.(usageOf(finish.usage, 0, true))
        return {
          stream: new ReadableStream<StreamPart>({
            start(controller) {
              for (const chunk of chunks) controller.enqueue(chunk)
              controller.close()
            },
          }),
        }
      }
      const started = performance.now()
      const { stream, ...rest } = await doStream()
      const seen: StreamPart[] = []
      let failed = false
      const recording = new TransformStream<StreamPart, StreamPart>({
        transform(chunk, controller) {
          seen.push(chunk)
          if (chunk.type === 'error') failed = true
          controller.enqueue(chunk)
        },
        async flush() {
          const finish = seen.find((chunk) => chunk.type === 'finish')
          if (finish?.type === 'finish') onUsage?.(usageOf(finish.usage, performance.now() - started, false))
          if (parts !== undefined && !failed && finish !== undefined) await store(cache, parts, { call: 'stream', parts: asJson(seen.filter((chunk) => chunk.type !== 'raw')) })
        },
      })
      return { ...rest, stream: stream.pipeThrough(recording) }
    },
  }
}

/** The key parts of a call: everything that decides the reply, without headers or the signal. */
function keyParts(options: AiSdkCacheOptions, model: { readonly provider: string; readonly modelId: string }, params: CallParams, call: 'generate' | 'stream'): CacheKeyParts {
  const { prompt, tools, abortSignal, headers, ...generation } = params
  void abortSignal
  void headers
  return {
    endpoint: options.endpoint ?? `ai-sdk:${model.provider}`,
    model: model.modelId,
    messages: asJson(prompt),
    tools: asJson(tools ?? []),
    options: asJson({ ...generation, call }),
    trial: options.trial,
  }
}

async function store(cache: ModelCache | undefined, parts: CacheKeyParts, reply: JsonValue): Promise<void> {
  try {
    await cache?.store(parts, reply)
  } catch (error) {
    throw new InfrastructureError('cache-write', `the reply could not be recorded in ${cache?.directory}: ${(error as Error)?.message ?? String(error)}`, { cause: error })
  }
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

function reviveGenerate(recorded: JsonValue, parts: CacheKeyParts): GenerateResult {
  const reply = recorded as { call?: unknown; result?: { content?: unknown; response?: { timestamp?: string } } }
  if (reply.call !== 'generate' || typeof reply.result !== 'object' || reply.result === null || !Array.isArray(reply.result.content))
    throw new InfrastructureError('cache-corrupt', `the cassette for ${parts.model} at ${parts.endpoint} is not an AI SDK generate result; delete it to record it again`)
  const { response, ...rest } = reply.result
  return {
    ...(rest as unknown as GenerateResult),
    ...(response === undefined ? {} : { response: { ...response, ...(response.timestamp === undefined ? {} : { timestamp: new Date(response.timestamp) }) } as NonNullable<GenerateResult['response']> }),
  } as GenerateResult
}

function reviveStream(recorded: JsonValue, parts: CacheKeyParts): StreamPart[] {
  const reply = recorded as { call?: unknown; parts?: unknown }
  if (reply.call !== 'stream' || !Array.isArray(reply.parts))
    throw new InfrastructureError('cache-corrupt', `the cassette for ${parts.model} at ${parts.endpoint} is not an AI SDK stream; delete it to record it again`)
  return (reply.parts as Record<string, unknown>[]).map((part) =>
    part.type === 'response-metadata' && typeof part.timestamp === 'string' ? ({ ...part, timestamp: new Date(part.timestamp) } as StreamPart) : (part as unknown as StreamPart),
  )
}

function usageOf(usage: GenerateResult['usage'] | undefined, latencyMs: number, cached: boolean): Usage {
  return {
    calls: 1,
    promptTokens: usage?.inputTokens?.total ?? 0,
    completionTokens: usage?.outputTokens?.total ?? 0,
    latencyMs,
    cachedCalls: cached ? 1 : 0,
  }
}

/** A value as plain JSON (dates as ISO text, undefined fields dropped), as a cassette stores it. */
