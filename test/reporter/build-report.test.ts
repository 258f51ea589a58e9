import { describe, expect, test } from 'vitest'
import { buildReport } from '../../src/reporter/build-report.ts'
import type { TestCase } from 'vitest/node'
import type { CollectedTest } from '../../src/reporter/collected-test.ts'
import { collectTest } from '../../src/reporter/collected-test.ts'
import { formatSummary } from '../../src/reporter/format-summary.ts'
import { renderHtmlReport } from '../../src/reporter/render-html-report.ts'
import type { RunRecord } from '../../src/vitest/run-metadata.ts'
import { buildTranscript, TRANSCRIPT_ANNOTATION_TYPE, transcriptAttachment } from '../../src/vitest/transcript.ts'
import { sampleTrajectory } from '../vitest/sample-run.ts'
import { runRecord } from './run-record.ts'

const record = runRecord

function collected(id: string, runs: RunRecord[], states: ('passed' | 'failed')[], overrides: Partial<CollectedTest> = {}): CollectedTest {
  return {
    id,
    fullName: `scenario ${id}`,
    file: 'test/a.test.ts',
    state: states.includes('failed') ? 'failed' : 'passed',
    attempts: states.map((state, repeatIndex) => ({ state, repeatIndex, retryIndex: 0 })),
    meta: { toolcheck: { runs } },
    annotations: [],
    ...overrides,
  }
}

