import { describe, expect, test } from 'vitest'
import { formatHistory } from '../../src/compare/format-history.ts'
import { historyMarkdown } from '../../src/compare/history-markdown.ts'
import { renderHistoryHtml } from '../../src/compare/render-history-html.ts'
import type { HistoryReport } from '../../src/compare/report-history.ts'
import { reportHistory } from '../../src/compare/report-history.ts'
import { reportOfRecords, runRecord } from '../reporter/sample-records.ts'

/** A report of two scenarios of 6 trials: `passes[scenario]` of them pass. */
function report(passes: Readonly<Record<string, number>>): HistoryReport {
  return reportOfRecords(
    Object.entries(passes).flatMap(([scenario, count]) =>
      Array.from({ length: 6 }, (_, trial) => runRecord({ scenario, categories: [scenario === 'a' ? 'STATE_DEPENDENCY' : 'CANONICALIZATION'], trial, score: trial < count ? 1 : 0 })),
    ),
  )
}

describe('reportHistory', () => {
  test('every group in every report, oldest first, each step tested as compare tests two reports', () => {
    const history = reportHistory([report({ a: 6, b: 5 }), report({ a: 5, b: 6 }), report({ a: 0, b: 6 })], { sources: ['one', 'two', 'three'] })
    expect(history.rows.map((row) => [row.level, row.name, row.points.map((point) => point?.passRate), row.steps])).toEqual([
      ['overall', 'all cells', [11 / 12, 11 / 12, 0.5], ['changed', 'regression']],
      ['category', 'STATE_DEPENDENCY', [1, 5 / 6, 0], ['changed', 'regression']],
      ['category', 'CANONICALIZATION', [5 / 6, 1, 1], ['changed', 'unchanged']],
      ['augmentation', 'none', [11 / 12, 11 / 12, 0.5], ['changed', 'regression']],
    ])
    expect(history.steps).toHaveLength(2)
    expect(history.latest.regression).toBe(true)
    expect(history.reports.map((entry) => entry.source)).toEqual(['one', 'two', 'three'])
    const text = formatHistory(history)
    expect(text).toContain('  category STATE_DEPENDENCY  1.000   0.833   0.000v')
    expect(text).toContain('RESULT (#3 against #2): REGRESSION: ')
    expect(historyMarkdown(history).split('\n')[0]).toMatch(/^## ❌ toolcheck: regression: /)
    expect(historyMarkdown(history)).toContain('| category STATE\\_DEPENDENCY | 1.000 | 0.833 | 0.000 ▼ |')
    expect(renderHistoryHtml(history)).toContain('data-step="regression"')
    expect(() => reportHistory([report({ a: 1 })])).toThrow('a history needs at least two reports, got 1')
  })
})
