import { describe, expect, test } from 'vitest'
import { buildReport } from '../../src/reporter/build-report.ts'
import { formatSummary } from '../../src/reporter/format-summary.ts'
import { formatToolSandboxTables } from '../../src/reporter/format-toolsandbox-table.ts'
import type { RunRecord } from '../../src/vitest/run-metadata.ts'
import { runRecord } from './run-record.ts'

function report(runs: RunRecord[], scoring: 'toolcheck' | 'toolsandbox') {
  const tests = [{ id: 't', fullName: 't', file: 'a.test.ts', state: 'passed' as const, attempts: [], meta: { toolcheck: { runs } }, annotations: [] }]
  return buildReport(tests, 'reference', { scoring }).report
}

const runs = [
  runRecord('a', 0, { categories: ['SINGLE_TOOL_CALL', 'SINGLE_USER_TURN'], score: 1, turns: 3 }),
  runRecord('b', 0, { categories: ['MULTIPLE_TOOL_CALL', 'SINGLE_USER_TURN'], score: 0.5, turns: 7 }),
  runRecord('b', 0, { categories: ['MULTIPLE_TOOL_CALL', 'SINGLE_USER_TURN'], augmentation: '3 distraction tools', augmentationColumns: ['3 distraction tools'], score: 0, turns: 9 }),
  // Not the agent's result: left out, as in the rest of the summary.
  runRecord('c', 0, { categories: ['MULTIPLE_TOOL_CALL'], status: 'error', score: null, milestoneScore: null, minefieldHit: null, error: { culprit: 'infrastructure', kind: 'timeout', message: 'slow' } }),
]

describe("the summary in ToolSandbox's form", () => {
  test('one row per agent: mean similarity and mean turns per category in ToolSandbox’s column order, then all; and per augmentation', () => {
    const lines = formatToolSandboxTables(report(runs, 'toolsandbox'))
    expect(lines[1]?.split(/\s+/)).toEqual(['agent', 'STC', 'MTC', 'SUT', 'all'])
    expect(lines[2]?.replace(/\s+/g, ' ')).toBe('reference 1.000 / 3.0 0.250 / 8.0 0.500 / 6.3 0.500 / 6.3')
    expect(lines.slice(4).map((line) => line.replace(/\s+/g, ' '))).toEqual(['augmentation reference', 'none 0.750 / 5.0', '3 distraction tools 0.000 / 9.0'])
  })

  test('the terminal summary shows it when the runs were scored as ToolSandbox scores, and not otherwise', () => {
    expect(formatSummary(report(runs, 'toolsandbox'))).toContain("in ToolSandbox's form (mean similarity / mean turns):")
    expect(formatSummary(report(runs, 'toolcheck'))).not.toContain("ToolSandbox's form")
  })
})
