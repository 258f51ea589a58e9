import { culpritOf } from '../conversation/index.ts'
import type { Transcript } from '../runner/transcript.ts'
import type { MatchRecord } from '../runner/run-record-schema.ts'
import type { JsonValue, RowChange, TableInfo } from '../world/index.ts'
import { jsonEqual, jsonText, rowChanges } from '../world/index.ts'
import { outwardThousandths } from './interval-text.ts'
import type { Report, ReportRun, ReportSummary } from './report.ts'
import { cellKey } from './summarize-runs.ts'
import { equalRuns, NumberColumn, numbersJson } from './number-column.ts'
import { packPieces } from './packed-json.ts'
import { joinedPieces, stringsJsonPieces } from './json-pieces.ts'

/**
 * The data an HTML page embeds for one report, in two parts: the `index` that the page reads when
 * it opens (every run's figures, column by column, for the run list, the filters and the
 * summaries; every cell with its pass count and pass^k) and the `details` that it reads only when
 * a run is opened or conversations are searched (milestones, minefields, the conversation, the
 * tools shown, the error). Both intern their strings in a table and refer to them by position, and
 * scores are kept as thousandths (the page shows three decimals), so a report of 100,000 runs
 * stays within a few tens of megabytes: the same system prompt, tool result or milestone reason in
 * every trial of a scenario is written once.
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
  /** The summary without its per-cell trials (see `cells`). */
  readonly summary: Omit<ReportSummary, 'trials'>
  /** Every cell (a scenario under one augmentation in one test), column by column: see `CellColumns`. */
  readonly cells: CellColumns
  /**
   * pass^k curves, shared by the cells with the same counts: curve `c` is `[estimate, low, high]`
   * in thousandths for k = 1, 2, ... in a row (the interval rounded outward, as printed).
   */
  readonly curves: readonly (readonly number[])[]
  /** Column by column (see `CompactColumn`). */
  readonly runs: Readonly<Record<keyof RunColumns, CompactColumn>>
  readonly problems: Report['problems']
}

/**
 * A column of the runs: the list of values, `{ value }` when every run has the same one, or
 * `{ repeats: [value, count, value, count, ...] }` when runs in a row mostly share theirs.
 */
export type CompactColumn = number[] | { readonly value: number } | { readonly repeats: readonly number[] }

/**
 * A column of a page's runs as one value per run, however it was written (see `CompactColumn`);
 * `undefined` when it is none of those shapes (a page that is not toolcheck's).
 */
export function expandColumn(column: unknown, count: number): unknown[] | undefined {
  if (Array.isArray(column)) return column
  if (typeof column !== 'object' || column === null) return undefined
  if ('value' in column) return new Array<unknown>(count).fill(column.value)
  if (!('repeats' in column) || !Array.isArray(column.repeats)) return undefined
  const values: unknown[] = []
  const repeats = column.repeats as unknown[]
  for (let at = 0; at + 1 < repeats.length; at += 2) for (let times = Number(repeats[at + 1]); times > 0; times--) values.push(repeats[at])
  return values
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
  /** The run's cell: a position in `cells`. */
  readonly cell: number[]
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
  /**
   * Whose code ended the run (agent, domain, infrastructure), a string id; −1 for a run that
   * finished. An error recorded before errors named their culprit is the infrastructure's.
   */
  readonly errorCulprit: number[]
}

/** Every cell, column by column, in the order of their first run. */
export interface CellColumns {
  /** String ids. */
  readonly scenario: number[]
  readonly augmentation: number[]
  readonly test: number[]
  readonly agent: number[]
  /** Scored trials, passes and error runs. */
  readonly trials: number[]
  readonly passes: number[]
  readonly errors: number[]
  /** Mean score in thousandths; −1 for none. */
  readonly meanScore: number[]
  /** A position in `curves`; −1 for a cell without scored trials. */
  readonly curve: number[]
}

