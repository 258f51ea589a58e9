import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import { main } from '../../src/cli/main.ts'
import type { Comparison } from '../../src/compare/comparison.ts'
import { FIXTURES, readReport, reportDirectory, runFixture } from './run-fixture.ts'

function capture() {
  const output = { stdout: '', stderr: '' }
  return { output, io: { stdout: (text: string) => void (output.stdout += text), stderr: (text: string) => void (output.stderr += text) } }
}

/** Runs the regression fixture with one variant of its agent (and gates, when given). */
async function runVariant(variant: string, directory: string, gates?: object) {
  const saved = { variant: process.env.TOOLCHECK_FIXTURE_VARIANT, gates: process.env.TOOLCHECK_FIXTURE_GATES }
  process.env.TOOLCHECK_FIXTURE_VARIANT = variant
  if (gates === undefined) delete process.env.TOOLCHECK_FIXTURE_GATES
  else process.env.TOOLCHECK_FIXTURE_GATES = JSON.stringify(gates)
  try {
    return await runFixture(FIXTURES.regression, directory)
  } finally {
    for (const [key, value] of [['TOOLCHECK_FIXTURE_VARIANT', saved.variant], ['TOOLCHECK_FIXTURE_GATES', saved.gates]] as const) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  }
}

// The same fixture three times: the base agent, a new version whose failures fall on other
// trials at the same rate (noise), and one that also breaks mobile data on every trial.
const directories = { base: reportDirectory('compare-base'), noise: reportDirectory('compare-noise'), regression: reportDirectory('compare-regression') }
const reports = (async () => {
  for (const variant of ['base', 'noise', 'regression'] as const) await runVariant(variant, directories[variant])
})()

