import type { BuiltReport, ReportEntry } from './build-report.ts'
import { compareRuns } from './compare-runs.ts'
import { reportOf } from './report-of.ts'
import type { GivenSettings } from './report-settings.ts'
import type { EarlierRuns } from './resumable-runs.ts'
import { LineReader, readRunLine } from './runs-file.ts'

/**
 * The report of a resumed vitest run (`toolcheck({ resume })`): the runs played now, and those of
 * the earlier report whose tests recorded nothing now (skipped because the earlier report holds
 * them, or not run this time), each with its transcript, read back from the earlier runs file.
 * A test that played now replaces all of its earlier runs. `agent` and `settings` are as
 * `buildReport` takes them.
 */
export async function withEarlierRuns(built: BuiltReport, earlier: EarlierRuns, agent?: string, settings?: GivenSettings): Promise<BuiltReport> {
  const testOf = (run: { readonly file: string; readonly test: string }) => JSON.stringify([run.file, run.test])
  const played = new Set(built.report.runs.map(testOf))
  const entries: ReportEntry[] = built.report.runs.map((run, position) => ({ run, fingerprint: built.fingerprints?.[position], transcript: built.transcripts[position] }))
  const reader = new LineReader()
  try {
    for (const entry of earlier.runs.values()) {
      if (played.has(testOf(entry.run))) continue
      const line = await readRunLine(entry, reader)
      entries.push({ run: line.run, fingerprint: line.fingerprint, transcript: line.transcript })
    }
  } finally {
    await reader.close()
  }
  entries.sort((a, b) => compareRuns(a.run, b.run))
  const report = reportOf(
    entries.map((entry) => entry.run),
    entries.map((entry) => entry.fingerprint),
    built.report.problems,
    agent,
    settings,
  )
  return { report, transcripts: entries.map((entry) => entry.transcript), fingerprints: entries.map((entry) => entry.fingerprint) }
}
