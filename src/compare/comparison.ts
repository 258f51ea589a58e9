import type { Correction } from './adjust-p-values.ts'

/** How one side (base or head) fared in one cell. */
export interface CellSide {
  /** Runs of the cell, errors included. */
  readonly runs: number
  /** Runs that ended in an infrastructure error (not scored, left out of the test). */
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

/** What the comparison concluded about a cell. */
export type CellVerdict =
  /** The head passes significantly less often (after the correction for testing many cells). */
  | 'regression'
  /** The head passes significantly more often. */
  | 'improvement'
  /** The pass rate or mean score moved, but not beyond what chance explains at these trial counts. */
  | 'changed'
  | 'unchanged'
  /** A side has no scored run (only infrastructure errors): nothing to compare. */
  | 'no-data'

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
  readonly verdict: CellVerdict
}

/** A cell present in one report only. */
export interface CellKey {
  readonly scenario: string
  readonly augmentation: string
  /** The agent of its runs (the first one's, when cells are not told apart by agent). */
  readonly agent: string
  readonly runs: number
}

/** One report's totals as the comparison shows them. */
export interface SideSummary {
  /** Where the report was read from, when read from a file. */
  readonly source?: string
  readonly agents: readonly string[]
  readonly runs: number
  readonly errors: number
  readonly passRate: number | null
  readonly meanScore: number | null
  readonly promptTokens: number
  readonly completionTokens: number
  readonly costUsd?: number
}

/** The sign test over the cells both reports have: do more cells get worse than better? */
export interface OverallTest {
  /** Cells whose pass rate fell, and rose (ties and cells without data left out). */
  readonly worse: number
  readonly better: number
  /** One-sided sign-test p-values, raw and adjusted (the test is one member of each family). */
  readonly pWorse: number
  readonly pBetter: number
  readonly adjustedWorse: number
  readonly adjustedBetter: number
  readonly regression: boolean
  readonly improvement: boolean
}

/** How the comparison decided. */
export interface ComparisonMethod {
  readonly test: 'boschloo'
  readonly alpha: number
  readonly correction: Correction
  /** Members of each family: the testable cells and the overall sign test. */
  readonly family: number
  /** Cells compared whose trial counts cannot reach the level (left out of the family). */
  readonly untestable: number
  /** Whether cells are told apart by agent. */
  readonly byAgent: boolean
}

/**
 * The comparison of two reports: per cell (scenario × augmentation, and agent when a report has
 * several) the pass-rate and score deltas with exact p-values, the cells present in one report
 * only, and a verdict per cell and overall. Data only; the command decides the exit code.
 */
export interface Comparison {
  readonly format: 'toolcheck-comparison'
  readonly version: 1
  readonly base: SideSummary
  readonly head: SideSummary
  readonly method: ComparisonMethod
  /** Cells in both reports, ordered by scenario, augmentation and agent. */
  readonly cells: readonly CellComparison[]
  /** In the head only. */
  readonly added: readonly CellKey[]
  /** In the base only. */
  readonly removed: readonly CellKey[]
  readonly overall: OverallTest
  readonly counts: Readonly<Record<CellVerdict, number>>
  /** True when some cell or the overall test is a significant regression. */
  readonly regression: boolean
}
