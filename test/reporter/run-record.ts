import type { RunRecord } from '../../src/runner/run-record-schema.ts'

/** A recorded run that passed plainly, with what a test changes; a run known only by its label counts under it. */
export function runRecord(scenario: string, trial: number, overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    scenario,
    categories: ['SINGLE_TOOL_CALL'],
    augmentation: 'none',
    augmentationColumns: [overrides.augmentation ?? 'none'],
    trial,
    domain: 'device',
    agent: 'reference',
    user: 'scripted',
    status: 'completed',
    score: 1,
    milestoneScore: 1,
    minefieldHit: false,
    turns: 4,
    usage: { calls: 0, promptTokens: 0, completionTokens: 0, latencyMs: 0, cachedCalls: 0 },
    milestones: [],
    minefields: [],
    ...overrides,
  }
}
