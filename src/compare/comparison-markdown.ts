import { formatTokens } from '../reporter/format-usage.ts'
import type { CellComparison, CellKey, Comparison, SideSummary } from './comparison.ts'
import { methodText } from './format-comparison.ts'
import { better, costText, delta, fixed, plural, pValue, signed } from './format-numbers.ts'

/** How many rows each Markdown table lists; GitHub cuts step summaries at 1 MiB. */
const ROW_LIMIT = 50

/**
 * The comparison as GitHub-flavoured Markdown, for `$GITHUB_STEP_SUMMARY` or a pull-request
 * comment: a headline that says whether there is a significant regression, the totals side by
 * side, the regressions and improvements as tables, the cells that changed without significance
 * and those present in one report only folded away, and the method in a footnote.
 */
export function comparisonMarkdown(comparison: Comparison): string {
  const { base, head, counts } = comparison
  const regressions = comparison.cells.filter((cell) => cell.verdict === 'regression')
  const improvements = comparison.cells.filter((cell) => cell.verdict === 'improvement')
  const changed = comparison.cells.filter((cell) => cell.verdict === 'changed')
  const headline = comparison.regression
    ? `## ❌ toolcheck: ${regressions.length > 0 ? plural(regressions.length, 'significant regression') : 'a significant regression overall'}`
    : `## ✅ toolcheck: no significant regression`
  const lines = [
    headline,
    '',
    '| | base | head | change |',
    '|---|---|---|---|',
    `| agent | ${text(base.agents.join(', '))} | ${text(head.agents.join(', '))} | |`,
    `| runs | ${base.runs} | ${head.runs} | |`,
    `| pass rate | ${fixed(base.passRate)} | ${fixed(head.passRate)} | ${signed(delta(base.passRate, head.passRate))} |`,
    `| mean score | ${fixed(base.meanScore)} | ${fixed(head.meanScore)} | ${signed(delta(base.meanScore, head.meanScore))} |`,
    `| infrastructure errors | ${base.errors} | ${head.errors} | |`,
    `| tokens | ${tokens(base)} | ${tokens(head)} | |`,
    `| cost | ${costText(base.costUsd)} | ${costText(head.costUsd)} | |`,
    '',
    `**${plural(comparison.cells.length, 'cell')}** compared: ${plural(counts.regression, 'regression')} · ${plural(counts.improvement, 'improvement')} · ${counts.changed} changed without significance · ${counts.unchanged} unchanged · ${comparison.added.length} added · ${comparison.removed.length} removed`,
    '',
    `Overall: ${plural(comparison.overall.worse, 'cell')} worse, ${comparison.overall.better} better (sign test p = ${pValue(comparison.overall.pWorse)}, adjusted ${pValue(comparison.overall.adjustedWorse)})${comparison.overall.regression ? ' — **a significant regression overall**' : ''}.`,
  ]
  if (regressions.length > 0) lines.push('', '### Regressions', '', ...cellTable(regressions, comparison.method.byAgent))
  if (improvements.length > 0) lines.push('', '### Improvements', '', ...cellTable(improvements, comparison.method.byAgent))
  if (changed.length > 0) lines.push('', `<details><summary>${plural(changed.length, 'cell')} changed without significance</summary>`, '', ...cellTable(changed, comparison.method.byAgent), '', '</details>')
  if (comparison.added.length + comparison.removed.length > 0) {
    lines.push('', `<details><summary>${comparison.added.length} added, ${comparison.removed.length} removed</summary>`, '')
    lines.push(...keyList('Added (in the head only)', comparison.added), ...keyList('Removed (in the base only)', comparison.removed), '</details>')
  }
  lines.push('', `<sub>${text(methodText(comparison))}. A cell is one scenario under one augmentation${comparison.method.byAgent ? ' and one agent' : ''}; its runs are its trials, and a run passes when its score reaches its threshold.</sub>`, '')
  return lines.join('\n')
}

function cellTable(cells: readonly CellComparison[], byAgent: boolean): string[] {
  const rows = cells.slice(0, ROW_LIMIT).map((cell) => {
    const p = better(cell) ? [cell.pBetter, cell.adjustedBetter] : [cell.pWorse, cell.adjustedWorse]
    return `| ${text(cell.scenario)} | ${text(cell.augmentation)}${byAgent ? ` | ${text(cell.agent ?? '')}` : ''} | ${cell.base.passes}/${cell.base.trials} | ${cell.head.passes}/${cell.head.trials} | ${signed(cell.passRateDelta)} | ${signed(cell.scoreDelta)} | ${pValue(p[0] ?? null)} | ${pValue(p[1] ?? null)} |`
  })
  return [
    `| scenario | augmentation${byAgent ? ' | agent' : ''} | base passes | head passes | Δ pass rate | Δ score | p | adjusted p |`,
    `|---|---${byAgent ? '|---' : ''}|---:|---:|---:|---:|---:|---:|`,
    ...rows,
    ...(cells.length > ROW_LIMIT ? ['', `…and ${cells.length - ROW_LIMIT} more`] : []),
  ]
}

function keyList(title: string, keys: readonly CellKey[]): string[] {
  if (keys.length === 0) return []
  return [`**${title}**`, '', ...keys.slice(0, ROW_LIMIT).map((key) => `- ${text(key.scenario)} [${text(key.augmentation)}], ${plural(key.runs, 'run')}`), ...(keys.length > ROW_LIMIT ? [`- …and ${keys.length - ROW_LIMIT} more`] : []), '']
}

// Names come from users' scenarios: keep them from breaking a table or adding markup.
function text(value: string): string {
  return value.replace(/[\\|`*_<>[\]]/g, (character) => `\\${character}`).replace(/\n/g, ' ')
}

function tokens(side: SideSummary): string {
  return formatTokens(side.promptTokens + side.completionTokens)
}




