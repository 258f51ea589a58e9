import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { parseEvalArguments, runEval } from '../../src/cli/eval.ts'
import { scriptedModel, startMockServer } from '../../src/mock-server/index.ts'
import { isCommonRunLine } from '../../src/reporter/common-run-line.ts'
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

  test("stacks of user code point at the user's lines under toolcheck eval --domain/--agent, as under vitest", async () => {
    const fixture = (file: string) => fileURLToPath(new URL(`fixtures/stacks/${file}`, import.meta.url))
    // The line of each file's one `throw`, counted in the file as written.
    const throwLine = async (file: string) => (await readFile(fixture(file), 'utf8')).split('\n').findIndex((line) => line.includes('throw new')) + 1
    const domainDirectory = reportDirectory('eval-stacks-domain')
    expect(await runEval(['--domain', fixture('clinic.ts'), '--scenarios', fixture('clinic.ts'), '--variants', 'plain', '--report-dir', domainDirectory], capture().io)).toBe(5)
    const domainRun = (JSON.parse(await readFile(`${domainDirectory}/report.json`, 'utf8')) as Report).runs[0]
    expect(domainRun?.error).toMatchObject({ culprit: 'domain', kind: 'tool-threw' })
    expect(domainRun?.error?.stack).toMatch(new RegExp(`\\n {4}at .*clinic\\.ts:${await throwLine('clinic.ts')}:\\d+`))
    const agentDirectory = reportDirectory('eval-stacks-agent')
    expect(await runEval(['--agent', fixture('crashing-agent.ts'), '--domain', fixture('clinic.ts'), '--scenarios', fixture('clinic.ts'), '--variants', 'plain', '--report-dir', agentDirectory], capture().io)).toBe(0)
    const agentRun = (JSON.parse(await readFile(`${agentDirectory}/report.json`, 'utf8')) as Report).runs[0]
    expect(agentRun?.error).toMatchObject({ culprit: 'agent', kind: 'agent-threw' })
    expect(agentRun?.error?.stack).toMatch(new RegExp(`\\n {4}at .*crashing-agent\\.ts:${await throwLine('crashing-agent.ts')}:\\d+`))
  })

  test('says which domain is missing when the scenarios name one it was not given', async () => {
    const { output, io } = capture()
    const code = await runEval(['--scenarios', BANK('scenarios'), '--report-dir', reportDirectory('eval-bank-missing')], io)
    expect(code).toBe(1)
    expect(output.stderr).toContain('balance.json:\n  - domain: names domain "bank", which is not known here (known: device)')
    // Told once, not once per suite file.
    expect(output.stderr.split('names domain "bank"')).toHaveLength(2)
  })

  test('stops with exit 1 naming every invalid file, and prints nothing of the report an earlier run left', async () => {
    const directory = reportDirectory('eval-invalid-files')
    expect(await runEval(['--domain', BANK('domain.ts'), '--scenarios', BANK('scenarios'), '--variants', 'plain', '--report-dir', directory], capture().io)).toBe(0)
    const earlier = await readFile(`${directory}/report.json`, 'utf8')
    const folder = await mkdtemp(join(tmpdir(), 'toolcheck-eval-files-'))
    try {
      const good = JSON.parse(await readFile(BANK('scenarios/balance.json'), 'utf8')) as Record<string, unknown>
      await writeFile(join(folder, 'a-good.json'), JSON.stringify(good))
      await writeFile(join(folder, 'b-broken.json'), '{ "id": ')
      await writeFile(join(folder, 'c-cycle.json'), JSON.stringify({ ...good, id: 'cycle', milestoneEdges: [[0, 1], [1, 0]] }))
      const { output, io } = capture()
      const code = await runEval(['--domain', BANK('domain.ts'), '--scenarios', folder, '--variants', 'plain', '--report-dir', directory], io)
      expect(code).toBe(1)
      expect(output.stdout).toBe('')
      expect(output.stderr).toContain(`toolcheck eval: this run wrote no report (the report already in ${directory.replace(/\/$/, '')} is an earlier run's, and was left as it was):`)
      expect(output.stderr).toContain(`${join(folder, 'b-broken.json')}: is not valid JSON: line 1, column 9`)
      expect(output.stderr).toContain(`invalid scenario ${join(folder, 'c-cycle.json')}:\n  - milestoneEdges.1: the edges form a cycle (0 → 1 → 0)`)
      expect(output.stderr).not.toContain('a-good.json')
      expect(await readFile(`${directory}/report.json`, 'utf8')).toBe(earlier)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  test('a module that exports a scenario on its own and in a list plays it once', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolcheck-eval-module-'))
    try {
      const module = join(folder, 'twice.ts')
      const scenarios = BANK('scenarios.ts')
      await writeFile(module, `import { sendWithoutAmount } from ${JSON.stringify(scenarios)}\nexport { sendWithoutAmount }\nexport const all = [sendWithoutAmount]\n`)
      const directory = reportDirectory('eval-exported-twice')
      const { output, io } = capture()
      expect(await runEval(['--domain', BANK('domain.ts'), '--scenarios', module, '--variants', 'plain', '--report-dir', directory], io)).toBe(0)
      expect(output.stderr).toMatch(PROGRESS_ONLY)
      const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
      expect(report.runs.map((run) => run.scenario)).toEqual(['bank-send-without-amount'])
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
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
      'tool descriptions removed',
      'argument descriptions removed',
      'argument types removed',
    ])
    expect(report.runs.length).toBeGreaterThanOrEqual(8)
    const perColumn = Object.values(report.summary.byAugmentation).map((group) => group.runs)
    expect(perColumn.reduce((sum, runs) => sum + runs, 0)).toBe(report.summary.overall.runs)
    expect(new Set(perColumn).size).toBe(1)
    // Runs keep the variant's full label beside its column.
    expect(report.runs.find((run) => run.augmentation === '3 distraction tools, tool names scrambled')?.augmentationColumns).toEqual(['tool names scrambled'])
    expect(output.stdout).toMatch(/^tool names scrambled\s+\d+\s+1\.000/m)
    expect(report.runs.every((run) => run.scenario.includes('wifi') && run.status !== 'error' && run.score === 1 && run.passed)).toBe(true)
    expect(output.stdout).toContain(`toolcheck: agent reference, ${report.runs.length} runs: ${report.runs.length} passed, 0 failed, 0 infrastructure errors`)
    expect(output.stdout).toMatch(/^overall\s+\d+\s+1\.000/m)
    // Merge and --resume read these lines again: each is one the quick check takes, not left to zod.
    const lines = (await readFile(`${directory}/runs.jsonl`, 'utf8')).split('\n').map((line) => (line === '' ? {} : (JSON.parse(line) as object)))
    const runLines = lines.filter((line) => 'run' in line)
    expect(runLines).toHaveLength(report.runs.length)
    expect(runLines.filter((line) => !isCommonRunLine(line))).toEqual([])
  })

  test('plays the selected built-in scenarios under the robustness preset with the reference agent: every run 1, the figures reported', async () => {
    const directory = reportDirectory('eval-robustness')
    const { output, io } = capture()
    const code = await runEval(['--filter', 'remove-contact', '--variants', 'robustness', '--report-dir', directory], io)
    expect(output.stderr).toMatch(PROGRESS_ONLY)
    expect(code).toBe(0)
    const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
    expect(report.runs.every((run) => run.status === 'completed' && run.score === 1 && run.passed)).toBe(true)
    const columns = Object.keys(report.summary.byAugmentation)
    expect(columns).toEqual(expect.arrayContaining(['none', 'fault: transient', 'fault: permanent', 'injection: direct in tool result', 'injection: system in tool description', 'user: change of mind', "world: other people's rows"]))
    // Each run's label says what its augmentation did.
    expect(report.runs.map((run) => run.augmentation)).toContain('search_contacts failed once with a transient error')
    expect(report.summary.robustness?.overall).toMatchObject({ utility: 1, utilityUnderAttack: 1, attackAttempts: 0, attackSuccess: 0, falseClaims: 0, notChecked: 0 })
    expect(output.stdout).toMatch(/^overall\s+1\.000\s+1\.000\s+0\.000\s+0\.000\s+0 in 0\/\d+/m)
    // Their lines, attacks and false claims included, are ones the quick check of merge and --resume takes.
    const runLines = (await readFile(`${directory}/runs.jsonl`, 'utf8')).split('\n').filter((line) => line.startsWith('{"run":')).map((line) => JSON.parse(line) as { run: { attacks?: unknown } })
    expect(runLines).toHaveLength(report.runs.length)
    expect(runLines.some((line) => line.run.attacks !== undefined)).toBe(true)
    expect(runLines.filter((line) => !isCommonRunLine(line))).toEqual([])
  })

  test('rejects unknown options, bad values and a filter that selects nothing', async () => {
    const { output, io } = capture()
    for (const variants of ['plain', 'all', 'robustness', 'faults', 'injections', 'user', 'world']) expect(parseEvalArguments(['--variants', variants]).variants).toBe(variants)
    expect(() => parseEvalArguments(['--variants', 'some'])).toThrow('--variants takes plain, all, robustness, faults, injections, user, world, not "some"')
    expect(await runEval(['--filter', 'no-such-scenario'], io)).toBe(2)
    expect(output.stderr).toContain('no built-in scenario has an id containing "no-such-scenario" or the category "no-such-scenario"; the categories are ')
    expect(() => parseEvalArguments(['--trails', '3'])).toThrow('unknown option "--trails"; the options are --scenarios, --domain, --agent, --user, --replay-user-errors, --filter, --variants, --trials, --report-dir, --scoring, --judge, --resume, --shard, --previous, --max-model-calls, --max-tokens, --max-cost, --min-score, --min-pass-rate, --min-category-score, --min-category-pass-rate, --baseline, --max-missing, --alpha, --max-user-errors, --max-false-claims, --max-attack-success, --min-family-pass-rate (did you mean --trials?)')
    expect(() => parseEvalArguments(['--scenarios'])).toThrow('--scenarios needs a value')
    expect(parseEvalArguments(['--scenarios', 'a', '--scenarios=b', '--domain', 'd.ts'], '/project')).toEqual({ scenarios: ['/project/a', '/project/b'], domains: ['/project/d.ts'], variants: 'all', trials: 1, reportDir: 'toolcheck-report', judge: 'built-in' })
    expect(await runEval(['--scenarios', 'no/such/folder'], io)).toBe(2)
    expect(output.stderr).toMatch(/no such file or folder: .*no\/such\/folder/)
    expect(parseEvalArguments(['--trials=3', '--variants=plain'])).toEqual({ variants: 'plain', trials: 3, reportDir: 'toolcheck-report', judge: 'built-in' })
    // Without --scoring each scenario is scored by its own mode (imported ToolSandbox scenarios: toolsandbox).
    expect(parseEvalArguments(['--scoring', 'toolsandbox']).scoring).toBe('toolsandbox')
    expect(parseEvalArguments(['--scoring', 'toolsandbox']).scoring).toBe('toolsandbox')
    expect(() => parseEvalArguments(['--scoring', 'apple'])).toThrow('--scoring takes toolcheck or toolsandbox, not "apple"')
    expect(parseEvalArguments(['--judge', 'openai:gpt-4o-mini']).judge).toBe('openai:gpt-4o-mini')
    expect(parseEvalArguments(['--judge', 'judges/mine.mjs'], '/project').judge).toBe('/project/judges/mine.mjs')
    expect(() => parseEvalArguments(['--judge', 'gpt-4o-mini'])).toThrow('--judge is "gpt-4o-mini", which is not a judge toolcheck knows; use built-in, openai:<model> or hf:<model> (did you mean "openai:gpt-4o-mini"?)')
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

  test('gates: checked before anything plays (exit 2), a failing one exits 4 and says which, the same run against itself as a baseline passes', async () => {
    const directory = reportDirectory('eval-gates')
    const baseline = reportDirectory('eval-gates-baseline')
    await rm(directory, { recursive: true, force: true })
    const base = capture()
    expect(await runEval(['--filter', 'wifi', '--variants', 'plain', '--report-dir', baseline], base.io)).toBe(0)
    // A misspelt category and a baseline that is not there stop the command before it plays.
    const early = capture()
    const args = ['--filter', 'wifi', '--variants', 'plain', '--report-dir', directory, '--min-score', '1', '--min-category-pass-rate', 'STATE_DEPENDENCY=1', '--min-category-score', 'STATE_DEPENDANCY=0.5']
    expect(await runEval(args, early.io)).toBe(2)
    expect(early.output.stderr).toMatch(/^toolcheck eval: the gate on category "STATE_DEPENDANCY" names a category no scenario of this run has \(did you mean STATE_DEPENDENCY\?\); the categories are /)
    expect(await runEval(['--baseline', reportDirectory('no-such-baseline'), '--filter', 'wifi', '--variants', 'plain', '--report-dir', directory], early.io)).toBe(2)
    expect(early.output.stderr).toMatch(/toolcheck eval: the baseline cannot be read: .*no-such-baseline\/?: no such file or directory/)
    expect(existsSync(directory)).toBe(false)
    // The same run against itself: every gate holds, and the reference agent needs no statistics.
    const again = capture()
    expect(await runEval([...args.slice(0, -2), '--baseline', baseline], again.io)).toBe(0)
    expect(again.output.stdout).toContain('toolcheck gates: all 4 passed')
    expect(again.output.stdout).toMatch(/ {2}pass {2}no regression: no regression against .*eval-gates-baseline/)
    // A narrower run leaves baseline cells out, which the baseline gate does not allow by default.
    const narrower = capture()
    expect(await runEval(['--filter', 'turn-on-wifi', '--variants', 'plain', '--report-dir', directory, '--baseline', baseline], narrower.io)).toBe(4)
    expect(narrower.output.stdout).toMatch(/ {2}FAIL {2}baseline cells present: 17 of 21 cells of .*eval-gates-baseline\/? missing from this run \(17 not played, 0 with only errors\), none may be: /)
    expect(narrower.output.stderr).toContain('toolcheck eval: 1 gate(s) failed')
    expect(await runEval(['--filter', 'turn-on-wifi', '--variants', 'plain', '--report-dir', directory, '--baseline', baseline, '--max-missing', '0.9'], capture().io)).toBe(0)
  })

  test('gate options are checked before anything runs', () => {
    expect(parseEvalArguments(['--min-pass-rate', '0.8', '--min-category-score', 'MY_OWN=0.5', '--min-category-pass-rate', 'MY_OWN=0.25', '--baseline', 'base/report.json', '--alpha', '0.01'])).toEqual({
      variants: 'all',
      trials: 1,
      reportDir: 'toolcheck-report',
      judge: 'built-in',
      gates: { minPassRate: 0.8, categories: { MY_OWN: { minScore: 0.5, minPassRate: 0.25 } }, baseline: 'base/report.json', alpha: 0.01 },
    })
    expect(() => parseEvalArguments(['--min-score', '1.5'])).toThrow('--min-score takes a number from 0 to 1, not "1.5"')
    expect(() => parseEvalArguments(['--min-category-score', '0.5'])).toThrow('--min-category-score takes <category>=<value>, not "0.5"')
    expect(() => parseEvalArguments(['--alpha', '0.01'])).toThrow('--alpha applies to --baseline, which is missing')
    expect(() => parseEvalArguments(['--max-missing', '0.1'])).toThrow('--max-missing applies to --baseline, which is missing')
    expect(parseEvalArguments(['--baseline', 'base', '--max-missing', '0.25']).gates).toEqual({ baseline: 'base', maxMissing: 0.25 })
  })
})
