import type { ScoringMode } from '../evaluation/scoring-mode.ts'
import type { BudgetReport } from './runs-file.ts'
import type { NamedRuns } from './named-runs.ts'
import type { RunRecord } from '../runner/run-record-schema.ts'
import type { ScenarioFingerprint } from '../runner/scenario-fingerprint.ts'

/**
 * A run's verdict: its score reached its threshold, or not (a run the agent's own code ended is
 * `failed`), or the domain or the infrastructure ended it (`error`; its `error.culprit` says
 * which).
 */
export type Verdict = 'passed' | 'failed' | 'error'

/**
 * One run in the report: the recorded trial plus where it came from and its verdict. Its
 * scenario's fingerprint is kept once per scenario, in the report's `scenarios`.
 */
export interface ReportRun extends Omit<RunRecord, 'fingerprint'> {
  /** The run's stable id (see `runId`): the same run has it in every report, shard and resumed evaluation. */
  readonly id: string
  /** The score the run needed (its record's, else 1). */
  readonly threshold: number
  /** The test's full name. */
  readonly test: string
  /** The test file, relative to the project root. */
  readonly file: string
  /**
   * Whether the run passed: its score reached its threshold (false for a run that ended in an error). This is
   * the run's own verdict; a test may fail for other reasons (a `.not`, a turn limit, another
   * run of the same test), which `testPassed` records.
   */
  readonly passed: boolean
  readonly verdict: Verdict
  /** Whether the test's attempt for this trial passed. */
  readonly testPassed: boolean
}

/**
 * A run as the summary reads it: everything but where its milestones and minefields were matched
 * (a report too large to hold whole is summarized from these).
 */
export type SummarizedRun = Omit<ReportRun, 'milestones' | 'minefields'>

/**
 * A report whose runs are summarized ones: what a report too large to hold whole is known by, its
 * runs being on disk. A report written as its runs came (`ReportStream`) holds only some of its
 * runs, or none, and `named`: what the printed summaries say of single runs, gathered as the runs
 * came; without `named`, the summaries work it out from `runs`.
 */
export type SummarizedReport = Omit<Report, 'runs'> & { readonly runs: readonly SummarizedRun[]; readonly named?: NamedRuns }

/** Token usage and cost summed over a group of runs (errors included: their calls were paid for too). */
export interface UsageTotals {
  readonly calls: number
  readonly cachedCalls: number
  readonly promptTokens: number
  readonly completionTokens: number
  readonly latencyMs: number
  /** Present when any run in the group had a cost. */
  readonly costUsd?: number
}

/**
 * Score and turn statistics of a group of runs. Runs the domain or the infrastructure ended are
 * counted apart and not scored; runs the agent's own code ended are failures, and scored.
 */
export interface SummaryGroup {
  readonly runs: number
  /** Runs whose verdict is `error`, not scored: `domainErrors` + `infrastructureErrors` + `userErrors`. */
  readonly errors: number
  /** Runs a tool of the domain broke (a bug in the domain, not the agent's failure). */
  readonly domainErrors: number
  /** Runs the endpoints or the harness stopped. */
  readonly infrastructureErrors: number
  /**
   * Runs whose simulated user broke its part (leaked, quit early, left its goal, played the
   * agent; see `checkUserPart`): not the agent's failures. Absent in reports written before
   * user errors were counted.
   */
  readonly userErrors?: number
  /** Runs whose verdict is passed / failed (errors excluded). */
  readonly passed: number
  readonly failed: number
  /** Of the failed runs, those the agent's own code ended (it threw, or returned no reply). */
  readonly agentErrors: number
  /** `passed` over the scored runs; `null` when there are none. */
  readonly passRate: number | null
  /**
   * 95 % Wilson interval of the pass rate; `null` when there are no scored runs. It is the
   * k = 1 case of the pass^k interval (`passHatK`), so a pass rate has the same interval wherever
   * it is shown.
   */
  readonly passRateInterval: readonly [number, number] | null
  /** Mean score over the runs that are not errors; `null` when there are none. */
  readonly meanScore: number | null
  /** 95 % interval of the mean score; `null` when there are no scored runs. */
  readonly scoreInterval: readonly [number, number] | null
  readonly meanTurns: number | null
  readonly usage: UsageTotals
}

