import type { FileHandle } from 'node:fs/promises'
import { open, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { RunErrorRecord } from '../runner/run-record-schema.ts'
import type { ScenarioFingerprint } from '../runner/scenario-fingerprint.ts'
import type { SummarizedRun } from './report.ts'
import type { GivenSettings } from './report-settings.ts'
import type { IndexedRun, KeepRun, RecurringValues, RunCost, RunLine, RunPlace } from './runs-file.ts'
import { PARTIAL_RUNS_FILE, readRunsFile, runCosts, RUNS_FILE, RunsFileError, RunsFileWriter } from './runs-file.ts'

/** How an earlier run ended, as a resume reads it: enough to keep it or play it again, and to count it. */
export interface RunOutcome {
  readonly id: string
  readonly status: SummarizedRun['status']
  readonly trial: number
  readonly userTrial?: number | undefined
  readonly error?: Pick<RunErrorRecord, 'kind' | 'culprit'> | undefined
}

/**
 * An earlier run a resume may keep: how it ended, its scenario's fingerprint and where its line
 * is. A resume holds one for every run of the report it resumes, and writes the report again
 * from the lines themselves, so it holds no more of a run than this.
 */
export interface ResumableRun {
  readonly run: RunOutcome
  readonly fingerprint?: ScenarioFingerprint | undefined
  readonly file: string
  readonly offset: number
  readonly length: number
}

/** The runs of an earlier evaluation that a resumed one may keep rather than play again. */
export interface ResumableRuns {
  /** The report's folder. */
  readonly directory: string
  /** How the earlier runs were made (the header of the runs file read last). */
  readonly settings: GivenSettings
  /** The runs to keep, by id: of each run, its last line, when it did not end in an infrastructure error. */
  readonly runs: ReadonlyMap<string, ResumableRun>
  /** Runs whose last line ended in an infrastructure error (a rate limit, a spent budget...), or a user error to replay: played again. */
  readonly errors: number
  /** The runs played again because their user broke its part, by id: the fresh user trial each gets (`freshUserTrial`). */
  readonly userReplays: ReadonlyMap<string, number>
  /** Whether the partial runs file's last line was cut off by a writer that stopped (that run is played again). */
  readonly truncated: boolean
}

/**
 * Whether a resumed evaluation keeps a run: it finished, or ended for the agent's, the domain's
 * or the simulated user's sake. A run the infrastructure ended (a timeout, a rate limit after
 * retries, a spent budget, an open breaker) says nothing about the agent, and is played again; so
 * is a run whose user broke its part when `replayUserErrors` is set (`--replay-user-errors`; a
 * user's errors are kept by default, since they are what its error rate is measured on).
 */
export function isResumableRun(run: Pick<RunOutcome, 'status' | 'error'>, options: { readonly replayUserErrors?: boolean } = {}): boolean {
  if (run.status !== 'error') return true
  const culprit = run.error?.culprit
  return culprit === 'agent' || culprit === 'domain' || (culprit === 'user' && options.replayUserErrors !== true)
}

/**
 * How far apart the user trials of one run's replays are: a run of trial 2 replayed after its
 * user erred has the user play trial 1002, then 2002, so a recorded user (its cache keyed by
 * trial) gives fresh replies while the agent's trial, and so its own cached calls, stay.
 */
export const USER_TRIAL_STEP = 1000

/** The user trial a run replayed after a user error gets: the next one after the trial its user last played (see `USER_TRIAL_STEP`). */
export function freshUserTrial(run: Pick<RunOutcome, 'trial' | 'userTrial'>): number {
  return (run.userTrial ?? run.trial) + USER_TRIAL_STEP
}

/** Every run an earlier evaluation left in a report folder: of each run, its last line (as `IndexedRun`, or what the reader keeps of it). */
export interface EarlierRuns<Entry = IndexedRun> {
  /** The report's folder. */
  readonly directory: string
  /** How the runs were made (the header of the runs file read last). */
  readonly settings: GivenSettings
  readonly runs: ReadonlyMap<string, Entry>
  /** Whether the partial runs file's last line was cut off by a writer that stopped. */
  readonly truncated: boolean
}

/**
 * Reads what an earlier evaluation left in `path` (its report folder, or a file in it): the runs
 * of its finished report (`runs.jsonl`) and those an interrupted evaluation wrote as they
 * finished (`runs.partial.jsonl`, read after, so its lines win). Throws `RunsFileError` when the
 * folder holds neither, or a file cannot be read.
 */
export async function readEarlierRuns(path: string): Promise<EarlierRuns>
export async function readEarlierRuns<Entry extends { readonly run: { readonly id: string } }>(path: string, keep: KeepRun<Entry>): Promise<EarlierRuns<Entry>>
export async function readEarlierRuns<Entry extends { readonly run: { readonly id: string } }>(path: string, keep?: KeepRun<Entry>): Promise<EarlierRuns<Entry | IndexedRun>> {
  const { directory, files } = await earlierRunsFiles(path)
  const runs = new Map<string, Entry | IndexedRun>()
  let settings: GivenSettings = {}
  let truncated = false
  for (const file of files) {
    const content = keep === undefined ? await readRunsFile(file) : await readRunsFile(file, keep)
    settings = content.header.settings
    truncated ||= content.truncated
    for (const entry of content.runs) runs.set(entry.run.id, entry)
  }
  return { directory, settings, runs, truncated }
}

/**
 * What each run of an earlier report cost (`runCosts`), by id: of each run its last line, as
 * `readEarlierRuns` takes it, read quickly and leniently, for shards to be balanced by and plans
 * projected from.
 */
export async function readEarlierCosts(path: string): Promise<ReadonlyMap<string, RunCost>> {
  const { files } = await earlierRunsFiles(path)
  const costs = new Map<string, RunCost>()
  for (const file of files) for await (const run of runCosts(file)) costs.set(run.id, run)
  return costs
}

/** The folder of `path` (a report folder, or a file in it) and the runs files in it, the finished report's first. */
async function earlierRunsFiles(path: string): Promise<{ readonly directory: string; readonly files: readonly string[] }> {
  const directory = await stat(path).then(
    (info) => (info.isDirectory() ? path : dirname(path)),
    () => {
      throw new RunsFileError(`${path}: no such file or folder`)
    },
  )
  const files = [join(directory, RUNS_FILE), join(directory, PARTIAL_RUNS_FILE)]
  const present = (await Promise.all(files.map((file) => stat(file).then(() => file, () => undefined)))).filter((file) => file !== undefined)
  if (present.length === 0) throw new RunsFileError(`${directory}: holds neither ${RUNS_FILE} (a finished report's runs) nor ${PARTIAL_RUNS_FILE} (an interrupted evaluation's)`)
  return { directory, files: present }
}

/**
 * The runs of an earlier evaluation that a resumed one keeps (as `readEarlierRuns` reads them, then
 * `isResumableRun`), and with `replayUserErrors` the fresh user trial of each run it plays again
 * because its user broke its part. Of each run only how it ended is held (`ResumableRun`): holding
 * each run's figures as `readEarlierRuns` does, a resume of 100,320 runs held about 750 bytes a
 * run, and its heap was let grow to twice that and more before it was collected.
 */
export async function readResumableRuns(path: string, options: { readonly replayUserErrors?: boolean } = {}): Promise<ResumableRuns> {
  const earlier = await readEarlierRuns(path, resumableRun)
  const runs = new Map<string, ResumableRun>()
  const userReplays = new Map<string, number>()
  for (const [id, entry] of earlier.runs) {
    if (isResumableRun(entry.run, options)) runs.set(id, entry)
    else if (entry.run.error?.culprit === 'user') userReplays.set(id, freshUserTrial(entry.run))
  }
  return { ...earlier, runs, errors: earlier.runs.size - runs.size, userReplays }
}

// A run's status, one string for all the runs that share it.
const STATUSES: ReadonlyMap<string, SummarizedRun['status']> = new Map((['completed', 'max-turns', 'error'] as const).map((status) => [status, status]))

/** What a resume keeps of a run's line (see `ResumableRun`). */
function resumableRun(line: RunLine, place: RunPlace, recurring: RecurringValues): ResumableRun {
  const { id, trial, userTrial, error } = line.run
  const status = STATUSES.get(line.run.status) ?? line.run.status
  const run: RunOutcome = { id, status, trial, ...(userTrial === undefined ? {} : { userTrial }), ...(error === undefined ? {} : { error: { kind: error.kind, culprit: error.culprit } }) }
  return { run, fingerprint: recurring.fingerprint(line.fingerprint), ...place }
}

/**
 * Starts the runs file of a resumed evaluation (`file`, its partial runs file): the runs it may
 * keep are copied in first, so that if it is interrupted too, its file still holds them for the
 * next `--resume`. The copy is written beside `file` and renamed over it, so `file` may be the
 * very file being resumed. Returns the file, open to append the runs played, and where each
 * kept run now is.
 */
export async function startResumedRunsFile(resumed: ResumableRuns, file: string, settings: GivenSettings): Promise<{ readonly writer: RunsFileWriter; readonly kept: ReadonlyMap<string, ResumableRun> }> {
  const temporary = `${file}.${process.pid}.tmp`
  const kept = new Map<string, ResumableRun>()
  const sources = new Map<string, FileHandle>()
  try {
    const copy = await RunsFileWriter.create(temporary, settings)
    try {
      // The kept lines are copied as bytes, a stretch of lines that follow each other in their
      // file at a time: line by line, decoded and encoded again, the copy of a 100,320-run report
      // took 7.9 s, most of a resume that plays nothing.
      let buffer = Buffer.allocUnsafe(STRETCH_BYTES + 1)
      for (const stretch of keptStretches(resumed.runs)) {
        const source = sources.get(stretch.file) ?? (await open(stretch.file, 'r'))
        sources.set(stretch.file, source)
        // One buffer, filled again once its lines are in the file (a line longer than it gets its own).
        if (stretch.end - stretch.start + 1 > buffer.length) buffer = Buffer.allocUnsafe(stretch.end - stretch.start + 1)
        const at = await copy.appendLines(await readStretch(source, stretch, buffer))
        for (const [id, entry] of stretch.entries) kept.set(id, { ...entry, file, offset: at + entry.offset - stretch.start })
      }
    } finally {
      await copy.close()
    }
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  } finally {
    await Promise.all([...sources.values()].map((source) => source.close()))
  }
  return { writer: await RunsFileWriter.reopen(file), kept }
}

/** Lines of one runs file that follow each other there: from `start` up to the end of the last (its newline not included). */
interface KeptStretch {
  readonly file: string
  readonly start: number
  end: number
  readonly entries: [string, ResumableRun][]
}

// The most bytes of lines copied at once (a longer line is copied on its own).
const STRETCH_BYTES = 4 << 20

/** The runs in their order, as stretches of lines that follow each other in one file. */
function* keptStretches(runs: ReadonlyMap<string, ResumableRun>): Generator<KeptStretch> {
  let stretch: KeptStretch | undefined
  for (const [id, entry] of runs) {
    if (stretch !== undefined && entry.file === stretch.file && entry.offset === stretch.end + 1 && entry.offset + entry.length - stretch.start <= STRETCH_BYTES) {
      stretch.entries.push([id, entry])
      stretch.end = entry.offset + entry.length
      continue
    }
    if (stretch !== undefined) yield stretch
    stretch = { file: entry.file, start: entry.offset, end: entry.offset + entry.length, entries: [[id, entry]] }
  }
  if (stretch !== undefined) yield stretch
}

/** A stretch's bytes read into `buffer`, its lines' newlines included (the one after the last added). */
async function readStretch(source: FileHandle, stretch: KeptStretch, buffer: Buffer): Promise<Buffer> {
  const length = stretch.end - stretch.start
  const bytes = buffer.subarray(0, length + 1)
  let done = 0
  while (done < length) {
    const { bytesRead } = await source.read(bytes, done, length - done, stretch.start + done)
    if (bytesRead === 0) throw new RunsFileError(`${stretch.file}: the lines from byte ${stretch.start} are shorter than they were when the file was read; was it changed meanwhile?`)
    done += bytesRead
  }
  bytes[length] = NEWLINE_BYTE
  return bytes
}

const NEWLINE_BYTE = 0x0a
