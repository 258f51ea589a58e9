import type { ToolTalkCall } from '../domain/index.ts'
import { toolTalkTool } from '../domain/index.ts'
import type { ToolTalkCompareOptions } from './equivalence-rules.ts'
import { toolTalkCallsEquivalent } from './equivalence-rules.ts'
import type { ToolTalkMetrics } from './metrics.ts'
import { toolTalkMetrics } from './metrics.ts'

/** Why a prediction did not match one ground-truth call it was tried against. */
export interface MatchAttempt {
  readonly groundTruth: number
  readonly reason: string
}

/** What became of one prediction. */
export interface PredictionOutcome {
  readonly index: number
  readonly call: ToolTalkCall
  /** The index of the ground-truth call it matched, or null. */
  readonly matched: number | null
  readonly action: boolean
  /** A successful action that matched nothing: an incorrect action. */
  readonly badAction: boolean
  /** The ground-truth calls still unmatched when it was compared, and why each did not match. */
  readonly attempts: readonly MatchAttempt[]
}

/** What became of one ground-truth call. */
export interface GroundTruthOutcome {
  readonly index: number
  readonly call: ToolTalkCall
  /** The index of the prediction that matched it, or null. */
  readonly matchedBy: number | null
}

/** The result of comparing a conversation's predictions with its ground truth. */
export interface ToolTalkComparison {
  readonly metrics: ToolTalkMetrics
  readonly predictions: readonly PredictionOutcome[]
  readonly groundTruth: readonly GroundTruthOutcome[]
}

/**
 * ToolTalk's scoring, as a pure function: each prediction, in order, takes the first still
 * unmatched ground-truth call (in ground-truth order) it is equivalent to (greedy and one-to-one,
 * not an optimal assignment); then precision, recall, incorrect-action rate, success and soft
 * success. Pass all of a conversation's predictions and ground-truth calls to reproduce ToolTalk,
 * which pools them over the whole conversation rather than per turn.
 */
export async function compareToolTalkCalls(
  predictions: readonly ToolTalkCall[],
  groundTruth: readonly ToolTalkCall[],
  options: ToolTalkCompareOptions = {},
): Promise<ToolTalkComparison> {
  const matchedBy: (number | null)[] = groundTruth.map(() => null)
  const outcomes: PredictionOutcome[] = []
  for (const [index, call] of predictions.entries()) {
    const attempts: MatchAttempt[] = []
    let matched: number | null = null
    for (const [candidate, expected] of groundTruth.entries()) {
      if (matchedBy[candidate] !== null) continue
      const verdict = await toolTalkCallsEquivalent(call, expected, options)
      if (verdict.equivalent) {
        matched = candidate
        matchedBy[candidate] = index
        break
      }
      attempts.push({ groundTruth: candidate, reason: verdict.reason })
    }
    const action = toolTalkTool(call.apiName)?.action ?? false
    outcomes.push({ index, call, matched, action, badAction: matched === null && action && call.exception === null, attempts })
  }
  const metrics = toolTalkMetrics({
    predictions: outcomes.length,
    ground_truths: groundTruth.length,
    matches: outcomes.filter((outcome) => outcome.matched !== null).length,
    actions: outcomes.filter((outcome) => outcome.action).length,
    valid_actions: outcomes.filter((outcome) => outcome.action && outcome.matched !== null).length,
    bad_actions: outcomes.filter((outcome) => outcome.badAction).length,
  })
  return {
    metrics,
    predictions: outcomes,
    groundTruth: groundTruth.map((call, index) => ({ index, call, matchedBy: matchedBy[index] ?? null })),
  }
}
