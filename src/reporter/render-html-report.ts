import type { Transcript } from '../runner/transcript.ts'
import { formatCost, formatTokens } from './format-usage.ts'
import { escapeHtml, pagePieces } from './html-page.ts'
import { HTML_REPORT_SCRIPT } from './html-report-script.ts'
import { intervalText } from './interval-text.ts'
import { packText } from './packed-json.ts'
import type { PackedPageJson, PageData, PageJson } from './page-data.ts'
import { encodePageData, pageTitle } from './page-data.ts'
import type { Report } from './report.ts'

/**
 * Renders `toolcheck-report/index.html`: one self-contained page (inline style, script and data,
 * no network) with who played, the totals (pass rate, score, tokens, cost), the category ×
 * augmentation heatmap (ToolSandbox's results table; a click filters the runs), pass^k over all
 * cells, the tables by category, augmentation and agent, and the run list beside the selected
 * run's or cell's detail: trials grouped by cell with their pass count and pass^k, sortable
 * columns, filters by category, augmentation column, agent, verdict, name and text inside the
 * conversations, an address (URL hash) for every run and cell, and keyboard navigation (see
 * `HTML_REPORT_SCRIPT`). `transcripts[i]` belongs to `report.runs[i]`.
 */
export function renderHtmlReport(report: Report, transcripts: readonly (Transcript | undefined)[]): string {
  return renderHtmlPage(report, encodePageData(report, transcripts))
}

/**
 * The page of a report whose runs were encoded already (`PageDataEncoder`, run by run, for a
 * report written from runs on disk); `renderHtmlReport` is this for a report in memory.
 */
export function renderHtmlPage(report: Omit<Report, 'runs'>, data: PageData | PageJson): string {
  return htmlPagePieces(report, data).join('')
}

/**
 * `renderHtmlPage`'s text in pieces (see `pagePieces`), for a page written to its file a piece at
 * a time; its details may come packed already (`PageDataEncoder.finishPacked`).
 */
