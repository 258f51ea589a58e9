import { escapeHtml, renderPage } from '../reporter/html-page.ts'
import { groupLabel, verdictText } from './comparison-texts.ts'
import { fixed, plural } from './format-numbers.ts'
import type { HistoryRow, ReportHistory } from './report-history.ts'

/**
 * The history page: one self-contained HTML file (no network) with the reports, oldest first,
 * and one row per group (overall, categories, augmentation columns): a line of its pass rate
 * across the reports, and its pass rate and mean score in each, a step that regressed in red and
 * one that improved in green. The newest step's verdict heads the page.
 */
export function renderHistoryHtml(history: ReportHistory): string {
  const title = `toolcheck history: ${plural(history.reports.length, 'report')}`
  const last = history.reports.length
  const headers = history.reports.map((report, index) => `<th title="${escapeHtml(report.source ?? '')}">#${index + 1}<div class="muted">${escapeHtml(report.agents.join(', '))}</div></th>`).join('')
  const body = `<header>
<h1>${escapeHtml(title)}</h1>
<div id="headline" class="${history.latest.regression ? 'verdict-failed' : 'verdict-passed'}">${escapeHtml(`#${last} against #${last - 1}: ${verdictText(history.latest)}`)}</div>
<ol id="reports">${history.reports.map((report) => `<li>${escapeHtml(`${report.source ?? '(report)'}: ${report.agents.join(', ') || '(no runs)'}, ${plural(report.runs, 'run')}${report.scoring === null ? '' : `, scoring ${report.scoring}`}${report.version === null ? '' : `, toolcheck ${report.version}`}`)}</li>`).join('')}</ol>
</header>
<main class="compare">
<section>
<h2>Pass rate per report, oldest first</h2>
<p class="muted">A cell in red: the group regressed from the report before; in green: it improved (the same test as toolcheck compare of the two). Each cell shows the pass rate, then the mean score.</p>
<table id="history"><thead><tr><th>group</th><th>trend</th>${headers}</tr></thead><tbody>
${history.rows.map(row).join('\n')}
</tbody></table>
</section>
</main>`
  return renderPage({ title, body, data: { 'toolcheck-history': { format: history.format, version: history.version, reports: history.reports, rows: history.rows } }, script: '' })
}

function row(history: HistoryRow): string {
  const cells = history.points.map((point, index) => {
    const step = index === 0 ? null : (history.steps[index - 1] ?? null)
    const tone = step === 'regression' ? 'delta-worse' : step === 'improvement' ? 'delta-better' : ''
    const mark = step === 'regression' ? ' ▼' : step === 'improvement' ? ' ▲' : ''
    return `<td class="number ${tone}" data-step="${step ?? ''}">${point === null ? '-' : `${fixed(point.passRate)}${mark}<div class="muted">${fixed(point.meanScore)}</div>`}</td>`
  })
  return `<tr data-level="${history.level}" data-name="${escapeHtml(history.name)}"><th>${escapeHtml(groupLabel(history))}</th><td>${sparkline(history)}</td>${cells.join('')}</tr>`
}

/** The pass rates as a small line (0 at the bottom, 1 at the top), gaps where a report has no runs of the group. */
function sparkline(history: HistoryRow): string {
  const width = 120
  const height = 28
  const step = history.points.length > 1 ? width / (history.points.length - 1) : 0
  const points = history.points.map((point, index) => (point?.passRate === null || point === null ? null : `${(index * step).toFixed(1)},${(height - 2 - (point.passRate as number) * (height - 4)).toFixed(1)}`))
  const segments: string[][] = [[]]
  for (const point of points) {
    if (point === null) segments.push([])
    else (segments[segments.length - 1] as string[]).push(point)
  }
  const lines = segments.filter((segment) => segment.length > 0).map((segment) => (segment.length === 1 ? `<circle cx="${segment[0]?.split(',')[0]}" cy="${segment[0]?.split(',')[1]}" r="2"/>` : `<polyline fill="none" stroke="currentColor" stroke-width="1.5" points="${segment.join(' ')}"/>`))
  return `<svg class="trend" width="${width}" height="${height}" viewBox="-2 0 ${width + 4} ${height}" role="img" aria-label="${escapeHtml(`pass rate of ${groupLabel(history)} across the reports`)}">${lines.join('')}</svg>`
}
