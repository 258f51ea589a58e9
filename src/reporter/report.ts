import type { RunRecord } from '../vitest/run-metadata.ts'

/** One run in the report: the recorded trial plus where it came from and whether its test passed. */
export interface ReportRun extends RunRecord {
  /** The test's full name. */
  readonly test: string
  /** The test file, relative to the project root. */
  readonly file: string
  /** Whether the test's attempt for this trial passed. */
  readonly passed: boolean
}

/** Score and turn statistics of a group of runs; runs with status `error` are counted apart. */
export interface SummaryGroup {
  readonly runs: number
  /** Runs whose status was `error` (infrastructure failures, not scored). */
  readonly errors: number
  /** Runs whose test passed / failed, errors excluded. */
  readonly passed: number
  readonly failed: number
  /** Mean score over the runs that are not errors; `null` when there are none. */
  readonly meanScore: number | null
  /** 95 % interval of the mean score; `null` when there are no scored runs. */
  readonly scoreInterval: readonly [number, number] | null
  readonly meanTurns: number | null
}

/** The trials of one scenario under one augmentation in one test. */
export interface TaskTrials {
  readonly scenario: string
  readonly augmentation: string
  /** The test's full name (its file is the runs' `file`). */
  readonly test: string
  readonly agent: string
  /** Trials that were not errors. */
  readonly trials: number
  readonly passes: number
  readonly errors: number
  readonly meanScore: number | null
  readonly scoreInterval: readonly [number, number] | null
  /** pass^k for k = 1 .. trials, keyed by k. */
  readonly passHatK: Readonly<Record<string, number>>
}

/** The runs that an endpoint's open circuit breaker cut short (error kind `circuit-open`), and why. */
export interface CutShort {
  readonly runs: number
  /**
   * The reasons the breakers gave, each once, sorted: each names the endpoint and the first
   * failure of the streak that opened its breaker.
   */
  readonly reasons: readonly string[]
}

/** The whole summary. */
export interface ReportSummary {
  readonly overall: SummaryGroup
  /** Runs cut short by an open circuit breaker; counted among the errors too. */
  readonly cutShort: CutShort
  /** One group per category; a run with several categories counts in each. */
  readonly byCategory: Readonly<Record<string, SummaryGroup>>
  /**
   * One group per augmentation column (`AUGMENTATION_COLUMNS` order, then others by label); a run
   * counts in each of its `augmentationColumns`, so a combined augmentation appears under each part.
   */
  readonly byAugmentation: Readonly<Record<string, SummaryGroup>>
  /** pass^k averaged over the scenario-augmentation pairs of each test that have at least k trials. */
  readonly passHatK: Readonly<Record<string, number>>
  readonly trials: readonly TaskTrials[]
}

/** A test that could not be read as a toolcheck run (it failed before recording, or its metadata was invalid). */
export interface ReportProblem {
  readonly file: string
  readonly test: string
  readonly message: string
}

/**
 * The content of `toolcheck-report/report.json`. It holds no times or machine details, and its
 * lists are sorted, so the same tests give the same file however they were sharded.
 */
export interface Report {
  readonly format: 'toolcheck-report'
  readonly version: 1
  /** The agent's name; several names are joined with `, ` when tests used different agents. */
  readonly agent: string
  readonly runs: readonly ReportRun[]
  readonly summary: ReportSummary
  readonly problems: readonly ReportProblem[]
}