describe('buildReport', () => {
  test("counts the three culprits apart: the agent's own code is a failure, scored 0; the domain's and the infrastructure's errors are not scored", () => {
    const broken = { status: 'error' as const, score: 0, milestoneScore: 0.5, minefieldHit: false }
    const unscored = { status: 'error' as const, score: null, milestoneScore: null, minefieldHit: null }
    const stack = "TypeError: Cannot read properties of undefined (reading 'seats')\n    at execute (/project/airline.ts:41:22)"
    const tests = [
      collected('fine', [record('fine', 0)], ['passed']),
      collected('crash', [record('crash', 0, { ...broken, error: { culprit: 'agent', kind: 'agent-threw', message: "the agent's code threw TypeError: x is not a function", role: 'agent', stack: 'TypeError: x is not a function\n    at policy (/project/agent.ts:9:3)' } })], ['failed']),
      collected('forgot', [record('forgot', 0, { ...broken, error: { culprit: 'agent', kind: 'agent-invalid-reply', message: 'the agent returned undefined, which is not a reply', role: 'agent', returned: 'undefined' } })], ['failed']),
      ...[0, 1].map((trial) =>
        collected(`bug-${trial}`, [record('bug', trial, { ...unscored, error: { culprit: 'domain', kind: 'tool-threw', message: "the tool book_flight threw TypeError: Cannot read properties of undefined (reading 'seats')", role: 'agent', tool: 'book_flight', arguments: { flight: 'QX7' }, stack } })], ['failed']),
      ),
      collected('down', [record('down', 0, { ...unscored, error: { culprit: 'infrastructure', kind: 'timeout', message: 'no complete reply within 60000 ms' } })], ['failed']),
    ]
    const { report } = buildReport(tests)
    expect(report.runs.map((run) => [run.scenario, run.verdict, run.score])).toEqual([
      ['bug', 'error', null],
      ['bug', 'error', null],
      ['crash', 'failed', 0],
      ['down', 'error', null],
      ['fine', 'passed', 1],
      ['forgot', 'failed', 0],
    ])
    expect(report.summary.overall).toMatchObject({ runs: 6, passed: 1, failed: 2, agentErrors: 2, errors: 3, domainErrors: 2, infrastructureErrors: 1, meanScore: 1 / 3, passRate: 1 / 3 })
    const summary = formatSummary(report)
    expect(summary).toContain(
      [
        "toolcheck: agent reference, 6 runs: 1 passed, 2 failed (2 where the agent's own code broke), 2 domain errors, 1 infrastructure error",
        '2 runs ended by a bug in a tool of the domain (not scored; fix the tool):',
        "  the tool book_flight threw TypeError: Cannot read properties of undefined (reading 'seats') (bug [none] trial 0 and 1 other run, called with {\"flight\":\"QX7\"})",
        '    at execute (/project/airline.ts:41:22)',
        "2 runs ended by the agent's own code (failures, scored 0):",
        "  the agent's code threw TypeError: x is not a function (crash [none] trial 0)",
        '    at policy (/project/agent.ts:9:3)',
        '  the agent returned undefined, which is not a reply (forgot [none] trial 0)',
        '    returned: undefined',
      ].join('\n'),
    )
    expect(summary).toMatch(/^overall +6 +0\.333 .* +2 +1 +0 +-$/m)
    expect(renderHtmlReport(report, [])).toContain("6 runs: pass rate 0.333 (95% 0.061-0.793), mean score 0.333 (95% 0.000-1.000), 1 passed, 2 failed (2 where the agent's own code broke), 2 domain errors, 1 infrastructure error")
  })

  test('computes pass^k per scenario from the attempts of each repeat, errors apart', () => {
    const a = collected('a', [record('a', 0), record('a', 1, { score: 0.5 }), record('a', 2), record('a', 3)], ['passed', 'failed', 'passed', 'passed'])
    const b = collected('b', [record('b', 0), record('b', 1, { status: 'error', score: null, milestoneScore: null, minefieldHit: null, error: { culprit: 'infrastructure', kind: 'timeout', message: 'slow' } }), record('b', 2), record('b', 3)], ['passed', 'failed', 'passed', 'passed'])
    const { report } = buildReport([b, a])
    expect(report.runs.map((run) => `${run.scenario}:${run.trial}:${run.passed}`)).toEqual(['a:0:true', 'a:1:false', 'a:2:true', 'a:3:true', 'b:0:true', 'b:1:false', 'b:2:true', 'b:3:true'])
    const trialsA = report.summary.trials.find((task) => task.scenario === 'a')
    expect(trialsA).toMatchObject({ trials: 4, passes: 3, errors: 0, passHatK: { 1: 0.75, 2: 0.5, 3: 0.25, 4: 0 } })
    const trialsB = report.summary.trials.find((task) => task.scenario === 'b')
    expect(trialsB).toMatchObject({ trials: 3, passes: 3, errors: 1, passHatK: { 1: 1, 2: 1, 3: 1 } })
    // Weighted by the cells' scored trials (4 and 3), so pass^1 is the pass rate, 6 of 7.
    expect(report.summary.passHatK).toEqual({ 1: 6 / 7, 2: (4 * 0.5 + 3) / 7, 3: (4 * 0.25 + 3) / 7, 4: 0 })
    expect(report.summary.passHatK[1]).toBe(report.summary.overall.passRate)
    expect(report.summary.overall).toMatchObject({ runs: 8, errors: 1, passed: 6, failed: 1 })
    expect(report.summary.overall.meanScore).toBeCloseTo((7 - 0.5) / 7, 12)
  })

  test('without a list of attempts (vitest 4), a run takes its test\'s own state', () => {
    const passed = collected('a', [record('a', 0)], [], { state: 'passed' })
    const failed = collected('b', [record('b', 0, { score: 0 })], [], { state: 'failed' })
    expect(buildReport([passed, failed]).report.runs.map((run) => `${run.scenario}:${run.passed}`)).toEqual(['a:true', 'b:false'])
  })

  test('collectTest reads a vitest 4 test case, which has no attempts()', () => {
    const testCase = {
      id: 'id-1',
      fullName: 'suite > test',
      module: { moduleId: '/project/test/a.test.ts' },
      result: () => ({ state: 'passed', errors: [] }),
      meta: () => ({ toolcheck: { runs: [record('a', 0)] } }),
      annotations: () => [],
      diagnostic: () => ({ repeatCount: 0, retryCount: 0 }),
    } as unknown as TestCase
    expect(collectTest(testCase, '/project')).toEqual({ id: 'id-1', fullName: 'suite > test', file: 'test/a.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs: [record('a', 0)] } }, annotations: [] })
  })

  test('dedupes tests seen twice (merged shards) and ignores skipped copies', () => {
    const a = collected('a', [record('a', 0)], ['passed'])
    const skippedCopy = { ...a, state: 'skipped' as const, meta: {} }
    expect(buildReport([a, skippedCopy, a]).report.runs).toHaveLength(1)
  })

  test('reports failed tests without runs and invalid metadata as problems', () => {
    const broken = collected('c', [], ['failed'], { meta: {}, errorMessage: 'runScenario is not a function' })
    const invalid = collected('d', [], ['passed'], { meta: { toolcheck: { runs: [{ scenario: 'x' }] } } })
    const { report } = buildReport([broken, invalid])
    expect(report.problems.map((problem) => problem.message)).toEqual([
      'runScenario is not a function',
      expect.stringContaining('invalid toolcheck metadata: runs.0.categories'),
    ])
  })

  test('groups by category (a run counts in each of its categories) and augmentation column, plain first', () => {
    const runs = [
      record('a', 0, { categories: ['STATE_DEPENDENCY', 'SINGLE_TOOL_CALL'], augmentation: 'all tools', score: 0.5, turns: 6 }),
      record('a', 0, { categories: ['STATE_DEPENDENCY', 'SINGLE_TOOL_CALL'] }),
      record('b', 0, { categories: ['MULTIPLE_USER_TURN'], augmentation: '3 distraction tools' }),
    ]
    const { report } = buildReport([collected('x', runs, ['passed'])])
    expect(Object.keys(report.summary.byCategory)).toEqual(['SINGLE_TOOL_CALL', 'MULTIPLE_USER_TURN', 'STATE_DEPENDENCY'])
    expect(Object.keys(report.summary.byAugmentation)).toEqual(['none', '3 distraction tools', 'all tools'])
    expect(report.summary.byCategory.STATE_DEPENDENCY).toMatchObject({ runs: 2, meanScore: 0.75, meanTurns: 5 })
    expect(formatSummary(report)).toContain('STATE_DEPENDENCY')
  })

  test('escape sequences in a category label are written as escapes on the terminal', () => {
    const runs = [record('a', 0, { categories: ['billing\u001b[2J\u001b]0;owned\u0007'] })]
    const { report } = buildReport([collected('x', runs, ['passed'])])
    const summary = formatSummary(report)
    expect(summary).not.toMatch(/[\u0007\u001b]/)
    expect(summary).toContain('billing\\u001b[2J\\u001b]0;owned\\u0007')
  })

  test('groups a sweep’s combined augmentations by column: a run counts under each column it lists, overall once', () => {
    const sweepRuns = [
      // Worst runs of three kinds a sweep drew.
      record('a', 0, {
        augmentation: 'all tools, tool names scrambled, argument types removed, paraphrased',
        augmentationColumns: ['tool names scrambled', 'argument types removed', 'paraphrased'],
        score: 0,
        turns: 2,
      }),
      record('a', 0, { augmentation: '3 distraction tools, tool names scrambled', augmentationColumns: ['tool names scrambled'], score: 1, turns: 4 }),
      record('a', 0, { augmentation: '5 distraction tools', augmentationColumns: ['5 distraction tools'] }),
      record('a', 0, { augmentation: 'paraphrased', augmentationColumns: ['none', 'paraphrased'] }),
      record('a', 0, { augmentation: 'my own tools', augmentationColumns: ['my own tools'], status: 'error', score: null, milestoneScore: null, minefieldHit: null }),
    ]
    const { report } = buildReport([collected('sweep', sweepRuns, ['failed'])])
    expect(Object.keys(report.summary.byAugmentation)).toEqual([
      'none',
      'tool names scrambled',
      'argument types removed',
      'paraphrased',
      '5 distraction tools',
      'my own tools',
    ])
    expect(report.summary.byAugmentation['tool names scrambled']).toMatchObject({ runs: 2, meanScore: 0.5, meanTurns: 3 })
    expect(report.summary.byAugmentation['argument types removed']).toMatchObject({ runs: 1, meanScore: 0 })
    expect(report.summary.byAugmentation.paraphrased).toMatchObject({ runs: 2, meanScore: 0.5 })
    expect(report.summary.byAugmentation['my own tools']).toMatchObject({ runs: 1, errors: 1, meanScore: null })
    expect(report.summary.overall).toMatchObject({ runs: 5, errors: 1 })
    // Runs keep their full label, and list their columns.
    expect(report.runs.map((run) => run.augmentationColumns.length)).toEqual(expect.arrayContaining([3, 1, 1, 2, 1]))
    expect(report.runs.map((run) => run.augmentation)).toContain('all tools, tool names scrambled, argument types removed, paraphrased')
    const table = formatSummary(report)
    expect(table).toMatch(/^tool names scrambled\s+2\s+0\.500/m)
    // The tables count it under its columns; only the failing runs' list names its full label.
    const [tables, failing] = table.split('failing runs, worst first')
    expect(tables).not.toContain('all tools, tool names scrambled')
    expect(failing).toContain('a [all tools, tool names scrambled, argument types removed, paraphrased] trial 0: milestones short: score 0.000 < 1.000')
  })

  test('pairs each run with its transcript annotation by scenario, augmentation, trial and agent', () => {
    const transcript = buildTranscript(sampleTrajectory(), 1)
    const byAgent = (trial: number, agent: string) => record('send_message_to_alex', trial, { agent })
    const test = collected('a', [byAgent(0, 'test-agent'), byAgent(1, 'test-agent'), byAgent(1, 'another-agent')], ['passed', 'passed'], {
      annotations: [{ message: 'transcript', type: TRANSCRIPT_ANNOTATION_TYPE, attachment: transcriptAttachment(transcript) }],
    })
    const { report, transcripts } = buildReport([test])
    const of = (trial: number, agent: string) => transcripts[report.runs.findIndex((run) => run.trial === trial && run.agent === agent)]
    expect(of(0, 'test-agent')).toBeUndefined()
    // The run of another agent in the same test is not given this one's transcript.
    expect(of(1, 'another-agent')).toBeUndefined()
    expect(of(1, 'test-agent')?.messages).toHaveLength(8)
    expect(of(1, 'test-agent')?.messages[3]?.changes).toEqual([{ table: 'settings', added: [{ wifi: true }], removed: [{ wifi: false }], updated: [] }])
  })

  test('counts the runs an open circuit breaker cut short and says each reason once, in the summary and the HTML page', () => {
    const reason = 'http://127.0.0.1:9/v1 is failing: 3 calls in a row to it failed (the first with server-error: HTTP 500: down), so its circuit breaker fails further calls at once and lets one through every 30 s to see whether it is back'
    const errorRun = (scenario: string, kind: string, message: string) => record(scenario, 0, { status: 'error', error: { culprit: 'infrastructure', kind, message }, score: null, milestoneScore: null, minefieldHit: null })
    const tests = [
      collected('a', [errorRun('a', 'server-error', 'the call to http://127.0.0.1:9/v1 (m) failed after 5 attempts: HTTP 500: down')], ['failed']),
      ...['b', 'c', 'd'].map((id) => collected(id, [errorRun(id, 'circuit-open', reason)], ['failed'])),
      collected('e', [record('e', 0)], ['passed']),
    ]
    const { report } = buildReport(tests)
    expect(report.summary.cutShort).toEqual({ runs: 3, reasons: [reason] })
    expect(report.summary.overall.errors).toBe(4)
    const summary = formatSummary(report)
    expect(summary).toContain(`toolcheck: agent reference, 5 runs: 1 passed, 0 failed, 4 infrastructure errors\n3 runs cut short by an open circuit breaker, without reaching the endpoint:\n  ${reason}\n`)
    expect(summary.split(reason)).toHaveLength(2)
    expect(renderHtmlReport(report, [])).toContain('3 runs cut short by an open circuit breaker')
    const healthy = buildReport([collected('e', [record('e', 0)], ['passed'])]).report
    expect(healthy.summary.cutShort).toEqual({ runs: 0, reasons: [] })
    expect(formatSummary(healthy)).not.toContain('cut short')
  })

  test("a run's verdict follows its score and threshold, apart from its test's state", () => {
    const tests = [
      // A sweep's test fails on one augmentation; its other runs scored 1 and passed.
      collected('sweep', [record('a', 0, { augmentation: 'x', augmentationColumns: ['x'], threshold: 1 }), record('a', 0, { score: 0.5, threshold: 1 })], ['failed']),
      // An un-awaited matcher left the test green with a run that scored 0.
      collected('green', [record('b', 0, { score: 0 })], ['passed']),
      collected('lenient', [record('c', 0, { score: 0.6, threshold: 0.5 })], ['passed']),
      collected('down', [record('d', 0, { status: 'error', score: null, milestoneScore: null, minefieldHit: null, error: { culprit: 'infrastructure', kind: 'timeout', message: 'slow' } })], ['failed']),
    ]
    const { report } = buildReport(tests)
    expect(report.runs.map((run) => [run.scenario, run.augmentation, run.verdict, run.passed, run.testPassed, run.threshold])).toEqual([
      ['a', 'none', 'failed', false, false, 1],
      ['a', 'x', 'passed', true, false, 1],
      ['b', 'none', 'failed', false, true, 1],
      ['c', 'none', 'passed', true, true, 0.5],
      ['d', 'none', 'error', false, false, 1],
    ])
    expect(report.summary.overall).toMatchObject({ runs: 5, errors: 1, passed: 2, failed: 2, passRate: 0.5 })
  })

  test('summarizes by agent, as a category × augmentation matrix, with usage and pass rates', () => {
    const usage = (promptTokens: number, costUsd?: number) => ({ calls: 2, promptTokens, completionTokens: 10, latencyMs: 5, cachedCalls: 1, ...(costUsd === undefined ? {} : { costUsd }) })
    const tests = [
      collected('a', [record('a', 0, { agent: 'openai:gpt-4o', categories: ['MY_OWN', 'STATE_DEPENDENCY'], usage: usage(100, 0.5) })], ['passed']),
      collected('b', [record('b', 0, { agent: 'reference', user: 'openai:gpt-4o', augmentation: 'all tools', augmentationColumns: ['all tools'], score: 0, usage: usage(50) })], ['failed']),
    ]
    const { report } = buildReport(tests)
    expect(report.agents).toEqual(['openai:gpt-4o', 'reference'])
    expect(report.users).toEqual(['openai:gpt-4o', 'scripted'])
    expect(report.domains).toEqual(['device'])
    expect(Object.keys(report.summary.byAgent)).toEqual(['openai:gpt-4o', 'reference'])
    expect(report.summary.byAgent.reference).toMatchObject({ runs: 1, passed: 0, passRate: 0 })
    // ToolSandbox's categories first, the user's own labels after them.
    expect(report.summary.matrix.categories).toEqual(['SINGLE_TOOL_CALL', 'STATE_DEPENDENCY', 'MY_OWN'])
    expect(report.summary.matrix.columns).toEqual(['none', 'all tools'])
    expect(report.summary.matrix.cells.MY_OWN).toEqual({ none: expect.objectContaining({ runs: 1, meanScore: 1 }) })
    expect(report.summary.matrix.cells.SINGLE_TOOL_CALL?.['all tools']).toMatchObject({ runs: 1, meanScore: 0 })
    expect(report.summary.overall.usage).toEqual({ calls: 4, cachedCalls: 2, promptTokens: 150, completionTokens: 20, latencyMs: 10, costUsd: 0.5 })
    expect(report.summary.byAgent.reference?.usage).not.toHaveProperty('costUsd')
    expect(report.summary.overall.passRateInterval?.[0]).toBeCloseTo(0.0945, 3)
    const summary = formatSummary(report)
    expect(summary).toContain('toolcheck: agents openai:gpt-4o, reference, 2 runs: 1 passed, 1 failed, 0 infrastructure errors\nusers openai:gpt-4o, scripted; domain device\nusage: 4 model calls (2 cached), 150 prompt + 20 completion tokens, $0.5000')
    expect(summary).toMatch(/^agent +runs +score +95% interval +pass +turns +domain +infra +tokens +cost$/m)
    // Intervals print rounded outward: a single score's [1, 1] reads 0.999-1.000.
    expect(summary).toMatch(/^openai:gpt-4o +1 +1\.000 +0\.999-1\.000 +1\.000 +4\.0 +0 +0 +110 +\$0\.5000$/m)
    expect(summary).toMatch(/^MY_OWN +1 +1\.000/m)
  })

  test('pass^k carries a 95 % interval per scenario and overall', () => {
    const a = collected('a', [0, 1, 2, 3].map((trial) => record('a', trial, { score: trial === 1 ? 0 : 1 })), ['passed', 'failed', 'passed', 'passed'])
    const b = collected('b', [0, 1, 2, 3].map((trial) => record('b', trial)), ['passed', 'passed', 'passed', 'passed'])
    const { report } = buildReport([a, b])
    const [trialsA] = report.summary.trials
    // pass^1 of 3 of 4 has Wilson's interval [0.3006, 0.9544]; pass^2 = C(3,2)/C(4,2) = 0.5, with
    // the score interval of that estimator (see pass-hat-k.ts).
    expect(trialsA?.passHatKInterval[1]?.[0]).toBeCloseTo(0.30064, 4)
    expect(trialsA?.passHatK[2]).toBe(0.5)
    expect(trialsA?.passHatKInterval[2]?.[0]).toBeCloseTo(0.12368, 4)
    expect(trialsA?.passHatKInterval[2]?.[1]).toBeCloseTo(0.90429, 4)
    // Overall, pass^1 is the pass rate (7 of 8) with the pass rate's own interval.
    expect(report.summary.passHatK[1]).toBe(0.875)
    expect(report.summary.passHatKInterval[1]).toEqual(report.summary.overall.passRateInterval)
    expect(formatSummary(report)).toContain('pass^k over 2 cells (scenario × augmentation), 95% intervals: k=1 0.875 (0.529-0.978)  k=2 0.750 (0.331-0.955)')
  })
})
