import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import type { Report } from '../../src/reporter/report.ts'
import { CHROMIUM_EXECUTABLE, sharedBrowser } from './browser.ts'
import { run } from './consumer-project.ts'
import { packedProject } from './packed-project.ts'

// A user's project with the package installed from its packed files: a folder of scenario files,
// three of them broken (a syntax error, a milestone cycle, values nested 150 deep), played as the
// docs show it under ToolSandbox's eight variants; a scenario whose user holds a fact back, played
// by the reference agent and by an agent that never asks; and toolcheck eval on the same files.
// Everything runs through the command lines a user types: vitest and toolcheck.
const FIXTURE = 'test/e2e/fixtures/scenario-files'
const FILES = [
  'vitest.config.ts',
  'files.test.ts',
  'knowledge.test.ts',
  'twice.ts',
  ...['a-wifi-on', 'b-wifi-on-again', 'c-broken', 'd-cycle', 'e-deep'].map((name) => `scenarios/${name}.json`),
  ...['wifi-on', 'wifi-on-again'].map((name) => `played/${name}.json`),
]
const project = await packedProject(FILES.map((file) => ({ from: `${FIXTURE}/${file}`, to: file })))
afterAll(() => rm(project, { recursive: true, force: true }))

const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' }
delete env.FORCE_COLOR

/** One test as vitest's JSON reporter gives it. */
interface TestResult {
  readonly fullName: string
  readonly status: string
  readonly failureMessages: readonly string[]
}

/** Runs `vitest run` in the project with `args`, its report in `reports/<name>`; the tests by their full name (` > `-joined, as the report gives it). */
async function vitest(name: string, args: readonly string[] = []): Promise<{ tests: TestResult[]; report: Report; code: number }> {
  const reportDir = join(project, 'reports', name)
  const results = join(project, `${name}-results.json`)
  const ran = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=json', `--outputFile=${results}`, ...args], { cwd: project, env: { ...env, TOOLCHECK_FIXTURE_REPORT_DIR: reportDir } })
  const parsed = JSON.parse(await readFile(results, 'utf8')) as { testResults: { assertionResults: { ancestorTitles: string[]; title: string; status: string; failureMessages: string[] }[] }[] }
  const tests = parsed.testResults.flatMap((file) => file.assertionResults.map((result) => ({ fullName: [...result.ancestorTitles, result.title].join(' > '), status: result.status, failureMessages: result.failureMessages })))
  const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as Report
  return { tests, report, code: ran.code }
}

const VARIANT_LABELS = TOOLSANDBOX_VARIANTS.map((variant) => variant.label)

const everything = vitest('all')

