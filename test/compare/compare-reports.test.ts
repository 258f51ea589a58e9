import { describe, expect, test } from 'vitest'
import type { ComparedReport } from '../../src/compare/compare-reports.ts'
import { compareReports } from '../../src/compare/compare-reports.ts'
import { comparisonMarkdown } from '../../src/compare/comparison-markdown.ts'
import { formatComparison } from '../../src/compare/format-comparison.ts'

type Run = ComparedReport['runs'][number]
const usage = { calls: 1, promptTokens: 10, completionTokens: 2, latencyMs: 0, cachedCalls: 0 }

/** Runs of one cell: `outcomes` is one letter per trial, p(assed), f(ailed) or e(rror). */
function cell(scenario: string, outcomes: string, overrides: Partial<Run> = {}): Run[] {
  return [...outcomes].map((outcome, trial) => ({
    scenario,
    augmentation: 'none',
    augmentationColumns: ['none'],
    categories: ['SINGLE_TOOL_CALL'],
    agent: 'agent-a',
    trial,
    status: outcome === 'e' ? 'error' : 'completed',
    score: outcome === 'e' ? null : outcome === 'p' ? 1 : 0,
    passed: outcome === 'p',
    verdict: outcome === 'e' ? 'error' : outcome === 'p' ? 'passed' : 'failed',
    usage,
    ...overrides,
  }))
}
const report = (...cells: Run[][]): ComparedReport => ({ agent: 'agent-a', runs: cells.flat() })

describe('compareReports', () => {
  test('a cell that drops from all to none of 8 trials is a regression; noise and ties are not', () => {
    const base = report(cell('a', 'pppppppp'), cell('b', 'ppppppfp'), cell('c', 'pppp'))
    const head = report(cell('a', 'ffffffff'), cell('b', 'pfpppppp'), cell('c', 'pppp'))
    const comparison = compareReports(base, head)
    expect(comparison.cells.map((item) => [item.scenario, item.verdict])).toEqual([
      ['a', 'regression'],
      ['b', 'unchanged'],
      ['c', 'unchanged'],
    ])
    expect(comparison.regression).toBe(true)
    expect(comparison.counts).toMatchObject({ regression: 1, unchanged: 2 })
    expect(comparison.cells[0]).toMatchObject({ base: { trials: 8, passes: 8 }, head: { trials: 8, passes: 0 }, passRateDelta: -1, testable: true })
    // The reverse comparison is an improvement, and then nothing is a regression.
    const reverse = compareReports(head, base)
    expect(reverse.cells[0]?.verdict).toBe('improvement')
    expect(reverse.regression).toBe(false)
  })

  test('single-trial cells cannot be significant alone, but many that flip the same way make an overall regression', () => {
    const scenarios = Array.from({ length: 12 }, (_, index) => `s${index}`)
    const base = report(...scenarios.map((id) => cell(id, 'p')))
    const head = report(...scenarios.map((id, index) => cell(id, index < 11 ? 'f' : 'p')))
    const comparison = compareReports(base, head)
    expect(comparison.method).toMatchObject({ family: 1, untestable: 12 })
    expect(comparison.cells.every((item) => item.verdict === 'changed' || item.verdict === 'unchanged')).toBe(true)
    expect(comparison.cells.every((item) => item.adjustedWorse === null && !item.testable)).toBe(true)
    // 11 worse, 0 better: the sign test's p is 1/2048.
    expect(comparison.overall).toMatchObject({ worse: 11, better: 0, regression: true })
    expect(comparison.overall.pWorse).toBeCloseTo(1 / 2048, 12)
    expect(comparison.regression).toBe(true)
    expect(formatComparison(comparison)).toContain('overall: 11 cells worse, 0 better; sign test p 0.0005 for worse (adjusted 0.0005): a significant regression')
    expect(comparisonMarkdown(comparison).split('\n')[0]).toBe('## ❌ toolcheck: a significant regression overall')
  })

  test('lists cells in one report only, leaves out errors and says when a side has no scored run', () => {
    const base = report(cell('kept', 'ppp'), cell('dropped', 'pp'), cell('down', 'ppp'))
    const head = report(cell('kept', 'ppep'), cell('new', 'f'), cell('down', 'eee'))
    const comparison = compareReports(base, head)
    expect(comparison.added).toEqual([{ scenario: 'new', augmentation: 'none', agent: 'agent-a', runs: 1 }])
    expect(comparison.removed).toEqual([{ scenario: 'dropped', augmentation: 'none', agent: 'agent-a', runs: 2 }])
    expect(comparison.cells.find((item) => item.scenario === 'kept')?.head).toMatchObject({ runs: 4, errors: 1, trials: 3, passes: 3, positions: [0, 1, 2, 3] })
    expect(comparison.cells.find((item) => item.scenario === 'down')?.verdict).toBe('no-data')
    expect(comparison.head).toMatchObject({ runs: 8, errors: 4, passRate: 0.75 })
  })

  test('tells cells apart by agent only when a report has several agents, and reads reports without verdicts', () => {
    const base = report(cell('a', 'pppppp'), cell('a', 'pppppp', { agent: 'agent-b' }))
    const head = report(cell('a', 'pppppp'), cell('a', 'ffffff', { agent: 'agent-b' }))
    const byAgent = compareReports(base, head)
    expect(byAgent.method.byAgent).toBe(true)
    expect(byAgent.cells.map((item) => [item.agent, item.verdict])).toEqual([
      ['agent-a', 'unchanged'],
      ['agent-b', 'regression'],
    ])
    // One agent each side (a new model, say): cells pair across the names.
    const renamed = compareReports(report(cell('a', 'pppppp')), report(cell('a', 'ffffff', { agent: 'agent-c' })))
    expect(renamed.method.byAgent).toBe(false)
    expect(renamed.cells[0]).not.toHaveProperty('agent')
    expect(renamed.cells[0]?.verdict).toBe('regression')
    // A report of version 1: runs pass as their tests did.
    const old = { agent: 'agent-a', runs: cell('a', 'pppppp').map(({ verdict: _verdict, ...run }) => run) }
    expect(compareReports(old, report(cell('a', 'ffffff'))).cells[0]?.verdict).toBe('regression')
  })

  test('a Benjamini-Hochberg correction flags more at the price of false alarms; no correction flags per cell', () => {
    const base = report(cell('a', 'pppp'), cell('b', 'pppp'), cell('c', 'pppp'), cell('d', 'pppp'))
    const head = report(cell('a', 'ffff'), cell('b', 'ffff'), cell('c', 'ffff'), cell('d', 'pfff'))
    const holm = compareReports(base, head)
    const bh = compareReports(base, head, { correction: 'bh' })
    const none = compareReports(base, head, { correction: 'none' })
    expect(holm.counts.regression).toBeLessThanOrEqual(bh.counts.regression)
    expect(bh.counts.regression).toBeLessThanOrEqual(none.counts.regression)
    expect(none.counts.regression).toBe(4)
    expect(() => compareReports(base, head, { alpha: 1 })).toThrow('alpha must be between 0 and 1')
  })
})
