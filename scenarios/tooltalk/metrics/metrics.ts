/**
 * ToolTalk's per-conversation metrics, named as ToolTalk names them in its output (`bad_action_rate`
 * is the "incorrect action rate" of the paper and README).
 */
export interface ToolTalkMetrics {
  readonly predictions: number
  readonly ground_truths: number
  readonly matches: number
  /** Predictions of action tools, failed ones included. */
  readonly actions: number
  readonly valid_actions: number
  /** Successful action predictions that matched nothing. */
  readonly bad_actions: number
  /** matches / predictions; 0 without predictions. */
  readonly precision: number
  /** matches / ground_truths; 1 when there is no ground truth (ToolTalk would divide by zero). */
  readonly recall: number
  /** valid_actions / actions; 1 without actions. */
  readonly action_precision: number
  /** bad_actions / actions; 0 without actions. */
  readonly bad_action_rate: number
  /** recall is 1 and bad_action_rate is 0. */
  readonly success: boolean
  /** recall × (1 − bad_action_rate). */
  readonly soft_success: number
}

/** The counts the metrics are computed from. */
export interface ToolTalkCounts {
  readonly predictions: number
  readonly ground_truths: number
  readonly matches: number
  readonly actions: number
  readonly valid_actions: number
  readonly bad_actions: number
}

/** ToolTalk's formulas applied to one conversation's counts. */
export function toolTalkMetrics(counts: ToolTalkCounts): ToolTalkMetrics {
  const precision = counts.predictions > 0 ? counts.matches / counts.predictions : 0
  const recall = counts.ground_truths > 0 ? counts.matches / counts.ground_truths : 1
  const actionPrecision = counts.actions > 0 ? counts.valid_actions / counts.actions : 1
  const badActionRate = counts.actions > 0 ? counts.bad_actions / counts.actions : 0
  return {
    ...counts,
    precision,
    recall,
    action_precision: actionPrecision,
    bad_action_rate: badActionRate,
    success: recall === 1 && badActionRate === 0,
    soft_success: recall * (1 - badActionRate),
  }
}
