import type { MatcherState, SyncMatcherResult } from 'vitest'
import type { EvaluationResult } from '../evaluation/types.ts'
import type { Edge, MilestoneInput, Scenario } from '../scenario/index.ts'
import { minefieldSchema } from '../scenario/index.ts'
import { evaluateAgainst, evaluateRun } from './evaluate-run.ts'
import { formatEvaluation } from './format-evaluation.ts'
import { decidedBy } from '../runner/robustness-outcome.ts'
import { assertJudgeableRun, recordMatcherRun } from './record-matcher-run.ts'
import { asScenarioRun } from '../runner/scenario-run.ts'

/** Options of `toAvoidMinefields`. */
export interface AvoidMinefieldsOptions {
  /** DAG edges for minefields given to the matcher; a chain in the given order by default. */
  readonly edges?: readonly Edge[]
}

/**
 * `await expect(run).toAvoidMinefields(minefields?)`: no minefield fired (each matched with
 * similarity 0). Without minefields it uses the scenario's own. For a run someone's code ended it
 * records the run and throws the `RunFailure` naming the culprit, with or without `.not`.
 */
export async function toAvoidMinefields(
  this: MatcherState,
  received: unknown,
  minefields?: readonly MilestoneInput[],
  options: AvoidMinefieldsOptions = {},
): Promise<SyncMatcherResult> {
  const run = asScenarioRun(received, 'toAvoidMinefields')
  await assertJudgeableRun(this, 'toAvoidMinefields', run)
  let evaluation: EvaluationResult
  if (minefields === undefined) {
    evaluation = await evaluateRun(run)
    await recordMatcherRun(this, run, evaluation)
  } else {
    evaluation = await evaluateAgainst(run.trajectory, withMinefields(run.scenario, minefields, options.edges))
  }
  const fired = evaluation.minefields.filter((match) => match.similarity > 0).map((match) => (match.name === undefined ? `#${match.index}` : `#${match.index} "${match.name}"`))
  return {
    pass: !evaluation.minefieldHit,
    message: () =>
      `expected scenario "${run.scenario.id}"${this.isNot ? ' to hit a minefield' : ' to avoid its minefields'}; ${fired.length === 0 ? 'none fired' : `fired: ${fired.join(', ')}`}\n\n${formatEvaluation(evaluation, run.trajectory, decidedBy(run, evaluation))}`,
    actual: fired,
    expected: [],
  }
}

function withMinefields(scenario: Scenario, minefields: readonly MilestoneInput[], edges: readonly Edge[] | undefined): Scenario {
  const { minefieldEdges: _ignored, ...rest } = scenario
  const parsed = minefields.map((minefield, index) => {
    const result = minefieldSchema.safeParse(minefield)
    if (!result.success) throw new TypeError(`toAvoidMinefields: minefield ${index} is invalid: ${result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`)
    return result.data
  })
  return { ...rest, minefields: parsed, ...(edges === undefined ? {} : { minefieldEdges: edges.map(([from, to]) => [from, to] as [number, number]) }) }
}
