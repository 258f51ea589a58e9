import type { FileHandle } from 'node:fs/promises'
import { open, stat } from 'node:fs/promises'
import { z } from 'zod'
import { safeText } from '../conversation/safe-text.ts'
import type { BudgetLimits, BudgetSpent } from '../roles/endpoint/model-budget.ts'
import type { ScenarioFingerprint } from '../runner/scenario-fingerprint.ts'
import type { Transcript } from '../runner/transcript.ts'
import { transcriptSchema } from '../runner/transcript-schema.ts'
import { writeAll } from './buffered-file.ts'
import type { EvaluationPlan } from './evaluation-plan.ts'
import type { ReportProblem, ReportRun, SummarizedRun } from './report.ts'
import { budgetReportSchema, firstIssue, givenSettingsSchema, reportedFingerprintSchema, reportProblemSchema, reportRunSchema } from './report-file-schemas.ts'
import type { GivenSettings } from './report-settings.ts'
import { isCommonRunLine } from './common-run-line.ts'

/** The runs of a finished report, one per line, beside `report.json` (sorted as its runs are). */
export const RUNS_FILE = 'runs.jsonl'

/**
 * The runs of an evaluation under way, one per line as each finishes: what an interrupted
 * evaluation leaves for `--resume`. It becomes `runs.jsonl` when the report is written.
 */
export const PARTIAL_RUNS_FILE = 'runs.partial.jsonl'

/** The first line of a runs file: what it is, and how its runs were made. */
export interface RunsFileHeader {
  readonly format: 'toolcheck-runs'
  readonly version: 1
  readonly settings: GivenSettings
}

/** One finished run, as a line of a runs file. */
export interface RunLine {
  /** The run as the report keeps it (its `id` is the run's stable id). */
  readonly run: ReportRun
  /** Its scenario's fingerprint when it was played, so a resumed evaluation can tell a changed scenario. */
  readonly fingerprint?: ScenarioFingerprint | undefined
  readonly transcript?: Transcript | undefined
  /**
   * How long the run took to play and evaluate, in milliseconds: what shards are balanced by the
   * next time. A timing, so it is kept here and never in `report.json`.
   */
  readonly durationMs?: number | undefined
}

/** What the budget of an evaluation allowed and what its calls spent (the sum over its shards, for a merged report). */
export interface BudgetReport {
  readonly limits: BudgetLimits
  readonly spent: BudgetSpent
  /** Runs it cut short (their error's kind is `budget`). */
  readonly cutRuns: number
}

/**
 * A line of a runs file after its header: a run, a test that failed without recording one, the
 * evaluation's budget, or its plan (what `toolcheck eval` planned, and which shard this is).
 */
export type RunsFileLine = RunLine | { readonly problem: ReportProblem } | { readonly budget: BudgetReport } | { readonly plan: EvaluationPlan }

/** A run found in a runs file: what the summary needs of it, and where its whole line is. */
export interface IndexedRun {
  readonly run: SummarizedRun
  readonly fingerprint?: ScenarioFingerprint | undefined
  readonly durationMs?: number | undefined
  /** The file that holds its line, the line's byte offset and its length in bytes (without the newline). */
  readonly file: string
  readonly offset: number
  readonly length: number
}

/** What a runs file holds, its runs indexed rather than read whole (each as `IndexedRun`, or what the reader keeps of it). */
export interface RunsFileContent<Entry = IndexedRun> {
  readonly header: RunsFileHeader
  readonly runs: Entry[]
  readonly problems: ReportProblem[]
  readonly budget?: BudgetReport
  /** The plan of the evaluation the runs belong to, when `toolcheck eval` wrote it (see `EvaluationPlan`). */
  readonly plan?: EvaluationPlan
  /** True when its last line was cut off (a writer stopped in the middle of it); that line is left out. */
  readonly truncated: boolean
}

/** A runs file that cannot be read as one; the message names the file, the line and why. */
export class RunsFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RunsFileError'
  }
}

/** The first line of a runs file. */
export function runsFileHeader(settings: GivenSettings): RunsFileHeader {
  return { format: 'toolcheck-runs', version: 1, settings }
}

