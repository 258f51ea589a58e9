import { culpritOf } from '../conversation/index.ts'
import type { Transcript } from '../vitest/transcript.ts'
import type { MatchRecord } from '../vitest/run-metadata.ts'
import type { JsonValue } from '../world/index.ts'
import { describeTableDiff, jsonEqual } from '../world/index.ts'
import type { Report, ReportRun, ReportSummary } from './report.ts'

/**
 * The data an HTML page embeds for one report, in two parts: the `index` that the page reads when
 * it opens (every run's figures, column by column, for the run list, the filters and the
 * summaries) and the `details` that it reads only when a run is opened (milestones, minefields,
 * the conversation, the tools shown). Both intern their strings in a table and refer to them by
 * position, and scores are kept as thousandths (the page shows three decimals), so a report of
 * 100,000 runs stays within a few tens of megabytes: the same system prompt, tool result or
 * milestone reason in every trial of a scenario is written once.
 */
export interface PageData {
  readonly index: PageIndex
  /** The `PageDetails`, as JSON text. */
  readonly detailsJson: string
}

/** What the page needs when it opens. Run `i`'s figures are at position `i` of every column. */
export interface PageIndex {
  readonly strings: readonly string[]
  /** Lists of string ids (categories, augmentation columns), shared by the runs that have the same list. */
  readonly lists: readonly (readonly number[])[]
  readonly title: string
  readonly agents: readonly string[]
  readonly users: readonly string[]
  readonly domains: readonly string[]
  readonly runCount: number
  /** The summary without its per-pair trials (see `tasks`). */
  readonly summary: Omit<ReportSummary, 'trials'>
  /** Pairs with more than one scored trial, for pass^k per scenario: see `TaskColumns`. */
  readonly tasks: TaskColumns
  /** Column by column; a column that holds one value for every run is `{ value }` instead of a list. */
  readonly runs: Readonly<Record<keyof RunColumns, number[] | { readonly value: number }>>
  readonly problems: Report['problems']
}

/** One value per run; ids point into `strings`, `categories` and `columns` into `lists`. */
export interface RunColumns {
  readonly scenario: number[]
  readonly test: number[]
  readonly file: number[]
  readonly augmentation: number[]
  readonly columns: number[]
  readonly categories: number[]
  readonly trial: number[]
  readonly agent: number[]
  readonly user: number[]
  readonly domain: number[]
  readonly status: number[]
  /** 0 passed, 1 failed, 2 error. */
  readonly verdict: number[]
  /** 1 when the run's test attempt passed. */
  readonly testPassed: number[]
  /** Thousandths; −1 for none. */
  readonly score: number[]
  readonly milestoneScore: number[]
  readonly threshold: number[]
  /** 1 hit, 0 avoided, −1 unknown (error). */
  readonly minefieldHit: number[]
  readonly turns: number[]
  readonly calls: number[]
  readonly promptTokens: number[]
  readonly completionTokens: number[]
  /** US dollars; −1 for no cost recorded. */
  readonly cost: number[]
  /** String ids; −1 for none. */
  readonly errorKind: number[]
  readonly errorMessage: number[]
  /** Whose code ended the run: 0 the agent's, 1 the domain's, 2 the infrastructure's; −1 for a run that finished. */
  readonly culprit: number[]
}

/** pass^k per scenario-augmentation pair that had several trials, column by column. */
export interface TaskColumns {
  readonly scenario: number[]
  readonly augmentation: number[]
  readonly test: number[]
  readonly agent: number[]
  readonly trials: number[]
  readonly passes: number[]
  readonly errors: number[]
  /** pass^k at k = trials, and its interval, in thousandths. */
  readonly passHatK: number[]
  readonly low: number[]
  readonly high: number[]
}

/**
 * What the page reads when a run is opened. Matches, messages and tools are each encoded once and
 * shared by every run that has the same one (the trials of a scenario mostly repeat each other),
 * and runs refer to them through `lists`:
 * - a match is `[index, name, messageIndex, similarity, reason]` plus, for a milestone not
 *   reached, `[bestMessageIndex, bestSimilarity, bestReason]`;
 * - a message is `[index, sender, recipient, content, calls, result, changes, ended]` with calls
 *   `[[name, arguments]]`, result `[tool, arguments, result, errorKind, errorMessage]` or 0, and
 *   changes the world-change lines (rows named by key);
 * - a tool is `[shown name, real name, description, [changes]]`;
 * - a run is `[milestone list, minefield list, message list or −1 (no transcript), tool list or
 *   −1 (not recorded), firstUserMessageIndex, error details]`, the error details being the JSON of
 *   what the culprit's code left (`{ tool, arguments, stack, returned }`) or −1.
 * Names, texts and JSON are ids into `strings` (−1 for none); similarities are thousandths.
 */
