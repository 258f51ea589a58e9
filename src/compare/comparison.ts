import type { ReportedFingerprint } from '../reporter/report.ts'
import type { Correction } from './adjust-p-values.ts'

/** How one side (base or head) fared in one cell. */
export interface CellSide {
  /** Runs of the cell, errors included. */
  readonly runs: number
  /** Runs whose verdict is `error` (a domain or infrastructure failure: not scored, left out of the test). */
  readonly errors: number
  /** Scored runs: the trials the test counts. */
  readonly trials: number
  readonly passes: number
  /** `passes / trials`; `null` without scored runs. */
  readonly passRate: number | null
  readonly meanScore: number | null
  /** Positions of the cell's runs in the side's `report.runs`, by trial. */
  readonly positions: readonly number[]
}

/**
 * What the comparison concluded about a cell, worst first:
 * - `regression`: the head passes less often, significantly (after the correction for testing
 *   many cells), or, when both reports are deterministic, at all;
 * - `break`: not significant, but the cell passed every trial in the base and fails every trial
 *   in the head (with at least as many trials): flagged whatever the family size;
 * - `changed`: the pass rate or mean score moved, but not beyond what chance explains;
 * - `improvement`: the head passes more often, significantly (or at all, when deterministic);
 * - `unchanged`;
 * - `no-data`: a side has no scored run (only errors): nothing to compare.
 */
export type CellVerdict = 'regression' | 'break' | 'changed' | 'improvement' | 'unchanged' | 'no-data'

/** Why a cell or group got its verdict. */
export type VerdictReason =
  /** The exact test, after the family's correction, at the level. */
  | 'significant'
  /** Both reports are deterministic: a change of pass rate is a change of behaviour, no test needed. */
  | 'deterministic'
  /** The break rule (see `CellVerdict`). */
  | 'break'

/** One scenario under one augmentation (and agent, when a report has several), in both reports. */
export interface CellComparison {
  readonly scenario: string
  readonly augmentation: string
  /** Set when the cells are told apart by agent (a report with several agents). */
  readonly agent?: string
  readonly categories: readonly string[]
  readonly augmentationColumns: readonly string[]
  readonly base: CellSide
  readonly head: CellSide
  /** head − base; `null` when a side has no scored run. */
  readonly passRateDelta: number | null
  readonly scoreDelta: number | null
  /** Boschloo's one-sided p-values, raw: for "the head passes less often", and for "more often". */
  readonly pWorse: number
  readonly pBetter: number
  /**
   * Whether the trial counts allow significance at all: the smallest p-value they can give is at
   * most the level. Only such cells enter the correction's family.
   */
  readonly testable: boolean
  /** The p-values after the correction; `null` for a cell left out of the family. */
  readonly adjustedWorse: number | null
  readonly adjustedBetter: number | null
  /** Whether the cell passed every base trial and fails every head trial, with at least the base's trials. */
  readonly break: boolean
  readonly verdict: CellVerdict
  /** Why, for `regression`, `break` and `improvement`. */
  readonly reason?: VerdictReason
}

/** The levels cells are rolled up to: every cell, each category, each augmentation column. */
export type GroupLevel = 'overall' | 'category' | 'augmentation'

/** A group's pass counts on one side, over the cells both reports have. */
export interface GroupSide {
  readonly trials: number
  readonly passes: number
  readonly passRate: number | null
}

/** What the comparison concluded about a group of cells. */
export type GroupVerdict = 'regression' | 'changed' | 'improvement' | 'unchanged' | 'no-data'

/**
 * The cells of one category, one augmentation column, or all of them, compared as a group by the
 * exact stratified test (each cell its own stratum; see `stratifiedTest`), each level one family.
 */
export interface GroupComparison {
  readonly level: GroupLevel
  /** The category or augmentation column; `all cells` for the overall group. */
  readonly name: string
  /** Cells of the group both reports have (and whose scenario did not change). */
  readonly cells: number
  readonly base: GroupSide
  readonly head: GroupSide
  /** The Mantel-Haenszel difference of pass rates over the cells, head − base; `null` without data. */
  readonly rateDifference: number | null
  /** The stratified test's one-sided p-values, raw and adjusted within the level's family. */
  readonly pWorse: number
  readonly pBetter: number
  readonly adjustedWorse: number
  readonly adjustedBetter: number
  /** Cells of the group that are regressions or breaks, and improvements. */
  readonly regressedCells: number
  readonly improvedCells: number
  readonly verdict: GroupVerdict
  readonly reason?: Exclude<VerdictReason, 'break'>
  /**
   * The label of an earlier group (in level order: overall, categories, columns) with exactly the
   * same cells (`overall`, `category SINGLE_USER_TURN`), when there is one: its verdict is that
   * group's, so outputs name it once, not again as a regression of its own.
   */
  readonly sameCellsAs?: string
}

