import { referenceCannotPlay } from '../roles/reference-agent.ts'
import type { Scenario } from '../scenario/index.ts'

/**
 * Why a run of `scenario` by `agent` is not played, or `undefined` when it is. A scenario with a
 * caveat is not played: one defective where it comes from (`upstream-defect`: no agent can pass
 * it) or whose milestones expect live web answers the offline tools lack (`needs-live-data`) would
 * score the agent on what it could never reach, so its runs are listed with the reason instead of
 * scored. Neither is a scenario the reference agent has no solution to play. Both runners ask it
 * before playing: the plugin skips the test with the reason, `toolcheck eval` lists the run under
 * "runs not played".
 */
export function notPlayedBecause(agent: object, scenario: Pick<Scenario, 'id' | 'reference' | 'caveats'>): string | undefined {
  const caveat = scenario.caveats?.[0]
  if (caveat !== undefined) return `${scenario.id} is not played (${caveat.kind}): ${caveat.reason}`
  return referenceCannotPlay(agent, scenario)
}
