import { groupLabel } from './comparison-texts.ts'
import { comparisonMarkdown, markdownText } from './comparison-markdown.ts'
import { fixed } from './format-numbers.ts'
import type { ReportHistory } from './report-history.ts'

/**
 * A history as Markdown for a step summary: the newest step's comparison (verdict first, as
 * `comparisonMarkdown` writes it), then the trend of every group across the reports, folded.
 */
export function historyMarkdown(history: ReportHistory): string {
  const header = `| group | ${history.reports.map((_, index) => `#${index + 1}`).join(' | ')} |`
  const rule = `|---|${history.reports.map(() => '---:').join('|')}|`
  const rows = history.rows.map(
    (row) =>
      `| ${markdownText(groupLabel(row))} | ${row.points
        .map((point, index) => {
          const step = index === 0 ? null : row.steps[index - 1]
          return `${point === null ? '-' : fixed(point.passRate)}${step === 'regression' ? ' ▼' : step === 'improvement' ? ' ▲' : ''}`
        })
        .join(' | ')} |`,
  )
  const sources = history.reports.map((report, index) => `${index + 1}. ${markdownText(report.source ?? '(report)')}`)
  return `${comparisonMarkdown(history.latest)}\n<details><summary>Pass rate across ${history.reports.length} reports, oldest first (▼ regressed, ▲ improved)</summary>\n\n${sources.join('\n')}\n\n${[header, rule, ...rows].join('\n')}\n\n</details>\n`
}
