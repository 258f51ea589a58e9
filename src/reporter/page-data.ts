import type { Transcript } from '../vitest/transcript.ts'
import type { MatchRecord } from '../vitest/run-metadata.ts'
import { describeTableDiff } from '../world/index.ts'
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
  readonly details: PageDetails
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
  readonly runs: RunColumns
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

/** What the page reads when a run is opened; `runs[i]` is run `i`'s encoded detail. */
export interface PageDetails {
  readonly strings: readonly string[]
  readonly runs: readonly EncodedRunDetail[]
}

/**
 * `[milestones, minefields, messages or 0 (no transcript), tools or 0, firstUserMessageIndex]`.
 * A match is `[index, name, messageIndex, similarity, reason]` plus, for a milestone not reached,
 * `[bestMessageIndex, bestSimilarity, bestReason]`. A message is
 * `[index, sender, recipient, content, calls, result, changes, ended]` with calls
 * `[[name, arguments]]`, result `[tool, arguments, result, errorKind, errorMessage]` or 0, and
 * changes the world-change lines (rows named by key). A tool is `[shown name, real name,
 * description, [changes]]`. Names, texts and JSON are string ids (−1 for none); similarities
 * are thousandths.
 */
export type EncodedRunDetail = readonly unknown[]

const VERDICTS = { passed: 0, failed: 1, error: 2 } as const

/** Encodes a report and its runs' transcripts (`transcripts[i]` belongs to `report.runs[i]`) for a page. */
export function encodePageData(report: Report, transcripts: readonly (Transcript | undefined)[]): PageData {
  const strings = new StringTable()
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
  const columns: RunColumns = {
    scenario: [], test: [], file: [], augmentation: [], columns: [], categories: [], trial: [], agent: [], user: [], domain: [], status: [],
    verdict: [], testPassed: [], score: [], milestoneScore: [], threshold: [], minefieldHit: [], turns: [], calls: [], promptTokens: [],
    completionTokens: [], cost: [], errorKind: [], errorMessage: [],
  }
  for (const run of report.runs) {
    columns.scenario.push(strings.id(run.scenario))
    columns.test.push(strings.id(run.test))
    columns.file.push(strings.id(run.file))
    columns.augmentation.push(strings.id(run.augmentation))
    columns.columns.push(listId(run.augmentationColumns))
    columns.categories.push(listId(run.categories))
    columns.trial.push(run.trial)
    columns.agent.push(strings.id(run.agent))
    columns.user.push(strings.id(run.user))
    columns.domain.push(strings.id(run.domain))
    columns.status.push(strings.id(run.status))
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
    columns.errorKind.push(run.error === undefined ? -1 : strings.id(run.error.kind))
    columns.errorMessage.push(run.error === undefined ? -1 : strings.id(run.error.message))
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
  const detailStrings = new StringTable()
  const details = report.runs.map((run, position) => encodeDetail(run, transcripts[position], detailStrings))
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
      runs: columns,
      problems: report.problems,
    },
    details: { strings: detailStrings.values, runs: details },
  }
}

function encodeDetail(run: ReportRun, transcript: Transcript | undefined, strings: StringTable): EncodedRunDetail {
  const match = (record: MatchRecord) => {
    const encoded: unknown[] = [record.index, strings.optional(record.name), record.messageIndex, thousandths(record.similarity), strings.id(record.reason)]
    const best = record.bestCandidate
    if (best !== undefined) encoded.push(best.messageIndex, thousandths(best.similarity), strings.id(best.reason))
    return encoded
  }
  const milestones = run.milestones.map(match)
  const minefields = run.minefields.map(match)
  if (transcript === undefined) return [milestones, minefields, 0, 0, -1]
  const keys = transcript.keys ?? {}
  const messages = transcript.messages.map((message) => {
    const calls = (message.toolCalls ?? []).map((call) => [strings.id(call.name), strings.id(JSON.stringify(call.arguments))])
    const result = message.toolResult
    const encodedResult =
      result === undefined
        ? 0
        : [
            strings.id(result.tool),
            strings.id(JSON.stringify(result.arguments)),
            result.result === undefined ? -1 : strings.id(JSON.stringify(result.result)),
            result.error === undefined ? -1 : strings.id(result.error.kind),
            result.error === undefined ? -1 : strings.id(result.error.message),
          ]
    const changes = (message.changes ?? []).flatMap((diff) => {
      const key = keys[diff.table]
      return describeTableDiff(diff, key === undefined ? undefined : { key }).map((line) => strings.id(line))
    })
    return [message.index, strings.id(message.sender), strings.id(message.recipient), strings.id(message.content), calls, encodedResult, changes, message.ended === true ? 1 : 0]
  })
  const tools = transcript.tools === undefined ? 0 : transcript.tools.map((tool) => [strings.id(tool.name), strings.id(tool.tool), strings.id(tool.description), tool.changes.map((change) => strings.id(change))])
  return [milestones, minefields, messages, tools, transcript.firstUserMessageIndex]
}

/** A score in thousandths, −1 for none. */
function thousandths(value: number | null): number {
  return value === null ? -1 : Math.round(value * 1000)
}

/** Strings by first appearance; equal strings share one id. */
class StringTable {
  readonly values: string[] = []
  readonly #ids = new Map<string, number>()

  id(value: string): number {
    let id = this.#ids.get(value)
    if (id === undefined) {
      id = this.values.length
      this.values.push(value)
      this.#ids.set(value, id)
    }
    return id
  }

  optional(value: string | undefined): number {
    return value === undefined ? -1 : this.id(value)
  }
}
