import type { Transcript } from '../vitest/transcript.ts'
import { HTML_REPORT_SCRIPT } from './html-report-script.ts'
import { HTML_REPORT_STYLE } from './html-report-style.ts'
import type { Report } from './report.ts'

/**
 * Renders `toolcheck-report/index.html`: one self-contained page (inline style, script and data,
 * no network) with the summary, a table of runs filterable by category, augmentation column (a
 * run matches each of its `augmentationColumns`) and status, and for the selected run its
 * milestone mapping and conversation with tool calls, results and world changes.
 * `transcripts[i]` belongs to `report.runs[i]`.
 */
export function renderHtmlReport(report: Report, transcripts: readonly (Transcript | undefined)[]): string {
  const data = embedJson({ report, transcripts: transcripts.map((transcript) => transcript ?? null) })
  const overall = report.summary.overall
  const title = `toolcheck report: ${report.agent}`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>${HTML_REPORT_STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<div class="muted">${overall.runs} runs, mean score ${overall.meanScore === null ? '-' : overall.meanScore.toFixed(3)}, ${overall.passed} passed, ${overall.failed} failed, ${overall.errors} infrastructure errors</div>
${cutShortNotice(report)}</header>
<main>
<section>
<div id="summary" class="summary-tables"></div>
<h2>Runs</h2>
<div class="filters">
<label>category<select id="filter-category"><option value="">all</option></select></label>
<label>augmentation<select id="filter-augmentation"><option value="">all</option></select></label>
<label>status<select id="filter-status"><option value="">all</option><option value="passed">passed</option><option value="failed">failed</option><option value="error">error</option></select></label>
<label>scenario<input id="filter-text" type="search" placeholder="name contains"></label>
<span id="runs-count" class="muted"></span>
</div>
<table id="runs"><thead><tr><th>scenario</th><th>test</th><th>augmentation</th><th>trial</th><th>verdict</th><th>score</th><th>turns</th></tr></thead><tbody id="runs-body"></tbody></table>
</section>
<section id="run-details"><p class="muted">Select a run to see its conversation and milestone mapping.</p></section>
</main>
<script type="application/json" id="toolcheck-data">${data}</script>
<script>${HTML_REPORT_SCRIPT}</script>
</body>
</html>
`
}

// The runs an open circuit breaker cut short, said once with the breakers' reasons (nothing when there are none).
function cutShortNotice(report: Report): string {
  const { runs, reasons } = report.summary.cutShort
  if (runs === 0) return ''
  const items = reasons.map((reason) => `<li>${escapeHtml(reason)}</li>`).join('')
  return `<div class="muted">${runs} run${runs === 1 ? '' : 's'} cut short by an open circuit breaker, without reaching the endpoint:<ul>${items}</ul></div>\n`
}

// Escapes text for an HTML text or attribute position.
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

// JSON inside a <script> element: escaping <, > and & keeps "</script>" or "<!--" in model text
// from ending the element, and U+2028/2029 are escaped for older parsers.
function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