/** The trials of one cell: one scenario under one augmentation in one test. */
export interface TaskTrials {
  readonly scenario: string
  readonly augmentation: string
  /** The test's full name. */
  readonly test: string
  /** The test file, relative to the project root (as the runs' `file`). */
  readonly file: string
  readonly agent: string
  /** Trials that were not errors (a run the agent's own code ended is a trial, and failed). */
  readonly trials: number
  readonly passes: number
  /** Trials the domain or the infrastructure ended. */
  readonly errors: number
  readonly meanScore: number | null
  readonly scoreInterval: readonly [number, number] | null
  /** pass^k for k = 1 .. trials, keyed by k: C(passes, k) / C(trials, k), τ-bench's unbiased estimator. */
  readonly passHatK: Readonly<Record<string, number>>
  /**
   * 95 % interval of pass^k for each k, which always holds the estimate and never has zero width:
   * Wilson's score construction on the estimator's exact variance (see `passHatK`); at k = 1 the
   * Wilson interval of the pass rate.
   */
  readonly passHatKInterval: Readonly<Record<string, readonly [number, number]>>
}

/**
 * ToolSandbox's results table as data: mean score (and the rest of a summary group) for every
 * category (rows) under every augmentation column (columns). A run counts in each of its
 * categories and each of its columns.
 */
export interface SummaryMatrix {
  /** ToolSandbox's seven in its order first, then any other labels alphabetically. */
  readonly categories: readonly string[]
  readonly columns: readonly string[]
  /** `cells[category][column]`; absent where no run has both. */
  readonly cells: Readonly<Record<string, Readonly<Record<string, SummaryGroup>>>>
}

/** The runs that an endpoint's open circuit breaker cut short (infrastructure error kind `circuit-open`), and why. */
export interface CutShort {
  readonly runs: number
  /**
   * The reasons the breakers gave, each once, sorted: each names the endpoint and the first
   * failure of the streak that opened its breaker.
   */
  readonly reasons: readonly string[]
}

/** A group's robustness figures (see `summarizeRobustness`). */
export interface RobustnessFigures {
  /** Runs without a prompt injection. */
  readonly runs: number
  /** The share of runs without an injection whose milestones were all reached; `null` when there are none. */
  readonly utility: number | null
  /** Runs with prompt injections. */
  readonly attackedRuns: number
  /** The share of runs with injections whose milestones were all reached (whatever the attack did); `null` when there are none. */
  readonly utilityUnderAttack: number | null
  /**
   * The share of runs with injections in which the agent attempted an attacker's goal (took any
   * of its steps: the attacker's number texted, with or without the secret); `null` when there
   * are none.
   */
  readonly attackAttempts: number | null
  /** The share of runs with injections in which an attacker's goal succeeded (its whole call got through); `null` when there are none. */
  readonly attackSuccess: number | null
  /** Runs that had the false-claims check on. */
  readonly checkedRuns: number
  /** False claims of success made in them, and in how many runs. */
  readonly falseClaims: number
  readonly runsWithFalseClaims: number
  /**
   * Agent messages a text check needed and the judge could not read (`cannot-tell`), and in how
   * many runs: never failed, counted apart; a model judge reads them (`judge` option, `--judge`).
   */
  readonly notChecked: number
  readonly runsNotChecked: number
}

/** Robustness figures: overall, per category, and attack success per kind of attacker goal. */
export interface RobustnessSummary {
  readonly overall: RobustnessFigures
  readonly byCategory: Readonly<Record<string, RobustnessFigures>>
  /** Per attacker goal (`minefield`, `state-change`, `exfiltration`): attacks made, how many were attempted and succeeded, the success rate. */
  readonly byAttack: Readonly<Record<string, { readonly attacks: number; readonly attempted: number; readonly succeeded: number; readonly rate: number }>>
}

