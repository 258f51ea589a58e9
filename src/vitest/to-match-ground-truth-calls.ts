import type { MatcherState, SyncMatcherResult } from 'vitest'
import type { Trajectory } from '../conversation/index.ts'
import type { ToolTalkCall } from '../../scenarios/tooltalk/domain/index.ts'
import type { ToolTalkComparison, ToolTalkCompareOptions } from '../../scenarios/tooltalk/metrics/index.ts'
import { compareToolTalkCalls } from '../../scenarios/tooltalk/metrics/index.ts'
import type { JsonObject } from '../world/index.ts'
import { fixed } from './format-evaluation.ts'
import { assertJudgeable } from './run-failure.ts'
import { asTrajectory } from '../runner/scenario-run.ts'

/** Options of `toMatchGroundTruthCalls`: ToolTalk's comparison options and the pass rule. */
export interface GroundTruthCallsOptions extends ToolTalkCompareOptions {
  /** The recall needed to pass. Default 1 (with the default incorrect-action rate: ToolTalk's `success`). */
  readonly minimumRecall?: number
  /** The highest incorrect-action rate that still passes. Default 0. */
  readonly maximumIncorrectActionRate?: number
}

/**
 * `await expect(predictions).toMatchGroundTruthCalls(groundTruth, options?)`: the predicted calls
 * match the ground-truth calls by ToolTalk's rules (per-tool equivalence, greedy one-to-one
 * matching pooled over the conversation). By default it passes on ToolTalk's `success`: recall 1
 * and no incorrect action. Received: the predicted calls as executed (`ToolTalkCall[]`), or a
 * trajectory / scenario run, whose tool traces are read as calls.
 */
export async function toMatchGroundTruthCalls(
  this: MatcherState,
  received: unknown,
  groundTruth: readonly ToolTalkCall[],
  options: GroundTruthCallsOptions = {},
): Promise<SyncMatcherResult> {
  const predictions = asPredictions(received)
  if (!Array.isArray(groundTruth)) throw new TypeError('toMatchGroundTruthCalls expects the ground-truth calls as an array of { apiName, parameters, response, exception }')
  const { minimumRecall = 1, maximumIncorrectActionRate = 0, ...compareOptions } = options
  const comparison = await compareToolTalkCalls(predictions, groundTruth, compareOptions)
  const { metrics } = comparison
  const pass = metrics.recall >= minimumRecall - 1e-9 && metrics.bad_action_rate <= maximumIncorrectActionRate + 1e-9
  return {
    pass,
    message: () =>
      `expected ${count(predictions.length, 'predicted call')}${this.isNot ? ' not' : ''} to match ${count(groundTruth.length, 'ground-truth call')} (recall at least ${fixed(minimumRecall)}, incorrect-action rate at most ${fixed(maximumIncorrectActionRate)})\n\n${formatComparison(comparison)}`,
    actual: { recall: metrics.recall, incorrectActionRate: metrics.bad_action_rate },
    expected: { recall: minimumRecall, incorrectActionRate: maximumIncorrectActionRate },
  }
}

function asPredictions(received: unknown): readonly ToolTalkCall[] {
  if (Array.isArray(received)) {
    for (const [index, call] of received.entries())
      if (typeof call !== 'object' || call === null || typeof (call as { apiName?: unknown }).apiName !== 'string')
        throw new TypeError(`toMatchGroundTruthCalls expects calls shaped { apiName, parameters, response, exception }; item ${index} is not`)
    return received as ToolTalkCall[]
  }
  const trajectory: Trajectory = asTrajectory(received, 'toMatchGroundTruthCalls')
  assertJudgeable('toMatchGroundTruthCalls', trajectory)
  return trajectory.traces.map((trace) => ({
    apiName: trace.tool,
    parameters: typeof trace.arguments === 'object' && trace.arguments !== null && !Array.isArray(trace.arguments) ? (trace.arguments as JsonObject) : null,
    response: trace.result ?? null,
    exception: trace.error?.message ?? null,
  }))
}

function formatComparison(comparison: ToolTalkComparison): string {
  const { metrics } = comparison
  const lines = [
    `precision ${fixed(metrics.precision)}, recall ${fixed(metrics.recall)}, incorrect-action rate ${fixed(metrics.bad_action_rate)}, success ${metrics.success}, soft success ${fixed(metrics.soft_success)}`,
    '',
    `ground truth (${comparison.groundTruth.length}):`,
    ...comparison.groundTruth.map((outcome) => `  ${outcome.matchedBy === null ? 'MISSED ' : 'matched'} #${outcome.index} ${outcome.call.apiName}${outcome.matchedBy === null ? '' : ` by prediction #${outcome.matchedBy}`}`),
    '',
    `predictions (${comparison.predictions.length}):`,
  ]
  for (const outcome of comparison.predictions) {
    const verdict = outcome.matched !== null ? `matches ground truth #${outcome.matched}` : outcome.badAction ? 'INCORRECT ACTION (matched nothing)' : 'matched nothing'
    lines.push(`  #${outcome.index} ${outcome.call.apiName} ${JSON.stringify(outcome.call.parameters)}: ${verdict}`)
    if (outcome.matched === null) for (const attempt of outcome.attempts) lines.push(`      vs ground truth #${attempt.groundTruth}: ${attempt.reason}`)
  }
  return lines.join('\n')
}

/** "1 predicted call", "3 predicted calls". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
