import type { Comparison } from '../compare/comparison.ts'
import { cellLabel, distinctGroups, groupLabel, keyLabel } from '../compare/comparison-texts.ts'
import type { ComparedReport, TalliedReport } from '../compare/compare-reports.ts'
import { compareReports } from '../compare/compare-reports.ts'
import { plural } from '../compare/format-numbers.ts'
import type { Report, SummaryGroup } from '../reporter/report.ts'
import type { GateOptions } from './gate-options.ts'
import { DEFAULT_MAX_MISSING } from './gate-options.ts'
import { escapeControlCharacters } from '../conversation/safe-text.ts'
import { METRIC_GATES } from './metric-gates.ts'

/** One gate's outcome. */
export interface GateCheck {
  /** What was checked: `overall mean score`, `STATE_DEPENDENCY pass rate`, `no regression`, `baseline cells present`. */
  readonly gate: string
  readonly passed: boolean
  /** The figures, in words: `0.812 >= 0.800`, `regression against base/report.json: category TURN_OFF`. */
  readonly detail: string
}

/** Every gate's outcome, and whether all held. */
export interface GateResult {
  readonly passed: boolean
  readonly checks: readonly GateCheck[]
  /** The comparison with the baseline, when one was given. */
  readonly comparison?: Comparison
}

/** How many names a gate's detail lists before counting the rest. */
const NAMED = 5

/**
 * Checks a report against the gates. Scores and pass rates count scored runs only (runs whose
 * verdict is `error` are no one's score); a gate over a group without scored runs fails, and so
 * does a category gate whose category no run has (a misspelt label should not pass silently).
 * `baseline` is the baseline report itself, read by the caller. The baseline gives two checks:
 * no regression (as `toolcheck compare` decides it, and never across scoring modes), and no more
 * than `maxMissing` of the baseline's cells missing from the report or left with only errors.
 */
export function checkGates(report: Report, gates: GateOptions, baseline?: { readonly report: ComparedReport | TalliedReport; readonly source: string }): GateResult {
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
  for (const gate of METRIC_GATES) checks.push(...gate.check(report, gates))
  let comparison: Comparison | undefined
  if (baseline !== undefined) {
    comparison = compareReports(baseline.report, report, {
      ...(gates.alpha === undefined ? {} : { alpha: gates.alpha }),
      ...(gates.correction === undefined ? {} : { correction: gates.correction }),
      sources: { base: baseline.source },
    })
    checks.push(regressionCheck(comparison, baseline.source), missingCheck(comparison, baseline.source, gates.maxMissing ?? DEFAULT_MAX_MISSING))
  }
  return { passed: checks.every((check) => check.passed), checks, ...(comparison === undefined ? {} : { comparison }) }
}

/** The gates' outcome for a terminal: one line per gate, and a headline. */
export function formatGates(result: GateResult): string {
  const failed = result.checks.filter((check) => !check.passed).length
  // Category names come from scenarios: their control characters never reach the terminal.
  return escapeControlCharacters([
    failed === 0 ? `toolcheck gates: all ${result.checks.length} passed` : `toolcheck gates: ${failed} of ${result.checks.length} FAILED`,
    ...result.checks.map((check) => `  ${check.passed ? 'pass' : 'FAIL'}  ${check.gate}: ${check.detail}`),
  ].join('\n'))
}

/** Why a group's runs were not scored: "2 errors", or "2 errors (1 domain error, 1 infrastructure error)", with user errors when there were. */
function unscored(group: SummaryGroup): string {
  const errors = plural(group.errors, 'error')
  const users = group.userErrors ?? 0
  if (group.domainErrors === 0 && users === 0) return errors
  const parts = [...(group.domainErrors > 0 ? [plural(group.domainErrors, 'domain error')] : []), plural(group.infrastructureErrors, 'infrastructure error'), ...(users > 0 ? [plural(users, 'user error')] : [])]
  return `${errors} (${parts.join(', ')})`
}

function regressionCheck(comparison: Comparison, source: string): GateCheck {
  const gate = 'no regression'
  const { scoring } = comparison.alike
  if (scoring.same === false) return { gate, passed: false, detail: `${source} was scored ${scoring.base}, this run ${scoring.head}: their scores are not comparable; record a new baseline, or score this run as the baseline was` }
  const changed = comparison.scenarioChanged.length > 0 ? `; ${plural(comparison.scenarioChanged.length, 'cell')} not compared, their scenario changed` : ''
  if (!comparison.regression)
    return { gate, passed: true, detail: `no regression against ${source} (${plural(comparison.cells.length, 'cell')} compared, ${comparison.counts.changed} changed without significance${changed})` }
  const groups = distinctGroups(comparison.groups).filter((group) => group.verdict === 'regression').map((group) => `${groupLabel(group)} ${group.base.passes}/${group.base.trials} -> ${group.head.passes}/${group.head.trials}`)
  const cells = comparison.cells
    .filter((cell) => cell.verdict === 'regression' || cell.verdict === 'break')
    .map((cell) => `${cellLabel(cell)} ${cell.base.passes}/${cell.base.trials} -> ${cell.head.passes}/${cell.head.trials}${cell.verdict === 'break' ? ' (break)' : ''}`)
  return { gate, passed: false, detail: `regression against ${source}: ${[...groups, ...cells].slice(0, NAMED).join('; ')}${groups.length + cells.length > NAMED ? `; and ${groups.length + cells.length - NAMED} more` : ''}${changed}` }
}

function missingCheck(comparison: Comparison, source: string, allowed: number): GateCheck {
  const gate = 'baseline cells present'
  const { byAgent } = comparison.method
  const absent = comparison.removed.map((key) => keyLabel(key, byAgent))
  const errored = comparison.cells.filter((cell) => cell.base.trials > 0 && cell.head.trials === 0).map(cellLabel)
  const total = comparison.cells.length + comparison.removed.length + comparison.scenarioChanged.length
  const missing = absent.length + errored.length
  const share = total === 0 ? 0 : missing / total
  const limit = allowed === 0 ? 'none may be' : `at most ${(allowed * 100).toFixed(1).replace(/\.0$/, '')}% may be (maxMissing ${allowed})`
  if (missing === 0) return { gate, passed: true, detail: `all ${plural(total, 'cell')} of ${source} are in this run with scored runs` }
  const named = [...absent.map((label) => `${label} not played`), ...errored.map((label) => `${label} only errors`)]
  return {
    gate,
    passed: share <= allowed + 1e-12,
    detail: `${missing} of ${plural(total, 'cell')} of ${source} missing from this run (${absent.length} not played, ${errored.length} with only errors), ${limit}: ${named.slice(0, NAMED).join('; ')}${named.length > NAMED ? `; and ${named.length - NAMED} more` : ''}`,
  }
}
