import { defineConfig } from 'vitest/config'
import { toolcheck } from 'vitest-toolcheck/vitest'

// A project that tests its agent with toolcheck: the plugin adds the matchers and the reporter
// (summary table, toolcheck-report/report.json and index.html) next to vitest's own reporters.
export default defineConfig({
  plugins: [toolcheck({ reportDir: process.env.TOOLCHECK_EXAMPLES_REPORT_DIR ?? 'toolcheck-report' })],
  test: { include: ['*.test.ts', 'bank/*.test.ts'] },
})
