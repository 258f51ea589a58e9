import type { MatcherState, SyncMatcherResult } from 'vitest'
import { evaluateRun } from './evaluate-run.ts'
import { fixed, formatEvaluation } from './format-evaluation.ts'
import { decidedBy } from '../runner/robustness-outcome.ts'
import { assertJudgeableRun, recordMatcherRun } from './record-matcher-run.ts'
import { asScenarioRun } from '../runner/scenario-run.ts'

/**
 * `await expect(run).toScoreAtLeast(x)`: the run's score (milestone score, or 0 when a minefield
 * fired) is at least `x`. For a run someone's code ended it records the run and throws the
 * `RunFailure` naming the culprit, with or without `.not`.
 */
export async function toScoreAtLeast(this: MatcherState, received: unknown, minimum: number): Promise<SyncMatcherResult> {
  const run = asScenarioRun(received, 'toScoreAtLeast')
  if (typeof minimum !== 'number' || Number.isNaN(minimum)) throw new TypeError(`toScoreAtLeast expects a number between 0 and 1, got ${String(minimum)}`)
  await assertJudgeableRun(this, 'toScoreAtLeast', run)
  const evaluation = await evaluateRun(run)
  await recordMatcherRun(this, run, evaluation, Math.min(1, Math.max(0, minimum)))
  return {
    pass: evaluation.score >= minimum - 1e-9,
    message: () =>
      `expected scenario "${run.scenario.id}" to score${this.isNot ? ' below' : ' at least'} ${fixed(minimum)}; it scored ${fixed(evaluation.score)}\n\n${formatEvaluation(evaluation, run.trajectory, decidedBy(run, evaluation))}`,
    actual: evaluation.score,
    expected: minimum,
  }
}
