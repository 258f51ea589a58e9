import type { ScoringMode } from '../../evaluation/index.ts'
import type { ReportProblem } from '../../reporter/report.ts'
import type { BudgetLimits } from '../../roles/endpoint/model-budget.ts'
import type { ScenarioFingerprint } from '../../runner/index.ts'
import type { EvalSettings } from './eval-settings.ts'

/**
 * What `toolcheck eval` hands each of its worker threads when it starts them: what to load and
 * play, how to score, and the budget they share (its counters in a `SharedArrayBuffer`).
 */
export interface EvalWorkerSetup {
  readonly settings: EvalSettings
  /** The agent and user specs (`TOOLCHECK_AGENT` or `--agent`'s module, `TOOLCHECK_USER` or `--user`'s module). */
  readonly agentSpec: string
  readonly userSpec: string
  /** The run's scoring mode; absent: each scenario's own, else toolcheck's. */
  readonly scoring?: ScoringMode
  /** Who answers the text checks the built-in judge cannot tell (`--judge`): `built-in`, `openai:<model>` or `hf:<model>`. */
  readonly judgeSpec: string
  /** Runs each worker plays at once (they wait on models, and the endpoint limits still apply). */
  readonly concurrency: number
  /** The milliseconds a run may take before it is cancelled (as a scenario test's timeout cancels it). */
  readonly runTimeoutMs: number
  readonly budget?: { readonly limits: BudgetLimits; readonly buffer: SharedArrayBuffer }
  /** Whether this worker sends the list of cases (one worker does; they all load the same). */
  readonly listCases: boolean
  /** The memory this worker shares with the command (`WatchMemory`): which tool code runs, and its heartbeat. */
  readonly watch: SharedArrayBuffer
}

/** One test of the evaluation, as the command sees it: a scenario under one variant. */
export interface EvalCase {
  /** The test's name: the scenario's id and the variant's label (`scenarioTestName`). */
  readonly test: string
  readonly scenario: string
  readonly categories: readonly string[]
  /** The scenario's own scoring mode, when it has one (imported ToolSandbox scenarios: `toolsandbox`). */
  readonly scoring?: ScoringMode
}

/** A run to play: a case (its index in the list) and a trial. */
export interface EvalUnit {
  readonly case: number
  readonly trial: number
  /** Set when the run is played again after a call of it stopped its thread: that call ends the run, without its code running again. */
  readonly cut?: CutCall
}

/**
 * A tool call that stopped the thread playing its run (its place among the run's calls): it ran
 * synchronously past its time limit (`blocked`), or its thread died while its code ran
 * (`crashed`, with why). Played again, the run ends at that call as the tool's bug.
 */
export interface CutCall {
  readonly call: number
  readonly ending: 'blocked' | 'crashed'
  readonly message: string
}

/** A run already in the report being resumed: the fingerprint its scenario had, so a changed scenario is played again. */
export interface KeptRun {
  readonly id: string
  readonly fingerprint?: ScenarioFingerprint | undefined
}

/**
 * The runs already in the report being resumed (`KeptRun`), as they go to every worker: the runs
 * share a few fingerprints (one per scenario and variant), so each fingerprint goes once and each
 * run names its own by its place in `fingerprints` (-1: none). As an object per run, the runs of a
 * 100,320-run report took each worker about 25 MB.
 */
export interface KeptRuns {
  readonly ids: readonly string[]
  readonly fingerprints: readonly ScenarioFingerprint[]
  readonly fingerprintOf: Int32Array
}

/** `runs` as `KeptRuns`. */
export function keptRuns(runs: readonly KeptRun[]): KeptRuns {
  const fingerprints: ScenarioFingerprint[] = []
  // Runs read from one report share their fingerprints' objects; a fingerprint met again as another object is found by its text.
  const byObject = new Map<ScenarioFingerprint, number>()
  const byText = new Map<string, number>()
  const fingerprintOf = new Int32Array(runs.length)
  for (const [position, run] of runs.entries()) {
    const fingerprint = run.fingerprint
    let at = fingerprint === undefined ? -1 : byObject.get(fingerprint)
    if (at === undefined && fingerprint !== undefined) {
      const text = JSON.stringify([fingerprint.world, fingerprint.tools, fingerprint.user, fingerprint.milestones, fingerprint.minefields])
      at = byText.get(text)
      if (at === undefined) {
        at = fingerprints.push(fingerprint) - 1
        byText.set(text, at)
      }
      byObject.set(fingerprint, at)
    }
    fingerprintOf[position] = at as number
  }
  return { ids: runs.map((run) => run.id), fingerprints, fingerprintOf }
}

/** What became of a unit. */
export type EvalOutcome =
  /**
   * Played: its line for the runs file (JSON, see `RunLine`: the command reads what the report
   * needs from it), and how it ended, for the progress line and the budget's count.
   */
  | { readonly kind: 'run'; readonly line: string; readonly ending: RunEnded }
  /** Already in the report being resumed, with the same scenario: not played. */
  | { readonly kind: 'kept'; readonly id: string }
  /** Its variant has no place in the scenario: no run, as a scenario test is skipped. */
  | { readonly kind: 'skipped'; readonly reason: string }
  /** It broke before recording a run (a harness problem, as a test that fails first). */
  | { readonly kind: 'problem'; readonly problem: ReportProblem }

/** How a played run ended: its status, and its error's kind and culprit when it ended in one. */
export interface RunEnded {
  readonly status: string
  readonly error?: { readonly kind: string; readonly culprit?: string }
}

/** Messages from the command to a worker. */
export type ToWorker =
  /** Runs to play, each as soon as it comes. */
  | { readonly type: 'play'; readonly units: readonly EvalUnit[] }
  /** The runs the resumed report holds, and the runs to play again with a fresh user trial (`--replay-user-errors`). */
  | { readonly type: 'keep'; readonly runs: KeptRuns; readonly userReplays?: readonly UserReplay[] }
  | { readonly type: 'stop' }

/** A run played again because its simulated user broke its part: its id, and the user trial it now gets. */
export interface UserReplay {
  readonly id: string
  readonly userTrial: number
}

/** Messages from a worker to the command. */
export type FromWorker =
  /** Loaded: the cases (when asked for them), and the problems of the table (each a failing test). */
  | { readonly type: 'ready'; readonly cases?: readonly EvalCase[]; readonly problems?: readonly ReportProblem[]; readonly empty?: string; readonly codeFingerprint?: string }
  /** The scenarios, domains or agent could not be loaded: nothing plays. */
  | { readonly type: 'failed'; readonly problems: readonly string[] }
  /**
   * Units finished since the worker last said so, in the order they finished: sent together, so a
   * worker playing several runs at once wakes the command once for all that ended in one turn.
   */
  | { readonly type: 'done'; readonly finished: readonly FinishedUnit[] }

/** A unit a worker finished, and what became of it. */
export interface FinishedUnit {
  readonly unit: EvalUnit
  readonly outcome: EvalOutcome
}
