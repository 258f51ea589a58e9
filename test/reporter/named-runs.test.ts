import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { failingRuns, formatFailingRuns, LISTED_FAILING_RUNS, WorstFailingRuns } from '../../src/reporter/failing-runs.ts'
import { namedRuns, NamedRunsTally } from '../../src/reporter/named-runs.ts'
import type { SummarizedRun } from '../../src/reporter/report.ts'
import { runRecord } from './run-record.ts'

/** A run that passed, failed, or ended in an error someone's code, a budget or a user caused; few names, so that ties are common. */
const run = fc
  .record({
    scenario: fc.constantFrom('a', 'b', 'c'),
    augmentation: fc.constantFrom('none', 'scrambled'),
    trial: fc.integer({ min: 0, max: 2 }),
    agent: fc.constantFrom('x', 'y'),
    user: fc.constantFrom('scripted', 'model'),
    score: fc.constantFrom(0, 0.5, 1, null),
    verdict: fc.constantFrom('passed', 'failed', 'error' as const),
    status: fc.constantFrom('completed', 'max-turns', 'error' as const),
    error: fc.option(
      fc.record({
        culprit: fc.constantFrom('agent', 'domain', 'user', 'infrastructure'),
        kind: fc.constantFrom('agent', 'tool', 'budget', 'leak', 'quit'),
        message: fc.constantFrom('boom', 'boom\n  at tool.ts:3', 'the call was not made: the cap of 3 calls is spent', 'other'),
        tool: fc.option(fc.constantFrom('send', 'search'), { nil: undefined }),
      }),
      { nil: undefined },
    ),
  })
  .map(({ score, verdict, status, error, ...names }): SummarizedRun => {
    const { milestones: _milestones, minefields: _minefields, fingerprint: _fingerprint, ...record } = runRecord(names.scenario, names.trial, { ...names, score, status, ...(error === undefined ? {} : { error }) })
    return { ...record, id: `${names.scenario} ${names.trial}`, threshold: 1, test: names.scenario, file: 'a.test.ts', passed: verdict === 'passed', verdict, testPassed: verdict === 'passed', milestoneScore: score }
  })

describe('what the summaries say of single runs, gathered run by run', () => {
  test('the worst failing runs are the head of the whole sorted list, in its order, and the count is of every failed run', () => {
    fc.assert(
      fc.property(fc.array(run, { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), (runs, limit) => {
        const worst = new WorstFailingRuns(limit)
        for (const each of runs) worst.add(each)
        const all = failingRuns(runs)
        expect(worst.finish()).toEqual({ runs: all.slice(0, limit), count: all.length })
      }),
    )
  })

  test('a list of the worst, with the count, prints as the whole list does', () => {
    fc.assert(
      fc.property(fc.array(run, { maxLength: 40 }), (runs) => {
        const { failing } = namedRuns(runs)
        const all = failingRuns(runs)
        expect(failing.runs).toHaveLength(Math.min(all.length, LISTED_FAILING_RUNS))
        expect(formatFailingRuns(failing.runs, { count: failing.count, page: 'index.html' })).toEqual(formatFailingRuns(all, { page: 'index.html' }))
      }),
    )
  })

  test('bugs, user errors and budget cuts are each said once, in the order first met, with the first run and how many', () => {
    const runs = fc.sample(fc.array(run, { minLength: 30, maxLength: 30 }), { numRuns: 1, seed: 7 })[0] as SummarizedRun[]
    const tally = new NamedRunsTally()
    for (const each of runs) tally.add(each)
    const named = tally.finish()
    for (const culprit of ['agent', 'domain'] as const) {
      const ended = runs.filter((each) => each.status === 'error' && each.error?.culprit === culprit)
      expect(named.brokenCode[culprit].reduce((sum, bug) => sum + bug.runs, 0)).toBe(ended.length)
      for (const bug of named.brokenCode[culprit]) expect(ended.find((each) => each.error?.tool === bug.first.error?.tool && each.error?.message === bug.first.error?.message)).toBe(bug.first)
    }
    expect(named.userErrors.map((each) => `${each.user} ${each.error?.kind}`)).toEqual([...new Set(runs.filter((each) => each.error?.culprit === 'user').map((each) => `${each.user} ${each.error?.kind}`))])
    expect(named.budgetCuts.reduce((sum, cut) => sum + cut.runs, 0)).toBe(runs.filter((each) => each.error?.kind === 'budget').length)
    expect(named.budgetCuts.map((cut) => cut.reason)).not.toContain('the call was not made: the cap of 3 calls is spent')
  })
})
