import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { parseEvalArguments, runEval } from '../../src/cli/eval.ts'
import { scriptedModel, startMockServer } from '../../src/mock-server/index.ts'
import type { Report } from '../../src/reporter/report.ts'
import { reportDirectory } from './run-fixture.ts'

const PROGRESS_ONLY = /^(toolcheck eval: \d+\/\d+ runs, \d+ infrastructure errors?, [\d:]+ elapsed\n)*$/

function capture() {
  const output = { stdout: '', stderr: '' }
  return { output, io: { stdout: (text: string) => void (output.stdout += text), stderr: (text: string) => void (output.stderr += text) } }
}

const BANK = (path: string) => fileURLToPath(new URL(`../../examples/bank/${path}`, import.meta.url))

describe('toolcheck eval', () => {
  test("plays the user's own scenarios (TypeScript and JSON) in the user's own domain", async () => {
    const directory = reportDirectory('eval-bank')
    const { output, io } = capture()
    const code = await runEval(['--domain', BANK('domain.ts'), '--scenarios', BANK('scenarios.ts'), '--scenarios', BANK('scenarios'), '--variants', 'plain', '--report-dir', directory], io)
    expect(output.stderr).toMatch(PROGRESS_ONLY)
    expect(code).toBe(0)
    const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
    expect(report.runs.map((run) => run.scenario).sort()).toEqual(['bank-balance-of-brother', 'bank-send-without-amount', 'bank-transfer-from-locked-account'])
    expect(report.runs.every((run) => run.score === 1)).toBe(true)
    // The report slices by the scenarios' own labels beside ToolSandbox's categories.
    expect(Object.keys(report.summary.byCategory)).toEqual(expect.arrayContaining(['STATE_DEPENDENCY', 'transfers', 'balances']))
  })

  test('says which domain is missing when the scenarios name one it was not given', async () => {
    const { output, io } = capture()
    const code = await runEval(['--scenarios', BANK('scenarios'), '--report-dir', reportDirectory('eval-bank-missing')], io)
    expect(code).toBe(1)
    expect(output.stderr).toContain('balance.json:\n  - domain: names domain "bank", which is not known here (known: device)')
    // Told once, not once per suite file.
    expect(output.stderr.split('names domain "bank"')).toHaveLength(2)
  })

  test('plays the selected built-in scenarios under all eight variants with the reference agent', async () => {
    const directory = reportDirectory('eval')
    const { output, io } = capture()
    const code = await runEval(['--filter', 'wifi', '--report-dir', directory], io)
    // Progress lines only (a log gets one every 30 s, so a slow machine may show some).
    expect(output.stderr).toMatch(PROGRESS_ONLY)
    expect(code).toBe(0)
    const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
    expect(report.agent).toBe('reference')
    // The columns of ToolSandbox's table 5, in its order: each variant counts under its own.
    expect(Object.keys(report.summary.byAugmentation)).toEqual([
      'none',
      '3 distraction tools',
      '10 distraction tools',
      'all tools',
      'tool names scrambled',
      'tool descriptions scrambled',
      'argument descriptions scrambled',
      'argument types scrambled',
    ])
    expect(report.runs.length).toBeGreaterThanOrEqual(8)
    const perColumn = Object.values(report.summary.byAugmentation).map((group) => group.runs)
    expect(perColumn.reduce((sum, runs) => sum + runs, 0)).toBe(report.summary.overall.runs)
    expect(new Set(perColumn).size).toBe(1)
    // Runs keep the variant's full label beside its column.
    expect(report.runs.find((run) => run.augmentation === '3 distraction tools + tool names scrambled')?.augmentationColumns).toEqual(['tool names scrambled'])
    expect(output.stdout).toMatch(/^tool names scrambled\s+\d+\s+1\.000/m)
    expect(report.runs.every((run) => run.scenario.includes('wifi') && run.status !== 'error' && run.score === 1 && run.passed)).toBe(true)
    expect(output.stdout).toContain(`toolcheck: agent reference, ${report.runs.length} runs: ${report.runs.length} passed, 0 failed, 0 infrastructure errors`)
    expect(output.stdout).toMatch(/^overall\s+\d+\s+1\.000/m)
  })

  test('rejects unknown options, bad values and a filter that selects nothing', async () => {
    const { output, io } = capture()
    expect(() => parseEvalArguments(['--variants', 'some'])).toThrow('--variants takes plain or all, not "some"')
    expect(await runEval(['--filter', 'no-such-scenario'], io)).toBe(2)
    expect(output.stderr).toContain('no built-in scenario has an id containing "no-such-scenario" or the category "no-such-scenario"; the categories are ')
    expect(() => parseEvalArguments(['--trails', '3'])).toThrow('unknown option "--trails"; the options are --scenarios, --domain, --agent, --filter, --variants, --trials, --report-dir, --scoring, --min-score, --min-pass-rate, --min-category-score, --min-category-pass-rate, --baseline, --alpha (did you mean --trials?)')
    expect(() => parseEvalArguments(['--scenarios'])).toThrow('--scenarios needs a value')
    expect(parseEvalArguments(['--scenarios', 'a', '--scenarios=b', '--domain', 'd.ts'], '/project')).toEqual({ scenarios: ['/project/a', '/project/b'], domains: ['/project/d.ts'], variants: 'all', trials: 1, reportDir: 'toolcheck-report', scoring: 'toolcheck' })
    expect(await runEval(['--scenarios', 'no/such/folder'], io)).toBe(2)
    expect(output.stderr).toMatch(/no such file or folder: .*no\/such\/folder/)
    expect(parseEvalArguments(['--trials=3', '--variants=plain'])).toEqual({ variants: 'plain', trials: 3, reportDir: 'toolcheck-report', scoring: 'toolcheck' })
    expect(parseEvalArguments(['--scoring', 'toolsandbox']).scoring).toBe('toolsandbox')
    expect(() => parseEvalArguments(['--scoring', 'apple'])).toThrow('--scoring takes toolcheck or toolsandbox, not "apple"')
  })

  test('TOOLCHECK_AGENT=openai:<model> with OPENAI_BASE_URL runs the corpus against that server', async () => {
    const id = 'send-message-to-elena-cellular-off'
    const server = await startMockServer({ respond: scriptedModel(builtInScenarios({ id })) })
    const saved = { agent: process.env.TOOLCHECK_AGENT, user: process.env.TOOLCHECK_USER, base: process.env.OPENAI_BASE_URL, key: process.env.OPENAI_API_KEY, cache: process.env.TOOLCHECK_CACHE }
    Object.assign(process.env, { TOOLCHECK_AGENT: `openai:${id}`, TOOLCHECK_USER: `openai:${id}`, OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test-eval-key', TOOLCHECK_CACHE: 'off' })
    try {
      const directory = reportDirectory('eval-openai')
      const { output, io } = capture()
      const code = await runEval(['--filter', id, '--variants', 'plain', '--report-dir', directory], io)
      expect(output.stderr).toMatch(PROGRESS_ONLY)
      expect(code).toBe(0)
      const text = await readFile(`${directory}/report.json`, 'utf8')
      const report = JSON.parse(text) as Report
      expect(report.agent).toBe(`openai:${id}`)
      expect(report.runs.map((run) => [run.scenario, run.status, run.score])).toEqual([[id, 'completed', 1]])
      expect(server.chatRequestCount).toBeGreaterThanOrEqual(4)
      expect(text).not.toContain('sk-test-eval-key')
      expect(output.stdout).toContain('toolcheck: agent openai:')
    } finally {
      for (const [name, value] of [['TOOLCHECK_AGENT', saved.agent], ['TOOLCHECK_USER', saved.user], ['OPENAI_BASE_URL', saved.base], ['OPENAI_API_KEY', saved.key], ['TOOLCHECK_CACHE', saved.cache]] as const) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
      await server.close()
    }
  })

  test('runs that end in infrastructure errors are reported apart, with exit code 3', async () => {
    const server = await startMockServer({ respond: () => ({ status: 400, body: { error: { message: 'this server takes no requests' } } }) })
    const saved = { agent: process.env.TOOLCHECK_AGENT, base: process.env.OPENAI_BASE_URL, key: process.env.OPENAI_API_KEY, cache: process.env.TOOLCHECK_CACHE }
    Object.assign(process.env, { TOOLCHECK_AGENT: 'openai:broken', OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test-eval-key', TOOLCHECK_CACHE: 'off' })
    try {
      const directory = reportDirectory('eval-infrastructure-errors')
      const { output, io } = capture()
      expect(await runEval(['--filter', 'turn-on-wifi-in-low-battery-mode', '--variants', 'plain', '--report-dir', directory], io)).toBe(3)
      expect(output.stderr).toContain('toolcheck eval: 1 of 1 runs ended in infrastructure errors')
      const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
      expect(report.summary.overall.errors).toBe(1)
      expect(report.runs[0]?.status).toBe('error')
    } finally {
      for (const [name, value] of [['TOOLCHECK_AGENT', saved.agent], ['OPENAI_BASE_URL', saved.base], ['OPENAI_API_KEY', saved.key], ['TOOLCHECK_CACHE', saved.cache]] as const) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
      await server.close()
    }
  })

  test('gates: a failing one exits 4 and says which; the same run against itself as a baseline passes', async () => {
    const directory = reportDirectory('eval-gates')
    const { output, io } = capture()
    const args = ['--filter', 'wifi', '--variants', 'plain', '--report-dir', directory, '--min-score', '1', '--min-category-pass-rate', 'STATE_DEPENDENCY=1', '--min-category-score', 'NO_SUCH_CATEGORY=0.5']
    expect(await runEval(args, io)).toBe(4)
    expect(output.stdout).toContain('toolcheck gates: 1 of 3 FAILED')
    expect(output.stdout).toMatch(/ {2}pass {2}overall mean score: 1\.000 >= 1\.000 over \d+ scored runs/)
    expect(output.stdout).toMatch(/ {2}pass {2}STATE_DEPENDENCY pass rate: 1\.000 >= 1\.000/)
    expect(output.stdout).toContain('  FAIL  NO_SUCH_CATEGORY mean score: no run has this category; the categories are SINGLE_TOOL_CALL')
    expect(output.stderr).toContain('toolcheck eval: 1 gate(s) failed')
    const again = capture()
    const baseline = reportDirectory('eval-gates-baseline')
    await runEval(['--filter', 'wifi', '--variants', 'plain', '--report-dir', baseline], capture().io)
    expect(await runEval(['--filter', 'wifi', '--variants', 'plain', '--report-dir', directory, '--baseline', baseline], again.io)).toBe(0)
    expect(again.output.stdout).toMatch(/ {2}pass {2}no significant regression: no significant regression against .*eval-gates-baseline/)
    expect(await runEval(['--baseline', reportDirectory('no-such-baseline'), '--filter', 'wifi', '--variants', 'plain', '--report-dir', directory], capture().io)).toBe(1)
  })

  test('gate options are checked before anything runs', () => {
    expect(parseEvalArguments(['--min-pass-rate', '0.8', '--min-category-score', 'MY_OWN=0.5', '--min-category-pass-rate', 'MY_OWN=0.25', '--baseline', 'base/report.json', '--alpha', '0.01'])).toEqual({
      variants: 'all',
      trials: 1,
      reportDir: 'toolcheck-report',
      scoring: 'toolcheck',
      gates: { minPassRate: 0.8, categories: { MY_OWN: { minScore: 0.5, minPassRate: 0.25 } }, baseline: 'base/report.json', alpha: 0.01 },
    })
    expect(() => parseEvalArguments(['--min-score', '1.5'])).toThrow('--min-score takes a number from 0 to 1, not "1.5"')
    expect(() => parseEvalArguments(['--min-category-score', '0.5'])).toThrow('--min-category-score takes <category>=<value>, not "0.5"')
    expect(() => parseEvalArguments(['--alpha', '0.01'])).toThrow('--alpha applies to --baseline, which is missing')
  })
})
