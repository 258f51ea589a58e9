import { describe, expect, test } from 'vitest'
import type { ComparedReport } from '../../src/compare/compare-reports.ts'
import { compareReports } from '../../src/compare/compare-reports.ts'
import { comparisonMarkdown } from '../../src/compare/comparison-markdown.ts'
import { formatComparison } from '../../src/compare/format-comparison.ts'
import type { ReportedFingerprint } from '../../src/reporter/report.ts'

type Run = ComparedReport['runs'][number]
const usage = { calls: 1, promptTokens: 10, completionTokens: 2, latencyMs: 0, cachedCalls: 0 }

/** Runs of one cell: `outcomes` is one letter per trial, p(assed), f(ailed) or e(rror). */
function cell(scenario: string, outcomes: string, overrides: Partial<Run> = {}): Run[] {
  return [...outcomes].map((outcome, trial) => ({
    scenario,
    augmentation: 'none',
    augmentationColumns: ['none'],
    categories: ['SINGLE_TOOL_CALL'],
    agent: 'agent-a',
    trial,
    status: outcome === 'e' ? 'error' : 'completed',
    score: outcome === 'e' ? null : outcome === 'p' ? 1 : 0,
    passed: outcome === 'p',
    verdict: outcome === 'e' ? 'error' : outcome === 'p' ? 'passed' : 'failed',
    usage,
    ...overrides,
  }))
}
const report = (...cells: Run[][]): ComparedReport => ({ agent: 'agent-a', runs: cells.flat() })
const fingerprint = (milestones: string): ReportedFingerprint => ({ world: 'w', tools: 't', user: 'u', milestones, minefields: 'm' })

