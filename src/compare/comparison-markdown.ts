import { formatTokens } from '../reporter/format-usage.ts'
import type { CellComparison, CellKey, Comparison, GroupComparison, SideSummary } from './comparison.ts'
import { cellLabel, comparisonNotes, distinctGroups, groupLabel, keyLabel, methodText, settingsText, verdictText } from './comparison-texts.ts'
import { better, costText, delta, fixed, plural, pValue, signed } from './format-numbers.ts'

/** How many rows each Markdown table lists; GitHub cuts step summaries at 1 MiB. */
const ROW_LIMIT = 50

/**
 * The comparison as GitHub-flavoured Markdown, for `$GITHUB_STEP_SUMMARY` or a pull-request
 * comment. It opens with the verdict, the groups and cells that regressed (worst first), the
 * improvements in one line and the notes a reader needs to trust the verdict; everything else is
 * folded away: the totals and settings, every group, the cells that changed without
 * significance, the improvements, the cells whose scenario changed and those in one report only.
 * The method closes it.
 */
export function comparisonMarkdown(comparison: Comparison): string {
  const { base, head, counts } = comparison
  const byAgent = comparison.method.byAgent
  const regressedGroups = distinctGroups(comparison.groups).filter((group) => group.verdict === 'regression')
  const regressedCells = comparison.cells.filter((cell) => cell.verdict === 'regression' || cell.verdict === 'break')
  const improvements = comparison.cells.filter((cell) => cell.verdict === 'improvement')
  const changed = comparison.cells.filter((cell) => cell.verdict === 'changed')
  const lines = [`## ${comparison.regression ? '❌' : '✅'} toolcheck: ${markdownText(verdictText(comparison))}`, '']
  lines.push(
    `${plural(comparison.cells.length, 'cell')} compared: ${plural(counts.regression, 'regression')} · ${plural(counts.break, 'break')} · ${counts.changed} changed without significance · ${plural(counts.improvement, 'improvement')} · ${counts.unchanged} unchanged; pass rate ${fixed(base.passRate)} → ${fixed(head.passRate)} (${signed(delta(base.passRate, head.passRate))}).`,
  )
  if (regressedGroups.length > 0) lines.push('', '### Regressed groups', '', ...groupTable(regressedGroups))
  if (regressedCells.length > 0) lines.push('', `### Regressed cells${counts.break > 0 ? ' and breaks' : ''}`, '', ...cellTable(regressedCells, byAgent))
  const improvedGroups = distinctGroups(comparison.groups).filter((group) => group.verdict === 'improvement')
  if (improvements.length + improvedGroups.length > 0)
    lines.push('', `Improved: ${[...improvedGroups.map(groupLabel), ...improvements.slice(0, 10).map((cell) => `${cellLabel(cell)} ${cell.base.passes}/${cell.base.trials} → ${cell.head.passes}/${cell.head.trials}`)].map(markdownText).join('; ')}${improvements.length > 10 ? `; and ${improvements.length - 10} more cells` : ''}.`)
  const notes = comparisonNotes(comparison)
  if (notes.length > 0) lines.push('', ...notes.map((note) => `> ${markdownText(note)}`))
  lines.push(
    '',
    ...folded('Totals and settings', [
      '| | base | head | change |',
      '|---|---|---|---|',
      `| agent | ${markdownText(base.agents.join(', '))} | ${markdownText(head.agents.join(', '))} | |`,
      `| runs | ${base.runs} | ${head.runs} | |`,
      `| pass rate | ${fixed(base.passRate)} | ${fixed(head.passRate)} | ${signed(delta(base.passRate, head.passRate))} |`,
      `| mean score | ${fixed(base.meanScore)} | ${fixed(head.meanScore)} | ${signed(delta(base.meanScore, head.meanScore))} |`,
      `| errors | ${base.errors} | ${head.errors} | |`,
      ...(base.userErrors + head.userErrors > 0 ? [`| of them user errors (the simulated user broke its part) | ${base.userErrors} | ${head.userErrors} | |`] : []),
      `| tokens | ${tokens(base)} | ${tokens(head)} | |`,
      `| cost | ${costText(base.costUsd)} | ${costText(head.costUsd)} | |`,
      '',
      markdownText(`Settings: ${settingsText(comparison.alike)}.`),
    ]),
  )
  lines.push(...folded(`All ${plural(comparison.groups.length, 'group')}, worst first`, groupTable(comparison.groups)))
  if (changed.length > 0) lines.push(...folded(`${plural(changed.length, 'cell')} changed without significance, largest fall first`, cellTable(changed, byAgent)))
  if (improvements.length > 0) lines.push(...folded(plural(improvements.length, 'improvement'), cellTable(improvements, byAgent)))
  if (comparison.scenarioChanged.length > 0)
    lines.push(
      ...folded(
        `${plural(comparison.scenarioChanged.length, 'cell')} not compared: scenario changed`,
        comparison.scenarioChanged.slice(0, ROW_LIMIT).map((cell) => `- ${markdownText(keyLabel(cell, byAgent))}: scenario changed: ${cell.differs.join(', ')} differ`),
      ),
    )
  if (comparison.added.length + comparison.removed.length > 0)
    lines.push(...folded(`${comparison.added.length} added, ${comparison.removed.length} removed`, [...keyList('Added (in the head only)', comparison.added, byAgent), ...keyList('Removed (in the base only)', comparison.removed, byAgent)]))
  lines.push(`<sub>${markdownText(methodText(comparison))}. A cell is one scenario under one augmentation${byAgent ? ' and one agent' : ''}; its runs are its trials, and a run passes when its score reaches its threshold.</sub>`, '')
  return lines.join('\n')
}