describe('toolcheck compare', () => {
  test('trial noise is no regression: exit 0, and the Markdown says so', async () => {
    await reports
    const markdown = `${directories.noise}compare.md`
    const { output, io } = capture()
    const code = await main(['compare', directories.base, `${directories.noise}report.json`, '--markdown', markdown], io)
    expect(output.stderr).toBe('')
    expect(code).toBe(0)
    expect(output.stdout).toContain('8 cells compared: 0 regressions, 0 improvements, 6 changed without significance, 2 unchanged; 0 added, 0 removed')
    expect(output.stdout).toContain('RESULT: no significant regression')
    const text = await readFile(markdown, 'utf8')
    expect(text.split('\n')[0]).toBe('## ✅ toolcheck: no significant regression')
    expect(text).not.toContain('### Regressions')
    expect(text).toContain('<details><summary>6 cells changed without significance</summary>')
    expect(text).toContain('| pass rate | 0.875 | 0.833 | -0.042 |')
  })

  test('flags exactly the seeded regression: exit 4, JSON, Markdown and the comparison page', async () => {
    await reports
    const page = `${directories.regression}compare.html`
    const { output, io } = capture()
    const code = await main(['compare', directories.base, directories.regression, '--json', '--html', page], io)
    expect(output.stderr).toBe('')
    expect(code).toBe(4)
    const comparison = JSON.parse(output.stdout) as Comparison
    expect(comparison.regression).toBe(true)
    expect(comparison.cells.filter((cell) => cell.verdict === 'regression').map((cell) => `${cell.scenario} [${cell.augmentation}]`)).toEqual([
      'fixture-cellular-on [3 distraction tools, tool names scrambled]',
      'fixture-cellular-on [none]',
    ])
    // Every other cell moved by trial noise only, and is not called a regression.
    expect(comparison.cells.filter((cell) => cell.verdict !== 'regression').every((cell) => cell.scenario !== 'fixture-cellular-on')).toBe(true)
    expect(comparison.counts).toEqual({ regression: 2, improvement: 0, changed: 6, unchanged: 0, 'no-data': 0 })
    expect(comparison.method).toMatchObject({ test: 'boschloo', alpha: 0.05, correction: 'holm', family: 9, untestable: 0 })
    const cellular = comparison.cells.find((cell) => cell.scenario === 'fixture-cellular-on')
    expect(cellular?.base).toMatchObject({ trials: 6, passes: 5 })
    expect(cellular?.head).toMatchObject({ trials: 6, passes: 0 })
    expect(cellular?.pWorse).toBeCloseTo(0.003173828125, 9)
    const printed = capture()
    expect(await main(['compare', directories.base, directories.regression, '--markdown', '-'], printed.io)).toBe(4)
    const markdown = printed.output.stdout
    expect(markdown.split('\n')[0]).toBe('## ❌ toolcheck: 2 significant regressions')
    const regressions = markdown.slice(markdown.indexOf('### Regressions'), markdown.indexOf('<details>'))
    expect(regressions.split('\n').filter((line) => line.startsWith('| fixture-'))).toEqual([
      '| fixture-cellular-on | 3 distraction tools, tool names scrambled | 5/6 | 0/6 | -0.833 | -0.833 | 0.0032 | 0.0286 |',
      '| fixture-cellular-on | none | 5/6 | 0/6 | -0.833 | -0.833 | 0.0032 | 0.0286 |',
    ])
    expect(markdown).toContain("Boschloo's exact test on pass counts per cell")
    const html = await readFile(page, 'utf8')
    expect(html).toContain('id="base-details"')
    expect(html).not.toMatch(/(src|href)=["']?https?:/)
  })

  test('exit codes for bad input: 2 for options, 1 for a report that cannot be read', async () => {
    await reports
    const { output, io } = capture()
    expect(await main(['compare', directories.base], io)).toBe(2)
    expect(output.stderr).toContain('needs two reports, the base and the head; got 1')
    expect(await main(['compare', directories.base, directories.noise, '--correction', 'bonferroni'], io)).toBe(2)
    expect(await main(['compare', directories.base, directories.noise, '--alpha', '2'], io)).toBe(2)
    expect(await main(['compare', directories.base, directories.noise, '--json', '--markdown', '-'], io)).toBe(2)
    expect(await main(['compare', directories.base, reportDirectory('no-such-report')], io)).toBe(1)
    expect(output.stderr).toMatch(/no-such-report\/?: no such file or directory/)
  })
})

describe('gates in the plugin', () => {
  test('a significant regression against the baseline fails the vitest run with exit code 4, saying which gate', async () => {
    await reports
    const gates = { baseline: `${directories.base}report.json`, minPassRate: 0.5, categories: { TURN_OFF: { minScore: 0.8 } } }
    const failed = await runVariant('regression', reportDirectory('gates-regression'), gates)
    expect(failed.exitCode).toBe(4)
    expect(failed.output).toContain('toolcheck gates: 1 of 3 FAILED')
    expect(failed.output).toContain('  pass  overall pass rate: 0.625 >= 0.500 over 48 scored runs')
    expect(failed.output).toContain('  pass  TURN_OFF mean score: 0.917 >= 0.800 over 24 scored runs')
    expect(failed.output).toMatch(/ {2}FAIL {2}no significant regression: significant regression against .*compare-base\/report\.json: fixture-cellular-on \[3 distraction tools, tool names scrambled\] 5\/6 -> 0\/6; fixture-cellular-on \[none\] 5\/6 -> 0\/6/)
    // Trial noise passes the same gates: vitest's own code (failed trials are failed tests) stays.
    const noisy = await runVariant('noise', reportDirectory('gates-noise'), gates)
    expect(noisy.output).toContain('toolcheck gates: all 3 passed')
    expect(noisy.exitCode).toBe(1)
    // A minimum that the run misses fails on its own.
    const strict = await runVariant('noise', reportDirectory('gates-strict'), { minScore: 0.9 })
    expect(strict.output).toContain('  FAIL  overall mean score: 0.833 < 0.900 over 48 scored runs')
    expect(strict.exitCode).toBe(4)
    expect((await readReport(reportDirectory('gates-strict'))).runs).toHaveLength(48)
  })
})
