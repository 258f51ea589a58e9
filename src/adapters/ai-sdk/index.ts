/**
 * `vitest-toolcheck/ai-sdk`: test an agent built with the Vercel AI SDK (`ai`, an optional peer
 * dependency, loaded on first use). `aiSdkAgent` is a turn-level agent from a model and your own
 * `generateText` options; `aiSdkTurn` gives your own loop everything a turn needs (the model behind
 * toolcheck's limits and cassettes, the tools, the messages, the recording of the step), and
 * `aiSdkTools`, `aiSdkMessages` and `guardedModel` are its parts.
 */
export type { AiSdkAgentOptions, AiSdkGenerateOptions } from './ai-sdk-agent.ts'
export { aiSdkAgent } from './ai-sdk-agent.ts'
export type { AiSdkTurnOptions, AiSdkTurnSettings } from './ai-sdk-turn.ts'
export { aiSdkTurn } from './ai-sdk-turn.ts'
export { aiSdkTools } from './ai-sdk-tools.ts'
export { aiSdkMessages } from './ai-sdk-messages.ts'
export type { GuardedModelOptions, LanguageModelObject } from './guarded-model.ts'
export { guardedModel } from './guarded-model.ts'
export type { ModelGuardOptions } from '../model-guard.ts'
export { OwnToolClashError } from '../own-tool-clash-error.ts'
export { MissingPeerError } from '../optional-peer.ts'
