/**
 * `vitest-toolcheck/ai-sdk`: test an agent built with the Vercel AI SDK (`ai`, an optional peer
 * dependency, loaded on first use). `aiSdkAgent` is a turn-level agent from a model and your own
 * `generateText` options; `aiSdkTools` and `aiSdkMessages` wrap agent code you already have;
 * `aiSdkCacheMiddleware` and `cachedModel` put toolcheck's cassettes around any model.
 */
export type { AiSdkAgentOptions, AiSdkGenerateOptions } from './ai-sdk-agent.ts'
export { aiSdkAgent } from './ai-sdk-agent.ts'
export { aiSdkTools } from './ai-sdk-tools.ts'
export { aiSdkMessages } from './ai-sdk-messages.ts'
export type { AiSdkCacheOptions } from './ai-sdk-cache.ts'
export { aiSdkCacheMiddleware } from './ai-sdk-cache.ts'
export type { LanguageModelObject } from './cached-model.ts'
export { cachedModel } from './cached-model.ts'
export { aiSdkInfrastructureError } from './ai-sdk-errors.ts'
export { MissingPeerError } from '../optional-peer.ts'
