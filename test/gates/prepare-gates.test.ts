import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { prepareGates } from '../../src/gates/prepare-gates.ts'
import { buildReport } from '../../src/reporter/build-report.ts'
import { runRecord } from '../reporter/sample-records.ts'

const run = runRecord({ categories: ['STATE_DEPENDENCY', 'bank-transfers'], agent: 'reference' })

let directory = ''
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolcheck-gates-'))
  const report = (scoring: 'toolcheck' | 'toolsandbox') =>
    buildReport([{ id: 't', fullName: 't', file: 'a.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs: [run] } }, annotations: [] }], undefined, { scoring }).report
  await writeFile(join(directory, 'toolcheck.json'), JSON.stringify(report('toolcheck')))
  await writeFile(join(directory, 'toolsandbox.json'), JSON.stringify(report('toolsandbox')))
  await writeFile(join(directory, 'broken.json'), '{ "format": ')
})
afterAll(() => rm(directory, { recursive: true, force: true }))

describe('prepareGates: checked before anything plays', () => {
  test('reads the baseline, relative to the root', async () => {
    const prepared = await prepareGates({ baseline: 'toolcheck.json' }, { root: directory, scoring: 'toolcheck' })
    expect(prepared.problems).toEqual([])
    expect(prepared.baseline?.source).toBe('toolcheck.json')
    expect(prepared.baseline?.file.report.tally.runs).toBe(1)
  })

  test('a baseline that is missing, unreadable or scored the other way is a problem, said with how to fix it', async () => {
    const missing = await prepareGates({ baseline: 'nowhere/report.json' }, { root: directory, scoring: 'toolcheck' })
    expect(missing.problems).toEqual([`the baseline cannot be read: ${join(directory, 'nowhere/report.json')}: no such file or directory`])
    const broken = await prepareGates({ baseline: 'broken.json' }, { root: directory, scoring: 'toolcheck' })
    expect(broken.problems[0]).toMatch(/^the baseline cannot be read: .*broken\.json: not JSON/)
    const mixed = await prepareGates({ baseline: 'toolsandbox.json' }, { root: directory, scoring: 'toolcheck' })
    expect(mixed.problems).toEqual([
      `the baseline ${join(directory, 'toolsandbox.json')} was scored toolsandbox and this run scores toolcheck: the two modes score the same trajectory differently, so their results are not comparable; score this run toolsandbox (scoring: 'toolsandbox', --scoring toolsandbox) or record a new baseline`,
    ])
  })

  test('a category gate must name a category the run plays, when those are known', async () => {
    const played = ['SINGLE_TOOL_CALL', 'STATE_DEPENDENCY']
    const prepared = await prepareGates({ categories: { STATE_DEPENDANCY: { minScore: 0.5 }, SINGLE_TOOL_CALL: { minScore: 0.5 } } }, { root: directory, scoring: 'toolcheck', categories: played })
    expect(prepared.problems).toEqual(['the gate on category "STATE_DEPENDANCY" names a category no scenario of this run has (did you mean STATE_DEPENDENCY?); the categories are SINGLE_TOOL_CALL, STATE_DEPENDENCY'])
  })

  test("without the run's categories, near misses of ToolSandbox's or the baseline's are caught and the user's own labels pass", async () => {
    const prepared = await prepareGates(
      { baseline: 'toolcheck.json', categories: { state_dependency: { minScore: 0.5 }, 'bank-transfer': { minScore: 0.5 }, 'my-own-label': { minScore: 0.5 } } },
      { root: directory, scoring: 'toolcheck' },
    )
    expect(prepared.problems).toEqual([
      'the gate on category "state_dependency" looks like a misspelling of STATE_DEPENDENCY; category labels are matched exactly',
      'the gate on category "bank-transfer" looks like a misspelling of bank-transfers; category labels are matched exactly',
    ])
    expect((await prepareGates(undefined, { root: directory, scoring: 'toolcheck' })).problems).toEqual([])
  })
})
