import { isAgentResult } from '../conversation/culprit.ts'
import type { RunRecord } from '../runner/run-record-schema.ts'
import { runId } from '../runner/run-id.ts'
import type { ReportRun } from './report.ts'

// Apart from the report builder, as eval's worker threads make each run's entry and need nothing
// else of it (the builder brings the summaries' modules with it).

/** The test a run was recorded in: its full name, its file, and whether its attempt for the run's trial passed. */
export interface RecordingTest {
  readonly fullName: string
  readonly file: string
  readonly passed: boolean
}

/**
 * A recorded run as the report keeps it: with its id, the threshold it needed (1 when none was
 * given), its verdict (`error` when a domain or the infrastructure ended it, see `isAgentResult`),
 * and the test it was recorded in.
 */
export function reportRunOf(record: Omit<RunRecord, 'fingerprint'>, test: RecordingTest): ReportRun {
  const threshold = record.threshold ?? 1
  // A run the agent's own code ended is the agent's result (a failure, scored 0); one a domain or
  // the infrastructure ended is not the agent's, and is an error.
  const scored = isAgentResult(record)
  const passed = scored && record.status !== 'error' && record.score !== null && record.score >= threshold - 1e-9
  return {
    id: runId(record),
    ...record,
    threshold,
    test: test.fullName,
    file: test.file,
    passed,
    verdict: !scored ? 'error' : passed ? 'passed' : 'failed',
    testPassed: test.passed,
  }
}
