import type { MatcherState, SyncMatcherResult } from 'vitest'
import { assertJudgeable } from './run-failure.ts'
import { asTrajectory } from '../runner/scenario-run.ts'

/**
 * `expect(trajectory).toFinishWithin(turns)`: the conversation ended by itself (status
 * `completed`, not cut off at the turn limit) after at most `turns` turns, counted as ToolSandbox
 * counts them. Accepts a trajectory or a scenario run. Throws the `RunFailure` naming the
 * culprit (agent, domain or infrastructure) for a run someone's code ended, with or without `.not`.
 */
export function toFinishWithin(this: MatcherState, received: unknown, turns: number): SyncMatcherResult {
  const trajectory = asTrajectory(received, 'toFinishWithin')
  if (!Number.isInteger(turns) || turns < 0) throw new TypeError(`toFinishWithin expects a whole number of turns, got ${String(turns)}`)
  assertJudgeable('toFinishWithin', trajectory)
  const completed = trajectory.status === 'completed'
  const how = completed ? `it finished after ${trajectory.turns}` : `it did not finish: it was stopped at the turn limit after ${trajectory.turns}`
  return {
    pass: completed && trajectory.turns <= turns,
    message: () => `expected scenario "${trajectory.scenarioId}"${this.isNot ? ' not' : ''} to finish within ${turns} turns; ${how} turns`,
    actual: trajectory.turns,
    expected: turns,
  }
}
