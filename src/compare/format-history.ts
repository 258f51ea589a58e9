import { groupLabel, verdictText } from './comparison-texts.ts'
import type { GroupVerdict } from './comparison.ts'
import { fixed, plural } from './format-numbers.ts'
import type { ReportHistory } from './report-history.ts'
import { escapeControlCharacters } from '../conversation/safe-text.ts'

/** The mark a step gets in a trend: a fall, a rise, or nothing. */
export function stepMark(verdict: GroupVerdict | null): string {
  return verdict === 'regression' ? 'v' : verdict === 'improvement' ? '^' : ' '
}

/**
 * The history as plain text: the reports, oldest first, then one row per group (overall,
 * categories, augmentation columns) with its pass rate in each report, marked where the step
 * from the report before was a regression (`v`) or an improvement (`^`), and the newest step's
 * verdict, which decides the exit code.
 */
export function formatHistory(history: ReportHistory): string {
  const lines = [`toolcheck compare: the history of ${plural(history.reports.length, 'report')}, oldest first`]
  for (const [index, report] of history.reports.entries())
    lines.push(`  #${index + 1} ${report.source ?? '(report)'}: ${report.agents.join(', ') || '(no runs)'}, ${plural(report.runs, 'run')}${report.scoring === null ? '' : `, scoring ${report.scoring}`}${report.version === null ? '' : `, toolcheck ${report.version}`}`)
  lines.push('', 'pass rate per report (v: a regression from the report before, ^: an improvement; - no runs):')
  const header = ['group', ...history.reports.map((_, index) => `#${index + 1}`)]
  const rows = history.rows.map((row) => [groupLabel(row), ...row.points.map((point, index) => `${point === null ? '-' : fixed(point.passRate)}${index === 0 ? ' ' : stepMark(row.steps[index - 1] ?? null)}`)])
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] as string).length)))
  const line = (row: readonly string[]) => `  ${row.map((value, column) => (column === 0 ? value.padEnd(widths[column] as number) : value.padStart(widths[column] as number))).join('  ')}`.trimEnd()
  lines.push(line(header), ...rows.map(line))
  const last = history.reports.length
  lines.push('', `RESULT (#${last} against #${last - 1}): ${history.latest.regression ? verdictText(history.latest).replace(/^regression/, 'REGRESSION') : verdictText(history.latest)}`)
  lines.push(`  (toolcheck compare ${history.reports[last - 2]?.source ?? '<base>'} ${history.reports[last - 1]?.source ?? '<head>'} shows that step in full)`)
  // Labels come from scenarios and reports (categories, names): their control characters are
  // written as escapes, so none reaches the terminal as a command.
  return escapeControlCharacters(lines.join('\n'))
}
