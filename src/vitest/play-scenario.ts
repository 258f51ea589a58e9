import { AugmentationError } from '../augmentation/index.ts'
import { culpritOf } from '../conversation/index.ts'
import type { EvaluationResult } from '../evaluation/types.ts'
import type { Scenario } from '../scenario/index.ts'
import { notPlayedBecause } from '../runner/not-played.ts'
import { expectScenario } from '../scenario/expect-scenario.ts'
import { evaluationSettings } from './evaluate-run.ts'
import type { RunChoices } from '../runner/play-run.ts'
import { playPreparedRun, prepareRun } from '../runner/play-run.ts'
import type { RecordingTask } from './record-scenario-run.ts'
import { recordScenarioRun, trialOf } from './record-scenario-run.ts'
import type { ResumingTask } from './resumed-tests.ts'
import { resumedNote } from './resumed-tests.ts'
import { runId } from '../runner/run-id.ts'
import { DomainFailure } from './run-failure.ts'
import type { ScenarioRun } from '../runner/scenario-run.ts'
import { scenarioFingerprint } from '../runner/scenario-fingerprint.ts'
import { scenarioAsWritten } from '../run/index.ts'

/** The parts of a vitest test context `playScenario` uses: the task to record into and the abort signal. */
export interface PlayContext {
  readonly task: RecordingTask & Partial<ResumingTask>
  readonly signal?: AbortSignal
  /** Skips the test (vitest's `context.skip`): a run the resumed report holds is not played again. */
  readonly skip?: (note?: string) => never
  /**
   * Vitest's `context.onTestFinished`: a run a domain's tool ended fails its test when the test
   * ends, whether or not a matcher looked at the run.
   */
  readonly onTestFinished?: (listener: (finished: { readonly task: { readonly result?: { readonly state?: string } } }) => void) => void
}

/** How to play a scenario in a test. */
export interface PlayOptions extends RunChoices {
  /** The test context: the run is recorded in its metadata, its transcript attached, and its signal used. */
  readonly context?: PlayContext
  /**
   * The score this run needs to count as passed in the report (default 1). The report's verdict
   * follows the score and this threshold, whatever the test's own assertions;
   * `toScoreAtLeast(x)` on the run sets it to `x`.
   */
  readonly minimumScore?: number
}

/**
 * Plays a scenario and evaluates it, returning a `ScenarioRun` for the matchers:
 *
 * ```ts
 * test('texting Alex', async (context) => {
 *   const run = await playScenario(scenario, { agent, context })
 *   await context.expect(run).toHitMilestones()
 * })
 * ```
 *
 * With `context`, the trial is the vitest repeat being played, the run is recorded for the
 * reporter (so it appears in the report even if no matcher looks at it, under the
 * `augmentationColumns` of its augmentation), the test's abort signal stops the run, and a run a
 * domain's tool ended fails the test (with `DomainFailure`) when it ends, matcher or not. When the
 * plugin resumes a report (`toolcheck({ resume })`) that holds this test's runs, every trial,
 * none ended by the infrastructure, of the scenario as it is now, the test is skipped instead
 * (see `resumedNote`) and the report keeps the runs it had.
 */
export async function playScenario(scenario: Scenario, options: PlayOptions): Promise<ScenarioRun> {
  expectScenario(scenario, 'playScenario')
  // A scenario with a caveat, or the reference agent and a scenario with no solution: the test is skipped, saying why.
  const unplayable = notPlayedBecause(options.agent, scenario)
  if (unplayable !== undefined) options.context?.skip?.(unplayable)
  const ready = await prepareRun(scenario, options)
  const variant = options.augmentation
  if (ready === undefined)
    throw new AugmentationError(scenario.id, `the variant "${variant?.label}" has no place in it (its solution makes no call the variant needs, or none under which the solution still holds)`)
  const task = options.context?.task
  const trial = task === undefined ? 0 : trialOf(task, 0)
  // Resuming a report (`toolcheck({ resume })`): a test whose runs it holds is skipped, and the
  // reporter keeps its runs from the report.
  const skip = options.context?.skip
  if (skip !== undefined && task?.name !== undefined) {
    const id = runId({ scenario: scenario.id, augmentation: ready.presentation?.label ?? 'none', trial, agent: options.agent.name, user: options.user?.name ?? 'scripted' })
    const note = resumedNote({ ...task, name: task.name }, trial, id, scenarioFingerprint(scenarioAsWritten(ready.scenario)))
    if (note !== undefined) skip(note)
  }
  const run = await playPreparedRun(ready, { ...options, trial, ...(await evaluationSettings()), ...(options.context?.signal === undefined ? {} : { signal: options.context.signal }) })
  if (task !== undefined) await recordScenarioRun(task, run.scenario, run.trajectory, run.evaluation as EvaluationResult, { augmentationColumns: run.augmentationColumns, threshold: options.minimumScore, attacks: ready.prepared?.attacks, userPart: run.userPart, userTrial: run.userTrial })
  // A bug in the domain's code fails the test even when no matcher looks at the run (a matcher
  // throws `DomainFailure` itself, and then the test has failed already): a test that only plays
  // would otherwise stay green over a broken tool. The run is still returned, to look at.
  if (culpritOf(run.trajectory) === 'domain') {
    options.context?.onTestFinished?.((finished) => {
      if (finished.task.result?.state !== 'fail') throw new DomainFailure('playScenario', run.trajectory)
    })
  }
  return run
}