describe('scenario files, from the installed package', () => {
  test('every invalid file is a failing test named by the file, saying what is wrong; the good files play under every variant', async () => {
    const { tests, code } = await everything
    expect(code).toBe(1)
    const failed = Object.fromEntries(tests.filter((result) => result.status === 'failed').map((result) => [result.fullName, result.failureMessages.join('\n')]))
    expect(Object.keys(failed).sort()).toEqual([
      'an agent that never asks > ask-for-hectors-number <none>',
      'toolcheck scenarios > scenarios/c-broken.json',
      'toolcheck scenarios > scenarios/d-cycle.json',
      'toolcheck scenarios > scenarios/e-deep.json',
    ])
    expect(failed['toolcheck scenarios > scenarios/c-broken.json']).toMatch(/c-broken\.json: is not valid JSON: line 4, column 3/)
    expect(failed['toolcheck scenarios > scenarios/d-cycle.json']).toMatch(/d-cycle\.json:\n {2}- milestoneEdges\.1: the edges form a cycle \(0 → 1 → 0\); milestones must form a DAG/)
    expect(failed['toolcheck scenarios > scenarios/e-deep.json']).toMatch(/e-deep\.json: nests values more than 100 levels deep \(line \d+, column \d+\)/)
    const passed = tests.filter((result) => result.status === 'passed').map((result) => result.fullName)
    expect(passed.sort()).toEqual(
      [
        'the reference agent > ask-for-hectors-number <none>',
        ...['wifi-on', 'wifi-on-again'].flatMap((id) => VARIANT_LABELS.map((label) => `toolcheck scenarios > ${id} <${label}>`)),
      ].sort(),
    )
  })

  test('report.json and the HTML page carry the same full names as vitest, and the invalid files as problems', async () => {
    const { tests, report } = await everything
    const scenarioTests = tests.filter((result) => !result.fullName.includes('.json')).map((result) => result.fullName)
    expect(report.runs.map((entry) => entry.test).sort()).toEqual(scenarioTests.sort())
    expect(new Set(report.runs.map((entry) => entry.test)).size).toBe(report.runs.length)
    expect(report.problems.map((problem) => problem.test).sort()).toEqual(['scenarios/c-broken.json', 'scenarios/d-cycle.json', 'scenarios/e-deep.json'].map((file) => `toolcheck scenarios > ${file}`))
    expect(report.users).toEqual(['scripted'])
    const page = join(project, 'reports', 'all', 'index.html')
    const html = await readFile(page, 'utf8')
    expect(html).not.toContain('$name')
    if (CHROMIUM_EXECUTABLE === undefined) return
    const context = await (await sharedBrowser()).newContext({ viewport: { width: 1600, height: 4000 } })
    try {
      const tab = await context.newPage()
      await tab.goto(pathToFileURL(page).href)
      await expect.poll(() => tab.locator('.run-row').count()).toBe(report.runs.length)
      // A run's row holds its full test name, whole, in its title (third line: file > test), as the detail does.
      const titles = await tab.locator('.run-row .cell.name').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title')?.split('\n')[2] ?? ''))
      expect(titles.sort()).toEqual(report.runs.map((entry) => `${entry.file} > ${entry.test}`).sort())
    } finally {
      await context.close()
    }
  })

  test.for(['toolcheck scenarios > wifi-on <none>', 'toolcheck scenarios > wifi-on <3 distraction tools, tool names scrambled>', 'the reference agent > ask-for-hectors-number <none>'])(
    'vitest -t "%s" runs exactly that test',
    async (name) => {
      const { tests, report } = await vitest(`only-${VARIANT_LABELS.findIndex((label) => name.endsWith(`<${label}>`))}-${name.length}`, ['-t', name])
      expect(tests.filter((result) => result.status !== 'skipped' && result.status !== 'pending').map((result) => [result.fullName, result.status])).toEqual([[name, 'passed']])
      expect(report.runs.map((entry) => entry.test)).toEqual([name])
    },
  )

  test('the scripted user keeps the number until asked: the reference agent passes, an agent that never asks fails', async () => {
    const { tests, report } = await everything
    const failure = tests.find((result) => result.fullName === 'an agent that never asks > ask-for-hectors-number <none>')?.failureMessages.join('\n') ?? ''
    expect(failure).toMatch(/score 0/)
    const neverAsked = report.runs.find((entry) => entry.agent === 'never-asks')
    expect(neverAsked).toMatchObject({ scenario: 'ask-for-hectors-number', user: 'scripted', verdict: 'failed', score: 0 })
    expect(report.runs.find((entry) => entry.agent === 'reference' && entry.scenario === 'ask-for-hectors-number')).toMatchObject({ verdict: 'passed', score: 1 })
  })

  test('toolcheck eval stops with exit 1 naming every invalid file, and prints nothing of an earlier report', async () => {
    const toolcheck = (args: readonly string[]) => run(process.execPath, ['node_modules/vitest-toolcheck/bin/toolcheck.js', 'eval', '--report-dir', 'eval-report', '--variants', 'plain', ...args], { cwd: project, env })
    const earlier = await toolcheck(['--scenarios', 'played'])
    expect(earlier.code).toBe(0)
    const earlierReport = await readFile(join(project, 'eval-report', 'report.json'), 'utf8')
    const refused = await toolcheck(['--scenarios', 'scenarios'])
    expect(refused.code).toBe(1)
    expect(refused.stdout).toBe('')
    expect(refused.stderr).toContain("this run wrote no report (the report already in")
    for (const problem of [/c-broken\.json: is not valid JSON: line 4, column 3/, /d-cycle\.json:\n {2}- milestoneEdges\.1: the edges form a cycle/, /e-deep\.json: nests values more than 100 levels deep/]) expect(refused.stderr).toMatch(problem)
    expect(refused.stderr).not.toMatch(/a-wifi-on|b-wifi-on-again/)
    expect(await readFile(join(project, 'eval-report', 'report.json'), 'utf8')).toBe(earlierReport)
  })

  test('toolcheck eval --resume keeps the runs of unchanged scenarios and plays again those of a scenario changed since', async () => {
    const folder = join(project, 'resumable')
    await mkdir(folder, { recursive: true })
    for (const file of ['wifi-on.json', 'wifi-on-again.json']) await writeFile(join(folder, file), await readFile(join(project, 'played', file), 'utf8'))
    const toolcheck = (args: readonly string[]) => run(process.execPath, ['node_modules/vitest-toolcheck/bin/toolcheck.js', 'eval', '--scenarios', 'resumable', '--variants', 'all', '--report-dir', 'resume-report', ...args], { cwd: project, env })
    const first = await toolcheck([])
    expect(first.code).toBe(0)
    const runs = (JSON.parse(await readFile(join(project, 'resume-report', 'report.json'), 'utf8')) as Report).runs
    const again = runs.filter((entry) => entry.scenario === 'wifi-on-again').length
    expect(again).toBeGreaterThan(1)
    // The user's goal is part of the scenario's fingerprint: every run of the scenario is played again, under each variant.
    const changed = join(folder, 'wifi-on-again.json')
    await writeFile(changed, (await readFile(changed, 'utf8')).replace('Get Wi-Fi on, with cellular still off.', 'Get Wi-Fi on; leave cellular off.'))
    const resumed = await toolcheck(['--resume', 'resume-report'])
    expect(resumed.code).toBe(0)
    expect(resumed.stdout).toContain(`${runs.length - again} runs kept, ${again} played`)
    const unchanged = await toolcheck(['--resume', 'resume-report'])
    expect(unchanged.stdout).toContain(`${runs.length} runs kept, 0 played`)
  })

  test('toolcheck eval plays a scenario a module exports on its own and in a list once', async () => {
    const twice = await run(process.execPath, ['node_modules/vitest-toolcheck/bin/toolcheck.js', 'eval', '--scenarios', 'twice.ts', '--variants', 'plain', '--report-dir', 'twice-report'], { cwd: project, env })
    expect(twice.stderr).not.toContain('two scenarios have the id')
    expect(twice.code).toBe(0)
    const report = JSON.parse(await readFile(join(project, 'twice-report', 'report.json'), 'utf8')) as Report
    expect(report.runs.map((entry) => [entry.scenario, entry.test])).toEqual([['wifi-on-from-a-module', 'wifi-on-from-a-module <none>']])
  })
})
