import { loadOptionalPeer } from '../optional-peer.ts'

/** The `ai` package, imported on first use (an optional peer of vitest-toolcheck). */
export function loadAi(): Promise<typeof import('ai')> {
  return loadOptionalPeer('ai', 'vitest-toolcheck/ai-sdk', () => import('ai'))
}
