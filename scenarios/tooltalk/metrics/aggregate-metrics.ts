import type { ToolTalkCounts, ToolTalkMetrics } from './metrics.ts'

/** ToolTalk's dataset figures: the summed counts, and the rates computed from them. */
export interface ToolTalkDatasetMetrics extends ToolTalkCounts {
  readonly conversations: number
  /** Σmatches / Σpredictions (micro); 0 without predictions (ToolTalk would divide by zero). */
  readonly precision: number
  /** Σmatches / Σground_truths (micro). */
  readonly recall: number
  /** Σvalid_actions / Σactions (micro); 1 without actions. */
  readonly action_precision: number
  /** Σbad_actions / Σactions (micro): the incorrect-action rate; 0 without actions. */
  readonly bad_action_rate: number
  /** Successful conversations / conversations (macro). */
  readonly success_rate: number
  /** Mean of the conversations' soft success (ToolTalk computes it per conversation but reports no dataset figure). */
  readonly soft_success_rate: number
}

/**
 * Aggregates per-conversation metrics as ToolTalk's evaluation script does: counts are summed
 * (so precision, recall and the incorrect-action rate are micro-averages) and the success rate is
 * the share of successful conversations.
 */
export function aggregateToolTalkMetrics(conversations: readonly ToolTalkMetrics[]): ToolTalkDatasetMetrics {
  const sum = (pick: (metrics: ToolTalkMetrics) => number) => conversations.reduce((total, metrics) => total + pick(metrics), 0)
  const predictions = sum((metrics) => metrics.predictions)
  const groundTruths = sum((metrics) => metrics.ground_truths)
  const matches = sum((metrics) => metrics.matches)
  const actions = sum((metrics) => metrics.actions)
  const validActions = sum((metrics) => metrics.valid_actions)
  const badActions = sum((metrics) => metrics.bad_actions)
  const count = conversations.length
  return {
    conversations: count,
    predictions,
    ground_truths: groundTruths,
    matches,
    actions,
    valid_actions: validActions,
    bad_actions: badActions,
    precision: predictions > 0 ? matches / predictions : 0,
    recall: groundTruths > 0 ? matches / groundTruths : 1,
    action_precision: actions > 0 ? validActions / actions : 1,
    bad_action_rate: actions > 0 ? badActions / actions : 0,
    success_rate: count > 0 ? sum((metrics) => (metrics.success ? 1 : 0)) / count : 0,
    soft_success_rate: count > 0 ? sum((metrics) => metrics.soft_success) / count : 0,
  }
}
