import { readdir, readFile, stat } from 'node:fs/promises'
import { inflateRawSync } from 'node:zlib'
import { dirname, join } from 'node:path'
import { currentAugmentationLabel } from '../augmentation/augmentation-columns.ts'
import { safeText } from '../conversation/safe-text.ts'
import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, isJsonSpace, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-bytes.ts'
import { compareText } from '../reporter/compare-text.ts'
import type { PageIndex } from '../reporter/page-data.ts'
import { expandColumn } from '../reporter/page-data.ts'
import type { Report, ReportRun, ReportSettings } from '../reporter/report.ts'
import { firstIssue, readReportSchema } from '../reporter/report-file-schemas.ts'
import { withoutByteOrderMark } from '../scenario/without-byte-order-mark.ts'
import { summarizeRuns } from '../reporter/summarize-runs.ts'

/** A report as read from disk: reports written before settings and fingerprints were recorded lack them. */
export type ReadReport = Omit<Report, 'settings' | 'scenarios'> & { readonly settings?: ReportSettings; readonly scenarios?: Report['scenarios'] }

/** A report read from disk, with the run details of the report page found beside it, when there is one. */
export interface ReportFile {
  /** The path of the `report.json` read. */
  readonly path: string
  readonly report: ReadReport
  /**
   * The packed run details of the report page that belongs to this report (same runs, same
   * order, see `packText`), when one was found in its folder.
   */
  readonly packedDetails?: string
  /**
   * Where the runs' conversations were found, or every place looked at and why none would do,
   * in a sentence for the comparison page.
   */
  readonly transcripts: string
}

/**
 * A report file that is missing, unreadable or not a toolcheck report; the message says which and
 * why. `invalid` tells a file that is there but holds no report this version can read (bad input,
 * `compare` exits 2) from one that cannot be read at all.
 */
export class ReportFileError extends Error {
  readonly invalid: boolean
  constructor(message: string, invalid = false) {
    super(message)
    this.name = 'ReportFileError'
    this.invalid = invalid
  }
}

/**
 * Reads a toolcheck report: `path` is a `report.json` or the directory that holds one. The
 * conversations are not in `report.json` but in the report page written beside it: the
 * comparison page shows them from the `index.html` in the report's folder or, failing that, any
 * other `.html` file there that embeds this report's runs (a page renamed when it was kept as a
 * CI artefact), and otherwise says where it looked.
 */
export async function readReportFile(path: string): Promise<ReportFile> {
  let file = path
  try {
    if ((await stat(path)).isDirectory()) file = join(path, 'report.json')
  } catch {
    throw new ReportFileError(`${path}: no such file or directory`)
  }
  // A FIFO or device would never end when read: only a regular file is a report.
  const info = await stat(file).catch(() => undefined)
  if (info !== undefined && !info.isFile()) throw new ReportFileError(`${file}: not a regular file (a folder, FIFO or device), so not a toolcheck report`, true)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new ReportFileError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
  }
  let value: unknown
  try {
    value = JSON.parse(withoutByteOrderMark(text))
  } catch (error) {
    throw new ReportFileError(safeText(`${file}: not JSON (${(error as Error).message})`), true)
  }
  const report = value as Partial<Report> | null
  if (report?.format !== 'toolcheck-report' || !Array.isArray(report.runs))
    throw new ReportFileError(`${file}: not a toolcheck report (expected "format": "toolcheck-report" and a "runs" list, as toolcheck-report/report.json has)`, true)
  const checked = readReportSchema.safeParse(report)
  if (!checked.success) throw new ReportFileError(safeText(`${file}: not a toolcheck report this version can read (${firstIssue(checked.error)})`), true)
  // The summary is worked out again from the runs: it was not checked, and a report edited by
  // hand could hold one that does not match them.
  const upgraded = upgrade(checked.data as unknown as ReadReport)
  const found = await findDetails(dirname(file), upgraded.runs)
  return { path: file, report: upgraded, transcripts: found.transcripts, ...(found.packed === undefined ? {} : { packedDetails: found.packed }) }
}

/**
 * A report of version 1 (before runs had their own verdict) in the current shape: its runs pass
 * as their tests did, against a threshold of 1, and the summary is worked out again.
 */
