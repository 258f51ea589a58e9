import { readFile, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { unpackJson } from '../reporter/packed-json.ts'
import type { PageDetails } from '../reporter/page-data.ts'
import type { Report, ReportRun } from '../reporter/report.ts'
import { compareText } from '../reporter/compare-text.ts'
import { summarizeRuns } from '../reporter/summarize-runs.ts'

/** A report read from disk, with the run details of the page written beside it, when there is one. */
export interface ReportFile {
  /** The path of the `report.json` read. */
  readonly path: string
  readonly report: Report
  /**
   * The packed run details of the `index.html` beside it (same run order, see `packText`), when
   * that page is there and belongs to this report.
   */
  readonly packedDetails?: string
}

/** A report file that is missing, unreadable or not a toolcheck report; the message says which and why. */
export class ReportFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ReportFileError'
  }
}

/**
 * Reads a toolcheck report: `path` is a `report.json` or the directory that holds one. The
 * comparison page shows conversations from the run details that the `index.html` written beside
 * it embeds; without that page (html: false) it shows each run's figures and milestones only.
 */
export async function readReportFile(path: string): Promise<ReportFile> {
  let file = path
  try {
    if ((await stat(path)).isDirectory()) file = join(path, 'report.json')
  } catch {
    throw new ReportFileError(`${path}: no such file or directory`)
  }
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new ReportFileError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new ReportFileError(`${file}: not JSON (${(error as Error).message})`)
  }
  const report = value as Partial<Report>
  if (report.format !== 'toolcheck-report' || !Array.isArray(report.runs))
    throw new ReportFileError(`${file}: not a toolcheck report (expected "format": "toolcheck-report" and a "runs" list, as toolcheck-report/report.json has)`)
  const packedDetails = await pageDetails(join(dirname(file), 'index.html'), report.runs.length)
  return { path: file, report: upgrade(report as Report), ...(packedDetails === undefined ? {} : { packedDetails }) }
}

/**
 * A report of version 1 (before runs had their own verdict) in the current shape: its runs pass
 * as their tests did, against a threshold of 1, and the summary is worked out again.
 */
function upgrade(report: Report): Report {
  if (report.version === 2) return report
  const runs: ReportRun[] = report.runs.map((run) => {
    const old = run as Partial<ReportRun> & ReportRun
    const verdict = old.verdict ?? (run.status === 'error' ? 'error' : run.passed ? 'passed' : 'failed')
    return { ...run, threshold: old.threshold ?? 1, verdict, testPassed: old.testPassed ?? run.passed }
  })
  const names = (pick: (run: ReportRun) => string) => [...new Set(runs.map(pick))].sort(compareText)
  return { ...report, version: 2, agents: names((run) => run.agent), users: names((run) => run.user ?? ''), domains: names((run) => run.domain ?? ''), runs, summary: summarizeRuns(runs) }
}

async function pageDetails(page: string, runs: number): Promise<string | undefined> {
  let html: string
  try {
    html = await readFile(page, 'utf8')
  } catch {
    return undefined
  }
  const marker = 'id="toolcheck-details">'
  // The details element is packed (see packJson).
  const start = html.indexOf(marker)
  const end = html.indexOf('</script>', start)
  if (start === -1 || end === -1) return undefined
  try {
    const packed = html.slice(start + marker.length, end).trim()
    const details = unpackJson(packed) as PageDetails
    // A page from another run of the tests would pair runs with the wrong conversations.
    return Array.isArray(details.runs) && details.runs.length === runs ? packed : undefined
  } catch {
    return undefined
  }
}
