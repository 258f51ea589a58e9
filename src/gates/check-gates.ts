import type { Comparison } from '../compare/comparison.ts'
import { compareReports } from '../compare/compare-reports.ts'
import type { Report, SummaryGroup } from '../reporter/report.ts'
import type { GateOptions } from './gate-options.ts'

/** One gate's outcome. */
export interface GateCheck {
  /** What was checked: `overall mean score`, `STATE_DEPENDENCY pass rate`, `baseline`. */
  readonly gate: string
  readonly passed: boolean
  /** The figures, in words: `0.812 >= 0.800`, `2 significant regressions against base/report.json`. */
  readonly detail: string
}

/** Every gate's outcome, and whether all held. */
export interface GateResult {
  readonly passed: boolean
  readonly checks: readonly GateCheck[]
  /** The comparison with the baseline, when one was given. */
  readonly comparison?: Comparison
}

/**
 * Checks a report against the gates. Scores and pass rates count scored runs only (runs a tool
 * of the domain or the infrastructure ended are not the agent's; runs the agent's own code ended
 * are its failures, and count); a gate over a group without scored
 * runs fails, and so does a category gate whose category no run has (a misspelt label should not
 * pass silently). `baseline` is the baseline report itself, read by the caller.
 */
export function checkGates(report: Report, gates: GateOptions, baseline?: { readonly report: Report; readonly source: string }): GateResult {
  const checks: GateCheck[] = []
  const minimum = (gate: string, group: SummaryGroup | undefined, field: 'meanScore' | 'passRate', floor: number | undefined) => {
    if (floor === undefined) return
    const value = group?.[field] ?? null
    if (group === undefined) checks.push({ gate, passed: false, detail: `no run has this category; the categories are ${Object.keys(report.summary.byCategory).join(', ') || '(none)'}` })
    else if (value === null) checks.push({ gate, passed: false, detail: `no scored runs (${unscored(group)})` })
    else checks.push({ gate, passed: value >= floor - 1e-9, detail: `${value.toFixed(3)} ${value >= floor - 1e-9 ? '>=' : '<'} ${floor.toFixed(3)} over ${group.runs - group.errors} scored runs` })
  }
  minimum('overall mean score', report.summary.overall, 'meanScore', gates.minScore)
  minimum('overall pass rate', report.summary.overall, 'passRate', gates.minPassRate)
  for (const [category, floors] of Object.entries(gates.categories ?? {})) {
    const group = report.summary.byCategory[category]
    minimum(`${category} mean score`, group, 'meanScore', floors.minScore)
    minimum(`${category} pass rate`, group, 'passRate', floors.minPassRate)
  }
  let comparison: Comparison | undefined
  if (baseline !== undefined) {
    comparison = compareReports(baseline.report, report, {
      ...(gates.alpha === undefined ? {} : { alpha: gates.alpha }),
      ...(gates.correction === undefined ? {} : { correction: gates.correction }),
      sources: { base: baseline.source },
    })
    const regressions = comparison.cells.filter((cell) => cell.verdict === 'regression')
    const named = regressions.slice(0, 5).map((cell) => `${cell.scenario} [${cell.augmentation}] ${cell.base.passes}/${cell.base.trials} -> ${cell.head.passes}/${cell.head.trials}`)
    const detail = comparison.regression
      ? `significant regression against ${baseline.source}: ${[...named, ...(regressions.length > 5 ? [`and ${regressions.length - 5} more`] : []), ...(comparison.overall.regression ? [`overall ${comparison.overall.worse} cells worse, ${comparison.overall.better} better`] : [])].join('; ')}`
      : `no significant regression against ${baseline.source} (${comparison.cells.length} cell${comparison.cells.length === 1 ? '' : 's'} compared, ${comparison.counts.changed} changed without significance)`
    checks.push({ gate: 'no significant regression', passed: !comparison.regression, detail })
  }
  return { passed: checks.every((check) => check.passed), checks, ...(comparison === undefined ? {} : { comparison }) }
}

/** The gates' outcome for a terminal: one line per gate, and a headline. */
export function formatGates(result: GateResult): string {
  const failed = result.checks.filter((check) => !check.passed).length
  return [
    failed === 0 ? `toolcheck gates: all ${result.checks.length} passed` : `toolcheck gates: ${failed} of ${result.checks.length} FAILED`,
    ...result.checks.map((check) => `  ${check.passed ? 'pass' : 'FAIL'}  ${check.gate}: ${check.detail}`),
  ].join('\n')
}

/** Why a group's runs were not scored: "2 infrastructure errors", "1 domain error, 2 infrastructure errors". */
function unscored(group: SummaryGroup): string {
  const domain = group.domainErrors
  const infrastructure = group.infrastructureErrors
  const count = (value: number, noun: string) => `${value} ${noun}${value === 1 ? '' : 's'}`
  return domain > 0 ? `${count(domain, 'domain error')}, ${count(infrastructure, 'infrastructure error')}` : count(infrastructure, 'infrastructure error')
}
