import { AugmentationError } from '../augmentation/index.ts'
import type { EvaluationResult } from '../evaluation/types.ts'
import type { Scenario } from '../scenario/index.ts'
import { evaluationSettings } from './evaluate-run.ts'
import type { RunChoices } from './play-run.ts'
import { playPreparedRun, prepareRun } from './play-run.ts'
import type { RecordingTask } from './record-scenario-run.ts'
import { recordScenarioRun, trialOf } from './record-scenario-run.ts'
import type { ScenarioRun } from './scenario-run.ts'

/** The parts of a vitest test context `playScenario` uses: the task to record into and the abort signal. */
export interface PlayContext {
  readonly task: RecordingTask
  readonly signal?: AbortSignal
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
 * `augmentationColumns` of its augmentation) and the test's abort signal stops the run.
 */
export async function playScenario(scenario: Scenario, options: PlayOptions): Promise<ScenarioRun> {
  const ready = await prepareRun(scenario, options)
  const variant = options.augmentation
  if (ready === undefined)
    throw new AugmentationError(scenario.id, `the variant "${variant?.label}" has no place in it (its solution makes no call the variant needs, or none under which the solution still holds)`)
  const task = options.context?.task
  const trial = task === undefined ? 0 : trialOf(task, 0)
  const run = await playPreparedRun(ready, { ...options, trial, ...evaluationSettings(), ...(options.context?.signal === undefined ? {} : { signal: options.context.signal }) })
  if (task !== undefined) await recordScenarioRun(task, run.scenario, run.trajectory, run.evaluation as EvaluationResult, { augmentationColumns: run.augmentationColumns, threshold: options.minimumScore, attacks: ready.prepared?.attacks })
  return run
}
