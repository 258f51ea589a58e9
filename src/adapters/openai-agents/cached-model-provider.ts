import type { Model, ModelProvider, ModelRequest, ModelResponse } from '@openai/agents'
import type { CacheKeyParts, ModelCache } from '../../cache/index.ts'
import type { Usage } from '../../conversation/index.ts'
import { InfrastructureError } from '../../roles/types.ts'
import type { JsonValue } from '../../world/index.ts'
import { asJson } from '../../world/index.ts'
import { loadAgents } from './load-agents.ts'

/** Options of `cachedModelProvider`. */
export interface CachedModelProviderOptions {
  /** Where calls are recorded and replayed; no caching when absent (usage is still reported). */
  readonly cache?: ModelCache | undefined
  /** The trial (part of every key). */
  readonly trial: number
  /** The endpoint's name in cache keys (`openai-agents` by default): name the server when you use several. */
  readonly endpoint?: string
  /** Told the usage of every model call, replayed ones included. */
  readonly onUsage?: (usage: Usage) => void
}

/**
 * A model provider whose models record and replay `getResponse` with toolcheck's cassettes. The
 * key is the endpoint name, the model name, the instructions and input, the tools, handoffs and
 * output type, the model settings, and the trial; the abort signal and tracing are left out, and
 * nothing of the client (its key, its headers) is seen here at all. Streamed responses pass
 * through uncached.
 */
export function cachedModelProvider(inner: ModelProvider, options: CachedModelProviderOptions): ModelProvider {
  return {
    async getModel(modelName?: string) {
      return cachedModelOf(await inner.getModel(modelName), modelName ?? 'default', options)
    },
  }
}

/** One model with the cassettes around its `getResponse`. */
export function cachedModelOf(model: Model, modelName: string, options: CachedModelProviderOptions): Model {
  const { cache, onUsage } = options
  return {
    ...(model.supportsPromptModelSelection === undefined ? {} : { supportsPromptModelSelection: model.supportsPromptModelSelection }),
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      const parts = keyParts(request, modelName, options)
      const recorded = await cache?.lookup(parts)
      if (recorded !== undefined) {
        const response = await revive(recorded, parts)
        onUsage?.(usageOf(response, 0, true))
        return response
      }
      const started = performance.now()
      const response = await model.getResponse(request)
      const latencyMs = performance.now() - started
      try {
        await cache?.store(parts, storable(response))
      } catch (error) {
        throw new InfrastructureError('cache-write', `the reply could not be recorded in ${cache?.directory}: ${(error as Error)?.message ?? String(error)}`, { cause: error })
      }
      onUsage?.(usageOf(response, latencyMs, false))
      return response
    },
    getStreamedResponse: (request) => model.getStreamedResponse(request),
    ...(model.getRetryAdvice === undefined ? {} : { getRetryAdvice: model.getRetryAdvice.bind(model) }),
  }
}

function keyParts(request: ModelRequest, modelName: string, options: CachedModelProviderOptions): CacheKeyParts {
  const { systemInstructions, input, tools, handoffs, outputType, signal, tracing, ...settings } = request
  void signal
  void tracing
  return {
    endpoint: options.endpoint ?? 'openai-agents',
    model: modelName,
    messages: asJson({ systemInstructions, input }),
    tools: asJson({ tools, handoffs, outputType }),
    options: asJson(settings),
    trial: options.trial,
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

async function revive(recorded: JsonValue, parts: CacheKeyParts): Promise<ModelResponse> {
  const reply = recorded as { output?: unknown; responseId?: string; usage?: { requests?: number; inputTokens?: number; outputTokens?: number; totalTokens?: number } }
  if (!Array.isArray(reply.output)) throw new InfrastructureError('cache-corrupt', `the cassette for ${parts.model} at ${parts.endpoint} is not an Agents SDK response; delete it to record it again`)
  const { Usage } = await loadAgents()
  return {
    output: reply.output as ModelResponse['output'],
    usage: new Usage(reply.usage ?? {}),
    ...(reply.responseId === undefined ? {} : { responseId: reply.responseId }),
  }
}

function usageOf(response: ModelResponse, latencyMs: number, cached: boolean): Usage {
  return { calls: 1, promptTokens: response.usage.inputTokens, completionTokens: response.usage.outputTokens, latencyMs, cachedCalls: cached ? 1 : 0 }
}
