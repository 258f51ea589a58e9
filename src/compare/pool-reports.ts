import type { ComparedReport } from './compare-reports.ts'

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
  return {
    ...newest,
    agent: agents.join(', '),
    agents,
    runs: reports.flatMap((report) => report.runs),
    ...(newest.settings === undefined ? {} : { settings: { ...newest.settings, deterministic, ...(deterministic ? {} : { replayed: false }) } }),
  }
}
