import { describe, expect, test } from 'vitest'
import { checkGates, formatGates } from '../../src/gates/check-gates.ts'
import { hasGates } from '../../src/gates/gate-options.ts'
import { reportOfRecords, runRecord } from '../reporter/sample-records.ts'

function reportOf(scores: readonly (number | null)[], categories: readonly string[] = ['SINGLE_TOOL_CALL']) {
  return reportOfCells([{ scenario: 'a', scores }], categories)
}

/** A report of several cells, each a scenario with its trials' scores (`null`: an infrastructure error). */
function reportOfCells(cells: readonly { readonly scenario: string; readonly scores: readonly (number | null)[] }[], categories: readonly string[] = ['SINGLE_TOOL_CALL']) {
  return reportOfRecords(cells.flatMap(({ scenario, scores }) => scores.map((score, trial) => runRecord({ scenario, categories: [...categories], trial, score }))))
}

describe('checkGates', () => {
  test('minimum score and pass rate, overall and per category, over scored runs only', () => {
    const report = reportOf([1, 1, 0.5, null], ['SINGLE_TOOL_CALL', 'MY_OWN'])
    const result = checkGates(report, { minScore: 0.8, minPassRate: 0.7, categories: { MY_OWN: { minPassRate: 0.5 }, TYPO: { minScore: 0.1 } } })
    expect(result.checks).toEqual([
      { gate: 'overall mean score', passed: true, detail: '0.833 >= 0.800 over 3 scored runs' },
      { gate: 'overall pass rate', passed: false, detail: '0.667 < 0.700 over 3 scored runs' },
      { gate: 'MY_OWN pass rate', passed: true, detail: '0.667 >= 0.500 over 3 scored runs' },
      { gate: 'TYPO mean score', passed: false, detail: 'no run has this category; the categories are SINGLE_TOOL_CALL, MY_OWN' },
    ])
    expect(result.passed).toBe(false)
    expect(formatGates(result)).toBe(
      [
        'toolcheck gates: 2 of 4 FAILED',
        '  pass  overall mean score: 0.833 >= 0.800 over 3 scored runs',
        '  FAIL  overall pass rate: 0.667 < 0.700 over 3 scored runs',
        '  pass  MY_OWN pass rate: 0.667 >= 0.500 over 3 scored runs',
        '  FAIL  TYPO mean score: no run has this category; the categories are SINGLE_TOOL_CALL, MY_OWN',
      ].join('\n'),
    )
  })

  test('a run of only infrastructure errors fails a minimum rather than passing it', () => {
    const result = checkGates(reportOf([null, null]), { minScore: 0 })
    expect(result.checks[0]).toEqual({ gate: 'overall mean score', passed: false, detail: 'no scored runs (2 errors)' })
  })

  test('the baseline gate fails on a regression and passes on noise', () => {
    const baseline = { report: reportOf([1, 1, 1, 1, 1, 1, 1, 1]), source: 'base/report.json' }
    const failed = checkGates(reportOf([0, 0, 0, 0, 0, 0, 0, 0]), { baseline: 'base/report.json' }, baseline)
    expect(failed.passed).toBe(false)
    expect(failed.checks[0]?.detail).toBe('regression against base/report.json: overall 8/8 -> 0/8; a [none] 8/8 -> 0/8')
    expect(failed.comparison?.counts.regression).toBe(1)
    const noisy = checkGates(reportOf([1, 1, 0, 1, 1, 1, 1, 0]), { baseline: 'base/report.json' }, baseline)
    expect(noisy.checks).toEqual([
      { gate: 'no regression', passed: true, detail: 'no regression against base/report.json (1 cell compared, 1 changed without significance)' },
      { gate: 'baseline cells present', passed: true, detail: 'all 1 cell of base/report.json are in this run with scored runs' },
    ])
  })

  test('the baseline gate fails when baseline cells are missing or left with only errors, beyond the share allowed', () => {
    const cells = (scenarios: readonly string[], score: number | null) => scenarios.map((scenario) => ({ scenario, scores: [score, score] }))
    const baseline = { report: reportOfCells(cells(['a', 'b', 'c', 'd', 'e'], 1)), source: 'base' }
    // Two of five cells are gone (one not played, one only infrastructure errors).
    const head = reportOfCells([...cells(['a', 'b', 'c'], 1), ...cells(['d'], null)])
    const strict = checkGates(head, { baseline: 'base' }, baseline)
    expect(strict.checks[1]).toEqual({
      gate: 'baseline cells present',
      passed: false,
      detail: '2 of 5 cells of base missing from this run (1 not played, 1 with only errors), none may be: e [none] not played; d [none] only errors',
    })
    expect(checkGates(head, { baseline: 'base', maxMissing: 0.4 }, baseline).checks[1]?.passed).toBe(true)
    expect(checkGates(head, { baseline: 'base', maxMissing: 0.3 }, baseline).checks[1]?.detail).toContain('at most 30% may be (maxMissing 0.3)')
    // Every run an infrastructure error: nothing compared, and the gate fails rather than passing.
    const down = checkGates(reportOfCells(cells(['a', 'b', 'c', 'd', 'e'], null)), { baseline: 'base' }, baseline)
    expect(down.passed).toBe(false)
    expect(down.checks[1]?.detail).toMatch(/^5 of 5 cells of base missing/)
  })

  test('a baseline scored the other way fails the gate instead of being compared', () => {
    const baseline = { report: { ...reportOf([1, 1]), settings: { ...reportOf([1]).settings, scoring: 'toolsandbox' as const } }, source: 'base' }
    const result = checkGates(reportOf([1, 1]), { baseline: 'base' }, baseline)
    expect(result.checks[0]).toMatchObject({ gate: 'no regression', passed: false })
    expect(result.checks[0]?.detail).toContain('base was scored toolsandbox, this run toolcheck')
  })

  test('hasGates is false without any gate', () => {
    expect(hasGates(undefined)).toBe(false)
    expect(hasGates({ categories: {} })).toBe(false)
    expect(hasGates({ minScore: 0 })).toBe(true)
  })
})
