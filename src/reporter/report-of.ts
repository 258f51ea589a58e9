import { compareText } from './compare-text.ts'
import type { ReportedFingerprint, Report, ReportProblem, SummarizedRun } from './report.ts'
import type { GivenSettings } from './report-settings.ts'
import { isDeterministicRun, settingsOfRuns } from './report-settings.ts'
import { RunsSummary } from './summarize-runs.ts'
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
  const report = new RunsReport()
  runs.forEach((run, position) => report.add(run, fingerprints[position]))
  const { summary, problems: sorted, ...head } = report.finish(problems, agent, settings)
  // Key order as report.json has it: the runs between the scenarios and the summary.
  return { ...head, runs, summary, problems: sorted }
}

/**
 * A report worked out run by run (`reportOf` is this over a list): the names, the settings read
 * from the runs, each scenario's fingerprint and the summary (`RunsSummary`), held as counts and
 * sets of names, never as the runs. Runs are added in the report's order (`compareRuns`).
 */
export class RunsReport {
  readonly #summary = new RunsSummary()
  readonly #agents = new Set<string>()
  readonly #users = new Set<string>()
  readonly #domains = new Set<string>()
  readonly #fingerprints = new Map<string, Map<keyof ScenarioFingerprint, string>>()
  #runs = 0
  #calling = 0
  #allReplayed = true
  #allDeterministic = true

  /** How many runs were added. */
  get runs(): number {
    return this.#runs
  }

  add(run: SummarizedRun, fingerprint: ScenarioFingerprint | undefined): void {
    this.#runs++
    this.#agents.add(run.agent)
    this.#users.add(run.user)
    this.#domains.add(run.domain)
    if (run.usage.calls > 0) {
      this.#calling++
      if (run.usage.cachedCalls !== run.usage.calls) this.#allReplayed = false
    }
    if (!isDeterministicRun(run)) this.#allDeterministic = false
    if (fingerprint !== undefined) {
      let parts = this.#fingerprints.get(run.scenario)
      if (parts === undefined) {
        parts = new Map(FINGERPRINT_PARTS.map((name) => [name, fingerprint[name]]))
        this.#fingerprints.set(run.scenario, parts)
      } else for (const name of FINGERPRINT_PARTS) if (parts.get(name) !== fingerprint[name]) parts.set(name, MIXED)
    }
    this.#summary.add(run)
  }

  /** The report of the runs added, without them (`runs` goes between `scenarios` and `summary`). */
  finish(problems: readonly ReportProblem[], agent?: string, settings: GivenSettings = {}): Omit<Report, 'runs'> {
    const sortedProblems = [...problems].sort((a, b) => compareText(a.file, b.file) || compareText(a.test, b.test) || compareText(a.message, b.message))
    const agents = [...this.#agents].sort(compareText)
    const scenarios: Record<string, ReportedFingerprint> = {}
    for (const scenario of [...this.#fingerprints.keys()].sort(compareText)) scenarios[scenario] = Object.fromEntries(this.#fingerprints.get(scenario) ?? []) as ReportedFingerprint
    return {
      format: 'toolcheck-report',
      version: 2,
      agent: agents.length > 0 ? agents.join(', ') : (agent ?? 'unknown'),
      agents,
      users: [...this.#users].sort(compareText),
      domains: [...this.#domains].sort(compareText),
      settings: settingsOfRuns(settings, { runs: this.#runs, calling: this.#calling, replayed: this.#allReplayed, deterministic: this.#allDeterministic }),
      scenarios,
      summary: this.#summary.finish(),
      problems: sortedProblems,
    }
  }
}

// A fingerprint part whose runs carry different digests (two tests defined the scenario differently).
const MIXED = 'mixed'
