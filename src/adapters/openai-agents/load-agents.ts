import { loadOptionalPeer } from '../optional-peer.ts'

/** The `@openai/agents` package, imported on first use (an optional peer of vitest-toolcheck). */
export function loadAgents(): Promise<typeof import('@openai/agents')> {
  return loadOptionalPeer('@openai/agents', 'vitest-toolcheck/openai-agents', () => import('@openai/agents'))
}