/** A run as a summary reads it: without where its milestones and minefields were matched. */
export function summarizedRun(run: ReportRun): SummarizedRun {
  const { milestones: _milestones, minefields: _minefields, ...summarized } = run
  return summarized
}

/**
 * Reads a runs file line by line, keeping of each run what the summary needs and where its line
 * is (`indexedRun`), or what `keep` makes of it, so that a file of any size is read in little
 * memory. A last line without its newline that is not whole JSON was cut off by a writer that
 * stopped (an evaluation killed mid-write) and is left out; any other line that cannot be read is
 * an error naming the file and the line.
 */
export async function readRunsFile(file: string): Promise<RunsFileContent>
export async function readRunsFile<Entry>(file: string, keep: KeepRun<Entry>): Promise<RunsFileContent<Entry>>
export async function readRunsFile<Entry>(file: string, keep: KeepRun<Entry | IndexedRun> = indexedRun): Promise<RunsFileContent<Entry | IndexedRun>> {
  let header: RunsFileHeader | undefined
  const runs: (Entry | IndexedRun)[] = []
  const problems: ReportProblem[] = []
  let budget: BudgetReport | undefined
  let plan: EvaluationPlan | undefined
  let truncated = false
  const recurring = new RecurringValues()
  for await (const item of runsFileItems(file)) {
    if ('header' in item) header = item.header
    else if ('truncated' in item) truncated = true
    else if ('run' in item.read) runs.push(keep(item.read, { file, offset: item.offset, length: item.length }, recurring))
    else if ('problem' in item.read) problems.push(item.read.problem)
    else if ('budget' in item.read) budget = item.read.budget
    else plan = item.read.plan
  }
  if (header === undefined) throw new RunsFileError(`${file}: empty, not a toolcheck runs file`)
  return { header, runs, problems, ...(budget === undefined ? {} : { budget }), ...(plan === undefined ? {} : { plan }), truncated }
}

/** What a reader of a runs file keeps of a run's line: given the line, where it is, and the values held once for the file's runs. */
export type KeepRun<Entry> = (line: RunLine, place: RunPlace, recurring: RecurringValues) => Entry

/** What the summary needs of a run, and where its line is. */
function indexedRun(line: RunLine, place: RunPlace, recurring: RecurringValues): IndexedRun {
  return { run: recurring.run(summarizedRun(line.run)), fingerprint: recurring.fingerprint(line.fingerprint), durationMs: line.durationMs, ...place }
}

/**
 * The values that recur from run to run of a runs file read whole (a scenario's name, its test and
 * file, its categories, its fingerprint), each held once however many runs name it: parsed, every
 * run has strings of its own. Read whole, a report of 100,320 runs held 152 MB of its runs'
 * figures, about 1.6 KB a run; so, 72 MB. The lists and fingerprints shared are frozen. A resume
 * holds only the fingerprints of the runs it reads (see `readResumableRuns`).
 */
export class RecurringValues {
  readonly #texts = new Map<string, string>()
  readonly #lists = new Map<string, readonly string[]>()
  readonly #fingerprints = new Map<string, ScenarioFingerprint>()

  /** `run` (a copy of the line's) with the values it shares with other runs replaced by the ones held. */
  run(run: SummarizedRun): SummarizedRun {
    const shared = run as { -readonly [K in keyof SummarizedRun]: SummarizedRun[K] }
    for (const key of RECURRING_TEXTS) if (typeof shared[key] === 'string') (shared as Record<string, unknown>)[key] = this.#text(shared[key])
    shared.categories = this.#list(run.categories) as SummarizedRun['categories']
    shared.augmentationColumns = this.#list(run.augmentationColumns) as SummarizedRun['augmentationColumns']
    return shared
  }

  fingerprint(fingerprint: ScenarioFingerprint | undefined): ScenarioFingerprint | undefined {
    if (fingerprint === undefined) return undefined
    const key = JSON.stringify(fingerprint)
    let held = this.#fingerprints.get(key)
    if (held === undefined) this.#fingerprints.set(key, (held = Object.freeze({ ...fingerprint })))
    return held
  }

