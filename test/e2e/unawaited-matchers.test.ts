import { expect, test } from 'vitest'
import { FIXTURES, failureText, readReport, reportDirectory, runFixture } from './run-fixture.ts'

test('a forgotten await fails the test that forgot it, saying to await it; no later test is blamed', async () => {
  const directory = reportDirectory('awaits')
  const { tests, unhandledErrors } = await runFixture(FIXTURES.awaits, directory)
  expect(Object.fromEntries(tests.map((test) => [test.name, test.result().state]))).toEqual({
    'forgets to await a failing matcher': 'failed',
    'forgets to await a passing matcher with the global expect': 'failed',
    'awaits its matchers': 'passed',
    'awaits a failure it expects': 'passed',
    'runs after them and is not blamed': 'passed',
  })
  expect(unhandledErrors).toEqual([])
  const [failing, passing] = tests
  if (failing === undefined || passing === undefined) throw new Error('the fixture has five tests')
  expect(failureText(failing)).toContain('expect(...).toHitMilestones() was not awaited. toolcheck\'s toHitMilestones evaluates the run asynchronously, so write `await expect(run).toHitMilestones(...)`')
  // The failure it would have reported is part of the message.
  expect(failureText(failing)).toContain('It failed:\n\nexpected scenario "fixture-wifi-on" to hit its milestones')
  expect(failureText(passing)).toContain('expect(...).toScoreAtLeast() was not awaited')
  expect(failureText(passing)).toContain('It passed, but only by chance')
  // The report judges the runs by their scores, not by the tests' fate.
  const report = await readReport(directory)
  expect(report.runs.map((run) => [run.test, run.verdict, run.testPassed])).toEqual([
    ['awaits a failure it expects', 'failed', true],
    ['awaits its matchers', 'passed', true],
    ['forgets to await a failing matcher', 'failed', false],
    ['forgets to await a passing matcher with the global expect', 'passed', false],
  ])
})
