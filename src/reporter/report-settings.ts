import type { ScoringMode } from '../evaluation/scoring-mode.ts'
import { packageVersion } from './package-version.ts'
import type { ReportRun, ReportSettings } from './report.ts'

/** What the reporter is told about how the runs were made (the plugin passes its options on). */
export interface GivenSettings {
  readonly scoring?: ScoringMode
  readonly agentSpec?: string
  readonly userSpec?: string
  /**
   * A hash of the user's modules `toolcheck eval` loaded (`--domain`, `--scenarios`, `--agent`,
   * and what they import): a resumed evaluation plays the domain-error runs again when it differs,
   * since the tool may have been fixed.
   */
  readonly codeFingerprint?: string
}

/**
 * Whether a run replays deterministically: it made model calls and every one was replayed from
 * the cache, or it made none and was played by the reference agent (which plays the scenario's
 * reference solution). Other runs without model calls are not counted as deterministic: an
 * agent of the user's own may draw on anything, and its calls are not seen.
 */
export function isDeterministicRun(run: Pick<ReportRun, 'agent' | 'usage'>): boolean {
  const { calls, cachedCalls } = run.usage
  return calls > 0 ? cachedCalls === calls : run.agent === 'reference'
}

/** The report's settings: what it was given, the package version, and replay and determinism read from the runs. */
export function reportSettings(runs: readonly Pick<ReportRun, 'agent' | 'usage'>[], given: GivenSettings = {}): ReportSettings {
  const calling = runs.filter((run) => run.usage.calls > 0)
  return settingsOfRuns(given, {
    runs: runs.length,
    calling: calling.length,
    replayed: calling.every((run) => run.usage.cachedCalls === run.usage.calls),
    deterministic: runs.every(isDeterministicRun),
  })
}

/**
 * What `reportSettings` reads from the runs, counted as they come: how many, how many made model
 * calls, whether all of those were replayed, whether every run is deterministic.
 */
export interface RunsReplay {
  readonly runs: number
  readonly calling: number
  readonly replayed: boolean
  readonly deterministic: boolean
}

/** The report's settings from what it was given and what its runs said (`reportSettings` over counts). */
export function settingsOfRuns(given: GivenSettings, read: RunsReplay): ReportSettings {
  return {
    scoring: given.scoring ?? 'toolcheck',
    version: packageVersion(),
    ...(given.agentSpec === undefined ? {} : { agentSpec: given.agentSpec }),
    ...(given.userSpec === undefined ? {} : { userSpec: given.userSpec }),
    replayed: read.calling === 0 ? null : read.replayed,
    deterministic: read.runs > 0 && read.deterministic,
  }
}