describe('compareReports: cells', () => {
  test('a cell that drops from all to none of 8 trials is a regression; noise and ties are not', () => {
    const base = report(cell('a', 'pppppppp'), cell('b', 'ppppppfp'), cell('c', 'pppp'))
    const head = report(cell('a', 'ffffffff'), cell('b', 'pfpppppp'), cell('c', 'pppp'))
    const comparison = compareReports(base, head)
    expect(comparison.cells.map((item) => [item.scenario, item.verdict, item.reason])).toEqual([
      ['a', 'regression', 'significant'],
      ['b', 'unchanged', undefined],
      ['c', 'unchanged', undefined],
    ])
    expect(comparison.regression).toBe(true)
    expect(comparison.cells[0]).toMatchObject({ base: { trials: 8, passes: 8 }, head: { trials: 8, passes: 0 }, passRateDelta: -1, testable: true, break: true })
    // The reverse comparison is an improvement, and then nothing is a regression.
    const reverse = compareReports(head, base)
    expect(reverse.cells[0]).toMatchObject({ scenario: 'a', verdict: 'improvement' })
    expect(reverse.regression).toBe(false)
  })

  test('a break is flagged whatever the family size, and only with at least the base trials', () => {
    // 300 cells of 5 trials: the smallest p-value, 1/1024, is far from Holm's 0.05/300.
    const others = Array.from({ length: 299 }, (_, index) => `s${String(index).padStart(3, '0')}`)
    const base = report(cell('broken', 'ppppp'), cell('short', 'ppppp'), ...others.map((id) => cell(id, 'ppppp')))
    const head = report(cell('broken', 'fffff'), cell('short', 'fff'), ...others.map((id) => cell(id, 'ppppp')))
    const comparison = compareReports(base, head)
    expect(comparison.cells[0]).toMatchObject({ scenario: 'broken', verdict: 'break', reason: 'break', break: true })
    expect(comparison.cells[0]?.adjustedWorse).toBeGreaterThan(0.05)
    expect(comparison.cells.find((item) => item.scenario === 'short')).toMatchObject({ verdict: 'changed', break: false })
    expect(comparison.regression).toBe(true)
    expect(comparison.counts).toMatchObject({ regression: 0, break: 1, changed: 1 })
    // No cell could be significant alone; the notes say so and how many trials it would take.
    expect(comparison.method).toMatchObject({ cellsCanReachSignificance: false, trialsNeeded: 7, breakChance: 1 / 1024 })
    const text = formatComparison(comparison)
    expect(text).toContain('RESULT: REGRESSION: overall; 1 cell (1 break)')
    // The category and the column hold the same cells as overall: named once, not as regressions of their own.
    expect(text).toContain('(not listed again, having the same cells as a group above: category SINGLE_TOOL_CALL = overall, augmentation none = overall)')
    expect(text).toContain("No single cell can reach significance at these trial counts: with 5 trials a side a cell's smallest p-value is 0.0010, and Holm over 301 testable cells asks for 0.0002. It takes 7 trials a side for a cell to reach it among 301 cells.")
    expect(text).toContain('noise makes one at most 1 in 1,024 cells at these trial counts')
  })

  test('single-trial flips are breaks, and many of them make the overall group a regression', () => {
    const scenarios = Array.from({ length: 12 }, (_, index) => `s${String(index).padStart(2, '0')}`)
    const base = report(...scenarios.map((id) => cell(id, 'p')))
    const head = report(...scenarios.map((id, index) => cell(id, index < 11 ? 'f' : 'p')))
    const comparison = compareReports(base, head)
    expect(comparison.method).toMatchObject({ families: { cell: 0 }, untestable: 12, cellsCanReachSignificance: false, breakChance: 0.25 })
    expect(comparison.counts).toMatchObject({ break: 11, unchanged: 1 })
    // 11 of the 12 strata lost their one pass: the stratified test's p is 1/2048, times 3 levels.
    const overall = comparison.groups.find((group) => group.level === 'overall')
    expect(overall?.pWorse).toBeCloseTo(1 / 2048, 12)
    expect(overall?.adjustedWorse).toBeCloseTo(3 / 2048, 12)
    expect(overall?.verdict).toBe('regression')
    expect(formatComparison(comparison)).toContain('With so few trials any flip is a break: replay the model calls from the cache, or run more trials.')
  })

  test('deterministic reports: every fall of a pass rate is a regression, and the output says why no statistics were needed', () => {
    const reference = { agent: 'reference', usage: { ...usage, calls: 0 } }
    const replayed = { agent: 'openai:gpt-4o', usage: { ...usage, cachedCalls: 1 } }
    const base = report(cell('a', 'p', reference), cell('b', 'f', reference), cell('c', 'p', reference))
    const head = report(cell('a', 'f', replayed), cell('b', 'p', replayed), cell('c', 'p', replayed))
    const comparison = compareReports(base, head)
    expect(comparison.method.deterministic).toBe(true)
    expect(comparison.cells.map((item) => [item.scenario, item.verdict, item.reason])).toEqual([
      ['a', 'regression', 'deterministic'],
      ['b', 'improvement', 'deterministic'],
      ['c', 'unchanged', undefined],
    ])
    expect(comparison.groups.find((group) => group.level === 'category')).toMatchObject({ name: 'SINGLE_TOOL_CALL', verdict: 'regression', reason: 'deterministic', regressedCells: 1, improvedCells: 1 })
    expect(formatComparison(comparison)).toContain('a rerun gives the same verdicts, so every cell whose pass rate fell is a regression and every rise an improvement; no statistics were needed')
    // One live side is enough to need statistics again.
    const live = compareReports(base, report(cell('a', 'f'), cell('b', 'p'), cell('c', 'p')))
    expect(live.method.deterministic).toBe(false)
    expect(live.cells.find((item) => item.scenario === 'a')?.verdict).toBe('break')
  })

  test('lists cells in one report only, leaves out errors and says when a side has no scored run', () => {
    const base = report(cell('kept', 'ppp'), cell('dropped', 'pp'), cell('down', 'ppp'))
    const head = report(cell('kept', 'ppep'), cell('new', 'f'), cell('down', 'eee'))
    const comparison = compareReports(base, head)
    expect(comparison.added).toEqual([{ scenario: 'new', augmentation: 'none', agent: 'agent-a', runs: 1 }])
    expect(comparison.removed).toEqual([{ scenario: 'dropped', augmentation: 'none', agent: 'agent-a', runs: 2 }])
    expect(comparison.cells.find((item) => item.scenario === 'kept')?.head).toMatchObject({ runs: 4, errors: 1, trials: 3, passes: 3, positions: [0, 1, 2, 3] })
    expect(comparison.cells.find((item) => item.scenario === 'down')?.verdict).toBe('no-data')
    expect(comparison.head).toMatchObject({ runs: 8, errors: 4, passRate: 0.75 })
  })

  test('an error verdict is unscored whatever its status; a crash the agent caused counts as a failure', () => {
    // A run that ended in an error status but whose verdict is `failed` (the agent's own code threw).
    const crashed = cell('a', 'fff', { status: 'error', score: null })
    const comparison = compareReports(report(cell('a', 'ppp')), report(crashed))
    expect(comparison.cells[0]?.head).toMatchObject({ trials: 3, passes: 0, errors: 0 })
    expect(comparison.cells[0]?.verdict).toBe('regression')
  })

  test('tells cells apart by agent only when a report has several agents, and reads reports without verdicts', () => {
    const base = report(cell('a', 'pppppp'), cell('a', 'pppppp', { agent: 'agent-b' }))
    const head = report(cell('a', 'pppppp'), cell('a', 'ffffff', { agent: 'agent-b' }))
    const byAgent = compareReports(base, head)
    expect(byAgent.method.byAgent).toBe(true)
    expect(byAgent.cells.map((item) => [item.agent, item.verdict])).toEqual([
      ['agent-b', 'regression'],
      ['agent-a', 'unchanged'],
    ])
    // One agent each side (a new model, say): cells pair across the names.
    const renamed = compareReports(report(cell('a', 'pppppp')), report(cell('a', 'ffffff', { agent: 'agent-c' })))
    expect(renamed.method.byAgent).toBe(false)
    expect(renamed.cells[0]).not.toHaveProperty('agent')
    expect(renamed.cells[0]?.verdict).toBe('regression')
    // A report of version 1: runs pass as their tests did.
    const old = { agent: 'agent-a', runs: cell('a', 'pppppp').map(({ verdict: _verdict, ...run }) => run) }
    expect(compareReports(old, report(cell('a', 'ffffff'))).cells[0]?.verdict).toBe('regression')
  })

  test('a Benjamini-Hochberg correction flags more at the price of false alarms; no correction flags per cell', () => {
    const base = report(cell('a', 'pppp'), cell('b', 'pppp'), cell('c', 'pppp'), cell('d', 'pppp'))
    const head = report(cell('a', 'ffff'), cell('b', 'ffff'), cell('c', 'ffff'), cell('d', 'pfff'))
    const holm = compareReports(base, head)
    const bh = compareReports(base, head, { correction: 'bh' })
    const none = compareReports(base, head, { correction: 'none' })
    expect(holm.counts.regression).toBeLessThanOrEqual(bh.counts.regression)
    expect(bh.counts.regression).toBeLessThanOrEqual(none.counts.regression)
    expect(none.counts.regression).toBe(4)
    expect(() => compareReports(base, head, { alpha: 1 })).toThrow('alpha must be between 0 and 1')
  })
})

