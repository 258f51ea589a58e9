import { open } from 'node:fs/promises'
import { BufferedFile } from '../reporter/buffered-file.ts'
import { embeddedJsonText, escapeHtml, renderPage } from '../reporter/html-page.ts'
import type { PageIndex } from '../reporter/page-data.ts'
import type { Comparison, GroupComparison } from './comparison.ts'
import { comparisonNotes, groupLabel, keyLabel, methodText, settingsText, verdictText } from './comparison-texts.ts'
import { delta, fixed, plural, pValue, signed } from './format-numbers.ts'
import { HTML_COMPARE_SCRIPT } from './html-compare-script.ts'

/** One report as the comparison page embeds it: its page index, its packed run details, and where its conversations came from. */
export interface ComparedPage {
  readonly index: PageIndex
  /**
   * The index as JSON text, as the report page it was read from embeds it: the page embeds it as
   * it is, so an index of many runs is not parsed and written out again.
   */
  readonly indexJson?: string
  /** The `PageDetails` packed by `packText`, as a report page embeds them. */
  readonly packedDetails: string
  /**
   * Where the conversations come from, in words: the page they were read from, or every place
   * that was looked at and why none would do. Shown on the page beside the runs.
   */
  readonly transcripts: string
  /** Whether the details hold the runs' conversations. */
  readonly hasTranscripts: boolean
}

/**
 * The comparison page: one self-contained HTML file (no network). At the top the verdict, the
 * notes a reader needs to trust it, both reports' totals and settings side by side; then the
 * groups (overall, categories, augmentation columns) worst first, a click on one filtering the
 * cells; then every cell compared, worst first (filterable by verdict, category, augmentation
 * column and name); the cells whose scenario changed and those in one report only. For the
 * clicked cell, the base's and the head's trials side by side with each picked run's milestones,
 * tools shown and conversation, and, when a report's conversations could not be found, where
 * they were looked for.
 */
export function renderComparisonHtml(comparison: Comparison, base: ComparedPage, head: ComparedPage): string {
  return [...comparisonPageText(comparison, base, head)].join('')
}

/**
 * Writes the comparison page (`renderComparisonHtml`) to `file` piece by piece: the comparison's
 * cells one at a time and each report's index and details as they are, so the page of two reports
 * of any size is never held whole.
 */
export async function writeComparisonHtml(file: string, comparison: Comparison, base: ComparedPage, head: ComparedPage): Promise<void> {
  const handle = await open(file, 'w')
  try {
    // The pieces are copied into one buffer, written whenever it is full, so that neither the
    // many small pieces nor a report's index (megabytes) are joined into a text of their own.
    const out = new BufferedFile(handle)
    for (const piece of comparisonPageText(comparison, base, head)) await out.write(piece)
    await out.flush()
  } finally {
    await handle.close()
  }
}


// Stand for the page's large values in its text, so the text around them is written as it is and
// they are written between. NUL is in no label or path, and quoted JSON is in no escaped markup.
const PLACES = ['comparison', 'base index', 'head index', 'base details', 'head details'].map((name) => `\u0000toolcheck ${name}\u0000`)

