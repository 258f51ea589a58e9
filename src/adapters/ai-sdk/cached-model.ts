import type { LanguageModel } from 'ai'
import type { AiSdkCacheOptions } from './ai-sdk-cache.ts'
import { aiSdkCacheMiddleware } from './ai-sdk-cache.ts'
import { loadAi } from './load-ai.ts'

/** A language model object (not a gateway model id given as text, which cannot be wrapped). */
export type LanguageModelObject = Exclude<LanguageModel, string>

/**
 * The model with toolcheck's cassettes around it (`aiSdkCacheMiddleware`): for agent code that
 * calls `generateText` or `streamText` itself.
 *
 * ```ts
 * const model = await cachedModel(openai('gpt-4o-mini'), { cache: modelCache(), trial: context.trial })
 * ```
 */
export async function cachedModel(model: LanguageModelObject, options: AiSdkCacheOptions): Promise<LanguageModelObject> {
  const ai = await loadAi()
  return ai.wrapLanguageModel({ model: checkModel(model), middleware: aiSdkCacheMiddleware(options) })
}

/** The model, or a clear error when it is a model id (the AI SDK would send it to its gateway). */
export function checkModel(model: LanguageModel): LanguageModelObject {
  if (typeof model === 'string')
    throw new TypeError(`vitest-toolcheck/ai-sdk needs a model object such as createOpenAICompatible({ ... })('${model}') or openai('${model}'), not the model id '${model}' alone`)
  return model
}
