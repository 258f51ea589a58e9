import { formatTokens } from '../reporter/format-usage.ts'
import type { CellComparison, Comparison, SideSummary } from './comparison.ts'
import { better, costText, delta, fixed, plural, pValue, signed } from './format-numbers.ts'

/** How many cells each terminal list shows before summing up the rest. */
const LIST_LIMIT = 25

/**
 * The comparison as plain text for a terminal or a CI log: the two reports' totals and deltas,
 * the counts per verdict, the overall test, the method, then the regressions, the improvements,
 * the cells that changed without significance (the first 25 of each) and the cells present in
 * one report only.
 */
export function formatComparison(comparison: Comparison): string {
  const { base, head, method, overall, counts } = comparison
  const lines = [
    `toolcheck compare: base ${sideName(base)} -> head ${sideName(head)}`,
    `pass rate ${fixed(base.passRate)} -> ${fixed(head.passRate)} (${signed(delta(base.passRate, head.passRate))}), mean score ${fixed(base.meanScore)} -> ${fixed(head.meanScore)} (${signed(delta(base.meanScore, head.meanScore))}), tokens ${formatTokens(base.promptTokens + base.completionTokens)} -> ${formatTokens(head.promptTokens + head.completionTokens)}, cost ${costText(base.costUsd)} -> ${costText(head.costUsd)}`,
    `${plural(comparison.cells.length, 'cell')} compared: ${plural(counts.regression, 'regression')}, ${plural(counts.improvement, 'improvement')}, ${counts.changed} changed without significance, ${counts.unchanged} unchanged${counts['no-data'] > 0 ? `, ${counts['no-data']} without scored runs` : ''}; ${comparison.added.length} added, ${comparison.removed.length} removed`,
    `overall: ${plural(overall.worse, 'cell')} worse, ${overall.better} better; sign test p ${pValue(overall.pWorse)} for worse (adjusted ${pValue(overall.adjustedWorse)})${overall.regression ? ': a significant regression' : ''}`,
    `method: ${methodText(comparison)}`,
    '',
    comparison.regression ? 'RESULT: significant regression' : 'RESULT: no significant regression',
  ]
  const sections: [string, readonly CellComparison[]][] = [
    ['regressions', comparison.cells.filter((cell) => cell.verdict === 'regression')],
    ['improvements', comparison.cells.filter((cell) => cell.verdict === 'improvement')],
    ['changed without significance', comparison.cells.filter((cell) => cell.verdict === 'changed')],
  ]
  for (const [title, cells] of sections) {
    if (cells.length === 0) continue
    lines.push('', `${title} (${cells.length}):`, ...cellTable(cells.slice(0, LIST_LIMIT), method.byAgent))
    if (cells.length > LIST_LIMIT) lines.push(`  ... and ${cells.length - LIST_LIMIT} more`)
  }
  for (const [title, keys] of [['added (in the head only)', comparison.added], ['removed (in the base only)', comparison.removed]] as const) {
    if (keys.length === 0) continue
    lines.push('', `${title} (${keys.length}):`)
    for (const key of keys.slice(0, LIST_LIMIT)) lines.push(`  ${key.scenario} [${key.augmentation}]${method.byAgent ? ` ${key.agent}` : ''}, ${plural(key.runs, 'run')}`)
    if (keys.length > LIST_LIMIT) lines.push(`  ... and ${keys.length - LIST_LIMIT} more`)
  }
  return lines.join('\n')
}

/** The method in one sentence, for every output. */
export function methodText(comparison: Comparison): string {
  const { method } = comparison
  const correction = method.correction === 'holm' ? 'Holm-adjusted' : method.correction === 'bh' ? 'Benjamini-Hochberg-adjusted' : 'unadjusted'
  const untestable = method.untestable > 0 ? `; ${plural(method.untestable, 'cell')} with too few trials to reach the level left out` : ''
  return `Boschloo's exact test on pass counts per cell (one-sided each way), ${correction} at alpha ${method.alpha} over a family of ${method.family} (the testable cells and the overall sign test)${untestable}`
}

function cellTable(cells: readonly CellComparison[], byAgent: boolean): string[] {
  const rows = cells.map((cell) => [
    `${cell.scenario} [${cell.augmentation}]${byAgent && cell.agent !== undefined ? ` ${cell.agent}` : ''}`,
    `${cell.base.passes}/${cell.base.trials}`,
    `${cell.head.passes}/${cell.head.trials}`,
    signed(cell.passRateDelta),
    signed(cell.scoreDelta),
    pValue(better(cell) ? cell.pBetter : cell.pWorse),
    pValue(better(cell) ? cell.adjustedBetter : cell.adjustedWorse),
  ])
  const header = ['cell', 'base', 'head', 'd pass', 'd score', 'p', 'adj. p']
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] as string).length)))
  const line = (row: readonly string[]) => `  ${row.map((value, column) => (column === 0 ? value.padEnd(widths[column] as number) : value.padStart(widths[column] as number))).join('  ')}`
  return [line(header), ...rows.map(line)]
}

function sideName(side: SideSummary): string {
  return `${side.agents.join(', ') || '(no runs)'} (${side.source === undefined ? '' : `${side.source}, `}${plural(side.runs, 'run')}${side.errors > 0 ? `, ${side.errors} errors` : ''})`
}