/** The comparison page's text, in pieces (see `renderComparisonHtml`). */
function* comparisonPageText(comparison: Comparison, base: ComparedPage, head: ComparedPage): Generator<string> {
  const [comparisonPlace, baseIndexPlace, headIndexPlace, baseDetailsPlace, headDetailsPlace] = PLACES as [string, string, string, string, string]
  const title = `toolcheck comparison: ${comparison.base.agents.join(', ')} -> ${comparison.head.agents.join(', ')}`
  const side = (name: 'base' | 'head') => {
    const summary = comparison[name]
    return `<td>${escapeHtml(summary.agents.join(', '))}${summary.source === undefined ? '' : `<div class="muted">${escapeHtml(summary.source)}</div>`}</td>`
  }
  const row = (label: string, base: number | null, head: number | null) => `<tr><th>${label}</th><td class="number">${fixed(base)}</td><td class="number">${fixed(head)}</td><td class="number">${signed(delta(base, head))}</td></tr>`
  const { counts } = comparison
  const { byAgent } = comparison.method
  const notes = comparisonNotes(comparison)
  const list = (id: string, items: readonly string[]) => `<ul id="${id}">${items.length === 0 ? '<li class="muted">none</li>' : items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
  const body = `<header>
<h1>${escapeHtml(title)}</h1>
<div id="headline" class="${comparison.regression ? 'verdict-failed' : 'verdict-passed'}">${escapeHtml(verdictText(comparison))}</div>
${notes.length === 0 ? '' : `<ul id="notes">${notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>`}
<table id="totals"><thead><tr><th></th><th>base</th><th>head</th><th>change</th></tr></thead><tbody>
<tr><th>agent</th>${side('base')}${side('head')}<td></td></tr>
<tr><th>runs</th><td class="number">${comparison.base.runs}</td><td class="number">${comparison.head.runs}</td><td></td></tr>
${row('pass rate', comparison.base.passRate, comparison.head.passRate)}
${row('mean score', comparison.base.meanScore, comparison.head.meanScore)}
<tr><th>conversations</th><td class="muted transcripts-base">${escapeHtml(base.transcripts)}</td><td class="muted transcripts-head">${escapeHtml(head.transcripts)}</td><td></td></tr>
</tbody></table>
<div id="settings" class="muted">${escapeHtml(`settings: ${settingsText(comparison.alike)}`)}</div>
<div id="counts">${escapeHtml(`${plural(comparison.cells.length, 'cell')}: ${plural(counts.regression, 'regression')}, ${plural(counts.break, 'break')}, ${counts.changed} changed without significance, ${plural(counts.improvement, 'improvement')}, ${counts.unchanged} unchanged; ${comparison.scenarioChanged.length} with a changed scenario, ${comparison.added.length} added, ${comparison.removed.length} removed.`)}</div>
</header>
<main class="compare">
<section>
<h2>Groups, worst first</h2>
<p class="muted">Click a category or augmentation to see its cells.</p>
<div class="scroll-tall"><table id="groups"><thead><tr><th>group</th><th>base</th><th>head</th><th>Δ pass</th><th>p</th><th>adjusted p</th><th>cells regressed</th><th>verdict</th></tr></thead><tbody>
${comparison.groups.map(groupRow).join('\n')}
</tbody></table></div>
<h2>Cells, worst first</h2>
<div class="filters">
<label>verdict<select id="filter-verdict"><option value="">all</option><option value="regression">regression</option><option value="break">break</option><option value="changed">changed</option><option value="improvement">improvement</option><option value="unchanged">unchanged</option><option value="no-data">no data</option></select></label>
<label>category<select id="filter-category"><option value="">all</option></select></label>
<label>augmentation<select id="filter-augmentation"><option value="">all</option></select></label>
<label>scenario<input id="filter-text" type="search" placeholder="name contains"></label>
<span id="cells-count" class="muted"></span>
</div>
<div class="scroll-tall" id="cells-viewport"><table id="cells"><thead><tr><th>scenario</th><th>augmentation</th>${byAgent ? '<th>agent</th>' : ''}<th>base</th><th>head</th><th>Δ pass</th><th>base score</th><th>head score</th><th>Δ score</th><th>p</th><th>adjusted p</th><th>verdict</th></tr></thead><tbody id="cells-body"></tbody></table></div>
<h2>Scenario changed (not compared)</h2>${list('scenario-changed', comparison.scenarioChanged.map((cell) => `${keyLabel(cell, byAgent)}: scenario changed: ${cell.differs.join(', ')} differ (${cell.base.passes}/${cell.base.trials} -> ${cell.head.passes}/${cell.head.trials})`))}
<h2>Added (in the head only)</h2>${list('added', comparison.added.map((key) => `${keyLabel(key, byAgent)}, ${plural(key.runs, 'run')}`))}
<h2>Removed (in the base only)</h2>${list('removed', comparison.removed.map((key) => `${keyLabel(key, byAgent)}, ${plural(key.runs, 'run')}`))}
<p class="muted" id="method">${escapeHtml(`method: ${methodText(comparison)}`)}</p>
</section>
<section id="cell-detail"><p class="muted">Click a cell to see both reports' runs of it side by side.</p></section>
</main>`
  const page = renderPage({
    title,
    body,
    data: {
      'toolcheck-comparison': comparisonPlace,
      'base-index': baseIndexPlace,
      'head-index': headIndexPlace,
      'transcript-notes': { base: base.hasTranscripts ? null : base.transcripts, head: head.hasTranscripts ? null : head.transcripts },
    },
    packed: { 'base-details': baseDetailsPlace, 'head-details': headDetailsPlace },
    script: HTML_COMPARE_SCRIPT,
  })
  // Each place as the page has it (after its element's id, so no markup before can match) and what goes there.
  const places: [string, string, () => Iterable<string>][] = [
    ['id="toolcheck-comparison">', JSON.stringify(comparisonPlace), () => comparisonJson(comparison)],
    ['id="base-index">', JSON.stringify(baseIndexPlace), () => [indexJson(base)]],
    ['id="head-index">', JSON.stringify(headIndexPlace), () => [indexJson(head)]],
    ['id="base-details">', baseDetailsPlace, () => [base.packedDetails]],
    ['id="head-details">', headDetailsPlace, () => [head.packedDetails]],
  ]
  let from = 0
  for (const [element, place, value] of places) {
    const at = page.indexOf(element + place, from) + element.length
    yield page.slice(from, at)
    yield* value()
    from = at + place.length
  }
  yield page.slice(from)
}

/**
 * The comparison as the page embeds it, some hundred cells at a time (the JSON of a list is its
 * items' JSON joined by commas): the same text as the whole embedded at once.
 */
function* comparisonJson(comparison: Comparison): Generator<string> {
  const place = '\u0000toolcheck cells\u0000'
  const text = JSON.stringify({ ...comparison, cells: [place] })
  const at = text.indexOf(JSON.stringify(place))
  yield embeddedJsonText(text.slice(0, at))
  const { cells } = comparison
  for (let from = 0; from < cells.length; from += CELLS_AT_A_TIME) yield `${from === 0 ? '' : ','}${embeddedJsonText(JSON.stringify(cells.slice(from, from + CELLS_AT_A_TIME)).slice(1, -1))}`
  yield embeddedJsonText(text.slice(at + JSON.stringify(place).length))
}

const CELLS_AT_A_TIME = 256

/** A report's page index as the page embeds it: as read from its report page, or encoded. */
function indexJson(page: ComparedPage): string {
  return embeddedJsonText(page.indexJson ?? JSON.stringify(page.index))
}

function groupRow(group: GroupComparison): string {
  const up = group.verdict === 'improvement' || (group.verdict !== 'regression' && (group.rateDifference ?? 0) > 0)
  const tone = group.verdict === 'regression' ? 'verdict-failed' : group.verdict === 'improvement' ? 'verdict-passed' : 'verdict-none'
  const deltaTone = group.rateDifference === null || Math.abs(group.rateDifference) < 0.0005 ? '' : group.rateDifference < 0 ? 'delta-worse' : 'delta-better'
  const cells = [
    `<td>${escapeHtml(groupLabel(group))}</td>`,
    `<td class="number">${group.base.passes}/${group.base.trials} (${fixed(group.base.passRate)})</td>`,
    `<td class="number">${group.head.passes}/${group.head.trials} (${fixed(group.head.passRate)})</td>`,
    `<td class="number ${deltaTone}">${signed(group.rateDifference)}</td>`,
    `<td class="number">${escapeHtml(pValue(up ? group.pBetter : group.pWorse))}</td>`,
    `<td class="number">${escapeHtml(pValue(up ? group.adjustedBetter : group.adjustedWorse))}</td>`,
    `<td class="number">${group.regressedCells} of ${group.cells}</td>`,
    `<td class="${tone}">${escapeHtml(group.verdict + (group.reason === 'deterministic' ? ' (deterministic)' : ''))}</td>`,
  ]
  return `<tr class="group-row verdict-row-${group.verdict}" data-level="${group.level}" data-name="${escapeHtml(group.name)}" tabindex="0">${cells.join('')}</tr>`
}
