import type { generateText, ToolSet } from 'ai'
import type { ModelCache } from '../../cache/index.ts'
import { cacheOf } from '../../roles/endpoint/chat-model-options.ts'
import type { TurnAgent } from '../../roles/turn-agent.ts'
import { aiSdkCacheMiddleware } from './ai-sdk-cache.ts'
import { aiSdkInfrastructureError } from './ai-sdk-errors.ts'
import { aiSdkMessages } from './ai-sdk-messages.ts'
import { aiSdkTools } from './ai-sdk-tools.ts'
import type { LanguageModelObject } from './cached-model.ts'
import { checkModel } from './cached-model.ts'
import { loadAi } from './load-ai.ts'

type GenerateTextOptions = Parameters<typeof generateText<ToolSet>>[0]
type WithoutPrompt<T> = T extends unknown ? Omit<T, 'model' | 'prompt' | 'messages' | 'abortSignal'> : never

/**
 * Your own `generateText` options (`instructions`, `stopWhen`, `prepareStep`, `temperature`,
 * `toolChoice`, `maxRetries`, `providerOptions`, your own extra `tools`, callbacks, ...), without
 * what each turn supplies: the messages and the abort signal.
 */
export type AiSdkGenerateOptions = WithoutPrompt<GenerateTextOptions>

/** Options of `aiSdkAgent`. */
export type AiSdkAgentOptions = AiSdkGenerateOptions & {
  /** The language model (a provider's model object). */
  readonly model: LanguageModelObject
  /** The name in reports and cache keys; `ai-sdk:<model id>` by default. */
  readonly name?: string
  /**
   * Where model calls are recorded and replayed. `false` turns caching off. When absent, the
   * cache that `TOOLCHECK_CACHE` and `TOOLCHECK_CACHE_DIR` describe (mode `auto`).
   */
  readonly cache?: ModelCache | false
  /** The endpoint's name in cache keys; the model's provider id by default (see `aiSdkCacheMiddleware`). */
  readonly endpoint?: string
  /** Where to read `TOOLCHECK_CACHE*`; `process.env` by default. */
  readonly env?: Readonly<Record<string, string | undefined>>
}

/** The loop's length when the options give no `stopWhen`: the AI SDK's own agent default. */
const DEFAULT_STEPS = 20

/**
 * A turn-level agent that is the Vercel AI SDK's `generateText` loop over your model and your
 * options: each user turn is one `generateText` call with the conversation so far as
 * `messages`, the scenario's tools as presented (bound to the run, see `aiSdkTools`) next to any
 * tools of your own, and the turn's abort signal. The final text is the agent's answer.
 *
 * - `instructions` (or the deprecated `system`) defaults to the run's system prompt.
 * - `stopWhen` defaults to `stepCountIs(20)`, as the AI SDK's `ToolLoopAgent` does
 *   (`generateText` alone would stop after one step).
 * - Model calls go through `aiSdkCacheMiddleware`: cassettes keyed by endpoint, model, prompt,
 *   tools, options and trial, replayable offline; usage counts in the run.
 * - Failed HTTP calls end the run with status `error` (see `aiSdkInfrastructureError`).
 *
 * @example
 * const agent = aiSdkAgent({ model: openai('gpt-4o-mini'), stopWhen: stepCountIs(8), temperature: 0 })
 */
export function aiSdkAgent(options: AiSdkAgentOptions): TurnAgent {
  const { model: given, name, cache: cacheOption, endpoint, env, tools: ownTools, instructions, system, stopWhen, ...settings } = options as AiSdkAgentOptions & { readonly instructions?: unknown; readonly system?: unknown }
  const model = checkModel(given)
  const cache = cacheOf({ ...(cacheOption === undefined ? {} : { cache: cacheOption }), ...(env === undefined ? {} : { env }) })
  return {
    name: name ?? `ai-sdk:${model.modelId}`,
    async runTurn(turn, context) {
      const ai = await loadAi()
      const worldTools = await aiSdkTools(turn)
      const clash = Object.keys(ownTools ?? {}).filter((toolName) => Object.hasOwn(worldTools, toolName))
      if (clash.length > 0) throw new Error(`aiSdkAgent: your own tools ${clash.map((toolName) => `\`${toolName}\``).join(', ')} have the names of scenario tools; rename them`)
      const wrapped = ai.wrapLanguageModel({ model, middleware: aiSdkCacheMiddleware({ cache, trial: context.trial, ...(endpoint === undefined ? {} : { endpoint }), onUsage: turn.recordUsage }) })
      try {
        const result = await ai.generateText({
          ...(settings as object),
          model: wrapped,
          instructions: (instructions ?? system ?? turn.systemPrompt) as string,
          messages: aiSdkMessages(turn.messages),
          tools: { ...ownTools, ...worldTools },
          stopWhen: stopWhen ?? ai.stepCountIs(DEFAULT_STEPS),
          abortSignal: turn.signal,
        })
        return result.text
      } catch (error) {
        throw aiSdkInfrastructureError(error, turn.signal)
      }
    },
  }
}
