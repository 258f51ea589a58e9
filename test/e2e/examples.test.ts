import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { readReport, reportDirectory, runFixture } from './run-fixture.ts'

// The README's tour points at `examples/`: this runs that project with vitest, as a user would,
// so the tour stays true.
describe('the examples project', () => {
  test('passes, and its report holds every run', async () => {
    const reportDir = reportDirectory('examples')
    process.env.TOOLCHECK_EXAMPLES_REPORT_DIR = reportDir
    try {
      const { tests } = await runFixture(fileURLToPath(new URL('../../examples/', import.meta.url)), reportDir)
      const failed = tests.filter((testCase) => testCase.result().state !== 'passed')
      expect(failed.map((testCase) => `${testCase.fullName}: ${testCase.result().errors?.[0]?.message ?? ''}`)).toEqual([])
      expect(tests.length).toBeGreaterThanOrEqual(44)
      const report = await readReport(reportDir)
      expect(report.summary.overall.errors).toBe(0)
      expect(Object.keys(report.summary.byAugmentation).length).toBeGreaterThanOrEqual(8)
    } finally {
      delete process.env.TOOLCHECK_EXAMPLES_REPORT_DIR
    }
  })
})