export interface PageDetails {
  readonly strings: readonly string[]
  readonly matches: readonly (readonly unknown[])[]
  readonly messages: readonly (readonly unknown[])[]
  readonly tools: readonly (readonly unknown[])[]
  readonly lists: readonly (readonly number[])[]
  readonly runs: readonly (readonly number[])[]
}

const VERDICTS = { passed: 0, failed: 1, error: 2 } as const
const CULPRIT_CODES = { agent: 0, domain: 1, infrastructure: 2 } as const

/**
 * Encodes a report and its runs' transcripts (`transcripts[i]` belongs to `report.runs[i]`) for a
 * page. Reports read from disk may predate `settings` and `scenarios`, which the page does not need.
 */
export function encodePageData(report: Omit<Report, 'settings' | 'scenarios'>, transcripts: readonly (Transcript | undefined)[]): PageData {
  const strings = new Table<string>()
  const lists = new Map<string, number>()
  const listValues: number[][] = []
  const listId = (values: readonly string[]) => {
    const ids = values.map((value) => strings.id(value))
    const key = ids.join(',')
    let id = lists.get(key)
    if (id === undefined) {
      id = listValues.length
      listValues.push(ids)
      lists.set(key, id)
    }
    return id
  }
  // Neighbouring runs mostly share their names (the trials of one scenario), so each column
  // remembers its last value and id and looks a name up only when it changes.
  const text = () => {
    let last: string | undefined
    let lastId = -1
    return (value: string | undefined) => {
      if (value === last) return lastId
      last = value
      lastId = value === undefined ? -1 : strings.id(value)
      return lastId
    }
  }
  const list = () => {
    let last: readonly string[] | undefined
    let lastId = -1
    return (values: readonly string[]) => {
      if (last !== undefined && sameJson(last, values)) return lastId
      last = values
      lastId = listId(values)
      return lastId
    }
  }
  const names = { scenario: text(), test: text(), file: text(), augmentation: text(), agent: text(), user: text(), domain: text(), status: text(), errorKind: text(), errorMessage: text() }
  const listColumns = { columns: list(), categories: list() }
  const columns: RunColumns = {
    scenario: [], test: [], file: [], augmentation: [], columns: [], categories: [], trial: [], agent: [], user: [], domain: [], status: [],
    verdict: [], testPassed: [], score: [], milestoneScore: [], threshold: [], minefieldHit: [], turns: [], calls: [], promptTokens: [],
    completionTokens: [], cost: [], errorKind: [], errorMessage: [], culprit: [],
  }
  for (const run of report.runs) {
    columns.scenario.push(names.scenario(run.scenario))
    columns.test.push(names.test(run.test))
    columns.file.push(names.file(run.file))
    columns.augmentation.push(names.augmentation(run.augmentation))
    columns.columns.push(listColumns.columns(run.augmentationColumns))
    columns.categories.push(listColumns.categories(run.categories))
    columns.trial.push(run.trial)
    columns.agent.push(names.agent(run.agent))
    columns.user.push(names.user(run.user))
    columns.domain.push(names.domain(run.domain))
    columns.status.push(names.status(run.status))
    columns.verdict.push(VERDICTS[run.verdict])
    columns.testPassed.push(run.testPassed ? 1 : 0)
    columns.score.push(thousandths(run.score))
    columns.milestoneScore.push(thousandths(run.milestoneScore))
    columns.threshold.push(thousandths(run.threshold))
    columns.minefieldHit.push(run.minefieldHit === null ? -1 : run.minefieldHit ? 1 : 0)
    columns.turns.push(run.turns)
    columns.calls.push(run.usage.calls)
    columns.promptTokens.push(run.usage.promptTokens)
    columns.completionTokens.push(run.usage.completionTokens)
    columns.cost.push(run.usage.costUsd ?? -1)
    columns.errorKind.push(names.errorKind(run.error?.kind))
    columns.errorMessage.push(names.errorMessage(run.error?.message))
    const culprit = culpritOf(run)
    columns.culprit.push(culprit === undefined ? -1 : CULPRIT_CODES[culprit])
  }
  const tasks: TaskColumns = { scenario: [], augmentation: [], test: [], agent: [], trials: [], passes: [], errors: [], passHatK: [], low: [], high: [] }
  for (const task of report.summary.trials) {
    if (task.trials < 2) continue
    tasks.scenario.push(strings.id(task.scenario))
    tasks.augmentation.push(strings.id(task.augmentation))
    tasks.test.push(strings.id(task.test))
    tasks.agent.push(strings.id(task.agent))
    tasks.trials.push(task.trials)
    tasks.passes.push(task.passes)
    tasks.errors.push(task.errors)
    tasks.passHatK.push(thousandths(task.passHatK[task.trials] ?? null))
    const interval = task.passHatKInterval[task.trials]
    tasks.low.push(thousandths(interval?.[0] ?? null))
    tasks.high.push(thousandths(interval?.[1] ?? null))
  }
  const { trials: _trials, ...summary } = report.summary
  const encoder = new DetailEncoder()
  for (const [position, run] of report.runs.entries()) encoder.run(run, transcripts[position])
  return {
    index: {
      strings: strings.values,
      lists: listValues,
      title: `toolcheck report: ${report.agent}`,
      agents: report.agents,
      users: report.users,
      domains: report.domains,
      runCount: report.runs.length,
      summary,
      tasks,
      runs: compactColumns(columns),
      problems: report.problems,
    },
    detailsJson: encoder.json(),
  }
}

