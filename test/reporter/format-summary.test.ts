import { describe, expect, test } from 'vitest'
import { compareReports } from '../../src/compare/compare-reports.ts'
import { formatComparison } from '../../src/compare/format-comparison.ts'
import { formatHistory } from '../../src/compare/format-history.ts'
import { reportHistory } from '../../src/compare/report-history.ts'
import { checkGates, formatGates } from '../../src/gates/check-gates.ts'
import { formatSummary } from '../../src/reporter/format-summary.ts'
import { reportOfRecords, runRecord } from './sample-records.ts'

// Clears the screen, retitles the window and rings the bell: a category a scenario may carry.
const LABEL = 'refunds\u001b[2J\u001b]0;owned\u0007\u009b31m'
const ESCAPED = 'refunds\\u001b[2J\\u001b]0;owned\\u0007\\u009b31m'

describe('terminal output', () => {
  test("a category label's escape sequences never reach the terminal: the summary, the comparison, the history and the gates write them as escapes", () => {
    const report = reportOfRecords([runRecord({ categories: [LABEL] }), runRecord({ scenario: 'b', categories: [LABEL], score: 0 })])
    const worse = reportOfRecords([runRecord({ categories: [LABEL], score: 0 }), runRecord({ scenario: 'b', categories: [LABEL], score: 0 })])
    const texts = [
      formatSummary(report),
      formatComparison(compareReports(report, worse)),
      formatHistory(reportHistory([report, report, worse])),
      formatGates(checkGates(report, { categories: { [LABEL]: { minPassRate: 1 } } })),
    ]
    for (const text of texts) {
      expect(text).toContain(ESCAPED)
      expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
    }
  })
})
