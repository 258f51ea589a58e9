import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import { unpackJson } from '../../src/reporter/packed-json.ts'
import type { PageDetails } from '../../src/reporter/page-data.ts'
import { FIXTURES, failureText, readReport, reportDirectory, runFixture } from './run-fixture.ts'

// One run of the fixture project shared by the checks below (each run costs a couple of seconds).
const unsharded = reportDirectory('unsharded')
const runOnce = runFixture(FIXTURES.project, unsharded)

describe('matchers in a project using the plugin', () => {
  test('passing matchers and .not pass; failing ones fail', async () => {
    const { tests } = await runOnce
    const states = Object.fromEntries(tests.map((test) => [test.fullName, test.result().state]))
    expect(states).toEqual({
      'passing > the reference hits its milestones and avoids its minefields': 'passed',
      'passing > .not passes for a talker': 'passed',
      'failing > milestones missed': 'failed',
      'failing > minefield fired': 'failed',
      'failing > .not on a passing run': 'failed',
      'failing > too many turns': 'failed',
      'reference > fixture-wifi-on <none>': 'passed',
      'reference > fixture-wifi-off <none>': 'passed',
      'talker > fixture-wifi-on <none>': 'failed',
      'talker > fixture-wifi-off <none>': 'failed',
      'careless > fixture-wifi-on <none>': 'failed',
    })
  })

  test('failure messages list milestones, minefields and what fired', async () => {
    const { tests } = await runOnce
    const failing = tests.filter((test) => test.fullName.startsWith('failing > '))
    for (const test of failing) expect(failureText(test)).toMatchSnapshot(test.fullName)
  })

  test('the report records every scenario run with its verdict, and the HTML page carries the transcripts', async () => {
    await runOnce
    const report = await readReport(unsharded)
    // A run's verdict is its score against its threshold; whether its test passed is kept apart
    // (a `.not` turns a passing run into a failing test and the other way round).
    expect(report.runs.map((run) => [run.file, run.test, run.verdict, run.testPassed, run.score])).toEqual([
      ['scenario-table.test.ts', 'reference > fixture-wifi-off <none>', 'passed', true, 1],
      ['scenario-table.test.ts', 'talker > fixture-wifi-off <none>', 'failed', false, 0],
      ['matchers.test.ts', 'failing > .not on a passing run', 'passed', false, 1],
      ['matchers.test.ts', 'failing > milestones missed', 'failed', false, 0],
      ['matchers.test.ts', 'failing > minefield fired', 'failed', false, 0],
      ['matchers.test.ts', 'passing > .not passes for a talker', 'failed', true, 0],
      ['matchers.test.ts', 'passing > the reference hits its milestones and avoids its minefields', 'passed', true, 1],
      ['scenario-table.test.ts', 'careless > fixture-wifi-on <none>', 'failed', false, 0],
      ['scenario-table.test.ts', 'reference > fixture-wifi-on <none>', 'passed', true, 1],
      ['scenario-table.test.ts', 'talker > fixture-wifi-on <none>', 'failed', false, 0],
    ])
    expect(report.summary.byCategory).toMatchObject({ SINGLE_TOOL_CALL: { runs: 10, errors: 0, passed: 4, failed: 6 }, SINGLE_USER_TURN: { runs: 2 } })
    // Each agent that played is named, in the report and per agent in the summary.
    expect(report.agents).toEqual(['careless', 'reference', 'talker'])
    expect(report.summary.byAgent).toMatchObject({ careless: { runs: 2, passed: 0 }, reference: { runs: 4, passed: 4 }, talker: { runs: 4, passed: 0 } })
    expect(report.problems).toEqual([{ file: 'matchers.test.ts', test: 'failing > too many turns', message: expect.stringContaining('to finish within 2 turns') }])
    const html = await readFile(`${unsharded}/index.html`, 'utf8')
    const marker = 'id="toolcheck-details">'
    const packed = html.slice(html.indexOf(marker) + marker.length, html.indexOf('</script>', html.indexOf(marker)))
    const details = unpackJson(packed) as PageDetails
    expect(details.runs).toHaveLength(report.runs.length)
    expect(details.strings).toContain('set_low_battery_mode_status')
    expect(details.strings).toContain('Done! <img src=x onerror=alert(1)>')
    expect(html).not.toContain('<img src=x')
  })
})

describe('sharding', () => {
  test('two shards merged with --merge-reports give the same report.json as one run', async () => {
    await runOnce
    const blobs = reportDirectory('blobs')
    const shardReports = reportDirectory('shard-reports')
    for (const index of [1, 2])
      await runFixture(FIXTURES.project, shardReports, { shard: `${index}/2`, reporters: [['blob', { outputFile: `${blobs}/blob-${index}-2.json` }]] })
    const merged = reportDirectory('merged')
    await runFixture(FIXTURES.project, merged, { mergeReports: blobs })
    expect(await readFile(`${merged}/report.json`, 'utf8')).toBe(await readFile(`${unsharded}/report.json`, 'utf8'))
    const shardReport = await readReport(shardReports)
    expect(shardReport.runs.length).toBeLessThan((await readReport(merged)).runs.length)
  })
})

