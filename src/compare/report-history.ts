import type { SummaryGroup } from '../reporter/report.ts'
import { augmentationOrder, categoryOrder } from '../reporter/summarize-runs.ts'
import { OVERALL_GROUP } from './compare-groups.ts'
import type { ComparedReport, CompareOptions, TalliedReport } from './compare-reports.ts'
import { compareReports } from './compare-reports.ts'
import type { Comparison, GroupLevel, GroupVerdict } from './comparison.ts'
import type { GroupTally } from './report-tally.ts'

/**
 * A report of a history as the comparison needs it: its runs and its summary, or its runs' tally
 * (a report read from disk a run at a time, see `readComparedReport`), whose groups give the same
 * figures as the summary.
 */
export type HistoryReport = SummarizedHistoryReport | TalliedReport

/** A report of a history held whole: its runs and its summary. */
export interface SummarizedHistoryReport extends ComparedReport {
  readonly summary: {
    readonly overall: SummaryGroup
    readonly byCategory: Readonly<Record<string, SummaryGroup>>
    readonly byAugmentation: Readonly<Record<string, SummaryGroup>>
  }
}

/** One group in one report: its scored runs, passes and mean score. */
export interface HistoryPoint {
  readonly trials: number
  readonly passes: number
  readonly passRate: number | null
  readonly meanScore: number | null
}

/** One group (overall, a category, an augmentation column) across the reports. */
export interface HistoryRow {
  readonly level: GroupLevel
  readonly name: string
  /** One point per report, oldest first; `null` where the report has no run of the group. */
  readonly points: readonly (HistoryPoint | null)[]
  /**
   * One verdict per step, `steps[i]` for report i + 1 against report i, as `compareReports` decides
   * it for the group over the cells both reports have; `null` where either report lacks the group.
   */
  readonly steps: readonly (GroupVerdict | null)[]
}

/** One report of the history, as its header shows it. */
export interface HistoryEntry {
  readonly source?: string
  readonly agents: readonly string[]
  readonly runs: number
  readonly scoring: string | null
  readonly version: string | null
}

/**
 * The trend of several reports, oldest first: per group (overall, each category, each
 * augmentation column) its pass rate and mean score in every report, and whether each step (a
 * report against the one before it) was a regression or an improvement of the group. The newest
 * step's full comparison decides `toolcheck compare`'s exit code.
 */
export interface ReportHistory {
  readonly format: 'toolcheck-history'
  readonly version: 1
  readonly reports: readonly HistoryEntry[]
  readonly rows: readonly HistoryRow[]
  /** Each step's comparison, `steps[i]` of report i + 1 against report i. */
  readonly steps: readonly Comparison[]
  /** The newest report against the one before it (the last of `steps`). */
  readonly latest: Comparison
}

/**
 * The history of `reports` (at least two, oldest first; `sources` names them): every report's
 * figures per group, and every consecutive pair compared as `compareReports` compares two.
 */
export function reportHistory(reports: readonly HistoryReport[], options: Omit<CompareOptions, 'sources'> & { readonly sources?: readonly string[] } = {}): ReportHistory {
  if (reports.length < 2) throw new RangeError(`a history needs at least two reports, got ${reports.length}`)
  const { sources, ...compareOptions } = options
  const steps = reports.slice(1).map((head, index) => {
    const base = reports[index] as HistoryReport
    const [baseSource, headSource] = [sources?.[index], sources?.[index + 1]]
    return compareReports(base, head, { ...compareOptions, sources: { ...(baseSource === undefined ? {} : { base: baseSource }), ...(headSource === undefined ? {} : { head: headSource }) } })
  })
  const names: Record<GroupLevel, Set<string>> = { overall: new Set([OVERALL_GROUP]), category: new Set(), augmentation: new Set() }
  for (const report of reports) {
    if ('tally' in report) {
      for (const key of report.tally.groups.keys()) {
        const [level, name] = key.split('\u0000') as ['category' | 'augmentation', string]
        names[level].add(name)
      }
      continue
    }
    for (const category of Object.keys(report.summary.byCategory)) names.category.add(category)
    for (const column of Object.keys(report.summary.byAugmentation)) names.augmentation.add(column)
  }
  const groupOf = (report: HistoryReport, level: GroupLevel, name: string): HistoryPoint | null => {
    if ('tally' in report) return tallyPointOf(level === 'overall' ? report.tally : report.tally.groups.get(`${level}\u0000${name}`))
    return pointOf(level === 'overall' ? report.summary.overall : level === 'category' ? report.summary.byCategory[name] : report.summary.byAugmentation[name])
  }
  const order: Record<GroupLevel, (a: string, b: string) => number> = { overall: () => 0, category: categoryOrder, augmentation: augmentationOrder }
  const rows: HistoryRow[] = (['overall', 'category', 'augmentation'] as const).flatMap((level) =>
    [...names[level]].sort(order[level]).map((name) => ({
      level,
      name,
      points: reports.map((report) => groupOf(report, level, name)),
      steps: steps.map((step) => step.groups.find((group) => group.level === level && group.name === name)?.verdict ?? null),
    })),
  )
  return {
    format: 'toolcheck-history',
    version: 1,
    reports: reports.map((report, index) => ({
      ...(sources?.[index] === undefined ? {} : { source: sources[index] }),
      agents: report.agents ?? [report.agent],
      runs: 'tally' in report ? report.tally.runs : report.runs.length,
      scoring: report.settings?.scoring ?? null,
      version: report.settings?.version ?? null,
    })),
    rows,
    steps,
    latest: steps[steps.length - 1] as Comparison,
  }
}

/** A group's point from its tally: the same figures as from the summary (`pointOf`), its mean summed in the same order. */
function tallyPointOf(group: GroupTally | undefined): HistoryPoint | null {
  if (group === undefined || group.runs === group.errors) return null
  const trials = group.runs - group.errors
  return { trials, passes: group.passes, passRate: group.passes / trials, meanScore: group.scoreSum / trials }
}

function pointOf(group: SummaryGroup | undefined): HistoryPoint | null {
  if (group === undefined || group.runs === group.errors) return null
  return { trials: group.passed + group.failed, passes: group.passed, passRate: group.passRate, meanScore: group.meanScore }
}
