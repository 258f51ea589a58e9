import { isAgentResult } from '../conversation/index.ts'
import { compareLabels } from '../reporter/compare-labels.ts'
import { compareText } from '../reporter/compare-text.ts'
import type { ReportRun } from '../reporter/report.ts'
import { usageOf } from '../reporter/summarize-runs.ts'
import type { Correction } from './adjust-p-values.ts'
import { adjustPValues } from './adjust-p-values.ts'
import { boschlooWorse, signTestUpper, smallestAttainable } from './boschloo.ts'
import type { CellComparison, CellKey, CellSide, CellVerdict, Comparison, SideSummary } from './comparison.ts'

/** Options of `compareReports`. */
export interface CompareOptions {
  /** The significance level of each family of tests. Default 0.05. */
  readonly alpha?: number
  /** How the p-values of many cells are adjusted (see `adjustPValues`). Default `holm`. */
  readonly correction?: Correction
  /** Where each report was read from, shown in the outputs. */
  readonly sources?: { readonly base?: string; readonly head?: string }
}

/** The parts of a report run that the comparison reads (reports of version 1 lack `verdict`). */
type ComparedRun = Pick<ReportRun, 'scenario' | 'augmentation' | 'augmentationColumns' | 'categories' | 'agent' | 'status' | 'score' | 'passed' | 'trial' | 'usage'> & {
  readonly verdict?: ReportRun['verdict']
  /** An error run's culprit decides whether it is a trial (the agent's) or not (reports before culprits lack it). */
  readonly error?: { readonly culprit?: string } | undefined
}

/** The parts of a report that the comparison reads. */
export interface ComparedReport {
  readonly agent: string
  readonly agents?: readonly string[]
  readonly runs: readonly ComparedRun[]
}

/**
 * Compares a head report with a base report, cell by cell: a cell is one scenario under one
 * augmentation (and one agent, when either report has several agents; otherwise the agent may
 * differ between the reports, as when comparing two models). The runs of a cell are its trials.
 *
 * **The test.** For each cell both ways, Boschloo's exact test on the pass counts (a run passes
 * when its score reached its threshold; runs that ended in an infrastructure error are left
 * out): "the head passes less often than the base" for regressions, the other way for
 * improvements. An exact unconditional test suits the small trial counts of model evaluations:
 * it does not lean on a normal approximation, and it is the most powerful of the exact tests in
 * common use for two binomial proportions.
 *
 * **Many cells.** A suite compares hundreds of cells, and some would look significant by chance,
 * so each direction is one family, adjusted by Holm's procedure (by default; Benjamini-Hochberg
 * or none on request) at level `alpha`. Cells whose trial counts cannot reach `alpha` at all (one
 * trial a side: the smallest p-value is 1/4) are left out of the family before any result is
 * looked at; they could never be significant, and counting them would only weaken the others.
 * The family also holds one overall test: a sign test over the cells both reports have, on how
 * many got worse against how many got better, which catches a change that makes many cells a
 * little worse (or that flips single-trial cells) though no cell alone is significant.
 *
 * A cell whose pass rate or mean score moved without significance is `changed`: listed, never
 * called a regression. Deterministic: the same reports give the same comparison.
 */
