import { formatTokens } from '../reporter/format-usage.ts'
import type { CellComparison, Comparison, GroupComparison, SideSummary } from './comparison.ts'
import { cellLabel, comparisonNotes, distinctGroups, groupLabel, keyLabel, methodText, settingsText, verdictText } from './comparison-texts.ts'
import { better, costText, delta, fixed, plural, pValue, signed } from './format-numbers.ts'
import { escapeControlCharacters } from '../conversation/safe-text.ts'

/** How many cells each terminal list shows before summing up the rest. */
const LIST_LIMIT = 25

/**
 * The comparison as plain text for a terminal or a CI log, worst first: the verdict, the two
 * reports' totals and settings, the groups (overall, categories, augmentation columns) that
 * regressed or changed, then the cells: regressions, breaks, changes without significance by
 * effect, improvements (the first 25 of each), the notes a reader needs to trust the verdict,
 * the cells whose scenario changed, those in one report only, and the method.
 */
export function formatComparison(comparison: Comparison): string {
  const { base, head, counts } = comparison
  const lines = [
    `toolcheck compare: base ${sideName(base)} -> head ${sideName(head)}`,
    `RESULT: ${comparison.regression ? verdictText(comparison).replace(/^regression/, 'REGRESSION') : verdictText(comparison)}`,
    `pass rate ${fixed(base.passRate)} -> ${fixed(head.passRate)} (${signed(delta(base.passRate, head.passRate))}), mean score ${fixed(base.meanScore)} -> ${fixed(head.meanScore)} (${signed(delta(base.meanScore, head.meanScore))}), tokens ${formatTokens(base.promptTokens + base.completionTokens)} -> ${formatTokens(head.promptTokens + head.completionTokens)}, cost ${costText(base.costUsd)} -> ${costText(head.costUsd)}`,
    `settings: ${settingsText(comparison.alike)}`,
    `${plural(comparison.cells.length, 'cell')} compared: ${plural(counts.regression, 'regression')}, ${plural(counts.break, 'break')}, ${counts.changed} changed without significance, ${plural(counts.improvement, 'improvement')}, ${counts.unchanged} unchanged${counts['no-data'] > 0 ? `, ${counts['no-data']} without scored runs` : ''}; ${comparison.scenarioChanged.length} with a changed scenario, ${comparison.added.length} added, ${comparison.removed.length} removed`,
  ]
  const distinct = distinctGroups(comparison.groups)
  const shown = distinct.filter((group) => group.verdict !== 'unchanged' && group.verdict !== 'no-data')
  if (shown.length > 0) lines.push('', `groups, worst first${shown.length < distinct.length ? ` (${shown.length} of ${distinct.length}; the rest unchanged)` : ''}:`, ...groupTable(shown))
  const aliases = comparison.groups.filter((group) => group.sameCellsAs !== undefined)
  if (aliases.length > 0) lines.push(`  (not listed again, having the same cells as a group above: ${aliases.map((group) => `${groupLabel(group)} = ${group.sameCellsAs}`).join(', ')})`)
  const sections: [string, readonly CellComparison[]][] = [
    ['regressions', comparison.cells.filter((cell) => cell.verdict === 'regression')],
    ['breaks', comparison.cells.filter((cell) => cell.verdict === 'break')],
    ['changed without significance, largest fall first', comparison.cells.filter((cell) => cell.verdict === 'changed')],
    ['improvements', comparison.cells.filter((cell) => cell.verdict === 'improvement')],
  ]
  for (const [title, cells] of sections) {
    if (cells.length === 0) continue
    lines.push('', `${title} (${cells.length}):`, ...cellTable(cells.slice(0, LIST_LIMIT)))
    if (cells.length > LIST_LIMIT) lines.push(`  ... and ${cells.length - LIST_LIMIT} more`)
  }
  if (comparison.scenarioChanged.length > 0) {
    lines.push('', `scenario changed, not compared (${comparison.scenarioChanged.length}):`)
    for (const cell of comparison.scenarioChanged.slice(0, LIST_LIMIT))
      lines.push(`  ${keyLabel(cell, comparison.method.byAgent)}: scenario changed: ${cell.differs.join(', ')} differ (${cell.base.passes}/${cell.base.trials} -> ${cell.head.passes}/${cell.head.trials})`)
    if (comparison.scenarioChanged.length > LIST_LIMIT) lines.push(`  ... and ${comparison.scenarioChanged.length - LIST_LIMIT} more`)
  }
  for (const [title, keys] of [['added (in the head only)', comparison.added], ['removed (in the base only)', comparison.removed]] as const) {
    if (keys.length === 0) continue
    lines.push('', `${title} (${keys.length}):`)
    for (const key of keys.slice(0, LIST_LIMIT)) lines.push(`  ${keyLabel(key, comparison.method.byAgent)}, ${plural(key.runs, 'run')}`)
    if (keys.length > LIST_LIMIT) lines.push(`  ... and ${keys.length - LIST_LIMIT} more`)
  }
  const notes = comparisonNotes(comparison)
  if (notes.length > 0) lines.push('', 'notes:', ...notes.map((note) => `  - ${note}`))
  lines.push('', `method: ${methodText(comparison)}`)
  // Labels come from scenarios and reports (categories, names): their control characters are
  // written as escapes, so none reaches the terminal as a command.
  return escapeControlCharacters(lines.join('\n'))
}

