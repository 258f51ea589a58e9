import { stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { currentAugmentationLabel } from '../augmentation/augmentation-columns.ts'
import { safeText } from '../conversation/safe-text.ts'
import { packText } from '../reporter/packed-json.ts'
import type { PageIndex } from '../reporter/page-data.ts'
import { PageDataEncoder } from '../reporter/page-data.ts'
import type { Report, ReportRun, ReportSettings } from '../reporter/report.ts'
import { firstIssue, readReportSchema } from '../reporter/report-file-schemas.ts'
import type { TalliedReport } from './compare-reports.ts'
import { readReportFile, ReportFileError, reportPage } from './read-report-file.ts'
import type { ComparedPage } from './render-comparison-html.ts'
import type { ReportTally } from './report-tally.ts'
import { addRun, cellPositions, emptyTally, tallyRuns } from './report-tally.ts'
import { ReportJsonError, streamReportRuns } from './stream-report-runs.ts'

/** A report read for a comparison: its runs tallied per cell as they were read, never held. */
export interface ComparedReportFile {
  /** The path of the `report.json` read. */
  readonly path: string
  readonly report: TalliedReport & { readonly settings?: ReportSettings; readonly version: number }
}

/**
 * Reads a toolcheck report for `compareReports`: `path` is a `report.json` or the folder that
 * holds one. Its `runs` are read one at a time from the file (see `streamReportRuns`) and
 * counted into their cells (see `ReportTally`), so memory holds per cell only counts whatever
 * the number of runs, and no more of the file than a chunk and one run. `report.json` is read
 * rather than the `runs.jsonl` beside it: it holds the same runs without their conversations,
 * so it is the smaller of the two. Its summary is not kept (the comparison works out its own).
 * What the comparison reads of each run is checked as it is read, the rest of the report against
 * its schema. Reports of version 1 are read whole (see `readReportFile`), which upgrades them.
 * With `pool`, the runs are counted into it too, after the runs already there (a pooled baseline,
 * see `poolTalliedReports`).
 */
export async function readComparedReport(path: string, pool?: ReportTally): Promise<ComparedReportFile> {
  const file = await reportJsonOf(path)
  // A FIFO or device would never end when read: only a regular file is a report.
  const info = await stat(file).catch(() => undefined)
  if (info !== undefined && !info.isFile()) throw new ReportFileError(`${file}: not a regular file (a folder, FIFO or device), so not a toolcheck report`, true)
  const tally = emptyTally()
  let header: Record<string, unknown>
  try {
    let position = 0
    header = await streamReportRuns(
      file,
      (value) => {
        const problem = comparedRunProblem(value)
        if (problem !== undefined) throw new ReportFileError(safeText(`${file}: not a toolcheck report this version can read (runs[${position}]: ${problem})`), true)
        const run = relabelled(value as ReportRun)
        addRun(tally, run, position++)
        if (pool !== undefined) addRun(pool, run, pool.runs)
      },
      { skip: ['summary'] },
    )
  } catch (error) {
    if (error instanceof ReportFileError) throw error
    if (error instanceof ReportJsonError) throw new ReportFileError(safeText(error.message), true)
    throw new ReportFileError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
  }
  const report = header as Partial<Report>
  if (report.format !== 'toolcheck-report' || !Array.isArray(report.runs))
    throw new ReportFileError(`${file}: not a toolcheck report (expected "format": "toolcheck-report" and a "runs" list, as toolcheck-report/report.json has)`, true)
  // The members besides the runs (checked above, run by run) and the summary (not kept).
  const { summary: _summary, ...members } = report
  const checked = readReportSchema.safeParse(members)
  if (!checked.success) throw new ReportFileError(safeText(`${file}: not a toolcheck report this version can read (${firstIssue(checked.error)})`), true)
  if (report.version !== 2) {
    const whole = await readReportFile(file)
    return { path: file, report: { ...withoutRuns(whole.report), tally: tallyRuns(whole.report.runs) } }
  }
  if (tally.runs === 0) tally.deterministic = false
  const { summary: _skipped, ...rest } = withoutRuns(report as Report)
  return { path: file, report: { ...rest, tally } }
}

/**
 * `readComparedReport` of each of `paths`, in order; a file named more than once (a history that
 * comes back to an earlier report, such as a revert) is read once, each entry keeping the path it
 * was named by. A file is the same when it is the same file on disk (its device and inode), however
 * its path is written.
 */
export async function readComparedReports(paths: readonly string[]): Promise<ComparedReportFile[]> {
  const read = new Map<string, ComparedReportFile['report']>()
  const files: ComparedReportFile[] = []
  // One after the other: read side by side, their chunks and garbage would add up.
  for (const path of paths) {
    const file = await reportJsonOf(path)
    const info = await stat(file).catch(() => undefined)
    const identity = info?.isFile() === true ? `${info.dev}:${info.ino}` : undefined
    const known = identity === undefined ? undefined : read.get(identity)
    if (known !== undefined) {
      files.push({ path: file, report: known })
      continue
    }
    const compared = await readComparedReport(file)
    if (identity !== undefined) read.set(identity, compared.report)
    files.push(compared)
  }
  return files
}

/**
 * The report as the comparison page embeds it. Its run index and details are those of the report
 * page written beside it (`index.html`, or another page in its folder that holds these runs), as
 * they are, with the conversations; without such a page they are encoded from `report.json`, read
 * again one run at a time, without conversations, and the page says where it looked.
 */
export async function comparedPage(compared: ComparedReportFile): Promise<ComparedPage> {
  const found = await reportPage(dirname(compared.path), runCheck(compared.report.tally))
  const { packed, indexJson } = found
  if (packed !== undefined && indexJson !== undefined)
    // The index is kept as the page's text, which the comparison page embeds as it is; parsed
    // only when asked for.
    return {
      get index() {
        return JSON.parse(indexJson) as PageIndex
      },
      indexJson,
      packedDetails: packed,
      transcripts: found.transcripts,
      hasTranscripts: true,
    }
  // The encoder needs the summary, which comes after the runs in the file and was not kept.
  const header = (await streamReportRuns(compared.path, () => {})) as unknown as Omit<Report, 'settings' | 'scenarios' | 'runs'>
  const encoder = new PageDataEncoder(header)
  await streamReportRuns(compared.path, (value) => encoder.add(relabelled(value as ReportRun), undefined))
  const data = encoder.finish()
  return { index: data.index as PageIndex, packedDetails: packText(data.detailsJson), transcripts: found.transcripts, hasTranscripts: false }
}

/** What a page must hold to be this report's: as many runs, each of the same scenario at the same place. */
function runCheck(tally: ReportTally): { readonly runs: number; readonly scenarioAt: (position: number) => string | undefined } {
  const { cellOf } = cellPositions(tally)
  return { runs: tally.runs, scenarioAt: (position) => (position < tally.runs ? tally.cells[cellOf[position] as number]?.scenario : undefined) }
}

/** Today's word for each augmentation label met, worked out once per label. */
const currentLabels = new Map<string, string>()
// The label asked last and its word: a report's runs of a cell come together, so most runs ask
// for the label the run before asked for, and comparing it costs less than hashing it again.
let lastLabel = ''
let lastCurrent = ''
function currentLabel(label: string): string {
  if (label === lastLabel) return lastCurrent
  let current = currentLabels.get(label)
  if (current === undefined) {
    current = currentAugmentationLabel(label)
    currentLabels.set(label, current)
  }
  lastLabel = label
  lastCurrent = current
  return current
}

/** A run whose augmentation labels predate today's words, with today's (see `readReportFile`). */
function relabelled(run: ReportRun): ReportRun {
  const augmentation = currentLabel(run.augmentation)
  // Most runs carry today's words: they are kept as they are, nothing made for them.
  let changed = augmentation !== run.augmentation
  for (const column of run.augmentationColumns) changed ||= currentLabel(column) !== column
  return changed ? { ...run, augmentation, augmentationColumns: run.augmentationColumns.map(currentLabel) } : run
}

/**
 * What is wrong with a run, of what the comparison reads of it, in a few words; undefined when
 * nothing is. The rest of a run is not read, so not checked: checking every run whole against
 * the report's schema took more time than reading it.
 */
function comparedRunProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'not an object'
  // Each field read by its name, not through a list of names: read through a variable, a field
  // of 100,000 runs costs a lookup each time.
  const run = value as Record<string, unknown>
  if (typeof run.scenario !== 'string') return 'scenario is not a text'
  if (typeof run.augmentation !== 'string') return 'augmentation is not a text'
  if (typeof run.agent !== 'string') return 'agent is not a text'
  if (typeof run.status !== 'string') return 'status is not a text'
  if (!isTextList(run.augmentationColumns)) return 'augmentationColumns is not a list of texts'
  if (!isTextList(run.categories)) return 'categories is not a list of texts'
  if (typeof run.trial !== 'number') return 'trial is not a number'
  if (run.score !== null && typeof run.score !== 'number') return 'score is neither a number nor null'
  if (typeof run.passed !== 'boolean') return 'passed is not true or false'
  if (run.verdict !== undefined && run.verdict !== 'passed' && run.verdict !== 'failed' && run.verdict !== 'error') return 'verdict is not passed, failed or error'
  const usage = run.usage as Record<string, unknown> | null | undefined
  if (typeof usage !== 'object' || usage === null) return 'usage is not an object'
  if (typeof usage.calls !== 'number') return 'usage.calls is not a number'
  if (typeof usage.cachedCalls !== 'number') return 'usage.cachedCalls is not a number'
  if (typeof usage.promptTokens !== 'number') return 'usage.promptTokens is not a number'
  if (typeof usage.completionTokens !== 'number') return 'usage.completionTokens is not a number'
  if (typeof usage.latencyMs !== 'number') return 'usage.latencyMs is not a number'
  if (usage.costUsd !== undefined && typeof usage.costUsd !== 'number') return 'usage.costUsd is not a number'
  if (run.error !== undefined && (typeof run.error !== 'object' || run.error === null)) return 'error is not an object'
  return undefined
}

function isTextList(value: unknown): boolean {
  if (!Array.isArray(value)) return false
  for (const item of value) if (typeof item !== 'string') return false
  return true
}

function withoutRuns<T extends { readonly runs: unknown }>(report: T): Omit<T, 'runs'> {
  const { runs: _runs, ...rest } = report
  return rest
}

/** The `report.json` that `path` names, itself or in the folder it names. */
async function reportJsonOf(path: string): Promise<string> {
  try {
    return (await stat(path)).isDirectory() ? join(path, 'report.json') : path
  } catch {
    throw new ReportFileError(`${path}: no such file or directory`)
  }
}