function upgrade(report: ReadReport): ReadReport {
  if (report.version === 2) return renamed({ ...report, summary: summarizeRuns(report.runs) })
  const runs: ReportRun[] = report.runs.map((run) => {
    const old = run as Partial<ReportRun> & ReportRun
    const verdict = old.verdict ?? (run.status === 'error' ? 'error' : run.passed ? 'passed' : 'failed')
    return { ...run, threshold: old.threshold ?? 1, verdict, testPassed: old.testPassed ?? run.passed }
  })
  const names = (pick: (run: ReportRun) => string) => [...new Set(runs.map(pick))].sort(compareText)
  return renamed({ ...report, version: 2, agents: names((run) => run.agent), users: names((run) => run.user ?? ''), domains: names((run) => run.domain ?? ''), runs, summary: summarizeRuns(runs) })
}

/**
 * A report whose augmentation labels predate today's words (`3 distraction tools + tool
 * descriptions scrambled`) with today's (`3 distraction tools, tool descriptions removed`), so it
 * pairs its cells with a newer report's; the summary is worked out again when a label changed.
 */
function renamed(report: ReadReport): ReadReport {
  let changed = false
  const runs = report.runs.map((run) => {
    const augmentation = currentAugmentationLabel(run.augmentation)
    const augmentationColumns = run.augmentationColumns.map(currentAugmentationLabel)
    if (augmentation === run.augmentation && augmentationColumns.every((column, position) => column === run.augmentationColumns[position])) return run
    changed = true
    return { ...run, augmentation, augmentationColumns }
  })
  return changed ? { ...report, runs, summary: summarizeRuns(runs) } : report
}

/** What a report page must hold to belong to a report: as many runs, each of the same scenario at the same place. */
export interface PageCheck {
  readonly runs: number
  readonly scenarioAt: (position: number) => string | undefined
}

/** A report page found for a report: its packed details and its index; or, in `transcripts`, every place looked at and why none would do. */
export interface FoundPage {
  readonly packed?: string
  readonly index?: PageIndex
  /** The index's JSON text as the page holds it (see `ComparedPage.indexJson`). */
  readonly indexJson?: string
  readonly transcripts: string
}

/** The page details that belong to these runs, from `index.html` first, then the folder's other pages. */
async function findDetails(folder: string, runs: readonly ReportRun[]): Promise<{ packed?: string; transcripts: string }> {
  const { packed, transcripts } = await reportPage(folder, { runs: runs.length, scenarioAt: (position) => runs[position]?.scenario })
  return { ...(packed === undefined ? {} : { packed }), transcripts }
}

/**
 * The report page in `folder` that holds the runs `check` describes: `index.html` first, then the
 * folder's other `.html` files (a page renamed when it was kept as a CI artefact).
 */
export async function reportPage(folder: string, check: PageCheck): Promise<FoundPage> {
  let names: string[]
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.html')).sort(compareText)
  } catch {
    names = []
  }
  const candidates = ['index.html', ...names.filter((name) => name !== 'index.html')]
  const looked: string[] = []
  for (const name of candidates) {
    const reading = await pageDetails(join(folder, name), check)
    if (reading.packed !== undefined) return { packed: reading.packed, ...(reading.index === undefined ? {} : { index: reading.index.value, indexJson: reading.index.json }), transcripts: `conversations from ${join(folder, name)}` }
    looked.push(`${name} ${reading.problem}`)
  }
  return {
    transcripts: `no conversations: they are kept in the report page written beside report.json, looked for in ${folder}: ${looked.join('; ')}. Keep index.html beside report.json (the reporter writes both unless html is false) to see them here.`,
  }
}

/** A page's packed details (and its index, when it can be read) when they hold these runs; otherwise why not. */
async function pageDetails(page: string, check: PageCheck): Promise<{ packed: string; index?: { readonly value: PageIndex; readonly json: string }; problem?: undefined } | { packed?: undefined; problem: string }> {
  // Held as bytes, of which only the details and the index are made texts: a page's text would be
  // kept whole as long as any part of it is.
  let html: Buffer
  try {
    html = await readFile(page)
  } catch {
    return { problem: 'is not there' }
  }
  const details = elementText(html, 'id="toolcheck-details">')
  if (details === undefined) return { problem: 'is not a toolcheck report page' }
  // The details element is packed (see packJson).
  const packed = details.trim()
  let runs: number | undefined
  try {
    runs = arrayLength(inflateRawSync(Buffer.from(packed, 'base64')), 'runs')
  } catch {
    return { problem: 'holds run details that cannot be read' }
  }
  // A page from another run of the tests would pair runs with the wrong conversations.
  if (runs !== check.runs) return { problem: `holds ${runs ?? 'no'} runs, and this report ${check.runs}` }
  const index = pageIndex(html)
  const scenarios = index === undefined ? undefined : pageScenarios(index.value)
  if (scenarios !== undefined && scenarios.some((scenario, position) => scenario !== check.scenarioAt(position))) return { problem: 'holds the runs of other scenarios (a page of another report)' }
  return { packed, ...(index === undefined ? {} : { index }) }
}

