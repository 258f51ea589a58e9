import { toAvoidMinefields } from './to-avoid-minefields.ts'
import { toFinishWithin } from './to-finish-within.ts'
import { toMatchGroundTruthCalls } from './to-match-ground-truth-calls.ts'
import { toHitMilestones } from './to-hit-milestones.ts'
import { toScoreAtLeast } from './to-score-at-least.ts'

/**
 * Every toolcheck matcher, for `expect.extend(toolcheckMatchers)`. The plugin's setup file does
 * this; call it yourself only when not using the plugin.
 */
export const toolcheckMatchers = {
  toHitMilestones,
  toAvoidMinefields,
  toScoreAtLeast,
  toFinishWithin,
  toMatchGroundTruthCalls,
}