  #text(text: string): string {
    const held = this.#texts.get(text)
    if (held !== undefined) return held
    this.#texts.set(text, text)
    return text
  }

  #list(list: readonly string[]): readonly string[] {
    if (!Array.isArray(list)) return list
    const key = JSON.stringify(list)
    let held = this.#lists.get(key)
    if (held === undefined) this.#lists.set(key, (held = Object.freeze(list.map((item) => this.#text(item)))))
    return held
  }
}

// The texts of a run that other runs of a report share: its scenario, variant, test and file, agent, user and domain, and how it ended.
const RECURRING_TEXTS = ['scenario', 'augmentation', 'test', 'file', 'agent', 'user', 'domain', 'status', 'verdict'] as const

/** A line of a runs file after its header, checked: what it holds, and its text and place in the file. */
export interface RunsFileItem {
  /** What the line holds, as checked (a run's values in the schema's key order). */
  readonly read: RunsFileLine
  /** The line as parsed, unchanged: a run's line is written out as it was. */
  readonly parsed: RunsFileLine
  readonly text: string
  /** The line's bytes as read (UTF-8), to be written out again as they are: they hold until the next line is read. */
  readonly bytes: Uint8Array
  readonly offset: number
  readonly length: number
}

/** What `runsFileItems` yields: the header, a line after it, or word that the last line was cut off. */
export type RunsFileEntry = { readonly header: RunsFileHeader } | RunsFileItem | { readonly truncated: true }

/**
 * The lines of a runs file in the file's order, each checked as `readRunsFile` checks it: its
 * header first, then each line after it, then `{ truncated: true }` when the last line was cut
 * off (and is left out). A line that cannot be read throws a `RunsFileError` naming the file and
 * the line, as does a file that is empty or not a runs file.
 */
export async function* runsFileItems(file: string): AsyncGenerator<RunsFileEntry> {
  // A FIFO or device would never end when read: only a regular file is a runs file.
  const info = await stat(file).catch(() => undefined)
  if (info !== undefined && !info.isFile()) throw new RunsFileError(`${file}: not a regular file (a folder, FIFO or device), so not a toolcheck runs file`)
  let header = false
  for await (const line of fileLines(file)) {
    let value: unknown
    try {
      value = JSON.parse(line.text)
    } catch (error) {
      if (line.last && !line.ended) {
        yield { truncated: true }
        break
      }
      throw new RunsFileError(`${file}, line ${line.number}: not JSON (${(error as Error).message})`)
    }
    if (!header) {
      const given = value as Partial<RunsFileHeader> | null
      if (given?.format !== 'toolcheck-runs' || given.version !== 1)
        throw new RunsFileError(`${file}: not a toolcheck runs file (its first line should be {"format":"toolcheck-runs","version":1,...}, as runs.jsonl beside a report.json has)`)
      const settings = givenSettingsSchema.optional().safeParse(given.settings)
      if (!settings.success) throw new RunsFileError(safeText(`${file}, line ${line.number}: not a toolcheck runs header this version can read (settings.${firstIssue(settings.error)})`))
      header = true
      yield { header: { format: 'toolcheck-runs', version: 1, settings: (settings.data ?? {}) as GivenSettings } }
      continue
    }
    const read = runsFileLine(value)
    if (typeof read === 'string') throw new RunsFileError(safeText(`${file}, line ${line.number}: ${read}`))
    yield { read, parsed: value as RunsFileLine, text: line.text, bytes: line.bytes, offset: line.offset, length: line.length }
  }
  if (!header) throw new RunsFileError(`${file}: empty, not a toolcheck runs file`)
}

/** What one run cost, as `runCosts` reads it: how long it took and what it asked of models. */
export interface RunCost {
  readonly id: string
  readonly test: string
  readonly trial: number
  /** Absent for a line that does not say (a report written before durations were kept). */
  readonly durationMs?: number | undefined
  /** Absent when the line's is not one of numbers. */
  readonly usage?: Pick<ReportRun['usage'], 'calls' | 'cachedCalls' | 'promptTokens' | 'completionTokens' | 'costUsd'> | undefined
}