export function htmlPagePieces(report: Omit<Report, 'runs'>, data: PageData | PageJson | PackedPageJson): string[] {
  const packedDetails = 'packedDetails' in data ? data.packedDetails : packText(data.detailsJson)
  const title = pageTitle(report)
  const overall = report.summary.overall
  const usage = overall.usage
  const who = `${report.agents.length > 1 ? 'agents' : 'agent'} ${report.agents.join(', ') || report.agent}; ${report.users.length > 1 ? 'users' : 'user'} ${report.users.join(', ') || '-'}; ${report.domains.length > 1 ? 'domains' : 'domain'} ${report.domains.join(', ') || '-'}`
  const fixed = (value: number | null) => (value === null ? '-' : value.toFixed(3))
  const range = (interval: readonly [number, number] | null) => (interval === null ? '' : ` (95% ${intervalText(interval)})`)
  const sortable = (key: string, title: string, className = '') => `<button type="button" class="sort${className}" data-sort="${key}" aria-sort="none">${title}</button>`
  const body = `<header>
<div class="title-row"><h1>${escapeHtml(title)}</h1><span id="who" class="muted">${escapeHtml(who)}</span></div>
<div id="totals">${overall.runs} runs: pass rate ${fixed(overall.passRate)}${range(overall.passRateInterval)}, mean score ${fixed(overall.meanScore)}${range(overall.scoreInterval)}, ${overall.passed} passed, ${overall.failed} failed${overall.agentErrors > 0 ? ` (${overall.agentErrors} where the agent's own code broke)` : ''}, ${overall.domainErrors} domain error${overall.domainErrors === 1 ? '' : 's'}, ${overall.infrastructureErrors} infrastructure error${overall.infrastructureErrors === 1 ? '' : 's'}${(overall.userErrors ?? 0) > 0 ? `, ${overall.userErrors} user error${overall.userErrors === 1 ? '' : 's'} (the simulated user broke its part; not scored)` : ''}</div>
${userRates(report)}
<div id="usage" class="muted">usage: ${usage.calls} model calls (${usage.cachedCalls} cached), ${formatTokens(usage.promptTokens)} prompt + ${formatTokens(usage.completionTokens)} completion tokens, cost ${usage.costUsd === undefined ? '-' : formatCost(usage.costUsd)}</div>
<div id="problems-note" class="verdict-error"></div>
${report.partial === undefined ? '' : `<div id="partial" class="verdict-error" role="alert">${escapeHtml(report.partial)}</div>\n`}${cutShortNotice(report)}</header>
<main id="report">
<section id="overview">
<div class="tabs" role="tablist"><button type="button" role="tab" data-tab="heatmap-panel" aria-selected="true">Category × augmentation</button><button type="button" role="tab" data-tab="pass-hat-k" aria-selected="false" hidden>pass^k</button><button type="button" role="tab" data-tab="more" aria-selected="false">Tables by category, augmentation and agent${report.problems.length > 0 ? '; tests that recorded no run' : ''}</button><label class="muted metric" id="heatmap-metric-label">show <select id="heatmap-metric"></select></label></div>
<div id="heatmap-panel" role="tabpanel"><div id="heatmap-holder"></div></div>
<div id="pass-hat-k" role="tabpanel" hidden></div>
<div id="more" role="tabpanel" hidden><div id="agents"></div><div id="groups" class="summary-tables"></div><div id="problems"></div></div>
</section>
<section id="runs">
<div class="filters">
<label>category<select id="filter-category"><option value="">all</option></select></label>
<label>augmentation<select id="filter-augmentation"><option value="">all</option></select></label>
<label>agent<select id="filter-agent"><option value="">all</option></select></label>
<label>verdict<select id="filter-status"><option value="">all</option><option value="passed">passed</option><option value="failed">failed</option><option value="agent">failed: the agent's own code broke</option><option value="error">error</option><option value="domain">error: a tool of the domain broke</option><option value="infrastructure">error: infrastructure</option><option value="user">error: the simulated user broke its part</option></select></label>
<label>name<input id="filter-text" type="search" placeholder="scenario, augmentation or test"></label>
<label>in conversations<input id="filter-conversation" type="search" placeholder="text said or done"></label>
<label class="check"><input id="group-cells" type="checkbox" checked> group trials by cell</label>
<span class="counts"><span id="runs-count" class="muted"></span> <span id="search-status" class="muted"></span></span>
</div>
<div class="run-list-head" role="row"><span></span><span class="name">${sortable('scenario', 'scenario')} / ${sortable('augmentation', 'augmentation')}</span>${sortable('result', 'result', ' result')}${sortable('score', 'score', ' number')}${sortable('passk', passHatKTitle(report), ' number')}${sortable('turns', 'turns', ' number')}${sortable('tokens', 'tokens', ' number')}${sortable('cost', 'cost', ' number')}${sortable('error', 'error')}</div>
<div id="runs-viewport" tabindex="0" role="grid" aria-label="runs"><div id="runs-spacer"><div id="runs-rows"></div></div></div>
<details id="keys" class="muted"><summary>keys</summary>j / k or ↓ / ↑: next / previous row (a run opens as it is reached) · n / p: next / previous run · Enter: open · → / ←: open / close a cell · Esc: back · /: find by name · ?: these keys</details>
</section>
<section id="run-details"><p class="muted hint">Select a run to see its milestones, the tools it was shown and its conversation, or a cell to see its trials and pass^k.</p></section>
</main>`
  return pagePieces({ title, body, ...('index' in data ? { data: { 'toolcheck-index': data.index } } : { data: {}, json: { 'toolcheck-index': data.indexJson } }), packed: { 'toolcheck-details': packedDetails }, script: HTML_REPORT_SCRIPT })
}

// The list shows each cell's pass^k at k = its trials: pass^5 when every cell had 5, else pass^n.
function passHatKTitle(report: Omit<Report, 'runs'>): string {
  const counts = new Set(report.summary.trials.filter((cell) => cell.trials > 1).map((cell) => cell.trials))
  return counts.size === 1 ? `pass^${[...counts][0]}` : 'pass^n'
}

// The runs an open circuit breaker cut short, said once with the breakers' reasons (nothing when there are none).
function cutShortNotice(report: Omit<Report, 'runs'>): string {
  const { runs, reasons } = report.summary.cutShort
  if (runs === 0) return ''
  const items = reasons.map((reason) => `<li>${escapeHtml(reason)}</li>`).join('')
  return `<div class="muted">${runs} run${runs === 1 ? '' : 's'} cut short by an open circuit breaker, without reaching the endpoint:<ul>${items}</ul></div>\n`
}

/**
 * Per simulated user that was checked, its error rate and its errors by kind (`summary.byUser`),
 * so a team can pick and tune its simulator; nothing when no user was checked.
 */
function userRates(report: Omit<Report, 'runs'>): string {
  const users = Object.entries(report.summary.byUser ?? {}).filter(([, user]) => user.checked > 0)
  if (users.length === 0) return ''
  const line = ([name, user]: (typeof users)[number]) => {
    const kinds = Object.entries(user.byKind).map(([kind, figures]) => `${kind} ${figures.runs}`).join(', ')
    const undecided = Object.values(user.undecided).reduce((sum, count) => sum + count, 0)
    return `${escapeHtml(name)}: user errors in ${user.userErrors} of ${user.checked} runs (${(((user.errorRate ?? 0) * 100).toFixed(1))}%; ${kinds}; ${undecided} checks could not tell)`
  }
  return `<div id="user-rates" class="muted">${users.map(line).join('<br>')}</div>`
}
