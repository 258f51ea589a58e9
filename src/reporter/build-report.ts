import { readRunRecords } from '../vitest/run-metadata.ts'
import type { Transcript } from '../runner/transcript.ts'
import { readTranscript, TRANSCRIPT_ANNOTATION_TYPE } from '../runner/transcript.ts'
import type { CollectedAttempt, CollectedTest } from './collected-test.ts'
import { compareRuns } from './compare-runs.ts'
import type { Report, ReportProblem, ReportRun } from './report.ts'
import type { GivenSettings } from './report-settings.ts'
import { reportOf } from './report-of.ts'
import { safeText } from '../conversation/safe-text.ts'
import type { ScenarioFingerprint } from '../runner/scenario-fingerprint.ts'
import { reportRunOf } from './report-run-of.ts'

export { reportRunOf, type RecordingTest } from './report-run-of.ts'

/**
 * A report and, run by run (in the order of `report.runs`), the transcript and the scenario
 * fingerprint each run was recorded with (`undefined` where there was none).
 */
export interface BuiltReport {
  readonly report: Report
  readonly transcripts: readonly (Transcript | undefined)[]
  readonly fingerprints?: readonly (ScenarioFingerprint | undefined)[]
}

/** One run on its way into a report: the run, and what it was recorded with. */
export interface ReportEntry {
  readonly run: ReportRun
  readonly fingerprint?: ScenarioFingerprint | undefined
  readonly transcript?: Transcript | undefined
}

/**
 * Builds the report from finished tests. Tests are deduplicated by id and skipped ones ignored,
 * because a merged sharded run lists every file once per shard, skipped where it did not run.
 * `agent` names the agent when the tests did not record one; `settings` is what the plugin knows
 * of how the runs were made (scoring mode, role specs).
 */
export function buildReport(tests: readonly CollectedTest[], agent?: string, settings?: GivenSettings): BuiltReport {
  const unique = new Map<string, CollectedTest>()
  for (const test of tests) {
    if (test.state === 'skipped' || test.state === 'pending') continue
    unique.set(test.id, test)
  }
  const entries: ReportEntry[] = []
  const problems: ReportProblem[] = []
  for (const test of unique.values()) {
    const reading = readRunRecords(test.meta)
    if (reading.kind === 'invalid') {
      problems.push({ file: test.file, test: test.fullName, message: reading.problem })
      continue
    }
    if (reading.kind === 'none') {
      // A test that failed without recording a run broke before any scenario finished: a harness
      // problem, not a low score. Passing tests without runs are ordinary tests and not reported.
      if (test.state === 'failed')
        problems.push({ file: test.file, test: test.fullName, message: test.errorMessage === undefined ? 'the test failed before recording a run' : safeText(test.errorMessage) })
      continue
    }
    const transcripts = test.annotations.flatMap((annotation) =>
      annotation.type === TRANSCRIPT_ANNOTATION_TYPE ? [readTranscript(annotation.attachment)].filter((item) => item !== undefined) : [],
    )
    for (const { fingerprint, ...record } of reading.runs) {
      const run = reportRunOf(record, { fullName: test.fullName, file: test.file, passed: trialPassed(test, record.trial) })
      const transcript = transcripts.findLast(
        (item) => item.scenario === record.scenario && item.augmentation === record.augmentation && item.trial === record.trial && (item.agent === undefined || item.agent === record.agent),
      )
      entries.push({ run, fingerprint, transcript })
    }
  }
  entries.sort((a, b) => compareRuns(a.run, b.run))
  const report = reportOf(
    entries.map((entry) => entry.run),
    entries.map((entry) => entry.fingerprint),
    problems,
    agent,
    settings,
  )
  return { report, transcripts: entries.map((entry) => entry.transcript), fingerprints: entries.map((entry) => entry.fingerprint) }
}

/**
 * Whether the test's attempt for `trial` passed: the last retry of that repeat decides. A test
 * without repeats (or a trial number that is not a repeat index) takes the test's own state.
 */
function trialPassed(test: CollectedTest, trial: number): boolean {
  const attempts = test.attempts.filter((attempt) => attempt.repeatIndex === trial)
  const last = attempts.reduce<CollectedAttempt | undefined>(
    (latest, attempt) => (latest === undefined || attempt.retryIndex >= latest.retryIndex ? attempt : latest),
    undefined,
  )
  return (last?.state ?? test.state) === 'passed'
}

export { compareRuns } from './compare-runs.ts'
export { reportOf } from './report-of.ts'
