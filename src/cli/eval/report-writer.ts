import { Worker } from 'node:worker_threads'
import type { SummarizedReport } from '../../reporter/report.ts'
import type { GivenSettings } from '../../reporter/report-settings.ts'
import type { ReportEnd, WrittenReport } from '../../reporter/write-report.ts'
import { MODULE_EXTENSION } from '../../module-extension.ts'
import type { FromReportWriter, ReportWriterSetup, ToReportWriter } from './report-writer-messages.ts'

/** The report writer's entry (the sources in the repository, the built file in the package). */
const WRITER_FILE = new URL(`./report-writer-entry${MODULE_EXTENSION}`, import.meta.url)

/**
 * The most the writer's young generation may take, in MB. It parses every run's line and writes
 * it out again, which leaves much short-lived garbage: left alone, V8 grows a young generation
 * to over 100 MB under that, on top of what the workers take. Kept small, it is swept more often
 * at little cost, since almost nothing in it survives.
 */
const YOUNG_GENERATION_MB = 8

// Runs handed to the writer and not yet added, past which the command waits for it.
const MOST_AHEAD = 512

/**
 * The report of `toolcheck eval` written on a thread of its own as the runs come
 * (`ReportStream`), so that parsing and encoding each run neither holds up the command, which
 * hands out the units and takes in the runs, nor fills its heap. Runs are given in the report's
 * order; `finish` resolves with the report, or `undefined` when a run came out of that order
 * (nothing is then written, and the command writes the report from its runs file).
 */
export class ReportWriter {
  readonly #worker: Worker
  #given = 0
  #added = 0
  #waiting: (() => void) | undefined
  #ended: ((message: FromReportWriter) => void) | undefined
  #failure: string | undefined
  readonly #done: Promise<FromReportWriter>

  constructor(directory: string, settings: GivenSettings) {
    this.#worker = new Worker(WRITER_FILE, { workerData: { directory, settings } satisfies ReportWriterSetup, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } })
    this.#done = new Promise((resolve) => {
      this.#ended = resolve
    })
    this.#worker.on('message', (message: FromReportWriter) => {
      if (message.type === 'added') {
        this.#added = message.runs
        if (this.#given - this.#added < MOST_AHEAD) this.#wake()
      } else {
        if (message.type === 'failed') this.#failure = message.message
        this.#ended?.(message)
        this.#wake()
      }
    })
    this.#worker.on('error', (error) => {
      this.#failure ??= error instanceof Error ? error.message : String(error)
      this.#ended?.({ type: 'failed', message: this.#failure })
      this.#wake()
    })
    this.#worker.on('exit', (code) => {
      this.#failure ??= `its thread ended (exit code ${code})`
      this.#ended?.({ type: 'failed', message: this.#failure })
      this.#wake()
    })
  }

  /** Hands over the report's next run (its line); resolves at once, or once the writer has caught up when it is far behind. */
  async add(line: string): Promise<void> {
    this.#check()
    this.#post({ type: 'add', line })
    this.#given++
    if (this.#given - this.#added >= MOST_AHEAD && this.#failure === undefined) await new Promise<void>((resolve) => (this.#waiting = resolve))
    this.#check()
  }

  /** Writes the rest of the report; `undefined` when the runs did not come in the report's order. */
  async finish(end: ReportEnd): Promise<{ readonly written: WrittenReport; readonly report: SummarizedReport } | undefined> {
    this.#check()
    this.#post({ type: 'finish', end })
    const message = await this.#done
    if (message.type === 'finished') return { written: message.written, report: message.report }
    if (message.type === 'out-of-order') return undefined
    throw new Error(`the report could not be written: ${message.type === 'failed' ? message.message : message.type}`)
  }

  /** Stops the writer; a report not finished leaves no file behind. */
  async close(): Promise<void> {
    await this.#worker.terminate()
  }

  #post(message: ToReportWriter): void {
    this.#worker.postMessage(message)
  }

  #wake(): void {
    const waiting = this.#waiting
    this.#waiting = undefined
    waiting?.()
  }

  #check(): void {
    if (this.#failure !== undefined) throw new Error(`the report could not be written: ${this.#failure}`)
  }
}
