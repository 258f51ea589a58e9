import { escapeHtml, renderPage } from '../reporter/html-page.ts'
import type { PageIndex } from '../reporter/page-data.ts'
import type { Comparison } from './comparison.ts'
import { methodText } from './format-comparison.ts'
import { delta, fixed, plural, signed } from './format-numbers.ts'
import { HTML_COMPARE_SCRIPT } from './html-compare-script.ts'

/** One report as the comparison page embeds it: its page index and its packed run details. */
export interface ComparedPage {
  readonly index: PageIndex
  /** The `PageDetails` packed by `packText`, as a report page embeds them. */
  readonly packedDetails: string
}

/**
 * The comparison page: one self-contained HTML file (no network) with both reports' totals side
 * by side, the verdict counts and the method, a table of every cell compared (filterable by
 * verdict, category, augmentation column and name; regressions first) and, for the clicked cell,
 * the base's and the head's trials side by side with each picked run's milestones, tools shown
 * and conversation. `base` and `head` are the two reports' page data (see `encodePageData`),
 * whose run positions the comparison's cells refer to.
 */
export function renderComparisonHtml(comparison: Comparison, base: ComparedPage, head: ComparedPage): string {
  const title = `toolcheck comparison: ${comparison.base.agents.join(', ')} -> ${comparison.head.agents.join(', ')}`
  const side = (name: 'base' | 'head') => {
    const summary = comparison[name]
    return `<td>${escapeHtml(summary.agents.join(', '))}${summary.source === undefined ? '' : `<div class="muted">${escapeHtml(summary.source)}</div>`}</td>`
  }
  const row = (label: string, base: number | null, head: number | null) => `<tr><th>${label}</th><td class="number">${fixed(base)}</td><td class="number">${fixed(head)}</td><td class="number">${signed(delta(base, head))}</td></tr>`
  const { counts } = comparison
  const headline = comparison.regression ? `significant regression${counts.regression > 1 ? 's' : ''}: ${counts.regression} cell${counts.regression === 1 ? '' : 's'}${comparison.overall.regression ? ' and overall' : ''}` : 'no significant regression'
  const body = `<header>
<h1>${escapeHtml(title)}</h1>
<div id="headline" class="${comparison.regression ? 'verdict-failed' : 'verdict-passed'}">${escapeHtml(headline)}</div>
<table id="totals"><thead><tr><th></th><th>base</th><th>head</th><th>change</th></tr></thead><tbody>
<tr><th>agent</th>${side('base')}${side('head')}<td></td></tr>
<tr><th>runs</th><td class="number">${comparison.base.runs}</td><td class="number">${comparison.head.runs}</td><td></td></tr>
${row('pass rate', comparison.base.passRate, comparison.head.passRate)}
${row('mean score', comparison.base.meanScore, comparison.head.meanScore)}
</tbody></table>
<div id="counts">${escapeHtml(`${plural(comparison.cells.length, 'cell')}: ${plural(counts.regression, 'regression')}, ${plural(counts.improvement, 'improvement')}, ${counts.changed} changed without significance, ${counts.unchanged} unchanged; ${comparison.added.length} added, ${comparison.removed.length} removed. Overall ${comparison.overall.worse} worse, ${comparison.overall.better} better.`)}</div>
<div class="muted">${escapeHtml(methodText(comparison))}</div>
</header>
<main class="compare">
<section>
<h2>Cells</h2>
<div class="filters">
<label>verdict<select id="filter-verdict"><option value="">all</option><option value="regression">regression</option><option value="improvement">improvement</option><option value="changed">changed</option><option value="unchanged">unchanged</option><option value="no-data">no data</option></select></label>
<label>category<select id="filter-category"><option value="">all</option></select></label>
<label>augmentation<select id="filter-augmentation"><option value="">all</option></select></label>
<label>scenario<input id="filter-text" type="search" placeholder="name contains"></label>
<span id="cells-count" class="muted"></span>
</div>
<div class="scroll-tall"><table id="cells"><thead><tr><th>scenario</th><th>augmentation</th>${comparison.method.byAgent ? '<th>agent</th>' : ''}<th>base</th><th>head</th><th>Δ pass</th><th>base score</th><th>head score</th><th>Δ score</th><th>p</th><th>adjusted p</th><th>verdict</th></tr></thead><tbody id="cells-body"></tbody></table></div>
<h2>Added (in the head only)</h2><div id="added"></div>
<h2>Removed (in the base only)</h2><div id="removed"></div>
</section>
<section id="cell-detail"><p class="muted">Click a cell to see both reports' runs of it side by side.</p></section>
</main>`
  return renderPage({
    title,
    body,
    data: { 'toolcheck-comparison': comparison, 'base-index': base.index, 'head-index': head.index },
    packed: { 'base-details': base.packedDetails, 'head-details': head.packedDetails },
    script: HTML_COMPARE_SCRIPT,
  })
}
