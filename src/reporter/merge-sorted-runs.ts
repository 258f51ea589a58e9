import { compareRuns } from './compare-runs.ts'
import type { EvaluationPlan } from './evaluation-plan.ts'
import type { ReportProblem } from './report.ts'
import type { BudgetReport, RunLine, RunsFileEntry, RunsFileHeader, RunsFileItem } from './runs-file.ts'
import { runsFileItems } from './runs-file.ts'
import type { ReportStream } from './write-report.ts'

/** What a runs file merged in one pass held besides its runs (its runs went to the report). */
export interface MergedRunsFile {
  readonly file: string
  readonly header: RunsFileHeader
  readonly problems: readonly ReportProblem[]
  readonly budget?: BudgetReport
  readonly plan?: EvaluationPlan
  /** Its runs' categories, each once, in the file's order. */
  readonly categories: readonly string[]
}

/**
 * Merges runs files whose runs are each in the report's order (`compareRuns`, as `toolcheck
 * eval` and the plugin write `runs.jsonl`) into a report as they are read: a line at a time from
 * every file, the first in order of the runs at their heads going next (on a tie, the earlier
 * file's), which is the order sorting all the runs would give, so the report is the same, byte
 * for byte. Of each run only its id is kept, to find a run given twice. `open` starts the report
 * once every file's header is read.
 *
 * Returns undefined, with the report aborted, when the files cannot be merged this way: a file's
 * runs out of order, a run in two places, or a line that cannot be read. The caller then reads
 * them as a whole (`readRunsFile`), which says what is wrong or sorts the runs.
 */
export async function mergeSortedRunsFiles(files: readonly string[], open: (headers: readonly RunsFileHeader[]) => Promise<ReportStream>, ran: () => void = () => {}): Promise<{ readonly stream: ReportStream; readonly files: readonly MergedRunsFile[] } | undefined> {
  const readers = files.map((file) => new SortedRunsReader(file))
  let stream: ReportStream | undefined
  try {
    const headers: RunsFileHeader[] = []
    for (const reader of readers) {
      const header = await reader.start()
      if (header === undefined) return undefined
      headers.push(header)
    }
    stream = await open(headers)
    const seen = new Set<string>()
    const heads: (RunsFileItem | undefined)[] = []
    for (const reader of readers) {
      const head = await reader.next()
      if (head === false) return undefined
      heads.push(head)
    }
    for (;;) {
      let at = -1
      for (const [position, head] of heads.entries()) {
        const first = at === -1 ? undefined : (heads[at] as RunsFileItem)
        if (head !== undefined && (first === undefined || compareRuns(runOf(head), runOf(first)) < 0)) at = position
      }
      if (at === -1) break
      const head = heads[at] as RunsFileItem
      const run = runOf(head)
      if (seen.has(run.id)) return undefined
      seen.add(run.id)
      if (!(await stream.add(head.text, head.parsed as RunLine, head.bytes))) return undefined
      ran()
      const reader = readers[at] as SortedRunsReader
      reader.ran(run.categories)
      const next = await reader.next()
      if (next === false) return undefined
      heads[at] = next
    }
    const merged = readers.map((reader) => reader.finished())
    const done = stream
    stream = undefined
    return { stream: done, files: merged }
  } finally {
    await stream?.abort()
    await Promise.all(readers.map((reader) => reader.close()))
  }
}

function runOf(item: RunsFileItem): RunLine['run'] {
  return (item.parsed as RunLine).run
}

/** One runs file read a run at a time, keeping what it holds besides its runs. */
class SortedRunsReader {
  readonly #file: string
  readonly #items: AsyncGenerator<RunsFileEntry>
  #header: RunsFileHeader | undefined
  readonly #problems: ReportProblem[] = []
  #budget: BudgetReport | undefined
  #plan: EvaluationPlan | undefined
  readonly #categories = new Set<string>()

  constructor(file: string) {
    this.#file = file
    this.#items = runsFileItems(file)
  }

  /** Reads the header; undefined when the file cannot be read as a runs file. */
  async start(): Promise<RunsFileHeader | undefined> {
    const first = await this.#pull()
    if (first === false || first.done === true || !('header' in first.value)) return undefined
    this.#header = first.value.header
    return this.#header
  }

  /** The next run (the lines before it kept), undefined at the end, false when a line cannot be read. */
  async next(): Promise<RunsFileItem | undefined | false> {
    for (;;) {
      const pulled = await this.#pull()
      if (pulled === false) return false
      if (pulled.done === true) return undefined
      const item = pulled.value
      if ('header' in item || 'truncated' in item) continue
      if ('run' in item.read) return item
      if ('problem' in item.read) this.#problems.push(item.read.problem)
      else if ('budget' in item.read) this.#budget = item.read.budget
      else this.#plan = item.read.plan
    }
  }

  /** Notes the categories of the run taken from this file. */
  ran(categories: readonly string[]): void {
    for (const category of categories) this.#categories.add(category)
  }

  finished(): MergedRunsFile {
    return {
      file: this.#file,
      header: this.#header as RunsFileHeader,
      problems: this.#problems,
      ...(this.#budget === undefined ? {} : { budget: this.#budget }),
      ...(this.#plan === undefined ? {} : { plan: this.#plan }),
      categories: [...this.#categories],
    }
  }

  async close(): Promise<void> {
    await this.#items.return(undefined)
  }

  async #pull(): Promise<IteratorResult<RunsFileEntry> | false> {
    try {
      return await this.#items.next()
    } catch {
      return false as const
    }
  }
}
