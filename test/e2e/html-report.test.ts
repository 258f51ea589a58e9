import { expect } from 'vitest'
import { mkdir, writeFile } from 'node:fs/promises'
import { main } from '../../src/cli/main.ts'
import { buildReport } from '../../src/reporter/build-report.ts'
import { renderHtmlReport } from '../../src/reporter/render-html-report.ts'
import { toRunRecord } from '../../src/vitest/record-scenario-run.ts'
import { sampleEvaluation, sampleScenario, sampleTrajectory } from '../vitest/sample-run.ts'
import { browserTest, withPage } from './browser.ts'
import { FIXTURES, readReport, reportDirectory, runFixture } from './run-fixture.ts'

browserTest('the HTML report opens from disk, filters runs and shows a run: missed milestone not reached, tools shown, usage', async () => {
  const directory = reportDirectory('browser')
  await runFixture(FIXTURES.project, directory)
  await withPage(`${directory}/index.html`, async (page) => {
    await expect.poll(() => page.locator('.run-row').count()).toBe(10)
    await expect.poll(() => page.locator('#runs-count').textContent()).toBe('10 of 10 runs')
    // The augmentation filter offers the report's columns; a run matches each column it lists.
    expect(await page.locator('#filter-augmentation option').allTextContents()).toEqual(['all', 'none'])
    expect(await page.locator('#filter-agent option').allTextContents()).toEqual(['all', 'careless', 'reference', 'talker'])
    await page.selectOption('#filter-status', 'failed')
    const failed = page.locator('.run-row')
    await expect.poll(() => failed.count()).toBe(6)
    expect(await failed.locator('.verdict').allTextContents()).toEqual(Array(6).fill('failed'))
    await page.selectOption('#filter-category', 'SINGLE_USER_TURN')
    await expect.poll(() => page.locator('.run-row').count()).toBe(1)
    await page.selectOption('#filter-category', '')
    // Several agents: each is summarized.
    expect(await page.locator('#by-agent tbody tr td:first-child').allTextContents()).toEqual(['careless', 'reference', 'talker', 'overall'])

    // The whole test name is in the row's title (and in the detail).
    await failed.filter({ has: page.locator('[title*="talker > fixture-wifi-on"]') }).click()
    const mapping = page.locator('#run-details table.milestone-mapping tbody tr.match')
    await expect.poll(() => mapping.count()).toBe(1)
    // Nothing resembles the milestone: not reached, no candidate, and no badge on any message.
    expect(await mapping.first().locator('td').allTextContents()).toEqual(['0', 'wifi on', 'not reached', 'none close', '0.000'])
    expect(await page.locator('#run-details table.milestone-mapping tr.match-detail .why').textContent()).toContain('table settings')
    expect(await page.locator('#run-details table.milestone-mapping tr.match-detail .target').textContent()).toBe('expected: settings holds exactly the row { wifi = true }')
    expect(await page.locator('#run-details .badge.milestone').count()).toBe(0)
    expect(await page.locator('#run-details .usage').textContent()).toBe('usage: 0 model calls, 0 prompt + 0 completion tokens, cost -')
    expect(await page.locator('#run-details table.tools-shown tbody td:first-child').allTextContents()).toEqual(['get_wifi_status', 'set_low_battery_mode_status', 'set_wifi_status'])
    // Model text with markup is shown as text, never run.
    expect(await page.locator('#run-details').textContent()).toContain('<img src=x onerror=alert(1)>')
    expect(await page.locator('#run-details img').count()).toBe(0)
    // The detail stays in view while the page scrolls.
    await page.mouse.wheel(0, 1500)
    await expect.poll(() => page.locator('#run-details h2').evaluate((node) => node.getBoundingClientRect().top)).toBeLessThan(200)
    await page.screenshot({ path: `${directory}/failed-run.png`, fullPage: false })
  })
})

