import type { MatcherState, SyncMatcherResult } from 'vitest'
import type { EvaluationResult } from '../evaluation/types.ts'
import type { Edge, MilestoneInput, Scenario } from '../scenario/index.ts'
import { milestoneSchema } from '../scenario/index.ts'
import { evaluateAgainst, evaluateRun } from './evaluate-run.ts'
import { fixed, formatEvaluation } from './format-evaluation.ts'
import { decidedBy } from '../runner/robustness-outcome.ts'
import { assertJudgeableRun, recordMatcherRun } from './record-matcher-run.ts'
import { asScenarioRun } from '../runner/scenario-run.ts'

/** Options of `toHitMilestones`. */
export interface HitMilestonesOptions {
  /** The milestone score needed to pass, in [0, 1]. Default 1: every milestone fully hit. */
  readonly atLeast?: number
  /** DAG edges for milestones given to the matcher; a chain in the given order by default. */
  readonly edges?: readonly Edge[]
}

/**
 * `await expect(run).toHitMilestones(milestones?, { atLeast? })`: the run's milestone score (mean
 * similarity over the best mapping of milestones to messages) is at least `atLeast` (default 1).
 * Without milestones it uses the scenario's own. For a run someone's code ended (status `error`)
 * it records the run and throws the `RunFailure` naming the culprit (the agent's own code, a
 * tool of the domain, or the infrastructure), with or without `.not`.
 */
export async function toHitMilestones(
  this: MatcherState,
  received: unknown,
  milestones?: readonly MilestoneInput[],
  options: HitMilestonesOptions = {},
): Promise<SyncMatcherResult> {
  const run = asScenarioRun(received, 'toHitMilestones')
  await assertJudgeableRun(this, 'toHitMilestones', run)
  const atLeast = options.atLeast ?? 1
  if (!(atLeast >= 0 && atLeast <= 1)) throw new RangeError(`toHitMilestones: atLeast must be between 0 and 1, got ${atLeast}`)
  let evaluation: EvaluationResult
  if (milestones === undefined) {
    evaluation = await evaluateRun(run)
    await recordMatcherRun(this, run, evaluation)
  } else {
    evaluation = await evaluateAgainst(run.trajectory, withMilestones(run.scenario, milestones, options.edges))
  }
  const pass = evaluation.milestoneScore >= atLeast - 1e-9
  const source = milestones === undefined ? 'its milestones' : `the ${milestones.length} given milestones`
  return {
    pass,
    message: () =>
      `expected scenario "${run.scenario.id}"${this.isNot ? ' not' : ''} to hit ${source} with a milestone score of at least ${fixed(atLeast)}; it scored ${fixed(evaluation.milestoneScore)}\n\n${formatEvaluation(evaluation, run.trajectory, decidedBy(run, evaluation))}`,
    actual: evaluation.milestoneScore,
    expected: atLeast,
  }
}

function withMilestones(scenario: Scenario, milestones: readonly MilestoneInput[], edges: readonly Edge[] | undefined): Scenario {
  const { milestoneEdges: _ignored, ...rest } = scenario
  const parsed = milestones.map((milestone, index) => {
    const result = milestoneSchema.safeParse(milestone)
    if (!result.success) throw new TypeError(`toHitMilestones: milestone ${index} is invalid: ${result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`)
    return result.data
  })
  return { ...rest, milestones: parsed, ...(edges === undefined ? {} : { milestoneEdges: edges.map(([from, to]) => [from, to] as [number, number]) }) }
}