function groupTable(groups: readonly GroupComparison[]): string[] {
  const rows = groups.map((group) => {
    const up = group.verdict === 'improvement' || (group.verdict !== 'regression' && (group.rateDifference ?? 0) > 0)
    return [
      groupLabel(group),
      `${group.base.passes}/${group.base.trials}`,
      `${group.head.passes}/${group.head.trials}`,
      signed(group.rateDifference),
      pValue(up ? group.pBetter : group.pWorse),
      pValue(up ? group.adjustedBetter : group.adjustedWorse),
      `${group.verdict === 'regression' ? 'REGRESSION' : group.verdict}${group.reason === 'deterministic' ? ' (deterministic)' : ''}`,
      `${group.regressedCells}/${group.cells}`,
    ]
  })
  return table(['group', 'base', 'head', 'd pass', 'p', 'adj. p', 'verdict', 'cells regressed'], rows, 'lrrrrrlr')
}

function cellTable(cells: readonly CellComparison[]): string[] {
  const rows = cells.map((cell) => [
    cellLabel(cell),
    `${cell.base.passes}/${cell.base.trials}`,
    `${cell.head.passes}/${cell.head.trials}`,
    signed(cell.passRateDelta),
    signed(cell.scoreDelta),
    pValue(better(cell) ? cell.pBetter : cell.pWorse),
    pValue(better(cell) ? cell.adjustedBetter : cell.adjustedWorse),
    cell.reason === undefined ? '' : cell.reason,
  ])
  return table(['cell', 'base', 'head', 'd pass', 'd score', 'p', 'adj. p', 'why'], rows, 'lrrrrrrl')
}

/** Columns padded to their widest value; `align` has an `l` or `r` per column. */
function table(header: readonly string[], rows: readonly (readonly string[])[], align: string): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] as string).length)))
  const line = (row: readonly string[]) =>
    `  ${row.map((value, column) => (align[column] === 'r' ? value.padStart(widths[column] as number) : value.padEnd(widths[column] as number))).join('  ')}`.trimEnd()
  return [line(header), ...rows.map(line)]
}

function sideName(side: SideSummary): string {
  return `${side.agents.join(', ') || '(no runs)'} (${side.source === undefined ? '' : `${side.source}, `}${plural(side.runs, 'run')}${side.errors > 0 ? `, ${side.errors} errors${side.userErrors > 0 ? ` (${side.userErrors} user)` : ''}` : ''})`
}
