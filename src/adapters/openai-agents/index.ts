/**
 * `vitest-toolcheck/openai-agents`: test an agent built with the OpenAI Agents SDK
 * (`@openai/agents`, an optional peer dependency, loaded on first use). `openaiAgentsAgent` runs
 * your `Agent` with the SDK's own loop per user turn over the world's tools; `openaiAgentsTools`
 * and `openaiAgentsInput` wrap a `run` call you already have; `cachedModelProvider` records and
 * replays model calls in toolcheck's cassettes.
 */
export type { OpenAIAgentsAgentOptions, OpenAIAgentsWorld } from './openai-agents-agent.ts'
export { openaiAgentsAgent } from './openai-agents-agent.ts'
export { openaiAgentsTools } from './openai-agents-tools.ts'
export { openaiAgentsInput } from './openai-agents-input.ts'
export type { CachedModelProviderOptions } from './cached-model-provider.ts'
export { cachedModelOf, cachedModelProvider } from './cached-model-provider.ts'
export { openaiAgentsOutcome } from './openai-agents-errors.ts'
export { MissingPeerError } from '../optional-peer.ts'
