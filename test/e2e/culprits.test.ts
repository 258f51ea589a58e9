import { execFile } from 'node:child_process'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, test } from 'vitest'
import type { Report } from '../../src/reporter/report.ts'
import { openInChromium } from './open-in-chromium.ts'
import { packedProject } from './packed-project.ts'
import { failureText, readReport, runFixture } from './run-fixture.ts'

// A user's project, from the packed package, where each culprit ends a run: the agent passes one
// scenario, a tool's bug ends the other, an agent's own code crashes, and a model answers HTTP 500.
const FILES = ['vitest.config.ts', 'shop.ts', 'culprits.test.ts', 'agent.ts', 'agent.cjs']
const copies = FILES.map((file) => ({ from: `test/e2e/fixtures/culprits/${file}`, to: file }))
const esm = await packedProject(copies)
// `npm init` makes a CommonJS project; --agent and --domain take TypeScript there too.
const commonJs = await packedProject(copies.filter((file) => file.to !== 'vitest.config.ts' && file.to !== 'culprits.test.ts'))
await writeFile(join(commonJs, 'package.json'), JSON.stringify({ name: 'my-shop', version: '1.0.0', type: 'commonjs', private: true }))
afterAll(() => Promise.all([esm, commonJs].map((project) => rm(project, { recursive: true, force: true }))))

