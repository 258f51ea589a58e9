import type { FileHandle } from 'node:fs/promises'
import { mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { staleTemporaryFiles } from '../cache/stale-temporary-files.ts'
import type { Transcript } from '../vitest/transcript.ts'
import { jsonText } from '../world/index.ts'
import type { BuiltReport } from './build-report.ts'
import { compareRuns } from './compare-runs.ts'
import { reportOf } from './report-of.ts'
import type { Report, ReportProblem, ReportRun, SummarizedReport } from './report.ts'
import type { GivenSettings } from './report-settings.ts'
import { PageDataEncoder } from './page-data.ts'
import { renderHtmlPage, renderHtmlReport } from './render-html-report.ts'
import type { BudgetReport, IndexedRun, RunLine } from './runs-file.ts'
import type { EvaluationPlan } from './evaluation-plan.ts'
import { LineReader, PARTIAL_RUNS_FILE, RUNS_FILE, runsFileHeader } from './runs-file.ts'

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

/** A report file's temporary file: `report.json.<pid>.tmp`, `index.html.<pid>.tmp`, `runs.jsonl.<pid>.tmp`. */
const TEMPORARY_FILE = /^(?:report\.json|index\.html|runs\.jsonl)\.(\d+)\.tmp$/

/**
 * Writes `report.json`, `runs.jsonl` and (unless `html` is false) `index.html` into `directory`
 * from a report held in memory (see `commitReport` for how the files are replaced).
 */
export async function writeReport(built: BuiltReport, directory: string, options: WriteReportOptions = {}): Promise<WrittenReport> {
  const { report, transcripts } = built
  const settings = givenSettingsOf(report)
  return commitReport(directory, options, async (files) => {
    const [before, after] = reportJsonAround(report, report.runs.length)
    await files.json.write(before)
    await files.runs.write(`${JSON.stringify(runsFileHeader(settings))}\n`)
    for (const [position, run] of report.runs.entries()) {
      await files.json.write(`${position === 0 ? '' : ',\n'}${runJson(run)}`)
      await files.runs.write(`${runLineText({ run, fingerprint: built.fingerprints?.[position], transcript: transcripts[position] })}\n`)
    }
    await files.json.write(after)
    await files.runs.write(trailingLines(report.problems, report.budget))
    return options.html === false ? undefined : renderHtmlReport(report, transcripts)
  })
}

/** A report whose runs are on disk, in runs files, and only indexed in memory (see `IndexedRun`). */
export interface IndexedReport {
  /** The runs, in any order. */
  readonly runs: readonly IndexedRun[]
  readonly problems: readonly ReportProblem[]
  readonly settings: GivenSettings
  /** The agent's name when no run names one. */
  readonly agent?: string
  readonly budget?: BudgetReport
  /** The plan of the evaluation, kept in the runs file (not in `report.json`) for `toolcheck merge`. */
  readonly plan?: EvaluationPlan
  /** Said on every page when the report is of part of an evaluation (see `Report.partial`). */
  readonly partial?: string
}

/**
 * Writes a report whose runs are on disk (an evaluation's partial runs file, the runs files of
 * shards): the summary is worked out from what the index holds, then the runs are read back one
 * by one in the report's order and written out, so the report is the same, byte for byte, as the
 * one `writeReport` writes for the same runs held in memory, and a large evaluation never holds
 * its runs whole. When done, the evaluation's partial runs file in `directory` is removed.
 */
export async function writeIndexedReport(indexed: IndexedReport, directory: string, options: WriteReportOptions = {}): Promise<{ readonly written: WrittenReport; readonly report: SummarizedReport }> {
  const sorted = [...indexed.runs].sort((a, b) => compareRuns(a.run, b.run))
  const skeleton = reportOf(
    sorted.map((entry) => entry.run),
    sorted.map((entry) => entry.fingerprint),
    indexed.problems,
    indexed.agent,
    indexed.settings,
  )
  const summarized = { ...skeleton, ...(indexed.budget === undefined ? {} : { budget: indexed.budget }), ...(indexed.partial === undefined ? {} : { partial: indexed.partial }) }
  const reader = new LineReader()
  try {
    const written = await commitReport(directory, options, async (files) => {
      const [before, after] = reportJsonAround(summarized, sorted.length)
      await files.json.write(before)
      await files.runs.write(`${JSON.stringify(runsFileHeader(indexed.settings))}\n`)
      // The page is encoded run by run as the runs are read, so no more than one is held.
      const page = options.html === false ? undefined : new PageDataEncoder(summarized)
      for (const [position, entry] of sorted.entries()) {
        const text = await reader.read(entry)
        const line = JSON.parse(text) as RunLine
        await files.json.write(`${position === 0 ? '' : ',\n'}${runJson(line.run)}`)
        await files.runs.write(`${text}\n`)
        page?.add(line.run, line.transcript)
      }
      await files.json.write(after)
      await files.runs.write(trailingLines(summarized.problems, indexed.budget, indexed.plan))
      return page === undefined ? undefined : renderHtmlPage(summarized, page.finish())
    })
    await rm(join(directory, PARTIAL_RUNS_FILE), { force: true })
    return { written, report: summarized }
  } finally {
    await reader.close()
  }
}

/** A finished run as a line of a runs file (without its newline). */
export function runLineText(line: RunLine): string {
  // A run may hold a value of any depth (what a tool wrote into the world).
  return jsonText({
    run: line.run,
    ...(line.fingerprint === undefined ? {} : { fingerprint: line.fingerprint }),
    ...(line.transcript === undefined ? {} : { transcript: line.transcript }),
    ...(line.durationMs === undefined ? {} : { durationMs: line.durationMs }),
  })
}

/** The files of a report being written, each to its temporary file. */
interface ReportFiles {
  readonly json: BufferedFile
  readonly runs: BufferedFile
}

/**
 * A file written in large pieces: a report is written a run at a time, and one write per run
 * would cost a system call each (the pieces are joined and written once they pass 1 MiB).
 */
class BufferedFile {
  readonly #handle: FileHandle
  #parts: string[] = []
  #length = 0

  constructor(handle: FileHandle) {
    this.#handle = handle
  }

  async write(text: string): Promise<void> {
    this.#parts.push(text)
    this.#length += text.length
    if (this.#length >= 1 << 20) await this.flush()
  }

  async flush(): Promise<void> {
    if (this.#parts.length === 0) return
    const text = this.#parts.join('')
    this.#parts = []
    this.#length = 0
    await this.#handle.write(text)
  }
}

/**
 * Writes a report's files beside their final names and renames them into place, so a reader
 * never sees half a report; and the three are never from different runs, even when the process
 * is killed between the renames: all are written out first, then the old page and runs file are
 * removed, then the report, the runs file and the page are renamed into place (a kill in between
 * leaves the new report without some of the others, never beside old ones). Without a page, an
 * old page is removed. Temporary files left by a writer that was killed are removed first.
 * `write` writes report.json and runs.jsonl and returns the page (or `undefined` for none).
 */
async function commitReport(directory: string, options: WriteReportOptions, write: (files: ReportFiles) => Promise<string | undefined>): Promise<WrittenReport> {
  await mkdir(directory, { recursive: true })
  const leftBehind = staleTemporaryFiles(await readdir(directory), TEMPORARY_FILE)
  await Promise.all(leftBehind.map((name) => rm(join(directory, name), { force: true })))
  const json = join(directory, 'report.json')
  const runs = join(directory, RUNS_FILE)
  const html = join(directory, 'index.html')
  const temporary = (path: string) => `${path}.${process.pid}.tmp`
  const written = [temporary(json), temporary(runs)]
  const handles: FileHandle[] = []
  try {
    handles.push(await open(temporary(json), 'w'), await open(temporary(runs), 'w'))
    const files = { json: new BufferedFile(handles[0] as FileHandle), runs: new BufferedFile(handles[1] as FileHandle) }
    const page = await write(files)
    await files.json.flush()
    await files.runs.flush()
    await Promise.all(handles.splice(0).map((handle) => handle.close()))
    if (page !== undefined && options.html !== false) {
      written.push(temporary(html))
      await writeFile(temporary(html), page)
    }
    await rm(html, { force: true })
    await rm(runs, { force: true })
    await rename(temporary(json), json)
    await rename(temporary(runs), runs)
    if (page === undefined || options.html === false) return { json, runs }
    await rename(temporary(html), html)
    return { json, runs, html }
  } finally {
    await Promise.all(handles.map((handle) => handle.close().catch(() => {})))
    await Promise.all(written.map((file) => rm(file, { force: true })))
  }
}

// Stands for the runs in the report's JSON, so the text around them can be written before and after them.
const RUNS_PLACE = '\u0000toolcheck runs\u0000'

/**
 * The text of `report.json` before and after its `runs` runs, as `JSON.stringify(report, null, 2)`
 * lays it out: the runs, each `runJson`, joined with `,\n`, go between the two.
 */
function reportJsonAround(report: Omit<Report, 'runs'>, runs: number): [string, string] {
  if (runs === 0) return [`${JSON.stringify({ ...report, runs: [] }, null, 2)}\n`, '']
  const text = `${JSON.stringify({ ...report, runs: [RUNS_PLACE] }, null, 2)}\n`
  const place = `\n    ${JSON.stringify(RUNS_PLACE)}\n  ]`
  const at = text.indexOf(place)
  return [text.slice(0, at + 1), text.slice(at + 1 + `    ${JSON.stringify(RUNS_PLACE)}`.length)]
}

/** `JSON.stringify(value, null, 2)`; a value too deep for it (a run's arguments, say) is written on one line. */
function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    return jsonText(value)
  }
}

/** One run as an element of the report's `runs`, indented as `JSON.stringify(report, null, 2)` indents it. */
function runJson(run: ReportRun): string {
  // Only the newlines JSON.stringify puts between members start lines: a line separator (U+2028)
  // inside a string is a character of the string, not a place to indent.
  return `    ${prettyJson(run).replaceAll('\n', '\n    ')}`
}

/** The lines of a runs file after its runs: the problems, then the budget. */
function trailingLines(problems: readonly ReportProblem[], budget: BudgetReport | undefined, plan?: EvaluationPlan): string {
  return [...problems.map((problem) => ({ problem })), ...(budget === undefined ? [] : [{ budget }]), ...(plan === undefined ? [] : [{ plan }])].map((line) => `${JSON.stringify(line)}\n`).join('')
}

/** What the report says it was given, for the runs file's header. */
function givenSettingsOf(report: Report): GivenSettings {
  const { scoring, agentSpec, userSpec } = report.settings
  return { scoring, ...(agentSpec === undefined ? {} : { agentSpec }), ...(userSpec === undefined ? {} : { userSpec }) }
}