/**
 * Of each run's line of a runs file, in the file's order, what the run cost (`RunCost`), read
 * quickly and leniently, for what only takes it as a hint (shards balanced by the durations of an
 * earlier report, a plan's projection of model calls): of each line only its start is decoded and
 * parsed, up to the run's end, and its duration read from its end (a line ends with it, as
 * toolcheck writes them). A line whose start does not parse so is parsed whole; a line that is no
 * run, or cannot be read, is left out, as is a file that is no runs file. Parsed whole and
 * checked, the lines of a 100,320-run report took 3.9 s to read, most of it their conversations.
 */
export async function* runCosts(file: string): AsyncGenerator<RunCost> {
  for await (const line of fileLines(file, false)) {
    const bytes = Buffer.from(line.bytes.buffer, line.bytes.byteOffset, line.bytes.length)
    const run = runOfLineStart(bytes)
    if (run === undefined) continue
    const { id, test, trial, usage } = run as { id?: unknown; test?: unknown; trial?: unknown; usage?: unknown }
    if (typeof id !== 'string' || typeof test !== 'string' || typeof trial !== 'number') continue
    yield { id, test, trial, durationMs: durationAtEnd(bytes), usage: usageOf(usage) }
  }
}

/** A run's usage when its counts are numbers (its cost, when given, too). */
function usageOf(value: unknown): RunCost['usage'] {
  if (typeof value !== 'object' || value === null) return undefined
  const { calls, cachedCalls, promptTokens, completionTokens, costUsd } = value as Record<string, unknown>
  const counts = [calls, cachedCalls, promptTokens, completionTokens]
  if (!counts.every((count) => typeof count === 'number' && Number.isFinite(count) && count >= 0)) return undefined
  if (costUsd !== undefined && !(typeof costUsd === 'number' && Number.isFinite(costUsd) && costUsd >= 0)) return undefined
  return { calls: calls as number, cachedCalls: cachedCalls as number, promptTokens: promptTokens as number, completionTokens: completionTokens as number, ...(costUsd === undefined ? {} : { costUsd: costUsd as number }) }
}

/** The run a line holds, parsed from the line's start up to the key after the run (the whole line when there is none, or that does not parse). */
function runOfLineStart(bytes: Buffer): object | undefined {
  const parsed = (text: string): unknown => {
    try {
      return JSON.parse(text)
    } catch {
      return undefined
    }
  }
  for (const key of LINE_KEYS_AFTER_RUN) {
    const cut = bytes.indexOf(key)
    if (cut === -1) continue
    const run = (parsed(`${bytes.toString('utf8', 0, cut)}}`) as { run?: unknown } | undefined)?.run
    if (typeof run === 'object' && run !== null) return run
    break
  }
  const run = (parsed(bytes.toString('utf8')) as { run?: unknown } | undefined)?.run
  return typeof run === 'object' && run !== null ? run : undefined
}

// The keys that follow a run in its line, as toolcheck writes it (`runLineText`), the first first.
const LINE_KEYS_AFTER_RUN = [',"fingerprint":', ',"transcript":', ',"durationMs":']

/** The duration a line ends with (`,"durationMs":<number>}`), or undefined. */
function durationAtEnd(bytes: Buffer): number | undefined {
  const at = bytes.lastIndexOf(',"durationMs":')
  if (at === -1) return undefined
  const match = DURATION_AT_END.exec(bytes.toString('latin1', at))
  const value = match === null ? Number.NaN : Number(match[1])
  return Number.isFinite(value) && value >= 0 ? value : undefined
}

const DURATION_AT_END = /^,"durationMs":(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)\}$/

/** A shard's plan (`EvaluationPlan`), checked before merge counts shards with it. */
const planSchema = z
  .object({
    evaluation: z.string().min(1),
    shard: z.object({ index: z.number().int().positive(), count: z.number().int().positive() }),
    total: z.number().int().nonnegative(),
    runs: z.array(z.string()),
    settings: z.record(z.string(), z.unknown()),
  })
  .loose()

/** What a run's line of a runs file is checked against (`isCommonRunLine` is a quicker check of the common shape). */
export const runLineSchema = z.object({ run: reportRunSchema, fingerprint: reportedFingerprintSchema.optional(), transcript: transcriptSchema.optional(), durationMs: z.number().nonnegative().optional() }).loose()

