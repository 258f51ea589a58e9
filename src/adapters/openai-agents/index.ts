/**
 * `vitest-toolcheck/openai-agents`: test an agent built with the OpenAI Agents SDK
 * (`@openai/agents`, an optional peer dependency, loaded on first use). `openaiAgentsAgent` runs
 * your `Agent` with the SDK's own loop per user turn over the world's tools, every model call
 * behind toolcheck's limits and cassettes and every call recorded; `openaiAgentsTools` and
 * `openaiAgentsInput` give a `run` call of your own the turn's tools and input.
 */
export type { OpenAIAgentsAgentOptions, OpenAIAgentsWorld } from './openai-agents-agent.ts'
export { openaiAgentsAgent } from './openai-agents-agent.ts'
export { openaiAgentsTools } from './openai-agents-tools.ts'
export { openaiAgentsInput } from './openai-agents-input.ts'
export { openaiAgentsOutcome } from './openai-agents-errors.ts'
export type { ModelGuardOptions } from '../model-guard.ts'
export { OwnToolClashError } from '../own-tool-clash-error.ts'
export { MissingPeerError } from '../optional-peer.ts'