browserTest('the report of a suite with trials shows the heatmap, pass^k, usage, the scrambled tool list and the closest message of a missed milestone; the comparison page shows both sides', async () => {
  const base = reportDirectory('browser-base')
  const head = reportDirectory('browser-head')
  for (const [variant, directory] of [['base', base], ['regression', head]] as const) {
    process.env.TOOLCHECK_FIXTURE_VARIANT = variant
    try {
      await runFixture(FIXTURES.regression, directory)
    } finally {
      delete process.env.TOOLCHECK_FIXTURE_VARIANT
    }
  }
  const report = await readReport(head)
  await withPage(`${head}/index.html`, async (page) => {
    // Trials are grouped by cell: eight cells of six trials each.
    await expect.poll(() => page.locator('.grouped-cell').count()).toBe(8)
    expect(await page.locator('#runs-count').textContent()).toBe('48 of 48 runs')
    // The heatmap: categories down, augmentation columns across, each cell the mean score.
    const { matrix } = report.summary
    expect(matrix.categories).toEqual(['SINGLE_TOOL_CALL', 'TURN_OFF'])
    for (const category of matrix.categories)
      for (const column of matrix.columns) {
        const cell = page.locator(`#heatmap td[data-category="${category}"][data-column="${column}"]`)
        expect(await cell.textContent()).toBe(matrix.cells[category]?.[column]?.meanScore?.toFixed(3))
        expect(await cell.getAttribute('data-runs')).toBe(String(matrix.cells[category]?.[column]?.runs))
      }
    expect(await page.locator('#heatmap td[data-category="TURN_OFF"][data-column="none"]').textContent()).toBe('0.917')
    // A click on a cell filters the runs to it.
    await page.locator('#heatmap td[data-category="TURN_OFF"][data-column="none"]').click()
    await expect.poll(() => page.locator('#runs-count').textContent()).toBe('12 of 48 runs')
    await page.selectOption('#filter-category', '')
    await page.selectOption('#filter-augmentation', '')

    // pass^k over the six trials, with intervals, overall; pass^1 is the pass rate, with its interval.
    expect(await page.locator('#pass-hat-k-overall thead th').allTextContents()).toEqual(['k', '1', '2', '3', '4', '5', '6'])
    expect(await page.locator('#pass-hat-k-overall tbody tr:first-child td').first().textContent()).toBe(report.summary.passHatK[1]?.toFixed(3))
    const passRate = `pass rate ${report.summary.overall.passRate?.toFixed(3)} (95% ${await page.locator('#pass-hat-k-overall tbody tr:nth-child(2) td').first().textContent()})`
    expect(await page.locator('#totals').textContent()).toContain(passRate)
    // Each cell's own: 0 of 6 passed, pass^6 0.000 inside its interval.
    const cellular = page.locator('.grouped-cell').first()
    expect(await cellular.locator('.passes').textContent()).toBe('0/6')
    expect(await cellular.locator('.pass-hat-k').textContent()).toBe('0.000')
    await cellular.click()
    await expect.poll(() => page.locator('#run-details .cell-pass-hat-k tbody tr').count()).toBe(6)
    expect(await page.locator('#run-details .cell-pass-hat-k tbody tr').last().locator('td').allTextContents()).toEqual(['0.000', '0.000-0.794'])
    await cellular.click()
    // Usage per run and in total.
    expect(await page.locator('#usage').textContent()).toBe('usage: 96 model calls (0 cached), 11.5k prompt + 1.73k completion tokens, cost $0.0240')

    // A failing run under scrambled names: the tools it was shown, and its missed milestone.
    await page.fill('#filter-text', 'fixture-cellular-on <3 distraction')
    await page.selectOption('#filter-status', 'failed')
    await page.uncheck('#group-cells')
    await expect.poll(() => page.locator('.run-row').count()).toBe(6)
    await page.locator('.run-row').first().click()
    const milestone = page.locator('#run-details table.milestone-mapping tbody tr.match').first()
    await expect.poll(() => milestone.locator('.status').textContent()).toBe('not reached')
    const where = await milestone.locator('.where').textContent()
    expect(where).toMatch(/^closest: \d+$/)
    const closest = Number(where?.slice('closest: '.length))
    expect(await page.locator('#run-details table.milestone-mapping tr.match-detail .why').first().textContent()).toContain('cellular: expected true, found false')
    const closestMessage = page.locator(`#run-details .message[data-message="${closest}"]`)
    expect(await closestMessage.locator('.badge.closest').textContent()).toBe('closest to milestone 0 cellular on (0.000)')
    // What the milestone expected stands beside the message that came closest.
    expect(await closestMessage.locator('.expected').textContent()).toBe('milestone 0 expected: settings holds exactly the row { cellular = true }why not here: table settings: row 1 of the target best matched a row where cellular: expected true, found false')
    expect(await closestMessage.locator('.tool-result').textContent()).toContain('set_wifi_status returned')
    expect(await page.locator('#run-details .badge.milestone').count()).toBe(0)
    // The changed row, named by its whole key.
    expect(await closestMessage.locator('.changes .change-head').textContent()).toMatch(/^~settings[0-9a-f-]{36}$/)
    expect(await closestMessage.locator('.changes .change-value').textContent()).toBe('wifi: false → true')
    const tools = await page.locator('#run-details table.tools-shown tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)))
    const cellularSwitch = tools.find((row) => row[1] === 'set_cellular_service_status')
    expect(cellularSwitch?.[0]).toMatch(/^\w+_\d+$/)
    expect(cellularSwitch?.[2]).toBe('renamed from set_cellular_service_status')
    expect(tools.filter((row) => row[2]?.includes('distraction'))).toHaveLength(3)
    expect(await page.locator('#run-details .usage').textContent()).toBe('usage: 2 model calls, 240 prompt + 36 completion tokens, cost $0.0005')
    await page.screenshot({ path: `${head}/report-missed-milestone.png`, fullPage: false })
  })

  const comparisonPage = `${head}/compare.html`
  const io = { stdout: () => undefined, stderr: () => undefined }
  expect(await main(['compare', base, head, '--html', comparisonPage], io)).toBe(4)
  await withPage(comparisonPage, async (page) => {
    expect(await page.locator('#headline').textContent()).toMatch(/^regression: .*; 2 cells$/)
    await expect.poll(() => page.locator('tr.cell-row').count()).toBe(8)
    await page.selectOption('#filter-verdict', 'regression')
    await expect.poll(() => page.locator('tr.cell-row').count()).toBe(2)
    expect(await page.locator('tr.cell-row td:first-child').allTextContents()).toEqual(['fixture-cellular-on', 'fixture-cellular-on'])
    await page.locator('tr.cell-row').first().click()
    // Both sides, each with its trials and the detail of one run.
    await expect.poll(() => page.locator('#cell-detail .side-base .trials button').count()).toBe(6)
    expect(await page.locator('#cell-detail .side-head h3').first().textContent()).toBe('head: 0 of 6 passed')
    expect(await page.locator('#cell-detail .side-base h3').first().textContent()).toBe('base: 5 of 6 passed')
    expect(await page.locator('#cell-detail .side-head .milestone-mapping .status').first().textContent()).toBe('not reached')
    await page.locator('#cell-detail .side-base .trials button', { hasText: 'trial 0: passed' }).click()
    await expect.poll(() => page.locator('#cell-detail .side-base .milestone-mapping .status').first().textContent()).toBe('reached')
    await page.screenshot({ path: `${head}/comparison.png`, fullPage: false })
  })
})

browserTest('a run that ended in an infrastructure error shows its reason in the list and in its detail', async () => {
  const directory = reportDirectory('browser-error')
  const failed = sampleTrajectory({ status: 'error', error: { culprit: 'infrastructure', kind: 'rate-limit', message: 'the endpoint kept answering 429 after 5 attempts', role: 'agent' } })
  const runs = [toRunRecord(sampleScenario, sampleTrajectory(), sampleEvaluation(), 0), toRunRecord(sampleScenario, failed, sampleEvaluation(), 1)]
  const { report } = buildReport([{ id: 't', fullName: 'x', file: 'a.test.ts', state: 'failed', attempts: [], meta: { toolcheck: { runs } }, annotations: [] }])
  await mkdir(directory, { recursive: true })
  await writeFile(`${directory}index.html`, renderHtmlReport(report, []))
  await withPage(`${directory}index.html`, async (page) => {
    await page.selectOption('#filter-status', 'error')
    // The cell's row says one of its two runs is shown; opened, it lists that one.
    await expect.poll(() => page.locator('.grouped-cell .passes').textContent()).toBe('1/1 (1)')
    await page.locator('.grouped-cell').click()
    await expect.poll(() => page.locator('.run-row').count()).toBe(1)
    const row = page.locator('.run-row').first()
    expect(await row.locator('.error-kind').textContent()).toBe('infrastructure: rate-limit')
    expect(await row.locator('.error-kind').getAttribute('title')).toBe('infrastructure error (rate-limit): the endpoint kept answering 429 after 5 attempts')
    await row.click()
    await expect.poll(() => page.locator('#run-details pre.error-reason').textContent()).toBe('infrastructure error (rate-limit): the endpoint kept answering 429 after 5 attempts')
    expect(await page.locator('#run-details .verdict').first().textContent()).toBe('error')
  })
})

browserTest('each culprit is named: the list and the detail say whose code ended a run, the verdict filter picks each, the overview counts them apart', async () => {
  const directory = reportDirectory('browser-culprits')
  const stack = (frame: string) => `TypeError: Cannot read properties of undefined (reading 'total')\n    at ${frame}`
  const errors = {
    agent: { culprit: 'agent', kind: 'agent-threw', message: "the agent's code threw TypeError: Cannot read properties of undefined (reading 'total')", role: 'agent', stack: stack('policy (agent.ts:9:3)') },
    domain: { culprit: 'domain', kind: 'tool-threw', message: "the tool count_stock threw TypeError: Cannot read properties of undefined (reading 'total')", role: 'agent', tool: 'count_stock', arguments: { item_id: 'i-1' }, stack: stack('execute (shop.ts:12:30)') },
    infrastructure: { culprit: 'infrastructure', kind: 'rate-limit', message: 'the endpoint kept answering 429 after 5 attempts', role: 'agent' },
  } as const
  const test = (name: string, trajectory = sampleTrajectory()) => ({ id: name, fullName: name, file: 'a.test.ts', state: 'failed' as const, attempts: [], meta: { toolcheck: { runs: [toRunRecord(sampleScenario, trajectory, sampleEvaluation(), 0)] } }, annotations: [] })
  const { report } = buildReport([test('passes'), ...Object.entries(errors).map(([culprit, error]) => test(`ended by ${culprit}`, sampleTrajectory({ status: 'error', error })))])
  await mkdir(directory, { recursive: true })
  await writeFile(`${directory}index.html`, renderHtmlReport(report, []))
  await withPage(`${directory}index.html`, async (page) => {
    await expect.poll(() => page.locator('#totals').textContent()).toContain("1 passed, 1 failed (1 where the agent's own code broke), 1 domain error, 1 infrastructure error")
    // The tables count domain and infrastructure errors apart; the agent's crash is among the failures.
    await page.locator('button[data-tab="more"]').click()
    const heads = await page.locator('#by-category thead th').allTextContents()
    const overall = await page.locator('#by-category tr.overall td').allTextContents()
    expect([overall[heads.indexOf('runs')], overall[heads.indexOf('pass rate')], overall[heads.indexOf('domain errors')], overall[heads.indexOf('infrastructure errors')]]).toEqual(['4', '0.500', '1', '1'])

    // The list names the culprit beside the kind; each verdict filter picks its runs.
    const rows = page.locator('.run-row')
    await expect.poll(() => rows.count()).toBe(4)
    const listed = async () => (await rows.evaluateAll((all) => all.map((row) => `${row.querySelector('.verdict')?.textContent} ${row.querySelector('.error-kind')?.textContent}`.trim()))).sort()
    expect(await listed()).toEqual(['error domain: tool-threw', 'error infrastructure: rate-limit', 'failed agent: agent-threw', 'passed'])
    for (const [choice, shown] of [
      ['agent', ['failed agent: agent-threw']],
      ['domain', ['error domain: tool-threw']],
      ['infrastructure', ['error infrastructure: rate-limit']],
      ['error', ['error domain: tool-threw', 'error infrastructure: rate-limit']],
      ['failed', ['failed agent: agent-threw']],
    ] as const) {
      await page.selectOption('#filter-status', choice)
      await expect.poll(listed).toEqual(shown)
    }
    expect(await page.locator('#filter-status option').allTextContents()).toEqual(['all', 'passed', 'failed', "failed: the agent's own code broke", 'error', 'error: a tool of the domain broke', 'error: infrastructure', 'error: the simulated user broke its part'])

    // The detail says whose code it was, then every field the error carries.
    const opened = async (choice: keyof typeof errors) => {
      await page.selectOption('#filter-status', choice)
      await expect.poll(() => rows.count()).toBe(1)
      await rows.first().click()
      await expect.poll(() => page.locator('#run-details pre.error-reason').getAttribute('data-culprit')).toBe(choice)
      return { verdict: await page.locator('#run-details p:has(> .verdict)').textContent(), reason: await page.locator('#run-details pre.error-reason').textContent(), fields: await page.locator('#run-details .error-fields dt').allTextContents() }
    }
    expect(await opened('agent')).toEqual({ verdict: expect.stringMatching(/^failed score 0.000 \(needs 1.000\), .*; the agent's own code broke, so the run scores 0test failed/), reason: `agent error (agent-threw): ${errors.agent.message}`, fields: ['role', 'stack'] })
    expect(await opened('infrastructure')).toEqual({ verdict: expect.stringContaining('error not scored: the run ended in an infrastructure error'), reason: `infrastructure error (rate-limit): ${errors.infrastructure.message}`, fields: ['role'] })
    expect(await opened('domain')).toEqual({ verdict: expect.stringContaining("error not scored: a tool of the domain broke (a bug in the domain, not the agent's failure)"), reason: `domain error (tool-threw): ${errors.domain.message}`, fields: ['role', 'tool', 'arguments', 'stack'] })
    expect(await page.locator('#run-details .error-fields .error-tool').textContent()).toBe('count_stock')
    expect(await page.locator('#run-details .error-fields .error-stack').textContent()).toBe(errors.domain.stack)
    // Told apart at a glance: a domain error's reason is red, the others yellow.
    const background = (culprit: string) => page.evaluate((name) => {
      const probe = document.createElement('pre')
      probe.className = 'error-reason'
      probe.setAttribute('data-culprit', name)
      document.body.appendChild(probe)
      const colour = getComputedStyle(probe).backgroundColor
      probe.remove()
      return colour
    }, culprit)
    expect(await background('domain')).not.toBe(await background('infrastructure'))
    // In the list at 1280 × 800, the culprit and the kind are whole (on two lines where they need them).
    await page.selectOption('#filter-status', '')
    await expect.poll(() => rows.count()).toBe(4)
    const cells = await page.locator('.run-row .error-kind').evaluateAll((all) => all.filter((cell) => cell.textContent !== '').map((cell) => {
      const culprit = cell.querySelector('.culprit') as HTMLElement
      return { culpritWhole: culprit.offsetWidth <= (cell as HTMLElement).clientWidth, hidden: cell.scrollHeight > cell.clientHeight || cell.scrollWidth > cell.clientWidth }
    }))
    expect(cells).toEqual(Array(3).fill({ culpritWhole: true, hidden: false }))
    await page.screenshot({ path: `${directory}culprits.png` })
  }, { viewport: { width: 1280, height: 800 } })
})