/** The text of the page's element whose opening tag ends with `marker`, up to its `</script>`. */
function elementText(html: Buffer, marker: string): string | undefined {
  const start = html.indexOf(marker)
  const end = html.indexOf('</script>', start)
  if (start === -1 || end === -1) return undefined
  return html.toString('utf8', start + Buffer.byteLength(marker), end)
}

/** A page's index and its JSON text, when it can be read. */
function pageIndex(html: Buffer): { readonly value: PageIndex; readonly json: string } | undefined {
  const json = elementText(html, 'id="toolcheck-index">')
  if (json === undefined) return undefined
  try {
    return { value: JSON.parse(json) as PageIndex, json }
  } catch {
    return undefined
  }
}


/**
 * How many elements the array under the top-level member `key` of the JSON object in `bytes`
 * holds (undefined when that member is missing or no array), found by following the text's
 * strings and brackets: a page's details hold every run, and parsed whole they would be some
 * hundred thousand small lists made only to be counted. Throws when the text is not one whole
 * object or list, its strings closed and its brackets matched.
 */
function arrayLength(bytes: Uint8Array, key: string): number | undefined {
  const wanted = Buffer.from(key)
  let depth = 0
  let inString = false
  let escaped = false
  // At depth 1: where the last string began, whether it was `key`, and whether a value of `key` is next.
  let stringStart = -1
  let isKey = false
  let valueOfKey = false
  let counting = false
  let count = 0
  let length: number | undefined
  let closed = false
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index] as number
    if (inString) {
      if (escaped) escaped = false
      else if (byte === BACKSLASH) escaped = true
      else if (byte === QUOTE) {
        inString = false
        if (stringStart !== -1) isKey = index - stringStart === wanted.length && wanted.equals(bytes.subarray(stringStart, index))
        stringStart = -1
      }
      continue
    }
    // Inside a member's value (most of the text: each run's list), only strings and brackets matter.
    if (depth > 2 && byte !== QUOTE && byte !== OPEN_OBJECT && byte !== OPEN_ARRAY && byte !== CLOSE_OBJECT && byte !== CLOSE_ARRAY) continue
    if (isJsonSpace(byte)) continue
    if (closed) throw new SyntaxError('text after the end of the JSON value')
    if (depth === 1) {
      if (byte === COLON) {
        valueOfKey = isKey
        continue
      }
      if (valueOfKey) {
        // The last member of that name is the one a JSON reader keeps.
        valueOfKey = false
        counting = byte === OPEN_ARRAY
        count = 0
        length = counting ? 0 : undefined
      }
    } else if (depth === 2 && counting) {
      if (byte === COMMA) count++
      else if (count === 0 && byte !== CLOSE_ARRAY) count = 1
    }
    if (byte === QUOTE) {
      inString = true
      if (depth === 1) stringStart = index + 1
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth++
    else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      if (--depth < 0) throw new SyntaxError('a bracket closes nothing')
      if (counting && depth === 1) {
        length = count
        counting = false
      }
      closed = depth === 0
    } else if (depth === 0) throw new SyntaxError('not an object or a list')
  }
  if (!closed || inString) throw new SyntaxError('cut short')
  return length
}

/** The scenario of each run in a page's index, when the page's index can be read that way. */
function pageScenarios(index: PageIndex): string[] | undefined {
  const { strings, runCount } = index as { strings?: unknown; runCount?: unknown }
  const column = (index as { runs?: { scenario?: unknown } }).runs?.scenario
  if (!Array.isArray(strings) || typeof runCount !== 'number') return undefined
  return expandColumn(column, runCount)?.map((id) => (typeof id === 'number' ? String(strings[id]) : ''))
}