describe('compareReports: order, groups, like with like', () => {
  test('worst first: regressions, breaks, changes by their fall, improvements, then the rest by name', () => {
    const base = report(cell('a-up', 'ffffffff'), cell('b-same', 'pppp'), cell('c-dip', 'pppppppp'), cell('d-fall', 'pppppppp'), cell('e-break', 'pp'), cell('f-drop', 'pppppppp'), cell('g-nudge', 'ppppppfp'))
    const head = report(cell('a-up', 'pppppppp'), cell('b-same', 'pppp'), cell('c-dip', 'ppppppfp'), cell('d-fall', 'pppfffff'), cell('e-break', 'ff'), cell('f-drop', 'ffffffff'), cell('g-nudge', 'pppppppp'))
    const comparison = compareReports(base, head)
    expect(comparison.cells.map((item) => `${item.scenario}:${item.verdict}`)).toEqual([
      'f-drop:regression',
      'd-fall:regression',
      'e-break:break',
      'c-dip:changed',
      'g-nudge:changed',
      'a-up:improvement',
      'b-same:unchanged',
    ])
    const text = formatComparison(comparison)
    const order = ['regressions (2):', 'breaks (1):', 'changed without significance, largest fall first (2):', 'improvements (1):'].map((title) => text.indexOf(title))
    expect(order.every((position, index) => position > 0 && (index === 0 || position > (order[index - 1] as number)))).toBe(true)
    expect(text.indexOf('groups, worst first')).toBeLessThan(order[0] as number)
    expect(text).toContain('< 0.0001')
    expect(text).not.toContain('<0.0001')
  })

  test('a category that falls from about 0.94 to 0.25 over 5 trials is named, though no cell of it is significant alone', () => {
    // 12 state-dependency scenarios, each passing 4 or 5 of 5 before and 1 or 2 after (a fall no
    // single cell shows at Holm's bar over 40 cells), and 28 others moved by noise only.
    const stateful = Array.from({ length: 12 }, (_, index) => `state-${String(index).padStart(2, '0')}`)
    const others = Array.from({ length: 28 }, (_, index) => `other-${String(index).padStart(2, '0')}`)
    const state = { categories: ['STATE_DEPENDENCY', 'MULTIPLE_TOOL_CALL'] }
    const base = report(...stateful.map((id, index) => cell(id, index % 4 === 0 ? 'ppfpp' : 'ppppp', state)), ...others.map((id, index) => cell(id, index % 3 === 0 ? 'pfppp' : 'ppppp')))
    const head = report(...stateful.map((id, index) => cell(id, index % 4 === 0 ? 'pffff' : index % 2 === 0 ? 'fpfff' : 'fffpp', state)), ...others.map((id, index) => cell(id, index % 3 === 1 ? 'ppfpp' : 'ppppp')))
    const comparison = compareReports(base, head)
    const category = comparison.groups.find((group) => group.level === 'category' && group.name === 'STATE_DEPENDENCY')
    expect(category?.base.passRate).toBeCloseTo(57 / 60, 9)
    expect(category?.head.passRate).toBeCloseTo(18 / 60, 9)
    expect(category?.verdict).toBe('regression')
    expect(comparison.groups[0]?.verdict).toBe('regression')
    // The noisy category is not named, and no noisy cell is either.
    expect(comparison.groups.find((group) => group.name === 'SINGLE_TOOL_CALL')?.verdict).not.toBe('regression')
    expect(comparison.cells.filter((item) => item.scenario.startsWith('other')).every((item) => item.verdict === 'changed' || item.verdict === 'unchanged')).toBe(true)
    expect(formatComparison(comparison)).toMatch(/RESULT: REGRESSION: category MULTIPLE_TOOL_CALL, overall\n/)
    // STATE_DEPENDENCY holds the same cells as MULTIPLE_TOOL_CALL: it is that regression under a second name, not another one.
    expect(formatComparison(comparison)).toContain('category STATE_DEPENDENCY = category MULTIPLE_TOOL_CALL')
    const markdown = comparisonMarkdown(comparison).split('\n')
    expect(markdown[0]).toBe('## ❌ toolcheck: regression: category MULTIPLE\\_TOOL\\_CALL, overall')
    expect(markdown.indexOf('### Regressed groups')).toBeGreaterThan(0)
    expect(markdown.indexOf('### Regressed groups')).toBeLessThan(markdown.findIndex((line) => line.startsWith('<details>')))
  })

  test('a cell whose scenario changed is listed apart, not compared', () => {
    const base = { ...report(cell('a', 'ppppp'), cell('b', 'ppppp')), scenarios: { a: fingerprint('1'), b: fingerprint('1') } }
    const head = { ...report(cell('a', 'fffff'), cell('b', 'ppppp')), scenarios: { a: fingerprint('2'), b: fingerprint('1') } }
    const comparison = compareReports(base, head)
    expect(comparison.scenarioChanged).toEqual([{ scenario: 'a', augmentation: 'none', agent: 'agent-a', runs: 5, differs: ['milestones'], base: { trials: 5, passes: 5 }, head: { trials: 5, passes: 0 } }])
    expect(comparison.cells.map((item) => item.scenario)).toEqual(['b'])
    expect(comparison.regression).toBe(false)
    expect(formatComparison(comparison)).toContain('a [none]: scenario changed: milestones differ (5/5 -> 0/5)')
    // A report without fingerprints (older) compares as before.
    expect(compareReports(report(cell('a', 'ppppp')), head).scenarioChanged).toEqual([])
  })

  test('the settings are set side by side', () => {
    const settings = { scoring: 'toolcheck' as const, version: '0.1.0', agentSpec: 'openai:a', userSpec: 'scripted', replayed: false, deterministic: false }
    const comparison = compareReports({ ...report(cell('a', 'p')), settings }, { ...report(cell('a', 'p')), settings: { ...settings, scoring: 'toolsandbox', agentSpec: 'openai:b' } })
    expect(comparison.alike).toMatchObject({ scoring: { base: 'toolcheck', head: 'toolsandbox', same: false }, agentSpec: { same: false }, version: { same: true } })
    const text = formatComparison(comparison)
    expect(text).toContain('settings: scoring toolcheck -> toolsandbox; version 0.1.0; agent spec openai:a -> openai:b; user spec scripted; both not deterministic')
    expect(text).toContain('The reports were scored differently (base toolcheck, head toolsandbox): their scores are not comparable.')
    expect(formatComparison(compareReports(report(cell('a', 'p')), report(cell('a', 'p'))))).toContain('scoring not recorded')
  })
})
