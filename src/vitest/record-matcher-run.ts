import type { MatcherState } from 'vitest'
import { culpritOf } from '../conversation/index.ts'
import type { EvaluationResult } from '../evaluation/types.ts'
import type { RecordingTask } from './record-scenario-run.ts'
import { recordScenarioRun } from './record-scenario-run.ts'
import { evaluateRun } from './evaluate-run.ts'
import { assertJudgeable } from './run-failure.ts'
import type { ScenarioRun } from './scenario-run.ts'

/**
 * Records a run a matcher evaluated in the current test's metadata, so hand-written tests appear
 * in the report too. `this.task` is only set with the test's own `expect` (the test context's
 * `expect` in concurrent tests); without it the matcher still works but records nothing.
 * `threshold` is the score the matcher asks for (`toScoreAtLeast`), when it asks for one.
 */
export async function recordMatcherRun(state: MatcherState, run: ScenarioRun, evaluation: EvaluationResult, threshold?: number): Promise<void> {
  const task = state.task as RecordingTask | undefined
  if (task === undefined) return
  await recordScenarioRun(task, run.scenario, run.trajectory, evaluation, { augmentationColumns: run.augmentationColumns, threshold, attacks: run.attacks, userPart: run.userPart, userTrial: run.userTrial })
}

/**
 * For a run that someone's code ended: records it (so the report counts it, as a failure of the
 * agent or apart as a domain or infrastructure error) and throws the `RunFailure` that names the
 * culprit. Does nothing for a run that finished.
 */
export async function assertJudgeableRun(state: MatcherState, matcher: string, run: ScenarioRun): Promise<void> {
  if (culpritOf(run.trajectory) === undefined) return
  await recordMatcherRun(state, run, await evaluateRun(run))
  assertJudgeable(matcher, run.trajectory)
}
