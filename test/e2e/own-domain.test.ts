import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { openInChromium } from './open-in-chromium.ts'
import { packedProject } from './packed-project.ts'
import { readReport, runFixture } from './run-fixture.ts'

// A user's project with a domain of its own (a help desk, not the phone), installed from the
// packed package: its domain and a scenario in TypeScript, a JSON scenario file with $schema,
// playScenario with the matchers, describeScenarios, and a sweep shrinking a fragile agent.
const FILES = ['vitest.config.ts', 'helpdesk-domain.ts', 'helpdesk.test.ts', 'scenarios/close-vpn-ticket.json']
const project = await packedProject(FILES.map((file) => ({ from: `test/e2e/fixtures/own-domain/${file}`, to: file })))
afterAll(() => rm(project, { recursive: true, force: true }))

describe('a domain of your own, from the installed package', () => {
  test('every path runs, and the report shows the domain, its categories and its agents', async () => {
    const reportDir = join(project, 'toolcheck-report')
    const { tests } = await runFixture(project, reportDir)
    expect(tests.map((testCase) => [testCase.name, testCase.result().state, testCase.result().errors?.[0]?.message ?? ''])).toEqual(
      expect.arrayContaining([
        ['the desk agent assigns before it closes, and deletes nothing', 'passed', ''],
        ['helpdesk-close-printer-ticket <none>', 'passed', ''],
        ['helpdesk-close-vpn-ticket <none>', 'passed', ''],
        ["a sweep shrinks the fragile agent's failure to one of the domain's own tools", 'passed', ''],
      ]),
    )
    expect(tests).toHaveLength(4)
    const report = await readReport(reportDir)
    expect(new Set(report.runs.map((run) => run.domain))).toEqual(new Set(['helpdesk']))
    expect(new Set(report.runs.map((run) => run.agent))).toEqual(new Set(['desk-agent', 'fragile-desk-agent']))
    expect(Object.keys(report.summary.byCategory)).toEqual(expect.arrayContaining(['STATE_DEPENDENCY', 'SINGLE_TOOL_CALL', 'helpdesk-tickets']))
    const html = await readFile(join(reportDir, 'index.html'), 'utf8')
    expect(html).toContain('helpdesk-tickets')
    expect(html).toContain('fragile-desk-agent')
    await expectKeyNamedChanges(join(reportDir, 'index.html'))
  })
})

/**
 * The HTML report names the help desk's changed rows by their key and display column. Checked in
 * Chromium where one is installed (the browser test of the report says when it is not).
 */
async function expectKeyNamedChanges(page: string): Promise<void> {
  await openInChromium(page, async (tab) => {
    await tab.selectOption('#filter-agent', 'desk-agent')
    await tab.fill('#filter-text', 'the desk agent assigns before it closes')
    await expect.poll(() => tab.locator('.run-row').count()).toBe(1)
    await tab.locator('.run-row').first().click()
    // Assigned, then closed: two changes of the same row.
    const changes = tab.locator('#run-details .changes .change')
    await expect.poll(() => changes.count()).toBe(2)
    for (const head of await changes.locator('.change-head').all()) expect(await head.locator('> *').allTextContents()).toEqual(['~', 'tickets', 'Printer on floor 2 jams', 'T-7'])
    expect(await changes.locator('.change-value').allTextContents()).toEqual(['assignee: null → "p-2"', 'status: "open" → "closed"'])
  })
}
