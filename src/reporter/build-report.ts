import { isAgentResult } from '../conversation/index.ts'
import { readRunRecords } from '../vitest/run-metadata.ts'
import type { Transcript } from '../vitest/transcript.ts'
import { readTranscript, TRANSCRIPT_ANNOTATION_TYPE } from '../vitest/transcript.ts'
import type { CollectedAttempt, CollectedTest } from './collected-test.ts'
import { compareLabels } from './compare-labels.ts'
import { compareText } from './compare-text.ts'
import type { ReportedFingerprint, Report, ReportProblem, ReportRun } from './report.ts'
import type { GivenSettings } from './report-settings.ts'
import { reportSettings } from './report-settings.ts'
import { summarizeRuns } from './summarize-runs.ts'
import { safeText } from '../conversation/safe-text.ts'
import type { ScenarioFingerprint } from '../vitest/scenario-fingerprint.ts'
import { FINGERPRINT_PARTS } from '../vitest/scenario-fingerprint.ts'

/** A report and the transcripts of its runs (in the same order; `undefined` where none was attached). */
export interface BuiltReport {
  readonly report: Report
  readonly transcripts: readonly (Transcript | undefined)[]
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
  const entries: { run: ReportRun; transcript: Transcript | undefined }[] = []
  const fingerprints = new Map<string, ScenarioFingerprint[]>()
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
      if (fingerprint !== undefined) fingerprints.set(record.scenario, [...(fingerprints.get(record.scenario) ?? []), fingerprint])
      const threshold = record.threshold ?? 1
      const scored = isAgentResult(record)
      const passed = scored && record.status !== 'error' && record.score !== null && record.score >= threshold - 1e-9
      const run: ReportRun = {
        ...record,
        threshold,
        test: test.fullName,
        file: test.file,
        passed,
        verdict: !scored ? 'error' : passed ? 'passed' : 'failed',
        testPassed: trialPassed(test, record.trial),
      }
      const transcript = transcripts.findLast(
        (item) => item.scenario === record.scenario && item.augmentation === record.augmentation && item.trial === record.trial && (item.agent === undefined || item.agent === record.agent),
      )
      entries.push({ run, transcript })
    }
  }
  entries.sort((a, b) => compareRuns(a.run, b.run))
  problems.sort((a, b) => compareText(a.file, b.file) || compareText(a.test, b.test) || compareText(a.message, b.message))
  const runs = entries.map((entry) => entry.run)
  const names = (pick: (run: ReportRun) => string) => [...new Set(runs.map(pick))].sort(compareText)
  const agents = names((run) => run.agent)
  return {
    report: {
      format: 'toolcheck-report',
      version: 2,
      agent: agents.length > 0 ? agents.join(', ') : (agent ?? 'unknown'),
      agents,
      users: names((run) => run.user),
      domains: names((run) => run.domain),
      settings: reportSettings(runs, settings),
      scenarios: reportedFingerprints(fingerprints),
      runs,
      summary: summarizeRuns(runs),
      problems,
    },
    transcripts: entries.map((entry) => entry.transcript),
  }
}

/** One fingerprint per scenario, in id order; a part whose runs disagree is `mixed`. */
function reportedFingerprints(found: ReadonlyMap<string, readonly ScenarioFingerprint[]>): Record<string, ReportedFingerprint> {
  const reported: Record<string, ReportedFingerprint> = {}
  for (const scenario of [...found.keys()].sort(compareText)) {
    const all = found.get(scenario) ?? []
    const part = (name: keyof ScenarioFingerprint) => {
      const values = new Set(all.map((fingerprint) => fingerprint[name]))
      return values.size === 1 ? ([...values][0] as string) : 'mixed'
    }
    reported[scenario] = Object.fromEntries(FINGERPRINT_PARTS.map((name) => [name, part(name)])) as ReportedFingerprint
  }
  return reported
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

function compareRuns(a: ReportRun, b: ReportRun): number {
  return (
    compareText(a.scenario, b.scenario) ||
    compareLabels(a.augmentation, b.augmentation) ||
    compareText(a.file, b.file) ||
    compareText(a.test, b.test) ||
    a.trial - b.trial ||
    compareText(a.agent, b.agent)
  )
}
