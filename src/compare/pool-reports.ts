import type { ComparedReport, TalliedReport } from './compare-reports.ts'
import type { ReportTally } from './report-tally.ts'

/**
 * Several reports of the same suite as one baseline: their runs together, so each cell's trials
 * are the trials of every report (a history the team already keeps, such as the last reports of
 * the main branch). One lucky report then weighs as one among several, and a cell needs more
 * than a single bad draw to count as a regression: with more base trials than head trials, a
 * cell cannot be a *break* (see `compareReports`), which is where most of a lucky base's false
 * alarms come from. The pool's settings and fingerprints are the newest report's (the last), and
 * it is deterministic only when each report is.
 */
export function poolReports<Pooled extends ComparedReport>(reports: readonly Pooled[]): Pooled {
  const newest = reports.at(-1)
  if (newest === undefined) throw new RangeError('a pooled baseline needs at least one report')
  if (reports.length === 1) return newest
  const agents = [...new Set(reports.flatMap((report) => report.agents ?? [report.agent]))].sort()
  const deterministic = reports.every((report) => report.settings?.deterministic === true)
  // The newest report with every report's runs: its summary, if it has one, is left as it was
  // (the comparison counts runs, not summaries).
  return { ...newest, ...pooledMembers(reports), runs: reports.flatMap((report) => report.runs) }
}

/**
 * `poolReports` of reports read as their tallies (see `readComparedReport`): `tally` is the tally
 * of every report's runs one after the other (each report read into it too), so each run's
 * position is its place among all of them and every sum is made in the same order, as in the
 * pooled report's runs.
 */
export function poolTalliedReports<Pooled extends TalliedReport>(reports: readonly Pooled[], tally: ReportTally): Pooled {
  const newest = reports.at(-1)
  if (newest === undefined) throw new RangeError('a pooled baseline needs at least one report')
  if (reports.length === 1) return newest
  return { ...newest, ...pooledMembers(reports), tally }
}

/** The agents and settings of a pool (see `poolReports`). */
function pooledMembers(reports: readonly (ComparedReport | TalliedReport)[]): Pick<ComparedReport, 'agent' | 'agents' | 'settings'> {
  const newest = reports.at(-1) as ComparedReport | TalliedReport
  const agents = [...new Set(reports.flatMap((report) => report.agents ?? [report.agent]))].sort()
  const deterministic = reports.every((report) => report.settings?.deterministic === true)
  return { agent: agents.join(', '), agents, ...(newest.settings === undefined ? {} : { settings: { ...newest.settings, deterministic, ...(deterministic ? {} : { replayed: false }) } }) }
}
