import { compareText } from './compare-text.ts'
import type { ReportedFingerprint, Report, ReportProblem, SummarizedRun } from './report.ts'
import type { GivenSettings } from './report-settings.ts'
import { reportSettings } from './report-settings.ts'
import { summarizeRuns } from './summarize-runs.ts'
import type { ScenarioFingerprint } from '../runner/scenario-fingerprint.ts'
import { FINGERPRINT_PARTS } from '../runner/scenario-fingerprint.ts'

/**
 * The report of runs already sorted (`compareRuns`), each with the fingerprint of its scenario as
 * it was recorded: who played, the settings, each scenario's fingerprint, the summary and the
 * problems (sorted here). The runs may be summarized ones (`SummarizedRun`): a report written
 * run by run from disk is worked out from them, and its runs written in their place.
 */
export function reportOf<Run extends SummarizedRun>(
  runs: readonly Run[],
  fingerprints: readonly (ScenarioFingerprint | undefined)[],
  problems: readonly ReportProblem[],
  agent?: string,
  settings?: GivenSettings,
): Omit<Report, 'runs'> & { readonly runs: readonly Run[] } {
  const found = new Map<string, ScenarioFingerprint[]>()
  runs.forEach((run, position) => {
    const fingerprint = fingerprints[position]
    if (fingerprint !== undefined) found.set(run.scenario, [...(found.get(run.scenario) ?? []), fingerprint])
  })
  const sortedProblems = [...problems].sort((a, b) => compareText(a.file, b.file) || compareText(a.test, b.test) || compareText(a.message, b.message))
  const names = (pick: (run: Run) => string) => [...new Set(runs.map(pick))].sort(compareText)
  const agents = names((run) => run.agent)
  return {
    format: 'toolcheck-report',
    version: 2,
    agent: agents.length > 0 ? agents.join(', ') : (agent ?? 'unknown'),
    agents,
    users: names((run) => run.user),
    domains: names((run) => run.domain),
    settings: reportSettings(runs, settings),
    scenarios: reportedFingerprints(found),
    runs,
    summary: summarizeRuns(runs),
    problems: sortedProblems,
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