/**
 * What the page reads when a run is opened. Matches, messages and tools are each encoded once and
 * shared by every run that has the same one (the trials of a scenario mostly repeat each other),
 * and runs refer to them through `lists`:
 * - a match is `[index, name, messageIndex, similarity, reason, bestMessageIndex, bestSimilarity,
 *   bestReason, target]`, the best candidate (for a milestone not reached) −1 when there is none;
 * - a message is `[index, sender, recipient, content, calls, result, changes, ended]` with calls
 *   `[[name, arguments]]`, result `[tool, arguments, result, errorKind, errorMessage, outside]` or
 *   0 (`outside` is how a call the agent's framework ran outside the world ran, as JSON: `{"kind":
 *   "tool"}` or a handoff with `from` and `to`; −1 for a call of the world's tools), and changes one
 *   entry per changed row, `[kind, table, key, display, columns]` with kind 0 updated, 1 added, 2
 *   removed and columns `[name, before, after, ...]` (values as JSON, −1 for absent);
 * - a tool is `[shown name, real name, description, [changes]]`;
 * - a run is `[milestone list, minefield list, message list or −1 (no transcript), tool list or
 *   −1 (not recorded), firstUserMessageIndex, error, attacks, false claims, decided by]`, the
 *   error as JSON (all its fields) or −1, the attacks, false claims and what decided the run as
 *   the JSON of the run's own lists (`ReportRun.attacks`, `ReportRun.falseClaims`,
 *   `ReportRun.decidedBy`), −1 for a run without them; the trailing ones are left out when the run
 *   has none of them (decided by alone when only it is missing).
 * Names, texts and JSON are ids into `strings` (−1 for none); similarities are thousandths.
 * Pages written before these were added have no target, error, outside mark, attacks, false claims,
 * decided by or structured changes (a change was a line of text); the page's script reads both.
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
const CHANGE_KINDS = { updated: 0, added: 1, removed: 2 } as const

/**
 * Encodes a report and its runs' transcripts (`transcripts[i]` belongs to `report.runs[i]`) for a
 * page. Reports read from disk may predate `settings` and `scenarios`, which the page does not need.
 */
export function encodePageData(report: Omit<Report, 'settings' | 'scenarios'>, transcripts: readonly (Transcript | undefined)[]): PageData {
  const encoder = new PageDataEncoder(report)
  for (const [position, run] of report.runs.entries()) encoder.add(run, transcripts[position])
  return encoder.finish()
}

/**
 * Encodes a page's data run by run, so that a report is encoded as its runs are written (from
 * disk, or as an evaluation plays them), holding one run at a time rather than all of them
 * (`encodePageData` is this over a report in memory). Runs must come in the report's order. The
 * summary may be known only at the end (`finish(report)`): the runs' names are kept by first
 * appearance and renumbered then, the cells' names first, so the page data is the same, byte for
 * byte, as `encodePageData` makes for the same runs.
 */
export class PageDataEncoder {
  readonly #report: PageReport | undefined
  // The runs' names by first appearance; the page's own table puts the cells' names first.
  readonly #strings = new Table<string>()
  readonly #fill: ColumnFillers
  readonly #details = new DetailEncoder()
  // The cells of the report given at the start, encoded into `#strings` before any run.
  readonly #cells: ReturnType<typeof encodeCells> | undefined
  #runCount = 0

  /** `report` gives the summary (its cells) and the names, when they are known before the runs; else `finish` is given them. */
  constructor(report?: PageReport) {
    this.#report = report
    // Known now, the cells' names go first, as the page's table has them: nothing to renumber then.
    this.#cells = report === undefined ? undefined : encodeCells(report.summary.trials, this.#strings)
    this.#fill = columnFillers(this.#strings)
  }

  /** Adds the report's next run, with its transcript. */
  add(run: ReportRun, transcript: Transcript | undefined): void {
    this.#fill.add(run)
    this.#details.run(run, transcript)
    this.#runCount++
  }