/** A line after the header read as a run, a problem, a budget or a plan (by the key it holds), or why it is none of them. */
function runsFileLine(value: unknown): RunsFileLine | string {
  // Nearly every line is a run of the common shape, checked by hand in a fraction of zod's time.
  if (isCommonRunLine(value)) return value as RunLine
  const holds = (key: string) => typeof value === 'object' && value !== null && Object.hasOwn(value, key)
  const [schema, what] = holds('run')
    ? [runLineSchema, 'a run']
    : holds('problem')
      ? [z.object({ problem: reportProblemSchema }).loose(), 'a problem']
      : holds('budget')
        ? [z.object({ budget: budgetReportSchema }).loose(), 'a budget']
        : holds('plan')
          ? [z.object({ plan: planSchema }).loose(), 'a plan']
          : [undefined, '']
  if (schema === undefined) return 'neither a run, a problem, a budget nor a plan'
  const checked = schema.safeParse(value)
  return checked.success ? (checked.data as RunsFileLine) : `${what} this version cannot read (${firstIssue(checked.error)})`
}

/** The whole line of an indexed run, read from its file. */
export async function readRunLine(run: Pick<IndexedRun, 'file' | 'offset' | 'length'>, handles: LineReader): Promise<RunLine> {
  return JSON.parse(await handles.read(run)) as RunLine
}

/** How much a reader reads at once from a file read in order: one read then serves many lines. */
const READ_AHEAD = 1 << 18

/**
 * Reads lines at known places from any number of files, each opened once. Lines asked for in the
 * file's order (each right after the one before, as a report's runs are written back from a sorted
 * runs file) are read ahead in blocks, so writing a report of 100,000 runs does not cost 100,000
 * reads; a line asked for out of order is read alone, so reading in any order never reads more.
 */
export class LineReader {
  readonly #handles = new Map<string, Promise<FileHandle>>()
  /** Per file: the block read last, and where the line after the last one asked for starts. */
  readonly #blocks = new Map<string, { readonly offset: number; readonly bytes: Buffer; readonly next: number }>()

  /** The text of the line at `offset`, `length` bytes long, in `file`. */
  async read(place: { readonly file: string; readonly offset: number; readonly length: number }): Promise<string> {
    const block = this.#blocks.get(place.file)
    const next = place.offset + place.length + 1
    if (block !== undefined && place.offset >= block.offset && place.offset + place.length <= block.offset + block.bytes.length) {
      this.#blocks.set(place.file, { ...block, next })
      return block.bytes.toString('utf8', place.offset - block.offset, place.offset - block.offset + place.length)
    }
    let handle = this.#handles.get(place.file)
    if (handle === undefined) {
      handle = open(place.file, 'r')
      this.#handles.set(place.file, handle)
    }
    const inOrder = block !== undefined && block.next === place.offset
    const size = inOrder ? Math.max(place.length, READ_AHEAD) : place.length
    const buffer = Buffer.allocUnsafe(size)
    const { bytesRead } = await (await handle).read(buffer, 0, size, place.offset)
    if (bytesRead < place.length) throw new RunsFileError(`${place.file}: a line at byte ${place.offset} is shorter than it was when the file was read; was it changed meanwhile?`)
    this.#blocks.set(place.file, { offset: place.offset, bytes: inOrder ? buffer.subarray(0, bytesRead) : Buffer.alloc(0), next })
    return buffer.toString('utf8', 0, place.length)
  }

