import type { Transcript } from '../vitest/transcript.ts'
import { formatCost, formatTokens } from './format-usage.ts'
import { escapeHtml, renderPage } from './html-page.ts'
import { HTML_REPORT_SCRIPT } from './html-report-script.ts'
import { packText } from './packed-json.ts'
import { encodePageData } from './page-data.ts'
import type { Report } from './report.ts'

/**
 * Renders `toolcheck-report/index.html`: one self-contained page (inline style, script and data,
 * no network) with who played, the totals (score, pass rate, tokens, cost), the category ×
 * augmentation heatmap (ToolSandbox's results table; a click filters the runs), per-agent
 * figures, pass^k with its intervals when tests ran several trials, and a virtual list of every
 * run, filterable by category, augmentation column, agent and verdict, whose selected run's
 * detail stays in view beside it. `transcripts[i]` belongs to `report.runs[i]`.
 */
export function renderHtmlReport(report: Report, transcripts: readonly (Transcript | undefined)[]): string {
  const { index, detailsJson } = encodePageData(report, transcripts)
  const overall = report.summary.overall
  const usage = overall.usage
  const who = `${report.agents.length > 1 ? 'agents' : 'agent'} ${report.agents.join(', ') || report.agent}; ${report.users.length > 1 ? 'users' : 'user'} ${report.users.join(', ') || '-'}; ${report.domains.length > 1 ? 'domains' : 'domain'} ${report.domains.join(', ') || '-'}`
  const fixed = (value: number | null) => (value === null ? '-' : value.toFixed(3))
  const range = (interval: readonly [number, number] | null) => (interval === null ? '' : ` (95% ${fixed(interval[0])}-${fixed(interval[1])})`)
  const body = `<header>
<h1>${escapeHtml(index.title)}</h1>
<div id="who" class="muted">${escapeHtml(who)}</div>
<div id="totals">${overall.runs} runs: mean score ${fixed(overall.meanScore)}${range(overall.scoreInterval)}, pass rate ${fixed(overall.passRate)}${range(overall.passRateInterval)}, ${overall.passed} passed, ${overall.failed} failed${overall.agentErrors > 0 ? ` (${overall.agentErrors} where the agent's own code broke)` : ''}, ${overall.domainErrors} domain error${overall.domainErrors === 1 ? '' : 's'}, ${overall.infrastructureErrors} infrastructure error${overall.infrastructureErrors === 1 ? '' : 's'}</div>
<div id="usage" class="muted">usage: ${usage.calls} model calls (${usage.cachedCalls} cached), ${formatTokens(usage.promptTokens)} prompt + ${formatTokens(usage.completionTokens)} completion tokens, cost ${usage.costUsd === undefined ? '-' : formatCost(usage.costUsd)}</div>
${cutShortNotice(report)}</header>
<main>
<div>
<section>
<h2>Category × augmentation</h2>
<label class="muted">show <select id="heatmap-metric"><option value="meanScore">mean score</option><option value="passRate">pass rate</option></select></label>
<div id="heatmap-holder" class="scroll"></div>
<div id="agents"></div>
<div id="pass-hat-k"></div>
<details><summary>Tables by category and augmentation</summary><div id="groups" class="summary-tables"></div></details>
<div id="problems"></div>
</section>
<section id="runs">
<h2>Runs</h2>
<div class="filters">
<label>category<select id="filter-category"><option value="">all</option></select></label>
<label>augmentation<select id="filter-augmentation"><option value="">all</option></select></label>
<label>agent<select id="filter-agent"><option value="">all</option></select></label>
<label>verdict<select id="filter-status"><option value="">all</option><option value="passed">passed</option><option value="failed">failed</option><option value="agent">failed: the agent's own code broke</option><option value="error">error</option><option value="domain">error: a tool of the domain broke</option><option value="infrastructure">error: infrastructure</option></select></label>
<label>scenario or test<input id="filter-text" type="search" placeholder="name contains"></label>
<span id="runs-count" class="muted"></span>
</div>
<div class="run-list-head"><span>scenario</span><span>test</span><span>augmentation</span><span>trial</span><span>verdict</span><span>score</span><span>turns</span><span>tokens</span><span>cost</span><span>error</span></div>
<div id="runs-viewport"><div id="runs-spacer"><div id="runs-rows"></div></div></div>
</section>
</div>
<section id="run-details"><p class="muted">Select a run to see its milestones, the tools it was shown and its conversation.</p></section>
</main>`
  return renderPage({ title: index.title, body, data: { 'toolcheck-index': index }, packed: { 'toolcheck-details': packText(detailsJson) }, script: HTML_REPORT_SCRIPT })
}

// The runs an open circuit breaker cut short, said once with the breakers' reasons (nothing when there are none).
function cutShortNotice(report: Report): string {
  const { runs, reasons } = report.summary.cutShort
  if (runs === 0) return ''
  const items = reasons.map((reason) => `<li>${escapeHtml(reason)}</li>`).join('')
  return `<div class="muted">${runs} run${runs === 1 ? '' : 's'} cut short by an open circuit breaker, without reaching the endpoint:<ul>${items}</ul></div>\n`
}