type Message = Transcript['messages'][number]
type Tool = NonNullable<Transcript['tools']>[number]

/**
 * Encodes run details into shared tables, as JSON text. Runs come sorted by scenario,
 * augmentation and test, so a run's trials follow each other: each part of a run is first
 * compared with the same part of the run before (a plain equality check), and only what differs
 * is encoded and looked up in the tables. That keeps a 100,000-run report from hashing every
 * prompt and description again. Entries are kept as their JSON text (which is also their key),
 * not as nested arrays, so a large report leaves few objects for the garbage collector and the
 * tables are joined rather than serialised.
 */
class DetailEncoder {
  readonly strings = new Table<string>()
  readonly matches = new Table<string>()
  readonly messages = new Table<string>()
  readonly tools = new Table<string>()
  readonly lists = new Table<string>()
  readonly runs: string[] = []
  #previous: { run: ReportRun; transcript: Transcript | undefined; ids: readonly number[]; messageIds: number[] } | undefined

  run(run: ReportRun, transcript: Transcript | undefined): void {
    const previous = this.#previous
    const milestones = previous !== undefined && sameJson(previous.run.milestones, run.milestones) ? (previous.ids[0] as number) : this.#matchList(run.milestones)
    const minefields = previous !== undefined && sameJson(previous.run.minefields, run.minefields) ? (previous.ids[1] as number) : this.#matchList(run.minefields)
    let messages = -1
    let messageIds: number[] = []
    let tools = -1
    if (transcript !== undefined) {
      const before = previous?.transcript
      const keys = transcript.keys ?? {}
      // Change lines depend on the key columns, so messages carry over only under the same keys.
      const sameKeys = before !== undefined && sameJson(before.keys, transcript.keys)
      messageIds = transcript.messages.map((message, position) => {
        const earlier = before?.messages[position]
        return sameKeys && earlier !== undefined && sameMessage(earlier, message) ? (previous?.messageIds[position] as number) : this.#message(message, keys)
      })
      messages = previous !== undefined && previous.ids[2] !== -1 && sameJson(previous.messageIds, messageIds) ? (previous.ids[2] as number) : this.lists.add(`[${messageIds.join(',')}]`)
      if (transcript.tools !== undefined) tools = before !== undefined && sameJson(before.tools, transcript.tools) ? (previous?.ids[3] as number) : this.#toolList(transcript.tools)
    }
    const { tool, arguments: args, stack, returned } = run.error ?? {}
    const errorDetails = tool === undefined && stack === undefined && returned === undefined ? -1 : this.strings.id(JSON.stringify({ tool, arguments: args, stack, returned }))
    const ids = [milestones, minefields, messages, tools, transcript?.firstUserMessageIndex ?? -1, errorDetails]
    this.runs.push(`[${ids.join(',')}]`)
    this.#previous = { run, transcript, ids, messageIds }
  }

  /** The whole of the details as JSON (see `PageDetails`). */
  json(): string {
    const table = (values: readonly string[]) => `[${values.join(',')}]`
    return `{"strings":${JSON.stringify(this.strings.values)},"matches":${table(this.matches.values)},"messages":${table(this.messages.values)},"tools":${table(this.tools.values)},"lists":${table(this.lists.values)},"runs":${table(this.runs)}}`
  }