describe('whose code made the verdict, from the installed package', () => {
  test('a vitest project: each culprit fails its test with its own message, and the report, the summary and the page count them apart', async () => {
    const reportDir = join(esm, 'toolcheck-report')
    const { tests, output } = await runFixture(esm, reportDir)
    const outcome = Object.fromEntries(tests.map((testCase) => [testCase.name, [testCase.result().state, failureText(testCase)]]))
    expect(outcome['tag-kettle <none>']).toEqual(['passed', ''])
    expect(outcome['count-kettles <none>']?.[1]).toMatch(
      /^scenarioTest: the run of scenario "count-kettles" \(augmentation none, trial 0\) ended with a domain error, not an agent failure: the tool count_stock threw TypeError: Cannot read properties of undefined \(reading 'total'\) \(called with \{"item_id":"i-1"\}\)\. Fix the tool; the run is counted apart in the report\.\n\nTypeError: Cannot read properties of undefined \(reading 'total'\)\n {4}at (Object\.)?execute \(.*shop\.ts:\d+:\d+\)/,
    )
    expect(outcome['the crashing agent']?.[1]).toMatch(
      /^toHitMilestones: the agent's own code broke in the run of scenario "tag-kettle" \(augmentation none, trial 0\): the agent's code threw TypeError: Cannot read properties of undefined \(reading 'result'\)\. The run is the agent's failure and scores 0\.\n\nTypeError: .*\n {4}at .*shop\.ts:\d+:\d+/,
    )
    expect(outcome['the model is down']?.[1]).toMatch(/^toHitMilestones: the run of scenario "tag-kettle" \(augmentation none, trial 0\) ended with an infrastructure error, not an agent failure; server-error in the agent: /)

    const report = await readReport(reportDir)
    const byTest = Object.fromEntries(report.runs.map((run) => [run.test, run]))
    expect(byTest['shop > count-kettles <none>']).toMatchObject({ status: 'error', verdict: 'error', score: null, error: { culprit: 'domain', kind: 'tool-threw', tool: 'count_stock', arguments: { item_id: 'i-1' } } })
    expect(byTest['the crashing agent']).toMatchObject({ status: 'error', verdict: 'failed', score: 0, agent: 'crashing-agent', error: { culprit: 'agent', kind: 'agent-threw' } })
    expect(byTest['the model is down']).toMatchObject({ status: 'error', verdict: 'error', score: null, error: { culprit: 'infrastructure', kind: 'server-error' } })
    expect(byTest['shop > tag-kettle <none>']).toMatchObject({ verdict: 'passed', score: 1 })
    expect(report.summary.overall).toMatchObject({ runs: 4, passed: 1, failed: 1, agentErrors: 1, errors: 2, domainErrors: 1, infrastructureErrors: 1, meanScore: 0.5 })

    expect(output).toContain("toolcheck: agents crashing-agent, openai:shop-model, shop-agent, 4 runs: 1 passed, 1 failed (1 where the agent's own code broke), 1 domain error, 1 infrastructure error")
    expect(output).toMatch(/1 run ended by a bug in a tool of the domain \(not scored; fix the tool\):\n {2}the tool count_stock threw TypeError: Cannot read properties of undefined \(reading 'total'\) \(count-kettles \[none\] trial 0, called with \{"item_id":"i-1"\}\)\n {4}at (Object\.)?execute \(.*shop\.ts:\d+:\d+\)/)
    expect(output).toMatch(/1 run ended by the agent's own code \(failures, scored 0\):\n {2}the agent's code threw TypeError: Cannot read properties of undefined \(reading 'result'\) \(tag-kettle \[none\] trial 0\)/)
    await expectCulpritsOnThePage(join(reportDir, 'index.html'))
  })

  for (const [kind, project] of [
    ['an ES module', esm],
    ['a CommonJS', commonJs],
  ] as const) {
    test(`toolcheck eval --agent plays your own agent in ${kind} project, TypeScript and CommonJS alike, and exits 5 on a domain error`, async () => {
      const withDomainError = await evalIn(project, ['--agent', 'agent.ts', '--domain', 'shop.ts', '--scenarios', 'shop.ts', '--variants', 'plain', '--report-dir', 'report-ts'])
      expect(withDomainError.code).toBe(5)
      expect(withDomainError.stdout).toContain('toolcheck: agent shop-agent, 2 runs: 1 passed, 0 failed, 1 domain error, 0 infrastructure errors')
      expect(withDomainError.stderr).toContain('toolcheck eval: 1 of 2 runs ended in domain errors: a tool of the domain broke')
      const report = JSON.parse(await readFile(join(project, 'report-ts', 'report.json'), 'utf8')) as Report
      expect(report.runs.map((run) => [run.scenario, run.verdict, run.error?.culprit ?? null])).toEqual([
        ['count-kettles', 'error', 'domain'],
        ['tag-kettle', 'passed', null],
      ])
      const fromCommonJs = await evalIn(project, ['--agent', 'agent.cjs', '--domain', 'shop.ts', '--scenarios', 'shop.ts', '--filter', 'tag-kettle', '--variants', 'plain', '--report-dir', 'report-cjs'])
      expect(fromCommonJs.stdout).toContain('toolcheck: agent commonjs-agent, 1 run: 1 passed, 0 failed, 0 infrastructure errors')
      expect(fromCommonJs.code).toBe(0)
    })
  }

  test('toolcheck eval --agent says what to export when the module has no agent', async () => {
    await writeFile(join(esm, 'not-an-agent.ts'), 'export default function policy() { return "hi" }\n')
    const result = await evalIn(esm, ['--agent', 'not-an-agent.ts', '--domain', 'shop.ts', '--scenarios', 'shop.ts', '--variants', 'plain', '--report-dir', 'report-bad'])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`toolcheck eval: --agent ${join(esm, 'not-an-agent.ts')}: its default export is a function, not an agent; wrap it: export default functionAgent(yourFunction), or turnAgent('name', yourTurn)`)
    const missing = await evalIn(esm, ['--agent', 'openai:gpt-4o'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('(--agent takes a module; name a model with TOOLCHECK_AGENT instead)')
  })
})

/** Runs the installed command line in a project; its exit code and output. */
async function evalIn(project: string, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const bin = join(project, 'node_modules', 'vitest-toolcheck', 'bin', 'toolcheck.js')
  const { TOOLCHECK_AGENT: _agent, ...env } = process.env
  return promisify(execFile)(process.execPath, [bin, 'eval', ...args], { cwd: project, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )
}

/** The page counts the culprits apart, filters by culprit, and shows a domain error's tool, arguments and stack (in Chromium, where one is installed). */
async function expectCulpritsOnThePage(page: string): Promise<void> {
  await openInChromium(page, async (tab) => {
    await expect.poll(() => tab.locator('#totals').textContent()).toContain("1 passed, 1 failed (1 where the agent's own code broke), 1 domain error, 1 infrastructure error")
    await tab.selectOption('#filter-status', 'domain')
    await expect.poll(() => tab.locator('.run-row').count()).toBe(1)
    await expect.poll(() => tab.locator('.run-row .error-kind').textContent()).toBe('domain: tool-threw')
    await tab.locator('.run-row').first().click()
    await expect.poll(() => tab.locator('#run-details pre.error-reason').textContent()).toBe("domain error (tool-threw): the tool count_stock threw TypeError: Cannot read properties of undefined (reading 'total')")
    expect(await tab.locator('#run-details .error-fields dt').allTextContents()).toEqual(['role', 'tool', 'arguments', 'stack'])
    expect(await tab.locator('#run-details .error-fields .error-tool').textContent()).toBe('count_stock')
    expect(JSON.parse((await tab.locator('#run-details .error-fields .error-arguments').textContent()) ?? '')).toEqual({ item_id: 'i-1' })
    expect(await tab.locator('#run-details .error-fields .error-stack').textContent()).toMatch(/^TypeError: .*\n {4}at (Object\.)?execute \(.*shop\.ts:\d+:\d+\)/)
    await tab.selectOption('#filter-status', 'agent')
    await expect.poll(() => tab.locator('.run-row').count()).toBe(1)
    await tab.locator('.run-row').first().click()
    await expect.poll(() => tab.locator('#run-details p:has(> .verdict)').textContent()).toContain("; the agent's own code broke, so the run scores 0")
    expect(await tab.locator('#run-details .error-fields dt').allTextContents()).toEqual(['role', 'stack'])
  })
}
