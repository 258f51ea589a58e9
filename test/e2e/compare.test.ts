import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { main } from '../../src/cli/main.ts'
import type { Comparison } from '../../src/compare/comparison.ts'
import type { ReportHistory } from '../../src/compare/report-history.ts'
import { browserTest, withPage } from './browser.ts'
import { FIXTURES, readReport, reportDirectory, runFixture } from './run-fixture.ts'

function capture() {
  const output = { stdout: '', stderr: '' }
  return { output, io: { stdout: (text: string) => void (output.stdout += text), stderr: (text: string) => void (output.stderr += text) } }
}

/** Runs the regression fixture with one variant of its agent (and gates, and a trial count, when given). */
async function runVariant(variant: string, directory: string, options: { readonly gates?: object; readonly trials?: number; readonly replayed?: boolean } = {}) {
  const names = ['TOOLCHECK_FIXTURE_VARIANT', 'TOOLCHECK_FIXTURE_GATES', 'TOOLCHECK_FIXTURE_TRIALS', 'TOOLCHECK_FIXTURE_REPLAYED'] as const
  const saved = names.map((name) => process.env[name])
  process.env.TOOLCHECK_FIXTURE_VARIANT = variant
  if (options.gates === undefined) delete process.env.TOOLCHECK_FIXTURE_GATES
  else process.env.TOOLCHECK_FIXTURE_GATES = JSON.stringify(options.gates)
  if (options.trials === undefined) delete process.env.TOOLCHECK_FIXTURE_TRIALS
  else process.env.TOOLCHECK_FIXTURE_TRIALS = String(options.trials)
  if (options.replayed === true) process.env.TOOLCHECK_FIXTURE_REPLAYED = '1'
  else delete process.env.TOOLCHECK_FIXTURE_REPLAYED
  try {
    return await runFixture(FIXTURES.regression, directory)
  } finally {
    for (const [index, name] of names.entries()) {
      const value = saved[index]
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

// The same fixture several times: the base agent; a new version whose failures fall on other
// trials at the same rate (noise); one that also breaks mobile data on every trial (a seeded
// regression); one whose TURN_OFF scenarios both fail most trials, no cell alone beyond chance (a
// category-wide regression); at three trials, the base against a version that breaks location
// tracking on every trial (a break) while the Wi-Fi scenario's milestone was renamed; and the
// same at one trial with every model call replayed from the cache (deterministic reports).
const directories = {
  base: reportDirectory('compare-base'),
  noise: reportDirectory('compare-noise'),
  regression: reportDirectory('compare-regression'),
  category: reportDirectory('compare-category'),
  base3: reportDirectory('compare-base-3'),
  break3: reportDirectory('compare-break-3'),
  replayedBase: reportDirectory('compare-replayed-base'),
  replayedBreak: reportDirectory('compare-replayed-break'),
}
const reports = (async () => {
  for (const variant of ['base', 'noise', 'regression', 'category'] as const) await runVariant(variant, directories[variant])
  await runVariant('base', directories.base3, { trials: 3 })
  await runVariant('break', directories.break3, { trials: 3 })
  await runVariant('base', directories.replayedBase, { trials: 1, replayed: true })
  await runVariant('break', directories.replayedBreak, { trials: 1, replayed: true })
})()

/** Runs `toolcheck compare` and returns its exit code and output. */
async function compare(...args: string[]) {
  const { output, io } = capture()
  const code = await main(['compare', ...args], io)
  return { code, ...output }
}

describe('toolcheck compare', () => {
  test('trial noise is no regression at any level: exit 0, and every output says so', async () => {
    await reports
    const markdown = `${directories.noise}compare.md`
    const { code, stdout, stderr } = await compare(directories.base, `${directories.noise}report.json`, '--markdown', markdown)
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout.split('\n')[1]).toBe('RESULT: no regression')
    expect(stdout).toContain('8 cells compared: 0 regressions, 0 breaks, 6 changed without significance, 0 improvements, 2 unchanged; 0 with a changed scenario, 0 added, 0 removed')
    expect(stdout).toMatch(/^settings: scoring toolcheck; version \d+\.\d+\.\d+; agent spec reference; user spec scripted; both not deterministic$/m)
    expect(stdout).not.toContain('REGRESSION')
    const text = await readFile(markdown, 'utf8')
    expect(text.split('\n')[0]).toBe('## ✅ toolcheck: no regression')
    expect(text).not.toContain('### Regressed')
    expect(text).toContain('<details><summary>6 cells changed without significance, largest fall first</summary>')
    expect(text).toContain('| pass rate | 0.875 | 0.833 | -0.042 |')
  })

  test('flags exactly the seeded regression: exit 4, worst first in the JSON, the Markdown and the page', async () => {
    await reports
    const page = `${directories.regression}compare.html`
    const { code, stdout, stderr } = await compare(directories.base, directories.regression, '--json', '--html', page)
    expect(stderr).toBe('')
    expect(code).toBe(4)
    const comparison = JSON.parse(stdout) as Comparison
    expect(comparison.regression).toBe(true)
    // Groups come before cells in the JSON too, and both lists are worst first.
    expect(Object.keys(comparison).indexOf('groups')).toBeLessThan(Object.keys(comparison).indexOf('cells'))
    expect(comparison.cells.slice(0, 2).map((cell) => `${cell.scenario} [${cell.augmentation}] ${cell.verdict}`)).toEqual([
      'fixture-cellular-on [3 distraction tools, tool names scrambled] regression',
      'fixture-cellular-on [none] regression',
    ])
    expect(comparison.cells.slice(2).every((cell) => cell.verdict === 'changed' || cell.verdict === 'unchanged')).toBe(true)
    expect(comparison.counts).toEqual({ regression: 2, break: 0, changed: 6, improvement: 0, unchanged: 0, 'no-data': 0 })
    expect(comparison.method).toMatchObject({ test: 'boschloo', groupTest: 'stratified-exact', alpha: 0.05, correction: 'holm', families: { cell: 8, category: 2, augmentation: 2, overall: 1 }, untestable: 0, deterministic: false })
    const cellular = comparison.cells[0]
    expect(cellular?.base).toMatchObject({ trials: 6, passes: 5 })
    expect(cellular?.head).toMatchObject({ trials: 6, passes: 0 })
    expect(cellular?.pWorse).toBeCloseTo(0.003173828125, 9)
    expect(comparison.groups[0]?.verdict).toBe('regression')
    expect(comparison.groups.find((group) => group.level === 'category' && group.name === 'TURN_OFF')?.verdict).not.toBe('regression')
    const printed = await compare(directories.base, directories.regression, '--markdown', '-')
    expect(printed.code).toBe(4)
    const markdown = printed.stdout.split('\n')
    expect(markdown[0]).toMatch(/^## ❌ toolcheck: regression: .*; 2 cells$/)
    const cells = markdown.slice(markdown.indexOf('### Regressed cells'), markdown.findIndex((line) => line.startsWith('<details>')))
    expect(cells.filter((line) => line.startsWith('| fixture-'))).toEqual([
      '| fixture-cellular-on | 3 distraction tools, tool names scrambled | 5/6 | 0/6 | -0.833 | -0.833 | 0.0032 | 0.0254 | significant |',
      '| fixture-cellular-on | none | 5/6 | 0/6 | -0.833 | -0.833 | 0.0032 | 0.0254 | significant |',
    ])
    expect(markdown.indexOf('### Regressed groups')).toBeLessThan(markdown.indexOf('### Regressed cells'))
    const html = await readFile(page, 'utf8')
    expect(html).toContain('id="base-details"')
    expect(html).not.toMatch(/(src|href)=["']?https?:/)
  })

  test('a category-wide regression is named though no cell of it is significant alone', async () => {
    await reports
    const { code, stdout } = await compare(directories.base, directories.category)
    expect(code).toBe(4)
    expect(stdout.split('\n')[1]).toMatch(/^RESULT: REGRESSION: .*category TURN_OFF/)
    expect(stdout).toMatch(/^ {2}category TURN_OFF +22\/24 +6\/24 +-0\.667 .* REGRESSION +0\/4$/m)
    expect(stdout).toContain('0 regressions, 0 breaks')
    const json = JSON.parse((await compare(directories.base, directories.category, '--json')).stdout) as Comparison
    const turnOff = json.groups.find((group) => group.level === 'category' && group.name === 'TURN_OFF')
    expect(turnOff).toMatchObject({ verdict: 'regression', reason: 'significant', base: { passes: 22, trials: 24 }, head: { passes: 6, trials: 24 }, regressedCells: 0 })
    expect(turnOff?.adjustedWorse).toBeLessThan(0.05)
    expect(json.cells.filter((cell) => cell.categories.includes('TURN_OFF')).every((cell) => cell.verdict === 'changed')).toBe(true)
  })

  test('a break in one scenario fails the comparison though no cell can reach significance at 3 trials; a changed scenario is listed apart', async () => {
    await reports
    const { code, stdout } = await compare(directories.base3, directories.break3)
    expect(code).toBe(4)
    expect(stdout.split('\n')[1]).toMatch(/; 2 cells \(2 breaks\)$/)
    expect(stdout).toMatch(/^breaks \(2\):\n.*\n.*\n {2}fixture-location-off \[none\] +3\/3 +0\/3 +-1\.000 +-1\.000 +0\.0156 +0\.0938 +break$/m)
    expect(stdout).toContain('fixture-wifi-on [none]: scenario changed: milestones differ (2/3 -> 2/3)')
    expect(stdout).toContain("No single cell can reach significance at these trial counts: with 3 trials a side a cell's smallest p-value is 0.0156, and Holm over 6 testable cells asks for 0.0083. It takes 4 trials a side for a cell to reach it among 6 cells.")
    expect(stdout).toContain('noise makes one at most 1 in 64 cells at these trial counts')
    const json = JSON.parse((await compare(directories.base3, directories.break3, '--json')).stdout) as Comparison
    expect(json.scenarioChanged.map((cell) => [cell.scenario, cell.differs])).toEqual([
      ['fixture-wifi-on', ['milestones']],
      ['fixture-wifi-on', ['milestones']],
    ])
    expect(json.cells.filter((cell) => cell.verdict === 'break').map((cell) => cell.scenario)).toEqual(['fixture-location-off', 'fixture-location-off'])
  })

  test('between deterministic reports every pass that turned into a failure is a regression, and the output says why no statistics were needed', async () => {
    await reports
    const { code, stdout } = await compare(directories.replayedBase, directories.replayedBreak)
    expect(code).toBe(4)
    expect(stdout).toContain('settings: scoring toolcheck; version')
    expect(stdout).toContain('both deterministic')
    expect(stdout).toMatch(/^regressions \(2\):\n.*\n {2}fixture-location-off \[3 distraction tools, tool names scrambled\] +1\/1 +0\/1 +-1\.000 +-1\.000 +0\.2500 +- +deterministic$/m)
    expect(stdout).toContain('Both reports are deterministic (played by the reference agent, or with every model call replayed from the cache): a rerun gives the same verdicts, so every cell whose pass rate fell is a regression and every rise an improvement; no statistics were needed.')
    expect(stdout).not.toContain('No single cell can reach significance')
    const json = JSON.parse((await compare(directories.replayedBase, directories.replayedBreak, '--json')).stdout) as Comparison
    expect(json.alike.deterministic).toEqual({ base: true, head: true })
    expect(json.alike.replayed).toEqual({ base: true, head: true, same: true })
    expect(json.groups.find((group) => group.name === 'TURN_OFF')).toMatchObject({ verdict: 'regression', reason: 'deterministic' })
  })

  test('refuses to compare reports scored in different modes unless told to', async () => {
    await reports
    const directory = reportDirectory('compare-other-scoring')
    await rm(directory, { recursive: true, force: true })
    await mkdir(directory, { recursive: true })
    const report = await readReport(directories.noise)
    await writeFile(`${directory}report.json`, JSON.stringify({ ...report, settings: { ...report.settings, scoring: 'toolsandbox' } }))
    const refused = await compare(directories.base, directory)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('the reports were scored in different modes')
    expect(refused.stderr).toContain('compare-other-scoring/report.json: toolsandbox')
    expect(refused.stderr).toContain('or pass --allow-mixed-scoring to compare them anyway')
    const allowed = await compare(directories.base, directory, '--allow-mixed-scoring')
    expect(allowed.code).toBe(0)
    expect(allowed.stdout).toContain('The reports were scored differently (base toolcheck, head toolsandbox): their scores are not comparable.')
  })

  test('over three reports, oldest first: the trend per group, and the newest step decides', async () => {
    await reports
    const page = `${directories.regression}history.html`
    const { code, stdout } = await compare(directories.base, directories.noise, directories.regression, '--html', page)
    expect(code).toBe(4)
    expect(stdout).toContain('toolcheck compare: the history of 3 reports, oldest first')
    expect(stdout).toMatch(/^ {2}overall +0\.875 +0\.833 +0\.625v$/m)
    expect(stdout).toMatch(/^ {2}category TURN_OFF +0\.917 +0\.917 +0\.917$/m)
    expect(stdout).toMatch(/^RESULT \(#3 against #2\): REGRESSION: /m)
    const json = JSON.parse((await compare(directories.base, directories.noise, directories.regression, '--json')).stdout) as ReportHistory
    expect(json.rows.map((row) => `${row.level} ${row.name}`)).toEqual(['overall all cells', 'category SINGLE_TOOL_CALL', 'category TURN_OFF', 'augmentation none', 'augmentation tool names scrambled'])
    expect(json.rows[0]?.steps).toEqual(['changed', 'regression'])
    expect(await readFile(page, 'utf8')).toContain('id="history"')
  })

  test('exit codes for bad input: 2 for options and for a file that is no report, 1 for a report that cannot be read', async () => {
    await reports
    const { output, io } = capture()
    expect(await main(['compare', directories.base], io)).toBe(2)
    expect(output.stderr).toContain('needs two reports, the base and the head (or more, oldest first, for a history); got 1')
    expect(await main(['compare', directories.base, directories.noise, '--correction', 'bonferroni'], io)).toBe(2)
    expect(await main(['compare', directories.base, directories.noise, '--alpha', '2'], io)).toBe(2)
    expect(await main(['compare', directories.base, directories.noise, '--json', '--markdown', '-'], io)).toBe(2)
    expect(await main(['compare', directories.base, reportDirectory('no-such-report')], io)).toBe(1)
    expect(output.stderr).toMatch(/no-such-report\/?: no such file or directory/)
    // A file that is there but holds no report (here, a runs file given as one) is bad input.
    expect(await main(['compare', directories.base, join(directories.base, 'runs.jsonl')], io)).toBe(2)
    expect(output.stderr).toMatch(/runs\.jsonl: not JSON/)
  })
})

browserTest('the comparison page: groups above the cells, a click on a group filters them, cells worst first, and where conversations were looked for', async () => {
  await reports
  // The head's report.json alone, without its page: the comparison page says where it looked.
  const lonely = reportDirectory('compare-lonely')
  await rm(lonely, { recursive: true, force: true })
  await mkdir(lonely, { recursive: true })
  await copyFile(`${directories.category}report.json`, `${lonely}report.json`)
  const page = `${lonely}compare.html`
  expect((await compare(directories.base, lonely, '--html', page)).code).toBe(4)
  await withPage(page, async (browser) => {
    expect(await browser.locator('#headline').textContent()).toMatch(/^regression: .*category TURN_OFF/)
    const groups = await browser.locator('#groups tbody tr').evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-level'), row.getAttribute('data-name'), row.lastElementChild?.textContent]))
    expect(groups).toContainEqual(['category', 'TURN_OFF', 'regression'])
    expect(groups[0]?.[2]).toBe('regression')
    // The groups table stands above the cells table.
    const [groupsTop, cellsTop] = await Promise.all([browser.locator('#groups').evaluate((node) => node.getBoundingClientRect().top), browser.locator('#cells').evaluate((node) => node.getBoundingClientRect().top)])
    expect(groupsTop).toBeLessThan(cellsTop)
    await expect.poll(() => browser.locator('tr.cell-row').count()).toBe(8)
    // Worst first: the largest falls at the top.
    const deltas = await browser.locator('tr.cell-row td:nth-child(5)').allTextContents()
    expect(deltas.map(Number)).toEqual([...deltas.map(Number)].sort((a, b) => a - b))
    await browser.locator('#groups tr[data-name="TURN_OFF"]').click()
    await expect.poll(() => browser.locator('tr.cell-row').count()).toBe(4)
    expect(await browser.locator('#filter-category').inputValue()).toBe('TURN_OFF')
    await browser.locator('tr.cell-row').first().click()
    expect(await browser.locator('.transcripts-head').textContent()).toBe(
      `no conversations: they are kept in the report page written beside report.json, looked for in ${lonely.replace(/\/$/, '')}: index.html is not there. Keep index.html beside report.json (the reporter writes both unless html is false) to see them here.`,
    )
    await expect.poll(() => browser.locator('#cell-detail .side-head .transcript-note').textContent()).toContain('no conversations: they are kept in the report page')
    await expect.poll(() => browser.locator('#cell-detail .side-base .message').count()).toBeGreaterThan(0)
    expect(await browser.locator('.transcripts-base').textContent()).toBe(`conversations from ${directories.base}index.html`)
    await browser.screenshot({ path: `${lonely}comparison.png`, fullPage: false })
  })
  const history = `${lonely}history.html`
  expect((await compare(directories.base, directories.noise, directories.category, '--html', history)).code).toBe(4)
  await withPage(history, async (browser) => {
    expect(await browser.locator('#headline').textContent()).toMatch(/^#3 against #2: regression: /)
    const turnOff = browser.locator('#history tr[data-name="TURN_OFF"]')
    expect(await turnOff.locator('td.number').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-step')))).toEqual(['', 'changed', 'regression'])
    expect(await turnOff.locator('td.delta-worse').count()).toBe(1)
    expect(await turnOff.locator('svg.trend polyline').count()).toBe(1)
    await browser.screenshot({ path: `${lonely}history.png`, fullPage: false })
  })
})

describe('gates in the plugin', () => {
  test('a regression against the baseline fails the vitest run with exit code 4, saying which gate', async () => {
    await reports
    const gates = { baseline: `${directories.base}report.json`, minPassRate: 0.5, categories: { TURN_OFF: { minScore: 0.8 } } }
    const failed = await runVariant('regression', reportDirectory('gates-regression'), { gates })
    expect(failed.exitCode).toBe(4)
    expect(failed.output).toContain('toolcheck gates: 1 of 4 FAILED')
    expect(failed.output).toContain('  pass  overall pass rate: 0.625 >= 0.500 over 48 scored runs')
    expect(failed.output).toContain('  pass  TURN_OFF mean score: 0.917 >= 0.800 over 24 scored runs')
    expect(failed.output).toMatch(/ {2}FAIL {2}no regression: regression against .*compare-base\/report\.json: .*fixture-cellular-on \[3 distraction tools, tool names scrambled\] 5\/6 -> 0\/6; fixture-cellular-on \[none\] 5\/6 -> 0\/6$/m)
    expect(failed.output).toContain('  pass  baseline cells present: all 8 cells of')
    expect(failed.output).toContain('toolcheck gates: exit code 4, a gate failed')
    // Trial noise passes the same gates, and then the gates decide: the failed trials are the low
    // scores they judged, so the run exits 0 where vitest alone would say 1.
    const noisy = await runVariant('noise', reportDirectory('gates-noise'), { gates })
    expect(noisy.output).toContain('toolcheck gates: all 4 passed')
    expect(noisy.output).toContain('toolcheck gates: every gate held, so the run exits 0; its 8 failed scenario trial(s) are the low scores these gates judged')
    expect(noisy.exitCode).toBe(0)
    // A minimum that the run misses fails on its own.
    const strict = await runVariant('noise', reportDirectory('gates-strict'), { gates: { minScore: 0.9 } })
    expect(strict.output).toContain('  FAIL  overall mean score: 0.833 < 0.900 over 48 scored runs')
    expect(strict.exitCode).toBe(4)
    expect((await readReport(reportDirectory('gates-strict'))).runs).toHaveLength(48)
    // A category gate judges its own category's runs only: failures elsewhere keep vitest's 1.
    const partial = await runVariant('noise', reportDirectory('gates-partial'), { gates: { categories: { TURN_OFF: { minScore: 0.5 } } } })
    expect(partial.output).toContain('toolcheck gates: all 1 passed')
    expect(partial.output).toMatch(/vitest's exit code 1 stands, since something failed that the gates do not judge: .*failed, and no gate covers its categories/)
    expect(partial.exitCode).toBe(1)
  })

  test('gates are checked before anything plays: a baseline that cannot be read stops the run', async () => {
    await reports
    const directory = reportDirectory('gates-no-baseline')
    // vitest does not start: the plugin's options error ends it before any test file is loaded.
    await expect(runVariant('base', directory, { gates: { baseline: 'no-such-folder/report.json' } })).rejects.toThrow(
      /^toolcheck\(\{ gates \}\): the baseline cannot be read: .*no-such-folder\/report\.json: no such file or directory$/,
    )
    await expect(readReport(directory)).rejects.toThrow()
  })
})