function folded(summary: string, body: readonly string[]): string[] {
  return [`<details><summary>${markdownText(summary)}</summary>`, '', ...body, '', '</details>', '']
}

function groupTable(groups: readonly GroupComparison[]): string[] {
  const rows = groups.slice(0, ROW_LIMIT).map((group) => {
    const up = group.verdict === 'improvement' || (group.verdict !== 'regression' && (group.rateDifference ?? 0) > 0)
    return `| ${markdownText(groupLabel(group))} | ${group.base.passes}/${group.base.trials} | ${group.head.passes}/${group.head.trials} | ${signed(group.rateDifference)} | ${pValue(up ? group.pBetter : group.pWorse)} | ${pValue(up ? group.adjustedBetter : group.adjustedWorse)} | ${group.regressedCells} of ${group.cells} | ${group.verdict}${group.reason === 'deterministic' ? ' (deterministic)' : ''} |`
  })
  return ['| group | base passes | head passes | Δ pass rate | p | adjusted p | cells regressed | verdict |', '|---|---:|---:|---:|---:|---:|---:|---|', ...rows, ...(groups.length > ROW_LIMIT ? ['', `…and ${groups.length - ROW_LIMIT} more`] : [])]
}

function cellTable(cells: readonly CellComparison[], byAgent: boolean): string[] {
  const rows = cells.slice(0, ROW_LIMIT).map((cell) => {
    const p = better(cell) ? [cell.pBetter, cell.adjustedBetter] : [cell.pWorse, cell.adjustedWorse]
    return `| ${markdownText(cell.scenario)} | ${markdownText(cell.augmentation)}${byAgent ? ` | ${markdownText(cell.agent ?? '')}` : ''} | ${cell.base.passes}/${cell.base.trials} | ${cell.head.passes}/${cell.head.trials} | ${signed(cell.passRateDelta)} | ${signed(cell.scoreDelta)} | ${pValue(p[0] ?? null)} | ${pValue(p[1] ?? null)} | ${cell.reason ?? ''} |`
  })
  return [
    `| scenario | augmentation${byAgent ? ' | agent' : ''} | base passes | head passes | Δ pass rate | Δ score | p | adjusted p | why |`,
    `|---|---${byAgent ? '|---' : ''}|---:|---:|---:|---:|---:|---:|---|`,
    ...rows,
    ...(cells.length > ROW_LIMIT ? ['', `…and ${cells.length - ROW_LIMIT} more`] : []),
  ]
}

function keyList(title: string, keys: readonly CellKey[], byAgent: boolean): string[] {
  if (keys.length === 0) return []
  return [`**${title}**`, '', ...keys.slice(0, ROW_LIMIT).map((key) => `- ${markdownText(keyLabel(key, byAgent))}, ${plural(key.runs, 'run')}`), ...(keys.length > ROW_LIMIT ? [`- …and ${keys.length - ROW_LIMIT} more`] : []), '']
}

/** Text for a Markdown table or line: names come from users' scenarios, so they must not break a table or add markup. */
export function markdownText(value: string): string {
  return value.replace(/[\\|`*_<>[\]]/g, (character) => `\\${character}`).replace(/\n/g, ' ')
}

function tokens(side: SideSummary): string {
  return formatTokens(side.promptTokens + side.completionTokens)
}
