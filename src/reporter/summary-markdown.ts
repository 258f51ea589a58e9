import { failingRunsMarkdown } from './failing-runs.ts'
import { namedRuns } from './named-runs.ts'
import type { SummarizedReport } from './report.ts'

/** The Markdown summary's file name, beside `report.json`. */
export const SUMMARY_MARKDOWN_FILE = 'summary.md'

/**
 * A report's Markdown summary, for `$GITHUB_STEP_SUMMARY` or a pull-request comment (`cat
 * toolcheck-report/summary.md >> $GITHUB_STEP_SUMMARY`): the runs by verdict, then the same
 * failing runs, worst first, as the terminal lists them. `extra` sections (the gates' outcome)
 * follow.
 */
export function summaryMarkdown(report: SummarizedReport, options: { readonly page?: string; readonly extra?: readonly string[] } = {}): string {
  const { overall } = report.summary
  const rate = overall.passRate === null ? '-' : overall.passRate.toFixed(3)
  const lines = [
    `## toolcheck: ${overall.failed === 0 ? '✅' : '❌'} ${report.agents.join(', ') || report.agent}`,
    '',
    `${overall.runs} runs: ${overall.passed} passed, ${overall.failed} failed, ${overall.domainErrors} domain errors, ${overall.infrastructureErrors} infrastructure errors; pass rate ${rate}.`,
  ]
  if (report.partial !== undefined) lines.push('', `> **${report.partial}**`)
  for (const section of options.extra ?? []) lines.push('', section.trimEnd())
  const { failing: worst } = report.named ?? namedRuns(report.runs)
  const failing = failingRunsMarkdown(worst.runs, { ...(options.page === undefined ? {} : { page: options.page }), count: worst.count })
  if (failing !== '') lines.push('', failing.trimEnd())
  return `${lines.join('\n')}\n`
}