  /** Closes every file opened. */
  async close(): Promise<void> {
    const handles = [...this.#handles.values()]
    this.#handles.clear()
    this.#blocks.clear()
    await Promise.all(handles.map((handle) => handle.then((opened) => opened.close()).catch(() => {})))
  }
}

/** One line of a file: its text, where it starts and how long it is in bytes, and whether a newline ended it. */
interface FileLine {
  /** Empty when the file is read without decoding its lines (`fileLines(file, false)`). */
  readonly text: string
  readonly bytes: Uint8Array
  readonly number: number
  readonly offset: number
  readonly length: number
  readonly ended: boolean
  readonly last: boolean
}

// How much of a runs file is read at once: a file of 100,000 runs is 165 MB, and each read is a trip to the thread pool.
const READ_SIZE = 1 << 20

/**
 * The lines of a file with their byte offsets, read in chunks; empty lines are skipped. A line's
 * `bytes` point into the buffer it was read into, and hold until the next line is asked for: the
 * file is read into two buffers in turn (a line is handed out while the next one is looked for,
 * maybe in the other), so reading a large file makes no garbage of its pieces.
 */
async function* fileLines(file: string, decode = true): AsyncGenerator<FileLine> {
  const handle = await open(file, 'r')
  const buffers = [Buffer.allocUnsafeSlow(READ_SIZE), Buffer.allocUnsafeSlow(READ_SIZE)] as const
  let turn = 0
  let pending: Buffer[] = []
  let pendingLength = 0
  let offset = 0
  let number = 0
  let held: FileLine | undefined
  // The next piece of the file is read while the lines of the one before it are handed out.
  const read = (buffer: Buffer) => handle.read(buffer, 0, buffer.length, null).then((result) => result.bytesRead)
  let reading: Promise<number> | undefined = read(buffers[turn] as Buffer)
  try {
    for (;;) {
      const buffer = buffers[turn] as Buffer
      turn = 1 - turn
      const bytesRead = await reading
      reading = undefined
      if (bytesRead === 0) break
      // The other buffer is read into next. The line held back may be in it (the last piece had no newline): it is copied first.
      const next = buffers[turn] as Buffer
      if (held !== undefined && held.bytes.buffer === next.buffer) held = { ...held, bytes: Buffer.from(held.bytes) }
      reading = read(next)
      reading.catch(() => {})
      const chunk = buffer.subarray(0, bytesRead)
      let start = 0
      for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, newline)
        const bytes = pendingLength === 0 ? piece : Buffer.concat([...pending, piece])
        number++
        if (bytes.length > 0) {
          if (held !== undefined) yield held
          held = { text: decode ? bytes.toString('utf8') : '', bytes, number, offset, length: bytes.length, ended: true, last: false }
        }
        offset += bytes.length + 1
        pending = []
        pendingLength = 0
        start = newline + 1
      }
      // The start of a line the next piece ends: copied, as the buffer will be read into again.
      if (start < chunk.length) {
        pending.push(Buffer.from(chunk.subarray(start)))
        pendingLength += chunk.length - start
      }
    }
  } finally {
    await reading?.catch(() => {})
    await handle.close()
  }
  if (pendingLength > 0) {
    if (held !== undefined) yield held
    const bytes = Buffer.concat(pending)
    held = { text: decode ? bytes.toString('utf8') : '', bytes, number: number + 1, offset, length: pendingLength, ended: false, last: true }
  }
  if (held !== undefined) yield { ...held, last: true }
}

/** Where a line went in a runs file: its byte offset and length (without its newline). */
export interface RunPlace {
  readonly file: string
  readonly offset: number
  readonly length: number
}

/** The lines queued while a write was under way, encoded one after another: written together. */
interface LineBatch {
  bytes: Buffer
  length: number
  lines: number
  done: Promise<void>
}

// A batch's first size; one that needs more grows, and only one of this size is kept for the next.
const BATCH_BYTES = 64 * 1024
const NEWLINE_BYTE = 0x0a
const NEWLINE = Buffer.from('\n')

/** A runs file being written line by line: each line goes to the file at once, so a killed writer leaves every whole line before it. */
export class RunsFileWriter {
  readonly file: string
  readonly #handle: FileHandle
  #offset: number
  #queue: Promise<unknown> = Promise.resolve()
  // The lines appended since the last write began: written together when it ends.
  #waiting: LineBatch | undefined
  // The bytes of the batch written last, once written: the next batch fills them again.
  #spare: Buffer | undefined
  #pending = 0
  // The first write that failed: `close` throws it.
  #failure: unknown
  // Whether a line in pieces is being written (`appendPieces`).
  #inPieces = false

  private constructor(file: string, handle: FileHandle, offset: number) {
    this.file = file
    this.#handle = handle
    this.#offset = offset
  }

  /** Creates (or empties) `file` and writes its header. */
  static async create(file: string, settings: GivenSettings): Promise<RunsFileWriter> {
    const handle = await open(file, 'w')
    const header = `${JSON.stringify(runsFileHeader(settings))}\n`
    await handle.write(header)
    return new RunsFileWriter(file, handle, Buffer.byteLength(header))
  }

