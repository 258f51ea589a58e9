import { compareLabels } from '../reporter/compare-labels.ts'
import { compareText } from '../reporter/compare-text.ts'
import type { Correction } from './adjust-p-values.ts'
import { adjustPValues } from './adjust-p-values.ts'
import { boschlooWorse, smallestAttainable } from './boschloo.ts'
import { compareGroups } from './compare-groups.ts'
import type { CellComparison, CellKey, CellSide, CellVerdict, ChangedScenarioCell, ComparedFingerprints, Comparison, SideSummary, VerdictReason } from './comparison.ts'
import type { SettingsSource } from './like-with-like.ts'
import { fingerprintDifferences, likeWithLike } from './like-with-like.ts'
import type { CellTally, ComparedRun, ReportTally } from './report-tally.ts'
import { cellPositions, scenarioCells, tallyRuns, tallyUsage } from './report-tally.ts'
import { trialsNeeded } from './trials-needed.ts'
import { compareCellsWorstFirst, compareGroupsWorstFirst } from './worst-first.ts'

/** Options of `compareReports`. */
export interface CompareOptions {
  /** The significance level of each family of tests. Default 0.05. */
  readonly alpha?: number
  /** How the p-values of a family are adjusted (see `adjustPValues`). Default `holm`. */
  readonly correction?: Correction
  /** Where each report was read from, shown in the outputs. */
  readonly sources?: { readonly base?: string; readonly head?: string }
}

/** The parts of a report that the comparison reads (a report read from disk is compared through its tally: see `TalliedReport`). */
export interface ComparedReport {
  readonly settings?: SettingsSource['settings']
  readonly agent: string
  readonly agents?: readonly string[]
  readonly runs: readonly ComparedRun[]
  /** Each scenario's fingerprint (reports written before they were recorded have none). */
  readonly scenarios?: ComparedFingerprints
}

/** A report compared through its runs' tally (see `tallyRuns`, `readComparedReport`) instead of its runs. */
export interface TalliedReport extends Omit<ComparedReport, 'runs'> {
  readonly tally: ReportTally
}

export type { ComparedRun } from './report-tally.ts'

/**
 * Compares a head report with a base report, cell by cell and group by group. A cell is one
 * scenario under one augmentation (and one agent, when either report has several agents;
 * otherwise the agent may differ between the reports, as when comparing two models); its runs are
 * its trials. A run passes when its verdict is `passed`; runs whose verdict is `error` (a domain
 * or infrastructure failure, or a simulated user that broke its part) are not scored and are
 * left out; each side counts its user errors apart (`SideSummary.userErrors`).
 *
 * **Cells.** Boschloo's exact test on the pass counts, one-sided each way; the testable cells
 * (those whose trial counts can reach `alpha` at all) form one family, adjusted by Holm's
 * procedure by default. A cell that passed every trial in the base and fails every trial in the
 * head, with at least the base's trials, is a *break*, flagged whatever the family size: at five
 * trials noise makes one at most once in 1,024 cells (see `breakChance`). When both reports are
 * deterministic replays (the reference agent, or every model call replayed from the cache), a
 * rerun gives the same verdicts, so every fall of a pass rate is a regression and every rise an
 * improvement, without statistics.
 *
 * **Groups.** Every cell together, each category and each augmentation column is tested as a
 * group by the exact stratified test (each cell its own stratum, see `stratifiedTest`); each of
 * the three levels is one family, adjusted the same way. A category that falls as a whole is
 * named even when no cell of it is significant alone.
 *
 * **Like with like.** Cells whose scenario changed between the reports (their fingerprints
 * differ) are listed apart and not compared; the reports' settings (scoring mode, version, role
 * specs, replay) are set side by side for the caller to judge (`toolcheck compare` refuses to
 * mix scoring modes).
 *
 * The comparison fails (`regression`) when a cell is a regression or a break, or a group is a
 * regression. Deterministic: the same reports give the same comparison, whether given as runs
 * or as their tallies.
 */
