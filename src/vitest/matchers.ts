import { mustBeAwaited } from './must-be-awaited.ts'
import { toAvoidMinefields } from './to-avoid-minefields.ts'
import { toFinishWithin } from './to-finish-within.ts'
import { toMatchGroundTruthCalls } from './to-match-ground-truth-calls.ts'
import { toHitMilestones } from './to-hit-milestones.ts'
import { toScoreAtLeast } from './to-score-at-least.ts'

/**
 * Every toolcheck matcher, for `expect.extend(toolcheckMatchers)`. The plugin's setup file does
 * this; call it yourself only when not using the plugin. The asynchronous ones fail their own
 * test, saying to await them, when a call is not awaited (see `mustBeAwaited`).
 */
export const toolcheckMatchers = {
  toHitMilestones: mustBeAwaited('toHitMilestones', toHitMilestones),
  toAvoidMinefields: mustBeAwaited('toAvoidMinefields', toAvoidMinefields),
  toScoreAtLeast: mustBeAwaited('toScoreAtLeast', toScoreAtLeast),
  toFinishWithin,
  toMatchGroundTruthCalls: mustBeAwaited('toMatchGroundTruthCalls', toMatchGroundTruthCalls),
}