  /** Opens a runs file written earlier to append to it. */
  static async reopen(file: string): Promise<RunsFileWriter> {
    const handle = await open(file, 'a')
    return new RunsFileWriter(file, handle, (await handle.stat()).size)
  }

  /** Appends one line (given without its newline); resolves with where it went, once it is in the file. */
  async append(line: string): Promise<RunPlace> {
    const queued = this.queue(line)
    await queued.written
    return queued.place
  }

  /**
   * Appends whole lines given as bytes, each ended by its newline (lines copied as they are from
   * another runs file), behind the lines before it; resolves with the byte offset where the first
   * went, once they are in the file.
   */
  async appendLines(bytes: Uint8Array): Promise<number> {
    if (this.#inPieces) throw new Error(`${this.file}: lines were appended while a line in pieces was being written`)
    const offset = this.#offset
    this.#offset += bytes.length
    const written = this.#queue.then(() => writeAll(this.#handle, bytes, bytes.length))
    this.#queue = written.catch((error: unknown) => {
      this.#failure ??= error
    })
    await written
    return offset
  }

  /**
   * Appends one long line given in pieces (without its newline), behind the lines before it:
   * each piece goes to the file as it comes, so the line is never held whole. Like `append`,
   * resolves with where it went once it is in the file.
   */
  async appendPieces(pieces: Iterable<string>): Promise<RunPlace> {
    const offset = this.#offset
    this.#inPieces = true
    const written = this.#queue.then(async () => {
      for (const piece of pieces) {
        const bytes = Buffer.from(piece)
        await writeAll(this.#handle, bytes, bytes.length)
        this.#offset += bytes.length
      }
      await writeAll(this.#handle, NEWLINE, 1)
      this.#offset += 1
    })
    // Nothing may be queued behind the line before its length, and so where the next goes, is known.
    this.#queue = written.catch((error: unknown) => {
      this.#failure ??= error
    })
    try {
      await written
    } finally {
      this.#inPieces = false
    }
    return { file: this.file, offset, length: this.#offset - offset - 1 }
  }

  /**
   * Queues one line (given without its newline) behind those before it: where it goes is known at
   * once, and `written` settles when it is in the file. Lines queued while an earlier write is
   * under way go to the file together, in order, in one write when it ends, so a killed writer
   * still leaves every whole line before the last. A failed write fails `close` too.
   */
  queue(line: string): { readonly place: RunPlace; readonly written: Promise<void> } {
    // Where a line goes is known only once a line in pieces is written.
    if (this.#inPieces) throw new Error(`${this.file}: a line was queued while a line in pieces was being written`)
    const length = Buffer.byteLength(line)
    const offset = this.#offset
    this.#offset += length + 1
    let batch = this.#waiting
    if (batch === undefined) {
      const started: LineBatch = { bytes: this.#spare ?? Buffer.allocUnsafe(BATCH_BYTES), length: 0, lines: 0, done: Promise.resolve() }
      this.#spare = undefined
      started.done = this.#queue.then(async () => {
        this.#waiting = undefined
        try {
          await writeAll(this.#handle, started.bytes, started.length)
        } finally {
          this.#pending -= started.lines
        }
        if (started.bytes.length === BATCH_BYTES) this.#spare = started.bytes
      })
      this.#queue = started.done.catch((error: unknown) => {
        this.#failure ??= error
      })
      batch = started
      this.#waiting = batch
    }
    // Encoded into the batch at once: the line's text is garbage as soon as it is queued.
    if (batch.length + length + 1 > batch.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(batch.bytes.length * 2, batch.length + length + 1))
      batch.bytes.copy(grown, 0, 0, batch.length)
      batch.bytes = grown
    }
    batch.length += batch.bytes.write(line, batch.length)
    batch.bytes[batch.length++] = NEWLINE_BYTE
    batch.lines++
    this.#pending++
    return { place: { file: this.file, offset, length }, written: batch.done }
  }

  /** Lines queued and not yet in the file. */
  get pending(): number {
    return this.#pending
  }

  /** Waits for every line and closes the file. */
  async close(): Promise<void> {
    await this.#queue
    await this.#handle.close()
    if (this.#failure !== undefined) throw this.#failure
  }
}