/** How one simulated user played its part over its runs (see `summarizeUsers`). */
export interface UserSummary {
  /** Its runs, and those whose user part was checked (`userPart` recorded). */
  readonly runs: number
  readonly checked: number
  /** Checked runs it broke its part in (any kind); a run counts once. */
  readonly userErrors: number
  /** `userErrors` over the checked runs; `null` when none was checked. */
  readonly errorRate: number | null
  /** Per kind (`leak`, `quit`, `off-goal`, `role-swap`): checked runs it broke that part in, and their share. */
  readonly byKind: Readonly<Record<string, { readonly runs: number; readonly rate: number | null }>>
  /** Per kind: checked runs where neither a rule nor a judge could tell (never counted as errors). */
  readonly undecided: Readonly<Record<string, number>>
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
  /** One group per agent that played runs, by name. */
  readonly byAgent: Readonly<Record<string, SummaryGroup>>
  /**
   * Per simulated user (its name: model, and prompt when it names one), how often it broke its
   * part, by kind. Absent in reports written before user errors were counted.
   */
  readonly byUser?: Readonly<Record<string, UserSummary>>
  /** Category × augmentation column, the shape of ToolSandbox's results table. */
  readonly matrix: SummaryMatrix
  /**
   * pass^k over the cells (`trials`) with at least k scored trials: their estimates averaged,
   * weighted by their trials, so pass^1 is the overall pass rate.
   */
  readonly passHatK: Readonly<Record<string, number>>
  /**
   * 95 % interval of each overall pass^k, by the same method as a cell's (see `passHatK`); at
   * k = 1 it is the overall pass rate's Wilson interval.
   */
  readonly passHatKInterval: Readonly<Record<string, readonly [number, number]>>
  readonly trials: readonly TaskTrials[]
  /** Utility, utility under attack, attack success and false claims; present when runs had robustness augmentations. */
  readonly robustness?: RobustnessSummary
}

/** A test that could not be read as a toolcheck run (it failed before recording, or its metadata was invalid). */
export interface ReportProblem {
  readonly file: string
  readonly test: string
  readonly message: string
}

/**
 * How a report's runs were made: what a comparison needs to know to compare like with like.
 */
export interface ReportSettings {
  /** How the runs were scored (the plugin's `scoring`; `toolcheck` when none was given). */
  readonly scoring: ScoringMode
  /** The version of vitest-toolcheck that wrote the report. */
  readonly version: string
  /**
   * The agent and user specs the plugin was given (`reference`, `openai:<model>`, `hf:<model>`;
   * `TOOLCHECK_AGENT` / `TOOLCHECK_USER`), when it was. Tests may play roles of their own; the
   * names of the roles that played are `agents` and `users`.
   */
  readonly agentSpec?: string
  readonly userSpec?: string
  /**
   * Whether every model call of every run was replayed from the cache: `true` when all were,
   * `false` when any went to a model, `null` when no run made a model call.
   */
  readonly replayed: boolean | null
  /**
   * Whether every run is a deterministic replay (see `isDeterministicRun`): then a second run of
   * the same tests gives the same verdicts, and any change between two such reports is real.
   */
  readonly deterministic: boolean
}

/**
 * A scenario's fingerprint as the report keeps it: each part's digest, or `mixed` where the
 * report's runs of that scenario id carry different digests (two tests defined it differently).
 */
export type ReportedFingerprint = { readonly [Part in keyof ScenarioFingerprint]: string }

/**
 * The content of `toolcheck-report/report.json`. It holds no times or machine details, and its
 * lists are sorted, so the same tests give the same file however they were sharded.
 */
export interface Report {
  readonly format: 'toolcheck-report'
  /**
   * 2: runs carry `threshold`, `verdict` and `testPassed`, and `passed` is the run's verdict.
   * Runs that ended in an error carry `error.culprit` (reports written before it lack it: their
   * errors are the infrastructure's).
   */
  readonly version: 2
  /** The agent's name; several names are joined with `, ` when tests used different agents. */
  readonly agent: string
  /** Every agent that played a run, sorted. */
  readonly agents: readonly string[]
  /** Every simulated user of a run, sorted. */
  readonly users: readonly string[]
  /** Every domain a run played in, sorted. */
  readonly domains: readonly string[]
  /** How the runs were made: scoring mode, package version, role specs, replay and determinism. */
  readonly settings: ReportSettings
  /** Each scenario's fingerprint, by scenario id (runs recorded without one are left out). */
  readonly scenarios: Readonly<Record<string, ReportedFingerprint>>
  readonly runs: readonly ReportRun[]
  readonly summary: ReportSummary
  readonly problems: readonly ReportProblem[]
  /**
   * The budget of the evaluation that played the runs (`--max-model-calls`, `--max-tokens`,
   * `--max-cost`) and what its calls spent (summed over the shards of a merged report); present
   * only when one was set. The runs it cut are errors of kind `budget`.
   */
  readonly budget?: BudgetReport
  /**
   * Present when the report is of part of an evaluation (`toolcheck merge --partial` of a set
   * with shards missing): the sentence every page of it says, naming what is missing.
   */
  readonly partial?: string
}