  /** The page data of the runs added, for `report` (the one given at the start when absent). */
  finish(report: PageReport | undefined = this.#report): PageData {
    const { index: { problems, ...index }, columns } = this.#finished(report)
    return { index: { ...index, runs: compactColumns(columns), problems }, detailsJson: this.#details.json() }
  }

  /**
   * `finish` as JSON text, the index's runs written straight from their columns: the same text as
   * JSON.stringify of `finish()`'s index, without making an array of each column first.
   */
  finishJson(report: PageReport | undefined = this.#report): PageJson {
    return { indexJson: this.#indexJson(report), detailsJson: this.#details.json() }
  }

  /**
   * `finishJson` with the details packed as the page embeds them (`packText`), deflated a piece
   * at a time (`packPieces`): at 100,000 runs the details' JSON and its bytes were two copies of
   * tens of megabytes at the command's peak, at its very end.
   */
  async finishPacked(report: PageReport | undefined = this.#report): Promise<PackedPageJson> {
    const indexJson = this.#indexJson(report)
    return { indexJson, packedDetails: await packPieces(this.#details.jsonPieces()) }
  }

  // The index as JSON, its runs written straight from their columns (see `finishJson`).
  #indexJson(report: PageReport | undefined): string {
    const { index: { problems, ...index }, columns } = this.#finished(report)
    const text = JSON.stringify({ ...index, runs: COLUMNS_PLACE, problems })
    const place = `,"runs":${JSON.stringify(COLUMNS_PLACE)},"problems":`
    const at = text.indexOf(place)
    return `${text.slice(0, at)},"runs":${compactColumnsJson(columns)},"problems":${text.slice(at + place.length)}`
  }

  // The index without its runs (problems last, as the page writes them after the runs), and the runs' columns.
  #finished(report: PageReport | undefined): { readonly index: Omit<PageIndex, 'runs'>; readonly columns: FilledColumns } {
    if (report === undefined) throw new Error('PageDataEncoder.finish needs the report when the encoder was made without one')
    const known = report === this.#report ? this.#cells : undefined
    const strings = known === undefined ? new Table<string>() : this.#strings
    const { cells, curves, cellOf } = known ?? encodeCells(report.summary.trials, strings)
    const stringIds = known === undefined ? this.#strings.values.map((value) => strings.id(value)) : undefined
    const columns = this.#fill.renumbered(stringIds, (key) => cellOf.get(key) ?? -1)
    const { trials: _trials, ...summary } = report.summary
    return {
      index: {
        strings: strings.values,
        lists: stringIds === undefined ? this.#fill.listValues : this.#fill.listValues.map((list) => list.map((id) => stringIds[id] as number)),
        title: pageTitle(report),
        agents: report.agents,
        users: report.users,
        domains: report.domains,
        runCount: this.#runCount,
        summary,
        cells,
        curves,
        problems: report.problems,
      },
      columns,
    }
  }
}

/** A page's data as JSON text (`PageDataEncoder.finishJson`): the index and the details. */
export interface PageJson {
  readonly indexJson: string
  /** The `PageDetails`, as JSON text. */
  readonly detailsJson: string
}

/** A page's data as `PageDataEncoder.finishPacked` gives it: the index as JSON text, the details packed already. */
export interface PackedPageJson {
  readonly indexJson: string
  /** The `PageDetails` as `packText` packs their JSON. */
  readonly packedDetails: string
}

// Stands for the runs' columns in the index's JSON, so that they are written in its place.
const COLUMNS_PLACE = '\u0000toolcheck columns\u0000'

/** The title of a report's page. */
export function pageTitle(report: Pick<Report, 'agent'>): string {
  return `toolcheck report: ${report.agent}`
}

/** What a page needs of its report besides the runs. */
type PageReport = Omit<Report, 'settings' | 'scenarios' | 'runs'>

// The run columns, in the order the page's index writes them.
const RUN_COLUMNS = [
  'scenario', 'test', 'file', 'augmentation', 'columns', 'categories', 'trial', 'cell', 'agent', 'user', 'domain', 'status', 'verdict', 'testPassed', 'score',
  'milestoneScore', 'threshold', 'minefieldHit', 'turns', 'calls', 'promptTokens', 'completionTokens', 'cost', 'errorKind', 'errorMessage', 'errorCulprit',
] as const satisfies readonly (keyof RunColumns)[]

/** The run columns as filled in: each column of numbers (see `NumberColumn`), made when asked for. */
type FilledColumns = (name: keyof RunColumns) => Int32Array | Float64Array

// The run columns of a string table's ids that are names (renumbered once the page's table is known).
const NAME_COLUMNS = ['scenario', 'test', 'file', 'augmentation', 'agent', 'user', 'domain', 'status', 'errorKind', 'errorMessage', 'errorCulprit'] as const

/** The columns of a page's runs being filled in, run by run. */
type ColumnFillers = ReturnType<typeof columnFillers>

// The run columns of a page's index and the function that adds a run to them. Names are ids in
// `strings` and cells are numbered by first appearance until `renumbered` gives the page's own.
function columnFillers(strings: Table<string>) {
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
  const names = {
    scenario: text(), test: text(), file: text(), augmentation: text(), agent: text(), user: text(), domain: text(), status: text(), errorKind: text(), errorMessage: text(), errorCulprit: text(),
  }
  const listColumns = { columns: list(), categories: list() }
  const columns = Object.fromEntries(RUN_COLUMNS.map((name) => [name, new NumberColumn()])) as Record<keyof RunColumns, NumberColumn>
  // Cells by first appearance: their keys, and each key's number.
  const cellKeys: string[] = []
  const cellIds = new Map<string, number>()
  let last: ReportRun | undefined
  let lastCell = -1
  const add = (run: ReportRun) => {
    columns.scenario.push(names.scenario(run.scenario))
    columns.test.push(names.test(run.test))
    columns.file.push(names.file(run.file))
    columns.augmentation.push(names.augmentation(run.augmentation))
    columns.columns.push(listColumns.columns(run.augmentationColumns))
    columns.categories.push(listColumns.categories(run.categories))
    columns.trial.push(run.trial)
    // A cell's runs follow each other: its key is worked out when the run's names change.
    if (last === undefined || run.scenario !== last.scenario || run.augmentation !== last.augmentation || run.test !== last.test || run.file !== last.file || run.agent !== last.agent) {
      const key = cellKey(run)
      let cell = cellIds.get(key)
      if (cell === undefined) {
        cell = cellKeys.length
        cellKeys.push(key)
        cellIds.set(key, cell)
      }
      lastCell = cell
    }
    last = run
    columns.cell.push(lastCell)
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
    columns.errorCulprit.push(names.errorCulprit(culpritOf(run)))
  }
  // The columns with the page's numbers: `stringIds[id]` for a name's id (the same id without
  // them), `cellOf(key)` for a cell's. Each column is made whole only when it is asked for, so
  // they are written one at a time.
  const renumbered = (stringIds: readonly number[] | undefined, cellOf: (key: string) => number): FilledColumns => {
    const cellNumbers = cellKeys.map(cellOf)
    const names = new Set<keyof RunColumns>(NAME_COLUMNS)
    return (name) => {
      const values = columns[name].values
      if (name === 'cell') return values.map((cell) => (cell < 0 ? cell : (cellNumbers[cell] as number)))
      return stringIds !== undefined && names.has(name) ? values.map((id) => (id < 0 ? id : (stringIds[id] as number))) : values
    }
  }
  return { listValues, add, renumbered }
}

// The cells of the summary, column by column, with their pass^k curves shared by equal counts.
function encodeCells(trials: ReportSummary['trials'], strings: Table<string>): { cells: CellColumns; curves: number[][]; cellOf: Map<string, number> } {
  const cells: CellColumns = { scenario: [], augmentation: [], test: [], agent: [], trials: [], passes: [], errors: [], meanScore: [], curve: [] }
  const curves: number[][] = []
  const curveOf = new Map<string, number>()
  const cellOf = new Map<string, number>()
  for (const [position, cell] of trials.entries()) {
    cellOf.set(cellKey(cell), position)
    cells.scenario.push(strings.id(cell.scenario))
    cells.augmentation.push(strings.id(cell.augmentation))
    cells.test.push(strings.id(cell.test))
    cells.agent.push(strings.id(cell.agent))
    cells.trials.push(cell.trials)
    cells.passes.push(cell.passes)
    cells.errors.push(cell.errors)
    cells.meanScore.push(thousandths(cell.meanScore))
    if (cell.trials === 0) {
      cells.curve.push(-1)
      continue
    }
    const counts = `${cell.trials},${cell.passes}`
    let curve = curveOf.get(counts)
    if (curve === undefined) {
      const values: number[] = []
      for (let k = 1; k <= cell.trials; k++) {
        const interval = cell.passHatKInterval[k]
        values.push(thousandths(cell.passHatK[k] ?? null), ...(interval === undefined ? [-1, -1] : outwardThousandths(interval)))
      }
      curve = curves.length
      curves.push(values)
      curveOf.set(counts, curve)
    }
    cells.curve.push(curve)
  }
  return { cells, curves, cellOf }
}

type Message = Transcript['messages'][number]

// How many runs' entries the details join into one piece of text as they go.
const RUNS_PER_PIECE = 4096
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
  // Each run's entry, joined with commas into pieces of `RUNS_PER_PIECE`: a string per run would
  // keep a string object (and the pieces it was made of) per run until the end.
  readonly #runPieces: string[] = []
  #runEntries: string[] = []
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
      const info = tableInfoOf(transcript)
      // Changed rows are named by the key and display columns, so messages carry over only under the same ones.
      const sameKeys = before !== undefined && sameJson(before.keys, transcript.keys) && sameJson(before.displays, transcript.displays)
      messageIds = transcript.messages.map((message, position) => {
        const earlier = before?.messages[position]
        return sameKeys && earlier !== undefined && sameMessage(earlier, message) ? (previous?.messageIds[position] as number) : this.#message(message, info)
      })
      messages = previous !== undefined && previous.ids[2] !== -1 && sameJson(previous.messageIds, messageIds) ? (previous.ids[2] as number) : this.lists.add(`[${messageIds.join(',')}]`)
      if (transcript.tools !== undefined) tools = before !== undefined && sameJson(before.tools, transcript.tools) ? (previous?.ids[3] as number) : this.#toolList(transcript.tools)
    }
    const error = run.error === undefined ? -1 : previous?.run.error !== undefined && sameJson(previous.run.error, run.error) ? (previous.ids[5] as number) : this.strings.id(jsonText(run.error))
    // Most runs have neither; a run of a robustness augmentation has short lists of its own.
    const attacks = run.attacks === undefined ? -1 : this.strings.id(JSON.stringify(run.attacks))
    const falseClaims = run.falseClaims === undefined ? -1 : this.strings.id(JSON.stringify(run.falseClaims))
    // Only a run that fell short has sentences of what decided it; the others end as before.
    const decided = run.decidedBy === undefined || run.decidedBy.length === 0 ? -1 : this.strings.id(JSON.stringify(run.decidedBy))
    const optional = decided !== -1 ? [attacks, falseClaims, decided] : attacks === -1 && falseClaims === -1 ? [] : [attacks, falseClaims]
    const ids = [milestones, minefields, messages, tools, transcript?.firstUserMessageIndex ?? -1, error, ...optional]
    this.#runEntries.push(`[${ids.join(',')}]`)
    if (this.#runEntries.length === RUNS_PER_PIECE) {
      this.#runPieces.push(this.#runEntries.join(','))
      this.#runEntries = []
    }
    this.#previous = { run, transcript, ids, messageIds }
  }

  /** The whole of the details as JSON (see `PageDetails`). */
  json(): string {
    return [...this.jsonPieces()].join('')
  }

  /**
   * `json`'s text in pieces of a few thousand entries of a table each: the details of
   * 100,000 runs are tens of megabytes of JSON, which the page deflates a piece at a time rather
   * than made into one text (and that text into bytes) first.
   */
  *jsonPieces(): Generator<string> {
    yield '{"strings":['
    yield* stringsJsonPieces(this.strings.values)
    // The other tables hold their entries' JSON already.
    yield '],"matches":['
    yield* joinedPieces(this.matches.values)
    yield '],"messages":['
    yield* joinedPieces(this.messages.values)
    yield '],"tools":['
    yield* joinedPieces(this.tools.values)
    yield '],"lists":['
    yield* joinedPieces(this.lists.values)
    yield '],"runs":['
    // Each piece of the runs joins `RUNS_PER_PIECE` runs' entries already: one piece at a time.
    yield* joinedPieces(this.#runEntries.length === 0 ? this.#runPieces : [...this.#runPieces, this.#runEntries.join(',')], 1)
    yield ']}'
  }

  #matchList(records: readonly MatchRecord[]): number {
    const ids = records.map((record) => {
      const known = this.strings.values.length
      const best = record.bestCandidate
      const closest = best === undefined ? '-1,-1,-1' : `${best.messageIndex},${thousandths(best.similarity)},${this.strings.id(best.reason)}`
      const json = `[${record.index},${this.#text(record.name)},${record.messageIndex},${thousandths(record.similarity)},${this.strings.id(record.reason)},${closest},${this.#text(record.target)}]`
      return this.strings.values.length > known ? this.matches.add(json) : this.matches.id(json)
    })
    return this.lists.id(`[${ids.join(',')}]`)
  }

  #message(message: Message, info: Readonly<Record<string, TableInfo>>): number {
    const calls = (message.toolCalls ?? []).map((call) => `[${this.strings.id(call.name)},${this.strings.id(jsonText(call.arguments))}]`)
    const result = message.toolResult
    const encodedResult =
      result === undefined
        ? '0'
        : `[${this.strings.id(result.tool)},${this.strings.id(jsonText(result.arguments))},${result.result === undefined ? -1 : this.strings.id(jsonText(result.result))},${this.#text(result.error?.kind)},${this.#text(result.error?.message)},${result.outside === undefined ? -1 : this.strings.id(jsonText(result.outside))}]`
    const changes = (message.changes ?? []).flatMap((diff) => rowChanges(diff, info[diff.table]).map((change) => this.#change(change)))
    const known = this.strings.values.length
    const content = this.strings.id(message.content)
    const json = `[${message.index},${this.strings.id(message.sender)},${this.strings.id(message.recipient)},${content},[${calls.join(',')}],${encodedResult},[${changes.join(',')}],${message.ended === true ? 1 : 0}]`
    // A text never seen before makes a message never seen before: no need to look it up.
    return content >= known ? this.messages.add(json) : this.messages.id(json)
  }

  #change(change: RowChange): string {
    const value = (json: JsonValue | undefined) => (json === undefined ? -1 : this.strings.id(jsonText(json)))
    const columns = change.columns.flatMap((column) => [this.strings.id(column.column), value(column.before), value(column.after)])
    return `[${CHANGE_KINDS[change.kind]},${this.strings.id(change.table)},${this.#text(change.key)},${this.#text(change.display)},[${columns.join(',')}]]`
  }

  #toolList(tools: readonly Tool[]): number {
    const ids = tools.map((tool) => this.tools.id(`[${this.strings.id(tool.name)},${this.strings.id(tool.tool)},${this.strings.id(tool.description)},[${tool.changes.map((change) => this.strings.id(change)).join(',')}]]`))
    return this.lists.id(`[${ids.join(',')}]`)
  }

  #text(value: string | undefined): number {
    return value === undefined ? -1 : this.strings.id(value)
  }
}

