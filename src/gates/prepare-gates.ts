import { resolve } from 'node:path'
import type { ComparedReportFile } from '../compare/read-compared-report.ts'
import { ReportFileError } from '../compare/read-report-file.ts'
import { readBaselineReports } from '../compare/read-baseline.ts'
import { poolTalliedReports } from '../compare/pool-reports.ts'
import { emptyTally } from '../compare/report-tally.ts'
import type { ScoringMode } from '../evaluation/scoring-mode.ts'
import { CATEGORIES } from '../scenario/categories.ts'
import { closestNames, editDistance } from '../tools/closest-names.ts'
import type { GateOptions } from './gate-options.ts'
import { METRIC_GATES } from './metric-gates.ts'

/** What is known of a run before it plays, for checking its gates up front. */
export interface GateContext {
  /** Where relative paths (the baseline) start: the project root, or the working directory. */
  readonly root: string
  /** How the run will be scored. */
  readonly scoring: ScoringMode
  /**
   * The categories of the scenarios the run will play, when they are known before it plays (the
   * built-in corpus); without them a category gate is checked against ToolSandbox's categories
   * and the baseline's for likely misspellings only, and against the runs at the end.
   */
  readonly categories?: readonly string[]
  /**
   * The robustness families the run will play (`faults`, `injections`, `user`, `world`), when
   * known before it plays: a gate on a metric no run will have is refused up front.
   */
  readonly families?: readonly string[]
}

/** The gates as checked up front: the baseline read, or every problem that stops the run before it plays. */
export interface PreparedGates {
  /**
   * The baseline report, read a run at a time and kept as its runs' tally (see
   * `readComparedReport`), and the path it was given as, when there is one and it could be read.
   */
  readonly baseline?: { readonly file: ComparedReportFile; readonly source: string }
  /** What is wrong, one sentence each; the run must not start when there is any. */
  readonly problems: readonly string[]
}

/**
 * Checks gates before anything plays, so that a run of hours does not end in "the baseline
 * cannot be read": the baseline must be a readable toolcheck report scored the way this run will
 * be (scores of the two modes are not comparable), and every category gate must name a category
 * the run will play (when the categories are known) or not look like a misspelling of a known one
 * (`STATE_DEPENDANCY`, `state_dependency`).
 */
export async function prepareGates(gates: GateOptions | undefined, context: GateContext): Promise<PreparedGates> {
  const problems: string[] = []
  let baseline: PreparedGates['baseline']
  if (gates?.baseline !== undefined) {
    try {
      // A folder of report folders is a baseline of several reports, pooled (see `poolReports`).
      const pool = emptyTally()
      const files = await readBaselineReports(resolve(context.root, gates.baseline), pool)
      if (pool.runs === 0) pool.deterministic = false
      const newest = files.at(-1) as ComparedReportFile
      const file = files.length === 1 ? newest : { ...newest, report: poolTalliedReports(files.map((each) => each.report), pool) }
      baseline = { file, source: gates.baseline }
      const scoring = file.report.settings?.scoring
      if (scoring !== undefined && scoring !== context.scoring)
        problems.push(
          `the baseline ${file.path} was scored ${scoring} and this run scores ${context.scoring}: the two modes score the same trajectory differently, so their results are not comparable; score this run ${scoring} (scoring: '${scoring}', --scoring ${scoring}) or record a new baseline`,
        )
    } catch (error) {
      if (!(error instanceof ReportFileError)) throw error
      problems.push(`the baseline cannot be read: ${error.message}`)
    }
  }
  const baselineCategories = [...(baseline?.file.report.tally.cells.values() ?? [])].flatMap((cell) => cell.categories)
  for (const category of Object.keys(gates?.categories ?? {})) {
    const problem = categoryProblem(category, context.categories, [...new Set([...CATEGORIES, ...baselineCategories])])
    if (problem !== undefined) problems.push(problem)
  }
  if (gates !== undefined) for (const gate of METRIC_GATES) problems.push(...gate.prepare(gates, context.families === undefined ? {} : { families: context.families }))
  return { ...(baseline === undefined ? {} : { baseline }), problems }
}

function categoryProblem(category: string, played: readonly string[] | undefined, known: readonly string[]): string | undefined {
  if (played !== undefined) {
    if (played.includes(category)) return undefined
    const suggestion = closestNames(category, played, 1)[0]
    return `the gate on category ${JSON.stringify(category)} names a category no scenario of this run has${suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`}; the categories are ${[...new Set(played)].join(', ')}`
  }
  if (known.includes(category)) return undefined
  // The user's own labels are fine; a near miss of a known one is almost surely a typo.
  const near = known.find((candidate) => candidate.toLowerCase() === category.toLowerCase() || editDistance(candidate.toLowerCase(), category.toLowerCase()) <= 2)
  return near === undefined ? undefined : `the gate on category ${JSON.stringify(category)} looks like a misspelling of ${near}; category labels are matched exactly`
}
