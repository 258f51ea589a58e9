import { buildReport } from '../../src/reporter/build-report.ts'
import type { Report } from '../../src/reporter/report.ts'
import type { RunRecord } from '../../src/runner/run-record-schema.ts'

/**
 * A run record for report, comparison and gate tests: scenario `a` under no augmentation,
 * trial 0, scored 1 by an agent of the user's own (not deterministic), with `overrides` on top.
 * A `null` score makes it an infrastructure error.
 */
export function runRecord(overrides: Partial<RunRecord> = {}): RunRecord {
  const score = overrides.score === undefined ? 1 : overrides.score
  return {
    scenario: 'a',
    categories: ['SINGLE_TOOL_CALL'],
    augmentation: 'none',
    augmentationColumns: ['none'],
    trial: 0,
    domain: 'device',
    agent: 'agent',
    user: 'scripted',
    status: score === null ? 'error' : 'completed',
    score,
    milestoneScore: score,
    minefieldHit: score === null ? null : false,
    turns: 3,
    usage: { calls: 0, promptTokens: 0, completionTokens: 0, latencyMs: 0, cachedCalls: 0 },
    milestones: [],
    minefields: [],
    ...overrides,
  }
}

/** The report of one passing test that recorded these runs. */
export function reportOfRecords(runs: readonly RunRecord[]): Report {
  return buildReport([{ id: 't', fullName: 't', file: 'a.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs: [...runs] } }, annotations: [] }]).report
}