// What a transcript says of its changed tables: the key and display columns that name rows.
function tableInfoOf(transcript: Transcript): Record<string, TableInfo> {
  const info: Record<string, TableInfo> = {}
  for (const [table, key] of Object.entries(transcript.keys ?? {})) info[table] = { key }
  for (const [table, display] of Object.entries(transcript.displays ?? {})) info[table] = { ...info[table], display }
  return info
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
// The names of a cell's runs, and the cell itself, repeat for all its trials: such columns are
// written as [value, how many times, ...] when that is less than a third of the list.
function compactColumn(values: Int32Array | Float64Array): { readonly value: number } | { readonly repeats: readonly number[] } | undefined {
  const first = values[0]
  if (first !== undefined && values.every((value) => value === first)) return { value: first }
  // Fewer numbers than a third of the list's.
  const repeats = equalRuns(values, Math.floor((values.length - 1) / 3))
  return repeats === undefined ? undefined : { repeats }
}

/** The columns as the page's index holds them (see `CompactColumn`). */
function compactColumns(columns: FilledColumns): Record<keyof RunColumns, CompactColumn> {
  return Object.fromEntries(
    RUN_COLUMNS.map((name) => {
      const values = columns(name)
      return [name, compactColumn(values) ?? Array.from(values)]
    }),
  ) as Record<keyof RunColumns, CompactColumn>
}

/** `compactColumns` as JSON, each list of values written straight from its column. */
function compactColumnsJson(columns: FilledColumns): string {
  const members = RUN_COLUMNS.map((name) => {
    const values = columns(name)
    const compact = compactColumn(values)
    return `${JSON.stringify(name)}:${compact === undefined ? numbersJson(values) : JSON.stringify(compact)}`
  })
  return `{${members.join(',')}}`
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
