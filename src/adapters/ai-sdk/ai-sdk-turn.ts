import type { ModelMessage, StepResult, ToolSet } from 'ai'
import type { RoleContext } from '../../roles/types.ts'
import type { TurnInput } from '../../roles/turn-agent.ts'
import type { ModelGuard, ModelGuardOptions } from '../model-guard.ts'
import { modelGuard } from '../model-guard.ts'
import { OwnToolClashError } from '../own-tool-clash-error.ts'
import { aiSdkMessages } from './ai-sdk-messages.ts'
import { recordedOwnTools } from './ai-sdk-own-tools.ts'
import { aiSdkStepRecorder } from './ai-sdk-step-recorder.ts'
import { aiSdkTools } from './ai-sdk-tools.ts'
import type { LanguageModelObject } from './guarded-model.ts'
import { aiSdkServerOf, checkModel, guardMiddleware } from './guarded-model.ts'
import { loadAi } from './load-ai.ts'

/** Options of `aiSdkTurn`. */
export interface AiSdkTurnOptions extends ModelGuardOptions {
  /** Your language model (a provider's model object). */
  readonly model: LanguageModelObject
  /** Tools of your own, beside the scenario's; their calls are recorded as calls outside the world. */
  readonly tools?: ToolSet
  /** Your `onStepEnd` (or its old name `onStepFinish`), called after toolcheck has recorded the step. */
  readonly onStepEnd?: ((step: StepResult<ToolSet>) => unknown) | undefined
}

/**
 * What one turn's `generateText` or `streamText` call takes from toolcheck: spread it into your
 * call and add your own options. `model` is yours behind toolcheck's limits and cassettes
 * (`guardMiddleware`), `tools` the scenario's next to yours (yours recorded, see
 * `recordedOwnTools`), `messages` the conversation so far, `abortSignal` the turn's, `maxRetries`
 * 0 (toolcheck retries, under its limits), and `onStepEnd` records what the step did outside any
 * `execute` (`aiSdkStepRecorder`).
 */
export interface AiSdkTurnSettings {
  readonly model: LanguageModelObject
  readonly tools: ToolSet
  readonly messages: ModelMessage[]
  readonly abortSignal: AbortSignal
  readonly maxRetries: 0
  readonly onStepEnd: (step: StepResult<ToolSet>) => Promise<void>
}

/**
 * Everything a turn of your own AI SDK loop needs to be recorded whole and kept within the
 * endpoint limits, for a `turnAgent` that calls `generateText` or `streamText` itself.
 *
 * @example
 * turnAgent('my-loop', async (turn, context) => {
 *   const result = await generateText({ ...(await aiSdkTurn(turn, context, { model, tools: myTools })), instructions, stopWhen: stepCountIs(10) })
 *   return result.text
 * })
 */
export async function aiSdkTurn(turn: TurnInput, context: Pick<RoleContext, 'trial' | 'seed'>, options: AiSdkTurnOptions): Promise<AiSdkTurnSettings> {
  const guard = modelGuard(options)
  const model = checkModel(options.model)
  aiSdkServerOf(model, guard)
  return turnSettings(turn, context, model, guard, options.tools ?? {}, options.onStepEnd)
}

/** `aiSdkTurn` for a model and guard already checked (by `aiSdkAgent`, when it was made). */
export async function turnSettings(
  turn: TurnInput,
  context: Pick<RoleContext, 'trial' | 'seed'>,
  model: LanguageModelObject,
  guard: ModelGuard,
  ownTools: ToolSet,
  onStepEnd: AiSdkTurnOptions['onStepEnd'],
): Promise<AiSdkTurnSettings> {
  const ai = await loadAi()
  const worldTools = await aiSdkTools(turn)
  const clash = Object.keys(ownTools).filter((name) => Object.hasOwn(worldTools, name))
  if (clash.length > 0) throw new OwnToolClashError('vitest-toolcheck/ai-sdk', clash)
  const hooks = { trial: context.trial, seed: context.seed, onUsage: turn.recordUsage, onSystemPrompt: turn.recordSystemPrompt, onFailure: turn.reportFailure }
  const record = aiSdkStepRecorder(turn, new Set(Object.keys(worldTools)), ownTools)
  return {
    model: ai.wrapLanguageModel({ model, middleware: guardMiddleware(guard, hooks, turn.signal) }),
    tools: { ...recordedOwnTools(turn, ownTools), ...worldTools },
    messages: aiSdkMessages(turn.messages),
    abortSignal: turn.signal,
    maxRetries: 0,
    onStepEnd: async (step) => {
      await record(step)
      await onStepEnd?.(step)
    },
  }
}
