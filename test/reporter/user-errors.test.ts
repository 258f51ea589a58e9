import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { closeUserModules } from '../../scenarios/eval/import-user-module.ts'
import { loadEvalUser } from '../../scenarios/eval/load-eval-user.ts'
import { quittingUser } from '../../scenarios/toolsandbox/user-mutants.ts'
import { parseEvalArguments } from '../../src/cli/eval-arguments.ts'
import { UsageError } from '../../src/cli/usage-error.ts'
import { checkGates, formatGates } from '../../src/gates/check-gates.ts'
import { formatSummary } from '../../src/reporter/format-summary.ts'
import { freshUserTrial, isResumableRun } from '../../src/reporter/resumable-runs.ts'
import { referenceAgent } from '../../src/roles/index.ts'
import { toolcheckMatchers } from '../../src/vitest/matchers.ts'
import { playScenario } from '../../src/vitest/play-scenario.ts'
import type { RunRecord } from '../../src/vitest/run-metadata.ts'
import '../../src/vitest/vitest-augmentation.ts'
import { reportOfRecords, runRecord } from './sample-records.ts'

expect.extend(toolcheckMatchers)

const quit = (trial: number, user = 'openai:small'): RunRecord =>
  runRecord({
    trial,
    user,
    status: 'error',
    error: { culprit: 'user', kind: 'quit', role: 'user', message: 'the simulated user ended the conversation at turn 2, before its goal' },
    score: null,
    milestoneScore: null,
    minefieldHit: null,
    userPart: { errors: [{ kind: 'quit', by: 'rule', turn: 2, reason: 'the simulated user ended the conversation at turn 2, before its goal' }], undecided: ['off-goal', 'role-swap'] },
  })
const kept = (trial: number, user = 'openai:small'): RunRecord => runRecord({ trial, user, userPart: { errors: [], undecided: ['leak'] } })

describe('user errors in the report', () => {
  const report = reportOfRecords([quit(0), kept(1), kept(2), kept(3, 'scripted')])

  test('are counted apart from the agent\'s failures, and per user by kind', () => {
    expect(report.summary.overall).toMatchObject({ runs: 4, errors: 1, userErrors: 1, passed: 3, failed: 0, passRate: 1 })
    expect(report.runs[0]?.verdict).toBe('error')
    expect(report.summary.byUser?.['openai:small']).toEqual({
      runs: 3,
      checked: 3,
      userErrors: 1,
      errorRate: 1 / 3,
      byKind: { leak: { runs: 0, rate: 0 }, quit: { runs: 1, rate: 1 / 3 }, 'off-goal': { runs: 0, rate: 0 }, 'role-swap': { runs: 0, rate: 0 } },
      undecided: { leak: 2, quit: 0, 'off-goal': 1, 'role-swap': 1 },
    })
    expect(report.summary.byUser?.scripted?.userErrors).toBe(0)
  })

  test('the terminal summary says them apart, per user and kind, with the first run of each', () => {
    const text = formatSummary(report)
    expect(text.split('\n')[0]).toBe('toolcheck: agent agent, 4 runs: 3 passed, 0 failed, 0 infrastructure errors, 1 user error')
    expect(text).toContain('  openai:small: 1 of 3 checked runs (33.3%): quit 1\n    the simulated user ended the conversation at turn 2, before its goal (a [none] trial 0)')
  })

  test('--max-user-errors fails when more runs than it allows were the user\'s errors, naming the users and kinds', () => {
    expect(checkGates(report, { maxUserErrors: 1 }).passed).toBe(true)
    const failed = checkGates(report, { maxUserErrors: 0 })
    expect(failed.passed).toBe(false)
    expect(formatGates(failed)).toContain('FAIL  user errors: 1 > 0 runs where the simulated user broke its part (openai:small quit 1)')
  })

  test('a resumed evaluation keeps user errors, unless told to replay them with a fresh user trial', () => {
    expect(isResumableRun(quit(0))).toBe(true)
    expect(isResumableRun(quit(0), { replayUserErrors: true })).toBe(false)
    expect(isResumableRun(kept(0), { replayUserErrors: true })).toBe(true)
    expect(freshUserTrial({ trial: 2 })).toBe(1002)
    expect(freshUserTrial({ trial: 2, userTrial: 1002 })).toBe(2002)
  })
})

describe('toolcheck eval options', () => {
  test('--user takes a module path, --replay-user-errors needs --resume, --max-user-errors a whole number', () => {
    expect(parseEvalArguments(['--user', 'my-user.ts'], '/project')).toMatchObject({ user: '/project/my-user.ts' })
    expect(parseEvalArguments(['--resume', 'r', '--replay-user-errors'], '/project')).toMatchObject({ resume: '/project/r', replayUserErrors: true })
    expect(() => parseEvalArguments(['--replay-user-errors'])).toThrow(new UsageError('--replay-user-errors applies to --resume, which is missing'))
    expect(parseEvalArguments(['--max-user-errors', '0']).gates).toEqual({ maxUserErrors: 0 })
    expect(() => parseEvalArguments(['--max-user-errors', '1.5'])).toThrow(new UsageError('--max-user-errors takes a whole number of at least 0, not "1.5"'))
  })

  describe('--user <module>', () => {
    const folders: string[] = []
    afterAll(async () => {
      await closeUserModules()
      await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
    })
    const moduleWith = async (text: string) => {
      const folder = await mkdtemp(join(tmpdir(), 'toolcheck-user-module-'))
      folders.push(folder)
      const file = join(folder, 'user.ts')
      await writeFile(file, text)
      return file
    }

    test('takes the default export, or the export named user', async () => {
      expect((await loadEvalUser(await moduleWith("export default { name: 'mine', respond: async () => ({ kind: 'end' }) }"))).name).toBe('mine')
      expect((await loadEvalUser(await moduleWith("export const user = { name: 'named', respond: async () => ({ kind: 'end' }) }"))).name).toBe('named')
    })

    test('says what to export when the module has no user', async () => {
      const bare = await moduleWith('export const respond = async () => ({ kind: "end" })')
      await expect(loadEvalUser(bare)).rejects.toThrow(`toolcheck eval: --user ${bare}: has no default export and no export named user (it exports respond); export the simulated user as the default export or as \`user\``)
      const fn = await moduleWith('export default async () => ({ kind: "end" })')
      await expect(loadEvalUser(fn)).rejects.toThrow(`toolcheck eval: --user ${fn}: its default export is a function, not a user; wrap it: export default { name: 'my-user', respond: yourFunction }`)
    })
  })
})

describe('a scenario test whose user broke its part', () => {
  test('fails with one line that blames the user, not the agent', async () => {
    const scenario = builtInScenarios().find((candidate) => candidate.id === 'ask-number-of-plumber')
    if (scenario === undefined) throw new Error('no scenario')
    const run = await playScenario(scenario, { agent: referenceAgent(), user: quittingUser })
    let message = ''
    try {
      await expect(run).toHitMilestones()
    } catch (error) {
      message = (error as Error).message
    }
    expect(message.split('\n')[0]).toBe("toHitMilestones: the simulated user ended the conversation at turn 2, before its goal; not the agent's failure.")
    expect(message).toContain('--replay-user-errors')
  })
})