/** A cell present in one report only. */
export interface CellKey {
  readonly scenario: string
  readonly augmentation: string
  /** The agent of its runs (the first one's, when cells are not told apart by agent). */
  readonly agent: string
  readonly runs: number
}

/** A cell both reports have whose scenario changed between them: listed apart, never compared. */
export interface ChangedScenarioCell extends CellKey {
  /** The parts of the scenario that differ (`milestones`, `world`, ...), in `FINGERPRINT_PARTS` order. */
  readonly differs: readonly string[]
  readonly base: { readonly trials: number; readonly passes: number }
  readonly head: { readonly trials: number; readonly passes: number }
}

/** One report's totals as the comparison shows them. */
export interface SideSummary {
  /** Where the report was read from, when read from a file. */
  readonly source?: string
  readonly agents: readonly string[]
  readonly runs: number
  readonly errors: number
  /**
   * Of the errors, the runs whose simulated user broke its part: a head with more of them than
   * its base lost runs to its simulator, not to its agent.
   */
  readonly userErrors: number
  readonly passRate: number | null
  readonly meanScore: number | null
  readonly promptTokens: number
  readonly completionTokens: number
  readonly costUsd?: number
}

/** One setting of both reports, and whether they agree. */
export interface SettingPair<T> {
  readonly base: T | null
  readonly head: T | null
  /** `null` when a report does not record it (written by an older toolcheck). */
  readonly same: boolean | null
}

/**
 * Whether the two reports were made alike: the scoring mode (never mixed unless asked), the
 * package version, the role specs, replay from the cache and determinism, and the scenarios
 * whose fingerprints differ.
 */
export interface LikeWithLike {
  readonly scoring: SettingPair<string>
  readonly version: SettingPair<string>
  readonly agentSpec: SettingPair<string>
  readonly userSpec: SettingPair<string>
  readonly replayed: SettingPair<boolean>
  /** Whether each report is a deterministic replay (recorded, or read from its runs for older reports). */
  readonly deterministic: { readonly base: boolean; readonly head: boolean }
}

/** How the comparison decided. */
export interface ComparisonMethod {
  /** The test per cell, and the test per group. */
  readonly test: 'boschloo'
  readonly groupTest: 'stratified-exact'
  readonly alpha: number
  readonly correction: Correction
  /** The members of each level's family: the testable cells, the categories, the augmentation columns, and the overall group. */
  readonly families: { readonly cell: number; readonly category: number; readonly augmentation: number; readonly overall: number }
  /** Cells compared whose trial counts cannot reach the level (left out of the family). */
  readonly untestable: number
  /** Whether cells are told apart by agent. */
  readonly byAgent: boolean
  /** Both reports are deterministic: every change of a cell's pass rate is a regression or an improvement, without statistics. */
  readonly deterministic: boolean
  /**
   * Whether some single cell could reach significance at these trial counts and this family size
   * (`false`: only breaks and groups can flag a change), and the trials a side that would let one.
   */
  readonly cellsCanReachSignificance: boolean
  readonly trialsNeeded: number | null
  /**
   * For non-deterministic reports: the most a break can happen by chance in one cell with the
   * fewest trials among the cells compared, p^k·(1−p)^k at p = 1/2 (see `breakChance`).
   */
  readonly breakChance: number | null
}

/**
 * The comparison of two reports. Groups first (overall, then categories and augmentation
 * columns), then every cell, both worst first (see `CellVerdict`), then the cells in one report
 * only and those whose scenario changed. Data only; the command decides the exit code.
 */
export interface Comparison {
  readonly format: 'toolcheck-comparison'
  /** 2: groups, breaks, like-with-like and worst-first order. */
  readonly version: 2
  /** True when a cell is a regression or a break, or a group is a regression: the comparison fails. */
  readonly regression: boolean
  readonly base: SideSummary
  readonly head: SideSummary
  readonly alike: LikeWithLike
  readonly method: ComparisonMethod
  readonly counts: Readonly<Record<CellVerdict, number>>
  /** Worst first: regressions, changes by effect, improvements, then the rest. */
  readonly groups: readonly GroupComparison[]
  /** Cells in both reports, worst first: regressions, breaks, changes by effect, improvements, unchanged, no data. */
  readonly cells: readonly CellComparison[]
  /** In both reports, but the scenario changed: not compared. */
  readonly scenarioChanged: readonly ChangedScenarioCell[]
  /** In the head only. */
  readonly added: readonly CellKey[]
  /** In the base only. */
  readonly removed: readonly CellKey[]
}

/** The fingerprints a compared report may carry (see `Report.scenarios`). */
export type ComparedFingerprints = Readonly<Record<string, ReportedFingerprint>>