  #matchList(records: readonly MatchRecord[]): number {
    const ids = records.map((record) => {
      const known = this.strings.values.length
      const best = record.bestCandidate
      const tail = best === undefined ? '' : `,${best.messageIndex},${thousandths(best.similarity)},${this.strings.id(best.reason)}`
      const json = `[${record.index},${this.#text(record.name)},${record.messageIndex},${thousandths(record.similarity)},${this.strings.id(record.reason)}${tail}]`
      return this.strings.values.length > known ? this.matches.add(json) : this.matches.id(json)
    })
    return this.lists.id(`[${ids.join(',')}]`)
  }

  #message(message: Message, keys: Readonly<Record<string, readonly string[]>>): number {
    const calls = (message.toolCalls ?? []).map((call) => `[${this.strings.id(call.name)},${this.strings.id(JSON.stringify(call.arguments))}]`)
    const result = message.toolResult
    const encodedResult =
      result === undefined
        ? '0'
        : `[${this.strings.id(result.tool)},${this.strings.id(JSON.stringify(result.arguments))},${result.result === undefined ? -1 : this.strings.id(JSON.stringify(result.result))},${this.#text(result.error?.kind)},${this.#text(result.error?.message)}]`
    const changes = (message.changes ?? []).flatMap((diff) => {
      const key = keys[diff.table]
      return describeTableDiff(diff, key === undefined ? undefined : { key }).map((line) => this.strings.id(line))
    })
    const known = this.strings.values.length
    const content = this.strings.id(message.content)
    const json = `[${message.index},${this.strings.id(message.sender)},${this.strings.id(message.recipient)},${content},[${calls.join(',')}],${encodedResult},[${changes.join(',')}],${message.ended === true ? 1 : 0}]`
    // A text never seen before makes a message never seen before: no need to look it up.
    return content >= known ? this.messages.add(json) : this.messages.id(json)
  }

  #toolList(tools: readonly Tool[]): number {
    const ids = tools.map((tool) => this.tools.id(`[${this.strings.id(tool.name)},${this.strings.id(tool.tool)},${this.strings.id(tool.description)},[${tool.changes.map((change) => this.strings.id(change)).join(',')}]]`))
    return this.lists.id(`[${ids.join(',')}]`)
  }

  #text(value: string | undefined): number {
    return value === undefined ? -1 : this.strings.id(value)
  }
}

/** Two messages alike: the text first (it differs most often), then the rest. */
function sameMessage(a: Message, b: Message): boolean {
  return (
    a.content === b.content &&
    a.index === b.index &&
    a.sender === b.sender &&
    a.recipient === b.recipient &&
    a.ended === b.ended &&
    sameJson(a.toolCalls, b.toolCalls) &&
    sameJson(a.toolResult, b.toolResult) &&
    sameJson(a.changes, b.changes)
  )
}

/** Structural equality of JSON-like values (the parts of two runs), walked with a stack of its own: a model's arguments may nest deeply. */
function sameJson(a: unknown, b: unknown): boolean {
  return jsonEqual(a as JsonValue | undefined, b as JsonValue | undefined)
}

// A suite usually has one agent, one user and one threshold: such columns shrink to one value.
function compactColumns(columns: RunColumns): Record<keyof RunColumns, number[] | { readonly value: number }> {
  const compact = {} as Record<keyof RunColumns, number[] | { readonly value: number }>
  for (const [name, values] of Object.entries(columns) as [keyof RunColumns, number[]][]) {
    const first = values[0]
    compact[name] = first !== undefined && values.every((value) => value === first) ? { value: first } : values
  }
  return compact
}

/** A score in thousandths, −1 for none. */
function thousandths(value: number | null): number {
  return value === null ? -1 : Math.round(value * 1000)
}

/** Strings (texts, or entries' JSON) by first appearance; equal ones share one id. */
class Table<T extends string> {
  readonly values: T[] = []
  readonly #ids = new Map<T, number>()

  id(value: T): number {
    let id = this.#ids.get(value)
    if (id === undefined) {
      id = this.values.length
      this.values.push(value)
      this.#ids.set(value, id)
    }
    return id
  }

  /**
   * Appends without looking for an equal value: for parts that cannot have been seen (they hold
   * a text seen for the first time) or seldom are (a list of a model's own messages). An entry
   * added so is not found by `id` later; the page's compression takes care of the rare repeat.
   */
  add(value: T): number {
    this.values.push(value)
    return this.values.length - 1
  }
}
