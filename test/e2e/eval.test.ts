import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import { parseEvalArguments, runEval } from '../../src/cli/eval.ts'
import type { Report } from '../../src/reporter/report.ts'
import { reportDirectory } from './run-fixture.ts'

function capture() {
  const output = { stdout: '', stderr: '' }
  return { output, io: { stdout: (text: string) => void (output.stdout += text), stderr: (text: string) => void (output.stderr += text) } }
}

describe('toolcheck eval', () => {
  test('plays the selected built-in scenarios under all eight variants with the reference agent', async () => {
    const directory = reportDirectory('eval')
    const { output, io } = capture()
    const code = await runEval(['--filter', 'wifi', '--report-dir', directory], io)
    expect(output.stderr).toBe('')
    expect(code).toBe(0)
    const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
    expect(report.agent).toBe('reference')
    expect(Object.keys(report.summary.byAugmentation)).toHaveLength(8)
    // The plain presentation first, then labels with their numbers compared as numbers.
    expect(Object.keys(report.summary.byAugmentation)).toEqual([
      'none',
      '3 distraction tools',
      '3 distraction tools + argument descriptions scrambled',
      '3 distraction tools + argument types scrambled',
      '3 distraction tools + tool descriptions scrambled',
      '3 distraction tools + tool names scrambled',
      '10 distraction tools',
      'all tools',
    ])
    expect(report.runs.length).toBeGreaterThanOrEqual(8)
    expect(report.runs.every((run) => run.scenario.includes('wifi') && run.status !== 'error' && run.score === 1 && run.passed)).toBe(true)
    expect(output.stdout).toContain(`toolcheck: agent reference, ${report.runs.length} runs, 0 infrastructure errors`)
    expect(output.stdout).toMatch(/^overall\s+\d+\s+1\.000/m)
  })

  test('rejects unknown options and bad values with exit code 2', async () => {
    const { output, io } = capture()
    expect(await runEval(['--variants', 'some'], io)).toBe(2)
    expect(output.stderr).toContain('--variants takes plain or all, not "some"')
    expect(await runEval(['--filter', 'no-such-scenario'], io)).toBe(2)
    expect(output.stderr).toContain('no built-in scenario has an id containing "no-such-scenario" or the category "no-such-scenario"; the categories are ')
    expect(() => parseEvalArguments(['--trails', '3'])).toThrow('unknown option "--trails"; the options are --filter, --variants, --trials, --report-dir')
    expect(parseEvalArguments(['--trials=3', '--variants=plain'])).toEqual({ variants: 'plain', trials: 3, reportDir: 'toolcheck-report' })
  })
})