describe('trials', () => {
  test('trials: 4 repeats every test and gives pass^k per scenario from the attempts; outages are counted apart', async () => {
    const directory = reportDirectory('trials')
    const { tests } = await runFixture(FIXTURES.trials, directory)
    expect(tests.map((test) => [test.fullName, test.attempts().length])).toEqual([
      ['flaky > fixture-wifi-on <none>', 4],
      ['flaky > fixture-wifi-off <none>', 4],
      ['outage > fixture-wifi-on <none>', 4],
    ])
    const outageFailure = failureText(tests[2] as (typeof tests)[number])
    expect(outageFailure).toContain('ended with an infrastructure error, not an agent failure; rate-limit in the agent: the endpoint kept answering 429')
    const report = await readReport(directory)
    expect(report.runs.map((run) => `${run.agent}:${run.scenario}:${run.trial}:${run.status === 'error' ? 'error' : run.passed}`)).toEqual([
      'flaky:fixture-wifi-off:0:true',
      'flaky:fixture-wifi-off:1:false',
      'flaky:fixture-wifi-off:2:true',
      'flaky:fixture-wifi-off:3:true',
      'flaky:fixture-wifi-on:0:true',
      'flaky:fixture-wifi-on:1:false',
      'flaky:fixture-wifi-on:2:true',
      'flaky:fixture-wifi-on:3:true',
      'outage:fixture-wifi-on:0:error',
      'outage:fixture-wifi-on:1:error',
      'outage:fixture-wifi-on:2:error',
      'outage:fixture-wifi-on:3:error',
    ])
    // 3 of 4 trials pass: pass^k = C(3,k)/C(4,k); the outage has no scored trial and no pass^k.
    const [off, on, down] = report.summary.trials
    for (const task of [off, on]) expect(task).toMatchObject({ agent: 'flaky', trials: 4, passes: 3, errors: 0, meanScore: 0.75, passHatK: { 1: 0.75, 2: 0.5, 3: 0.25, 4: 0 } })
    expect(down).toMatchObject({ agent: 'outage', trials: 0, passes: 0, errors: 4, meanScore: null, passHatK: {} })
    expect(report.summary.passHatK).toEqual({ 1: 0.75, 2: 0.5, 3: 0.25, 4: 0 })
    expect(report.summary.overall).toMatchObject({ runs: 12, errors: 4, passed: 6, failed: 2, meanScore: 0.75 })
    expect(report.problems).toEqual([])
    // scores 1, 0, 1, 1: the t interval (0.75 ± 3.182 × 0.25) is clamped to [0, 1]
    expect(off?.scoreInterval).toEqual([0, 1])
  })

  test('toolcheck({ resume }) skips the tests whose every trial the earlier report holds, plays again those that ended in infrastructure errors, and writes a report with both', async () => {
    const before = reportDirectory('trials-before-resume')
    await runFixture(FIXTURES.trials, before)
    const earlier = await readReport(before)
    const resumed = reportDirectory('trials-resumed')
    process.env.TOOLCHECK_FIXTURE_RESUME = before
    let run: Awaited<ReturnType<typeof runFixture>>
    try {
      run = await runFixture(FIXTURES.trials, resumed)
    } finally {
      delete process.env.TOOLCHECK_FIXTURE_RESUME
    }
    // The flaky agent's runs ended for the agent's sake (kept); the outage's in rate limits (played again).
    expect(run.tests.map((test) => [test.fullName, test.result().state])).toEqual([
      ['flaky > fixture-wifi-on <none>', 'skipped'],
      ['flaky > fixture-wifi-off <none>', 'skipped'],
      ['outage > fixture-wifi-on <none>', 'failed'],
    ])
    expect((run.tests[0]?.result() as { note?: string } | undefined)?.note).toBe(`kept from the resumed report in ${before.replace(/\/$/, '')}`)
    const report = await readReport(resumed)
    expect(report.runs.map((run) => run.id)).toEqual(earlier.runs.map((run) => run.id))
    expect(report.runs.filter((run) => run.agent === 'flaky')).toEqual(earlier.runs.filter((run) => run.agent === 'flaky'))
    expect(report.summary.overall).toMatchObject({ runs: 12, errors: 4, passed: 6, failed: 2 })
    const transcripts = (await readFile(`${resumed}/runs.jsonl`, 'utf8')).trim().split('\n').slice(1).map((line) => JSON.parse(line) as { transcript?: unknown })
    expect(transcripts.every((line) => line.transcript !== undefined)).toBe(true)
  })
})
