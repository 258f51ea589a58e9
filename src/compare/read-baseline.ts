import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { compareText } from '../reporter/compare-text.ts'
import type { ComparedReportFile } from './read-compared-report.ts'
import { readComparedReport } from './read-compared-report.ts'
import { ReportFileError } from './read-report-file.ts'
import type { ReportTally } from './report-tally.ts'

/**
 * The reports of a baseline given as a path: a `report.json`, a report folder, or a folder of
 * report folders (the history a team keeps, one folder per run of the main branch), whose
 * reports are read in the order of their names (oldest first when named by date or number).
 * Each is read a run at a time and kept as its runs' tally (see `readComparedReport`), one report
 * after the other; with `pool`, every report's runs are counted into it too, in that order.
 */
export async function readBaselineReports(path: string, pool?: ReportTally): Promise<ComparedReportFile[]> {
  const isFolder = await stat(path).then(
    (info) => info.isDirectory(),
    () => false,
  )
  const holdsReport = isFolder && (await stat(join(path, 'report.json')).then(() => true, () => false))
  if (!isFolder || holdsReport) return [await readComparedReport(path, pool)]
  const entries = (await readdir(path, { withFileTypes: true })).sort((a, b) => compareText(a.name, b.name))
  const found: string[] = []
  for (const entry of entries) {
    const candidate = join(path, entry.name)
    if (entry.isDirectory() && (await stat(join(candidate, 'report.json')).then(() => true, () => false))) found.push(candidate)
    else if (entry.isFile() && entry.name.endsWith('.json')) found.push(candidate)
  }
  if (found.length === 0) throw new ReportFileError(`${path}: holds neither a report.json nor report folders (a baseline of several reports is a folder of report folders, or of report .json files)`)
  const files: ComparedReportFile[] = []
  for (const file of found) files.push(await readComparedReport(file, pool))
  return files
}
