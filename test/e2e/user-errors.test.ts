import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { packedProject } from './packed-project.ts'
import { failureText, readReport, runFixture } from './run-fixture.ts'

// A user's project, from the packed package, whose simulated user quits at its first turn.
const project = await packedProject(['vitest.config.ts', 'user-errors.test.ts'].map((file) => ({ from: `test/e2e/fixtures/user-errors/${file}`, to: file })))
afterAll(() => rm(project, { recursive: true, force: true }))

describe('a simulated user that broke its part, from the installed package', () => {
  test("its test fails with one line that blames the user, and the report and the summary count the run apart from the agent's failures", async () => {
    const reportDir = join(project, 'toolcheck-report')
    const { tests, output } = await runFixture(project, reportDir)
    expect(tests.map((testCase) => testCase.result().state)).toEqual(['failed'])
    const [first] = tests
    expect(failureText(first ?? expect.fail('no test')).split('\n')[0]).toBe("toHitMilestones: the simulated user ended the conversation at turn 2, before its goal; not the agent's failure.")
    const report = await readReport(reportDir)
    expect(report.runs[0]).toMatchObject({ user: 'quits-at-once', status: 'error', verdict: 'error', score: null, error: { culprit: 'user', kind: 'quit' }, userPart: { errors: [{ kind: 'quit', by: 'rule', turn: 2 }] } })
    expect(report.summary.overall).toMatchObject({ runs: 1, passed: 0, failed: 0, errors: 1, userErrors: 1 })
    expect(report.summary.byUser?.['quits-at-once']).toMatchObject({ checked: 1, userErrors: 1, errorRate: 1 })
    expect(output).toContain('1 run: 0 passed, 0 failed, 0 infrastructure errors, 1 user error')
  })
})
