import type { generateText, ToolSet } from 'ai'
import type { TurnAgent } from '../../roles/turn-agent.ts'
import type { ModelGuardOptions } from '../model-guard.ts'
import { modelGuard } from '../model-guard.ts'
import { requirePeer } from '../optional-peer.ts'
import { turnSettings } from './ai-sdk-turn.ts'
import type { LanguageModelObject } from './guarded-model.ts'
import { aiSdkServerOf, checkModel } from './guarded-model.ts'
import { loadAi } from './load-ai.ts'

type GenerateTextOptions = Parameters<typeof generateText<ToolSet>>[0]
type WithoutPrompt<T> = T extends unknown ? Omit<T, 'model' | 'prompt' | 'messages' | 'abortSignal'> : never

/**
 * Your own `generateText` options (`instructions`, `stopWhen`, `prepareStep`, `temperature`,
 * `toolChoice`, `providerOptions`, your own extra `tools`, callbacks, ...), without what each turn
 * supplies: the messages and the abort signal.
 */
export type AiSdkGenerateOptions = WithoutPrompt<GenerateTextOptions>

/** Options of `aiSdkAgent`. */
export type AiSdkAgentOptions = AiSdkGenerateOptions &
  ModelGuardOptions & {
    /** The language model (a provider's model object). */
    readonly model: LanguageModelObject
    /** The name in reports; `ai-sdk:<model id>` by default. */
    readonly name?: string
  }

/** The loop's length when the options give no `stopWhen`: the AI SDK's own agent default. */
const DEFAULT_STEPS = 20

/**
 * A turn-level agent that is the Vercel AI SDK's `generateText` loop over your model and your
 * options: each user turn is one `generateText` call with the conversation so far as
 * `messages`, the scenario's tools as presented (bound to the run, see `aiSdkTools`) next to any
 * tools of your own, and the turn's abort signal. The final text is the agent's answer.
 *
 * - `instructions` (or the deprecated `system`) defaults to the run's system prompt; whatever
 *   each model call carries is recorded in the run.
 * - `stopWhen` defaults to `stepCountIs(20)`, as the AI SDK's `ToolLoopAgent` does
 *   (`generateText` alone would stop after one step).
 * - Every model call goes through toolcheck's limits and cassettes (see `aiSdkTurn`): the time
 *   limit per attempt, retries (`maxRetries` sets how many, in place of the SDK's own), the
 *   server's and the model's circuit breakers, and record/replay keyed by the server the model
 *   calls. A call that fails for good ends the run with status `error` and its kind.
 * - Your own tools' calls, calls the SDK refused (an unknown name, unreadable arguments) and
 *   provider-run tools are recorded beside the world's calls.
 *
 * The `ai` package (an optional peer) must be installed: without it this throws
 * `MissingPeerError`, with the command that installs it, before anything runs.
 *
 * @example
 * const agent = aiSdkAgent({ model: openai('gpt-4o-mini'), stopWhen: stepCountIs(8), temperature: 0 })
 */
export function aiSdkAgent(options: AiSdkAgentOptions): TurnAgent {
  requirePeer('ai', 'vitest-toolcheck/ai-sdk')
  const { model: given, name, cache, limits, prices, endpoint, env, tools: ownTools, instructions, system, stopWhen, maxRetries, onStepEnd, onStepFinish, ...settings } = options as AiSdkAgentOptions & {
    readonly instructions?: unknown
    readonly system?: unknown
    readonly onStepEnd?: (step: unknown) => unknown
    readonly onStepFinish?: (step: unknown) => unknown
  }
  const model = checkModel(given)
  const guard = modelGuard({ cache, limits: maxRetries === undefined || limits?.retries !== undefined ? limits : { ...limits, retries: maxRetries }, prices, endpoint, env } as ModelGuardOptions)
  aiSdkServerOf(model, guard)
  return {
    name: name ?? `ai-sdk:${model.modelId}`,
    async runTurn(turn, context) {
      const ai = await loadAi()
      const turnOptions = await turnSettings(turn, context, model, guard, ownTools ?? {}, onStepEnd ?? onStepFinish)
      const result = await ai.generateText({
        ...(settings as object),
        ...turnOptions,
        instructions: (instructions ?? system ?? turn.systemPrompt) as string,
        stopWhen: stopWhen ?? ai.stepCountIs(DEFAULT_STEPS),
      })
      return result.text
    },
  }
}
