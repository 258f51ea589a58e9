import type { FileHandle } from 'node:fs/promises'
import { mkdir, open, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { staleTemporaryFiles } from '../cache/stale-temporary-files.ts'
import type { Transcript } from '../runner/transcript.ts'
import { BufferedFile } from './buffered-file.ts'
import type { BuiltReport } from './build-report.ts'
import { compareRuns } from './compare-runs.ts'
import { RunsReport } from './report-of.ts'
import type { Report, ReportProblem, ReportRun, SummarizedReport, SummarizedRun } from './report.ts'
import type { GivenSettings } from './report-settings.ts'
import { PageDataEncoder } from './page-data.ts'
import { htmlPagePieces, renderHtmlReport } from './render-html-report.ts'
import { nestedElementJson, reportRunJson } from './report-run-json.ts'
import { NamedRunsTally } from './named-runs.ts'
import type { BudgetReport, IndexedRun, RunLine } from './runs-file.ts'
import type { EvaluationPlan, HeldPlan } from './evaluation-plan.ts'
import { planLinePieces } from './evaluation-plan.ts'
import { LineReader, PARTIAL_RUNS_FILE, RUNS_FILE, runsFileHeader, summarizedRun } from './runs-file.ts'
import { runLineText } from './run-line-text.ts'

export { runLineText }

/** Where the report files went. */
export interface WrittenReport {
  readonly json: string
  /** `runs.jsonl`: every run with its transcript, one per line (what `--resume` and `toolcheck merge` read). */
  readonly runs: string
  readonly html?: string
}

/** Options of `writeReport` and `writeIndexedReport`. */
export interface WriteReportOptions {
  /** Write `index.html` too (default true); without it an old page is removed. */
  readonly html?: boolean
}

/** A report file's temporary file: `report.json.<pid>.tmp`, `index.html.<pid>.tmp`, `runs.jsonl.<pid>.tmp`, and `report.json.<pid>.runs.tmp` (the runs of a report being streamed). */
const TEMPORARY_FILE = /^(?:report\.json|index\.html|runs\.jsonl)\.(\d+)(?:\.runs)?\.tmp$/

/**
 * Writes `report.json`, `runs.jsonl` and (unless `html` is false) `index.html` into `directory`
 * from a report held in memory (see `commitReport` for how the files are replaced).
 */
export async function writeReport(built: BuiltReport, directory: string, options: WriteReportOptions = {}): Promise<WrittenReport> {
  const { report, transcripts } = built
  const settings = givenSettingsOf(report)
  return commitReport(directory, options, async (files) => {
    await files.runs.write(`${JSON.stringify(runsFileHeader(settings))}\n`)
    await writeReportJson(files.json, report, report.runs.length, async () => {
      for (const [position, run] of report.runs.entries()) {
        await files.json.write(`${position === 0 ? '' : ',\n'}${reportRunJson(run)}`)
        await files.runs.write(`${runLineText({ run, fingerprint: built.fingerprints?.[position], transcript: transcripts[position] })}\n`)
      }
    })
    await files.runs.write(trailingLines(report.problems, report.budget))
    return options.html === false ? undefined : renderHtmlReport(report, transcripts)
  })
}

/** A report whose runs are on disk, in runs files, and only indexed in memory (see `IndexedRun`). */
export interface IndexedReport extends ReportEnd {
  /** The runs, in any order. */
  readonly runs: readonly IndexedRun[]
  readonly settings: GivenSettings
}

/**
 * Writes a report whose runs are on disk (an evaluation's partial runs file, the runs files of
 * shards): the runs are read back one by one in the report's order and written out as they are
 * read (`ReportStream`), so the report is the same, byte for byte, as the one `writeReport`
 * writes for the same runs held in memory, and a large evaluation never holds its runs whole.
 * When done, the evaluation's partial runs file in `directory` is removed. The report returned
 * holds what the text summary says of single runs (see `ReportStream.finish`).
 */
export async function writeIndexedReport(indexed: IndexedReport, directory: string, options: WriteReportOptions = {}): Promise<{ readonly written: WrittenReport; readonly report: SummarizedReport }> {
  const sorted = [...indexed.runs].sort((a, b) => compareRuns(a.run, b.run))
  const reader = new LineReader()
  const stream = await ReportStream.open(directory, indexed.settings, options)
  try {
    for (const entry of sorted) if (!(await stream.add(await reader.read(entry)))) throw new Error(`${entry.file}: a run at byte ${entry.offset} is not the one its index said`)
    return await stream.finish(indexed)
  } finally {
    await stream.abort()
    await reader.close()
  }
}

/** How a streamed report ends: what is known only once every run is in. */
export interface ReportEnd {
  readonly problems: readonly ReportProblem[]
  /** The agent's name when no run names one. */
  readonly agent?: string
  readonly budget?: BudgetReport
  /** The plan of the evaluation, kept in the runs file (not in `report.json`) for `toolcheck merge`. */
  readonly plan?: HeldPlan | EvaluationPlan
  /** Said on every page when the report is of part of an evaluation (see `Report.partial`). */
  readonly partial?: string
}

/**
 * A report written as its runs come, in the report's order (`compareRuns`): each run's line goes
 * to `runs.jsonl`, its entry to the runs of `report.json` and its figures and conversation to the
 * page's data as it is added, and the summary is counted (`RunsReport`); no run is held once it
 * is added. `finish` then writes what comes around the runs (the summary, the problems, the page)
 * and renames the files into place as `writeReport` does; until then they are temporary files
 * beside the report, which `abort` removes.
 */
export class ReportStream {
  readonly #directory: string
  readonly #settings: GivenSettings
  readonly #options: WriteReportOptions
  readonly #handles: FileHandle[]
  readonly #json: BufferedFile
  readonly #runs: BufferedFile
  readonly #report = new RunsReport()
  readonly #page: PageDataEncoder | undefined
  // What the printed summaries say of single runs; every run when they need them all (see `finish`).
  readonly #named = new NamedRunsTally()
  readonly #every: SummarizedRun[] | undefined
  #last: ReportRun | undefined
  #done = false
  // The first folder `open` had to make for the report, if any: removed again when it is given up on.
  #made: string | undefined

  private constructor(directory: string, settings: GivenSettings, options: WriteReportOptions, handles: FileHandle[]) {
    this.#directory = directory
    this.#settings = settings
    this.#options = options
    this.#handles = handles
    this.#json = new BufferedFile(handles[0] as FileHandle)
    this.#runs = new BufferedFile(handles[1] as FileHandle)
    this.#page = options.html === false ? undefined : new PageDataEncoder()
    // Scored as ToolSandbox scores, the summary adds ToolSandbox's tables, averaged over every run.
    this.#every = settings.scoring === 'toolsandbox' ? [] : undefined
  }

  /** Starts a report in `directory` (temporary files left by a writer that was killed are removed first). */
  static async open(directory: string, settings: GivenSettings, options: WriteReportOptions = {}): Promise<ReportStream> {
    const { made, ...paths } = await startReportFiles(directory)
    const handles: FileHandle[] = []
    try {
      handles.push(await open(paths.runsPart, 'w'), await open(temporary(paths.runs), 'w'))
    } catch (error) {
      await Promise.all(handles.map((handle) => handle.close()))
      throw error
    }
    const stream = new ReportStream(directory, settings, options, handles)
    stream.#made = made
    await stream.#runs.write(`${JSON.stringify(runsFileHeader(settings))}\n`)
    return stream
  }

  /** How many runs were added. */
  get runs(): number {
    return this.#report.runs
  }

  /**
   * Adds the report's next run: its line of a runs file (`runLineText`, without the newline),
   * that line parsed when the caller has parsed it already, and its bytes (UTF-8) when the caller
   * read it from a file, so that they are written as they are rather than encoded again. Returns
   * false, adding nothing, when the run comes before the one added last in the report's order
   * (the report cannot be written in order from here).
   */
  async add(text: string, parsed?: RunLine, bytes?: Uint8Array): Promise<boolean> {
    const line = parsed ?? (JSON.parse(text) as RunLine)
    const run = line.run
    if (this.#last !== undefined && compareRuns(this.#last, run) > 0) return false
    if (this.#last !== undefined) await this.#json.write(',\n')
    await this.#json.write(reportRunJson(line.run))
    if (bytes === undefined) await this.#runs.write(text)
    else await this.#runs.writeBytes(bytes)
    await this.#runs.write('\n')
    this.#last = run
    this.#page?.add(line.run, line.transcript)
    this.#report.add(run, line.fingerprint)
    // The summaries name runs as summarized (a failing run's reason then reads its score, not
    // its milestones); a run that passed without an error is only counted, and not copied.
    const summarized = run.verdict === 'passed' && run.error === undefined && this.#every === undefined ? undefined : summarizedRun(run)
    if (summarized !== undefined) this.#named.add(summarized)
    if (summarized !== undefined) this.#every?.push(summarized)
    return true
  }

  /**
   * Writes the report of the runs added and renames its files into place; the evaluation's
   * partial runs file in the folder is removed. The report returned holds what the printed
   * summaries (`formatSummary`, `summaryMarkdown`) say of single runs (`named`), and no run but
   * when scored as ToolSandbox, whose tables average every run.
   */
  async finish(end: ReportEnd): Promise<{ readonly written: WrittenReport; readonly report: SummarizedReport }> {
    const { summary, problems, ...head } = this.#report.finish(end.problems, end.agent, this.#settings)
    // What report.json holds around its runs, in its key order (the runs between the scenarios and the summary).
    const whole: Report = { ...head, runs: [], summary, problems, ...(end.budget === undefined ? {} : { budget: end.budget }), ...(end.partial === undefined ? {} : { partial: end.partial }) }
    const report: SummarizedReport = { ...whole, runs: this.#every ?? [], named: this.#named.finish() }
    const paths = reportPaths(this.#directory)
    await this.#json.flush()
    await this.#runs.write(trailingLines(report.problems, end.budget))
    // The plan's line a piece at a time: the names of 100,000 runs are megabytes of text.
    if (end.plan !== undefined) {
      for (const piece of planLinePieces(end.plan)) await this.#runs.write(piece)
      await this.#runs.write('\n')
    }
    await this.#runs.flush()
    await Promise.all(this.#handles.splice(0).map((handle) => handle.close()))
    // report.json: the text before the runs, the runs as written, the text after them.
    await writeBuffered(temporary(paths.json), (json, handle) =>
      writeReportJson(json, whole, this.#report.runs, async () => {
        await json.flush()
        await appendFile(handle, paths.runsPart)
      }),
    )
    await rm(paths.runsPart, { force: true })
    // The page goes to its file a piece at a time, its details deflated a piece at a time before
    // it: made into one text, and that into bytes, a 100,000-run page was two more copies of
    // itself at the command's peak, and its details' JSON two copies of tens of megabytes.
    const page = this.#page
    if (page !== undefined) {
      const data = await page.finishPacked(whole)
      await writeBuffered(temporary(paths.html), async (file) => {
        for (const piece of htmlPagePieces(whole, data)) await file.writeInSlices(piece)
      })
    }
    const written = await placeReportFiles(paths, this.#page !== undefined)
    this.#done = true
    await rm(join(this.#directory, PARTIAL_RUNS_FILE), { force: true })
    return { written, report }
  }

  /** Removes the temporary files of a report not finished (nothing once it is). */
  async abort(): Promise<void> {
    await Promise.all(this.#handles.splice(0).map((handle) => handle.close().catch(() => {})))
    if (this.#done) return
    await abandonReport(this.#directory)
    // A report given up on leaves no folder that it made behind (a merge refused once its shards were read).
    if (this.#made !== undefined) await removeMadeFolders(this.#directory, this.#made)
  }
}

/** Removes the temporary files this process left in `directory` for a report it did not finish. */
async function abandonReport(directory: string): Promise<void> {
  const paths = reportPaths(directory)
  await Promise.all([paths.runsPart, temporary(paths.json), temporary(paths.runs), temporary(paths.html)].map((file) => rm(file, { force: true })))
}

/** Writes the file at `path` through a `BufferedFile` (given to `write` with its handle), flushed and closed whatever happens. */
async function writeBuffered(path: string, write: (file: BufferedFile, handle: FileHandle) => Promise<void>): Promise<void> {
  const handle = await open(path, 'w')
  try {
    const file = new BufferedFile(handle)
    await write(file, handle)
    await file.flush()
  } finally {
    await handle.close()
  }
}

/** Appends the whole of the file at `path` to `target`, a piece at a time. */
async function appendFile(target: FileHandle, path: string): Promise<void> {
  const source = await open(path, 'r')
  try {
    const buffer = Buffer.allocUnsafe(1 << 20)
    for (let position = 0; ; ) {
      const { bytesRead } = await source.read(buffer, 0, buffer.length, position)
      if (bytesRead === 0) return
      await target.write(buffer.subarray(0, bytesRead))
      position += bytesRead
    }
  } finally {
    await source.close()
  }
}

/** The files of a report being written, each to its temporary file. */
interface ReportFiles {
  readonly json: BufferedFile
  readonly runs: BufferedFile
}

/** Where a report's files go, and the file that holds the runs of `report.json` while a `ReportStream` writes them. */
interface ReportPaths {
  readonly json: string
  readonly runs: string
  readonly html: string
  readonly runsPart: string
}

function reportPaths(directory: string): ReportPaths {
  const json = join(directory, 'report.json')
  return { json, runs: join(directory, RUNS_FILE), html: join(directory, 'index.html'), runsPart: `${json}.${process.pid}.runs.tmp` }
}

/** A report file's temporary file, beside it. */
function temporary(path: string): string {
  return `${path}.${process.pid}.tmp`
}

/**
 * Makes the report folder and removes the temporary files a writer that was killed left in it.
 * `made` is the first folder it had to make, when it made any.
 */
async function startReportFiles(directory: string): Promise<ReportPaths & { readonly made?: string }> {
  const made = await mkdir(directory, { recursive: true })
  const leftBehind = staleTemporaryFiles(await readdir(directory), TEMPORARY_FILE)
  await Promise.all(leftBehind.map((name) => rm(join(directory, name), { force: true })))
  return { ...reportPaths(directory), ...(made === undefined ? {} : { made }) }
}

/** Removes the folders from `directory` up to `made` (which `startReportFiles` made), each only if it is empty. */
async function removeMadeFolders(directory: string, made: string): Promise<void> {
  for (let folder = resolve(directory); ; folder = dirname(folder)) {
    try {
      await rmdir(folder)
    } catch {
      return
    }
    if (folder === resolve(made) || dirname(folder) === folder) return
  }
}

/**
 * Renames a report's temporary files into place, so a reader never sees half a report; and the
 * three are never from different runs, even when the process is killed between the renames: all
 * are written out first, then the old page and runs file are removed, then the report, the runs
 * file and the page are renamed into place (a kill in between leaves the new report without some
 * of the others, never beside old ones). Without a page, an old page is removed.
 */
async function placeReportFiles(paths: ReportPaths, page: boolean): Promise<WrittenReport> {
  await rm(paths.html, { force: true })
  await rm(paths.runs, { force: true })
  await rename(temporary(paths.json), paths.json)
  await rename(temporary(paths.runs), paths.runs)
  if (!page) return { json: paths.json, runs: paths.runs }
  await rename(temporary(paths.html), paths.html)
  return { json: paths.json, runs: paths.runs, html: paths.html }
}

/**
 * Writes a report's files beside their final names and renames them into place
 * (`placeReportFiles`). Temporary files left by a writer that was killed are removed first.
 * `write` writes report.json and runs.jsonl and returns the page (or `undefined` for none).
 */
async function commitReport(directory: string, options: WriteReportOptions, write: (files: ReportFiles) => Promise<string | undefined>): Promise<WrittenReport> {
  const paths = await startReportFiles(directory)
  const written = [temporary(paths.json), temporary(paths.runs)]
  const handles: FileHandle[] = []
  try {
    handles.push(await open(temporary(paths.json), 'w'), await open(temporary(paths.runs), 'w'))
    const files = { json: new BufferedFile(handles[0] as FileHandle), runs: new BufferedFile(handles[1] as FileHandle) }
    const page = await write(files)
    await files.json.flush()
    await files.runs.flush()
    await Promise.all(handles.splice(0).map((handle) => handle.close()))
    const withPage = page !== undefined && options.html !== false
    if (withPage) {
      written.push(temporary(paths.html))
      await writeFile(temporary(paths.html), page)
    }
    return await placeReportFiles(paths, withPage)
  } finally {
    await Promise.all(handles.map((handle) => handle.close().catch(() => {})))
    await Promise.all(written.map((file) => rm(file, { force: true })))
  }
}

// Stand for the runs and the summary's cells in the report's JSON, so the text around them can be written around them.
const RUNS_PLACE = '\u0000toolcheck runs\u0000'
const CELLS_PLACE = '\u0000toolcheck cells\u0000'

/**
 * Writes `report.json` as `JSON.stringify(report, null, 2)` lays it out, a piece at a time: the
 * text before its `runs` runs, the runs (`writeRuns`, each `reportRunJson`, joined with `,\n`),
 * the text between them and the summary's cells, the cells one by one (20,000 cells are 16 MB of
 * text), and the rest. The runs of `report` are not read.
 */
async function writeReportJson(file: BufferedFile, report: Report, runs: number, writeRuns: () => Promise<void>): Promise<void> {
  const cells = report.summary.trials
  const shape = { ...report, runs: runs === 0 ? [] : [RUNS_PLACE], summary: { ...report.summary, trials: cells.length === 0 ? [] : [CELLS_PLACE] } }
  const text = `${JSON.stringify(shape, null, 2)}\n`
  let from = 0
  if (runs > 0) {
    const place = `    ${JSON.stringify(RUNS_PLACE)}`
    const at = text.indexOf(`\n${place}\n  ]`) + 1
    await file.write(text.slice(0, at))
    await writeRuns()
    from = at + place.length
  }
  if (cells.length > 0) {
    const place = `      ${JSON.stringify(CELLS_PLACE)}`
    const at = text.indexOf(`\n${place}\n    ]`, from) + 1
    await file.write(text.slice(from, at))
    for (const [position, cell] of cells.entries()) {
      if (position > 0) await file.write(',\n')
      await file.write(nestedElementJson(cell, 3))
    }
    from = at + place.length
  }
  await file.write(text.slice(from))
}

/** The lines of a runs file after its runs: the problems, then the budget. */
function trailingLines(problems: readonly ReportProblem[], budget: BudgetReport | undefined): string {
  return [...problems.map((problem) => ({ problem })), ...(budget === undefined ? [] : [{ budget }])].map((line) => `${JSON.stringify(line)}\n`).join('')
}

/** What the report says it was given, for the runs file's header. */
function givenSettingsOf(report: Report): GivenSettings {
  const { scoring, agentSpec, userSpec } = report.settings
  return { scoring, ...(agentSpec === undefined ? {} : { agentSpec }), ...(userSpec === undefined ? {} : { userSpec }) }
}