export function compareReports(base: ComparedReport, head: ComparedReport, options: CompareOptions = {}): Comparison {
  const alpha = options.alpha ?? 0.05
  const correction = options.correction ?? 'holm'
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be between 0 and 1, got ${alpha}`)
  const byAgent = agentsOf(base).length > 1 || agentsOf(head).length > 1
  const baseCells = cellsOf(base, byAgent)
  const headCells = cellsOf(head, byAgent)
  const keys = [...new Set([...baseCells.keys(), ...headCells.keys()])]
  const both: { key: string; base: Cell; head: Cell }[] = []
  const added: CellKey[] = []
  const removed: CellKey[] = []
  for (const key of keys) {
    const inBase = baseCells.get(key)
    const inHead = headCells.get(key)
    if (inBase !== undefined && inHead !== undefined) both.push({ key, base: inBase, head: inHead })
    else if (inHead !== undefined) added.push(cellKey(inHead))
    else if (inBase !== undefined) removed.push(cellKey(inBase))
  }
  both.sort((a, b) => compareCells(a.base, b.base))
  added.sort(compareCells)
  removed.sort(compareCells)

  const sides = both.map(({ base: baseCell, head: headCell }) => ({ base: sideOf(baseCell), head: sideOf(headCell), cell: baseCell, headCell }))
  const pWorse = sides.map(({ base: b, head: h }) => boschlooWorse({ trials: b.trials, passes: b.passes }, { trials: h.trials, passes: h.passes }))
  const pBetter = sides.map(({ base: b, head: h }) => boschlooWorse({ trials: h.trials, passes: h.passes }, { trials: b.trials, passes: b.passes }))
  const testable = sides.map(({ base: b, head: h }) => smallestAttainable(b.trials, h.trials) <= alpha)

  let worse = 0
  let better = 0
  for (const { base: b, head: h } of sides) {
    if (b.passRate === null || h.passRate === null || h.passRate === b.passRate) continue
    if (h.passRate < b.passRate) worse++
    else better++
  }
  const overallWorse = signTestUpper(worse, worse + better)
  const overallBetter = signTestUpper(better, worse + better)

  // Each family: the testable cells, then the overall test.
  const members = sides.flatMap((_, position) => (testable[position] ? [position] : []))
  const adjust = (raw: readonly number[], overall: number) => adjustPValues([...members.map((position) => raw[position] as number), overall], correction)
  const adjustedWorse = adjust(pWorse, overallWorse)
  const adjustedBetter = adjust(pBetter, overallBetter)
  const familyPosition = new Map(members.map((position, rank) => [position, rank]))

  const cells: CellComparison[] = sides.map(({ base: b, head: h, cell }, position) => {
    const rank = familyPosition.get(position)
    const worseAdjusted = rank === undefined ? null : (adjustedWorse[rank] as number)
    const betterAdjusted = rank === undefined ? null : (adjustedBetter[rank] as number)
    const passRateDelta = b.passRate === null || h.passRate === null ? null : h.passRate - b.passRate
    const scoreDelta = b.meanScore === null || h.meanScore === null ? null : h.meanScore - b.meanScore
    let verdict: CellVerdict
    if (b.trials === 0 || h.trials === 0) verdict = 'no-data'
    else if (worseAdjusted !== null && worseAdjusted <= alpha) verdict = 'regression'
    else if (betterAdjusted !== null && betterAdjusted <= alpha) verdict = 'improvement'
    else if (Math.abs(passRateDelta ?? 0) > 1e-12 || Math.abs(scoreDelta ?? 0) > 1e-9) verdict = 'changed'
    else verdict = 'unchanged'
    return {
      scenario: cell.scenario,
      augmentation: cell.augmentation,
      ...(byAgent ? { agent: cell.agent } : {}),
      categories: cell.categories,
      augmentationColumns: cell.augmentationColumns,
      base: b,
      head: h,
      passRateDelta,
      scoreDelta,
      pWorse: pWorse[position] as number,
      pBetter: pBetter[position] as number,
      testable: testable[position] as boolean,
      adjustedWorse: worseAdjusted,
      adjustedBetter: betterAdjusted,
      verdict,
    }
  })
  const overallAdjustedWorse = adjustedWorse[members.length] as number
  const overallAdjustedBetter = adjustedBetter[members.length] as number
  const overall = {
    worse,
    better,
    pWorse: overallWorse,
    pBetter: overallBetter,
    adjustedWorse: overallAdjustedWorse,
    adjustedBetter: overallAdjustedBetter,
    regression: overallAdjustedWorse <= alpha,
    improvement: overallAdjustedBetter <= alpha,
  }
  const counts: Record<CellVerdict, number> = { regression: 0, improvement: 0, changed: 0, unchanged: 0, 'no-data': 0 }
  for (const cell of cells) counts[cell.verdict]++
  return {
    format: 'toolcheck-comparison',
    version: 1,
    base: summaryOf(base, options.sources?.base),
    head: summaryOf(head, options.sources?.head),
    method: { test: 'boschloo', alpha, correction, family: members.length + 1, untestable: sides.length - members.length, byAgent },
    cells,
    added,
    removed,
    overall,
    counts,
    regression: counts.regression > 0 || overall.regression,
  }
}

interface Cell {
  readonly scenario: string
  readonly augmentation: string
  readonly agent: string
  readonly categories: string[]
  readonly augmentationColumns: string[]
  readonly runs: { readonly run: ComparedRun; readonly position: number }[]
}

function agentsOf(report: ComparedReport): readonly string[] {
  return report.agents ?? [...new Set(report.runs.map((run) => run.agent))]
}

function cellsOf(report: ComparedReport, byAgent: boolean): Map<string, Cell> {
  const cells = new Map<string, Cell>()
  for (const [position, run] of report.runs.entries()) {
    const key = JSON.stringify(byAgent ? [run.scenario, run.augmentation, run.agent] : [run.scenario, run.augmentation])
    let cell = cells.get(key)
    if (cell === undefined) {
      cell = { scenario: run.scenario, augmentation: run.augmentation, agent: run.agent, categories: [], augmentationColumns: [...run.augmentationColumns], runs: [] }
      cells.set(key, cell)
    }
    for (const category of run.categories) if (!cell.categories.includes(category)) cell.categories.push(category)
    cell.runs.push({ run, position })
  }
  return cells
}

function sideOf(cell: Cell): CellSide {
  const ordered = [...cell.runs].sort((a, b) => a.run.trial - b.run.trial || a.position - b.position)
  const scored = ordered.filter(({ run }) => isAgentResult(run))
  const passes = scored.filter(({ run }) => (run.verdict === undefined ? run.passed : run.verdict === 'passed')).length
  return {
    runs: ordered.length,
    errors: ordered.length - scored.length,
    trials: scored.length,
    passes,
    passRate: scored.length === 0 ? null : passes / scored.length,
    meanScore: scored.length === 0 ? null : scored.reduce((sum, { run }) => sum + (run.score ?? 0), 0) / scored.length,
    positions: ordered.map(({ position }) => position),
  }
}

function cellKey(cell: Cell): CellKey {
  return { scenario: cell.scenario, augmentation: cell.augmentation, agent: cell.agent, runs: cell.runs.length }
}

function compareCells(a: { readonly scenario: string; readonly augmentation: string; readonly agent?: string }, b: { readonly scenario: string; readonly augmentation: string; readonly agent?: string }): number {
  return compareText(a.scenario, b.scenario) || compareLabels(a.augmentation, b.augmentation) || compareText(a.agent ?? '', b.agent ?? '')
}

function summaryOf(report: ComparedReport, source: string | undefined): SideSummary {
  const scored = report.runs.filter((run) => isAgentResult(run))
  const passes = scored.filter((run) => (run.verdict === undefined ? run.passed : run.verdict === 'passed')).length
  const usage = usageOf(report.runs)
  return {
    ...(source === undefined ? {} : { source }),
    agents: [...agentsOf(report)].sort(compareText),
    runs: report.runs.length,
    errors: report.runs.length - scored.length,
    passRate: scored.length === 0 ? null : passes / scored.length,
    meanScore: scored.length === 0 ? null : scored.reduce((sum, run) => sum + (run.score ?? 0), 0) / scored.length,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    ...(usage.costUsd === undefined ? {} : { costUsd: usage.costUsd }),
  }
}