export function compareReports(base: ComparedReport | TalliedReport, head: ComparedReport | TalliedReport, options: CompareOptions = {}): Comparison {
  const alpha = options.alpha ?? 0.05
  const correction = options.correction ?? 'holm'
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be between 0 and 1, got ${alpha}`)
  const [baseTally, headTally] = [tallyOf(base), tallyOf(head)]
  const alike = likeWithLike(settingsSource(base, baseTally), settingsSource(head, headTally))
  const deterministic = alike.deterministic.base && alike.deterministic.head
  const byAgent = agentsOf(base, baseTally).length > 1 || agentsOf(head, headTally).length > 1
  const baseCells = cellsOf(baseTally, byAgent)
  const headCells = cellsOf(headTally, byAgent)
  const both: { base: Cell; head: Cell }[] = []
  const added: CellKey[] = []
  const removed: CellKey[] = []
  const scenarioChanged: ChangedScenarioCell[] = []
  // The base's cells in its order, then the head's that the base lacks in the head's.
  const paired = new Set<Cell>()
  for (const inBase of baseCells.cells) {
    const inHead = headCells.find(inBase)
    if (inHead === undefined) removed.push(cellKey(inBase))
    else {
      paired.add(inHead)
      const differs = fingerprintDifferences(base.scenarios?.[inBase.scenario], head.scenarios?.[inHead.scenario])
      if (differs.length === 0) both.push({ base: inBase, head: inHead })
      else {
        const [baseSide, headSide] = [sideOf(inBase), sideOf(inHead)]
        scenarioChanged.push({ ...cellKey(inBase), differs, base: { trials: baseSide.trials, passes: baseSide.passes }, head: { trials: headSide.trials, passes: headSide.passes } })
      }
    }
  }
  for (const inHead of headCells.cells) if (!paired.has(inHead)) added.push(cellKey(inHead))
  both.sort((a, b) => compareCellKeys(a.base, b.base))
  for (const list of [added, removed, scenarioChanged]) list.sort(compareCellKeys)

  const sides = both.map(({ base: baseCell, head: headCell }) => ({ base: sideOf(baseCell), head: sideOf(headCell), cell: baseCell }))
  const pWorse = sides.map(({ base: b, head: h }) => boschlooWorse(b, h))
  const pBetter = sides.map(({ base: b, head: h }) => boschlooWorse(h, b))
  const testable = sides.map(({ base: b, head: h }) => smallestAttainable(b.trials, h.trials) <= alpha)
  const members = sides.flatMap((_, position) => (testable[position] ? [position] : []))
  const adjustedWorse = adjustPValues(members.map((position) => pWorse[position] as number), correction)
  const adjustedBetter = adjustPValues(members.map((position) => pBetter[position] as number), correction)
  const familyPosition = new Map(members.map((position, rank) => [position, rank]))

  const compared: CellComparison[] = sides.map(({ base: b, head: h, cell }, position) => {
    const rank = familyPosition.get(position)
    const worse = rank === undefined ? null : (adjustedWorse[rank] as number)
    const better = rank === undefined ? null : (adjustedBetter[rank] as number)
    const passRateDelta = b.passRate === null || h.passRate === null ? null : h.passRate - b.passRate
    const scoreDelta = b.meanScore === null || h.meanScore === null ? null : h.meanScore - b.meanScore
    const broke = b.trials > 0 && b.passes === b.trials && h.trials >= b.trials && h.passes === 0
    const moved = Math.abs(passRateDelta ?? 0) > 1e-12 || Math.abs(scoreDelta ?? 0) > 1e-9
    let verdict: CellVerdict
    let reason: VerdictReason | undefined
    if (b.trials === 0 || h.trials === 0) verdict = 'no-data'
    else if (deterministic && (passRateDelta ?? 0) < -1e-12) [verdict, reason] = ['regression', 'deterministic']
    else if (deterministic && (passRateDelta ?? 0) > 1e-12) [verdict, reason] = ['improvement', 'deterministic']
    else if (!deterministic && worse !== null && worse <= alpha) [verdict, reason] = ['regression', 'significant']
    else if (!deterministic && broke) [verdict, reason] = ['break', 'break']
    else if (!deterministic && better !== null && better <= alpha) [verdict, reason] = ['improvement', 'significant']
    else verdict = moved ? 'changed' : 'unchanged'
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
      adjustedWorse: worse,
      adjustedBetter: better,
      break: broke,
      verdict,
      ...(reason === undefined ? {} : { reason }),
    }
  })
  const groups = compareGroups(compared, { alpha, correction, deterministic })
  const counts: Record<CellVerdict, number> = { regression: 0, break: 0, changed: 0, improvement: 0, unchanged: 0, 'no-data': 0 }
  for (const cell of compared) counts[cell.verdict]++
  const withData = sides.filter(({ base: b, head: h }) => b.trials > 0 && h.trials > 0)
  const family = correction === 'none' ? 1 : members.length
  const reachable = members.some((position) => {
    const { base: b, head: h } = sides[position] as (typeof sides)[number]
    return smallestAttainable(b.trials, h.trials) * family <= alpha
  })
  // The largest chance of a break by noise among the cells that can break (see breakChance).
  const breakBound = withData.reduce((largest, { base: b, head: h }) => (h.trials >= b.trials ? Math.max(largest, smallestAttainable(b.trials, h.trials)) : largest), 0)
  const countOf = (level: string) => groups.filter((group) => group.level === level).length
  return {
    format: 'toolcheck-comparison',
    version: 2,
    regression: counts.regression + counts.break > 0 || groups.some((group) => group.verdict === 'regression'),
    base: summaryOf(base, baseTally, options.sources?.base),
    head: summaryOf(head, headTally, options.sources?.head),
    alike,
    method: {
      test: 'boschloo',
      groupTest: 'stratified-exact',
      alpha,
      correction,
      families: { cell: members.length, category: countOf('category'), augmentation: countOf('augmentation'), overall: countOf('overall') },
      untestable: sides.length - members.length,
      byAgent,
      deterministic,
      cellsCanReachSignificance: deterministic || reachable,
      trialsNeeded: trialsNeeded(withData.length, alpha, correction),
      breakChance: deterministic || breakBound === 0 ? null : breakBound,
    },
    counts,
    groups: groups.sort(compareGroupsWorstFirst),
    cells: compared.sort(compareCellsWorstFirst),
    scenarioChanged,
    added,
    removed,
  }
}

/**
 * A cell of one report, its runs' positions ordered by trial and then by position; when cells are
 * not told apart by agent, the agent of its first run.
 */
interface Cell {
  readonly scenario: string
  readonly augmentation: string
  readonly agent: string
  readonly categories: readonly string[]
  readonly augmentationColumns: readonly string[]
  readonly runs: number
  readonly errors: number
  readonly passes: number
  readonly scoreSum: number
  readonly agentErrors: number
  readonly positions: readonly number[]
}

/** A report's cells in the order first seen, and the one of a scenario, augmentation (and agent). */
interface Cells {
  readonly cells: readonly Cell[]
  readonly find: (key: Pick<Cell, 'scenario' | 'augmentation' | 'agent'>) => Cell | undefined
}

function tallyOf(report: ComparedReport | TalliedReport): ReportTally {
  return 'tally' in report ? report.tally : tallyRuns(report.runs)
}

/** What the like-with-like check reads: the settings, and whether every run was a deterministic replay. */
function settingsSource(report: ComparedReport | TalliedReport, tally: ReportTally): SettingsSource {
  return { ...(report.settings === undefined ? {} : { settings: report.settings }), deterministicRuns: tally.runs > 0 && tally.deterministic }
}

function agentsOf(report: ComparedReport | TalliedReport, tally: ReportTally): readonly string[] {
  return report.agents ?? tally.agents
}

/**
 * The tally's cells, those of one scenario and augmentation joined when cells are not told apart
 * by agent. Cells are found through the tally's cells of each scenario (a few), not by a name
 * made for each of them.
 */
function cellsOf(tally: ReportTally, byAgent: boolean): Cells {
  // A history compares each report but the first and last twice, once on each side.
  const known = madeCells.get(tally)
  if (known !== undefined && known.byAgent === byAgent && known.runs === tally.runs) return known.cells
  const cells = tallyCells(tally, byAgent)
  madeCells.set(tally, { byAgent, runs: tally.runs, cells })
  return cells
}

/** Each tally's cells as last made, for how many of its runs, and whether told apart by agent. */
const madeCells = new WeakMap<ReportTally, { readonly byAgent: boolean; readonly runs: number; readonly cells: Cells }>()

function tallyCells(tally: ReportTally, byAgent: boolean): Cells {
  const { offsets, positions, trials } = cellPositions(tally)
  // Where in `cells` each tallied cell counts (its own place, or the first of its scenario and augmentation's).
  const slots: number[] = new Array(tally.cells.length)
  const cells: Cell[] = []
  const first = (key: Pick<Cell, 'scenario' | 'augmentation' | 'agent'>): CellTally | undefined => {
    for (const other of scenarioCells(tally, key.scenario)) if (other.augmentation === key.augmentation && (!byAgent || other.agent === key.agent)) return other
    return undefined
  }
  for (const tallied of tally.cells) {
    const own = Array.from(positions.subarray(offsets[tallied.index], offsets[tallied.index + 1]))
    const slot = slots[(first(tallied) as CellTally).index]
    const joined = slot === undefined ? undefined : cells[slot]
    if (slot === undefined || joined === undefined) {
      slots[tallied.index] = cells.length
      cells.push({
        scenario: tallied.scenario,
        augmentation: tallied.augmentation,
        agent: tallied.agent,
        categories: tallied.categories,
        augmentationColumns: tallied.augmentationColumns,
        runs: tallied.runs,
        errors: tallied.errors,
        passes: tallied.passes,
        scoreSum: tallied.scoreSum,
        agentErrors: tallied.agentErrors,
        positions: own,
      })
      continue
    }
    const categories = [...joined.categories, ...tallied.categories.filter((category) => !joined.categories.includes(category))]
    const places = [...joined.positions, ...own].sort((a, b) => (trials[a] as number) - (trials[b] as number) || a - b)
    cells[slot] = { ...joined, categories, runs: joined.runs + tallied.runs, errors: joined.errors + tallied.errors, passes: joined.passes + tallied.passes, scoreSum: joined.scoreSum + tallied.scoreSum, agentErrors: joined.agentErrors + tallied.agentErrors, positions: places }
  }
  return {
    cells,
    find: (key) => {
      const found = first(key)
      return found === undefined ? undefined : cells[slots[found.index] as number]
    },
  }
}

function sideOf(cell: Cell): CellSide {
  const trials = cell.runs - cell.errors
  return {
    runs: cell.runs,
    errors: cell.errors,
    trials,
    passes: cell.passes,
    passRate: trials === 0 ? null : cell.passes / trials,
    meanScore: trials === 0 ? null : cell.scoreSum / trials,
    positions: cell.positions,
  }
}

function cellKey(cell: Cell): CellKey {
  return { scenario: cell.scenario, augmentation: cell.augmentation, agent: cell.agent, runs: cell.runs }
}

function compareCellKeys(a: { readonly scenario: string; readonly augmentation: string; readonly agent?: string }, b: { readonly scenario: string; readonly augmentation: string; readonly agent?: string }): number {
  return compareText(a.scenario, b.scenario) || compareLabels(a.augmentation, b.augmentation) || compareText(a.agent ?? '', b.agent ?? '')
}

function summaryOf(report: ComparedReport | TalliedReport, tally: ReportTally, source: string | undefined): SideSummary {
  const scored = tally.runs - tally.errors
  const usage = tallyUsage(tally)
  return {
    ...(source === undefined ? {} : { source }),
    agents: [...agentsOf(report, tally)].sort(compareText),
    runs: tally.runs,
    errors: tally.errors,
    userErrors: tally.userErrors,
    passRate: scored === 0 ? null : tally.passes / scored,
    meanScore: scored === 0 ? null : tally.scoreSum / scored,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    ...(usage.costUsd === undefined ? {} : { costUsd: usage.costUsd }),
  }
}
