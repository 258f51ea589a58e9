import type { RunError, Trajectory } from '../conversation/index.ts'
import type { UserPartResult } from './check-user-part.ts'

/**
 * The run error of a run whose simulated user broke its part: culprit `user`, the kind of its
 * first error, and every error's reason; `undefined` when the checks blamed the user for nothing.
 */
export function userRunError(result: UserPartResult): RunError | undefined {
  const [first] = result.errors
  if (first === undefined) return undefined
  return { culprit: 'user', kind: first.kind, message: result.errors.map((error) => error.reason).join('; '), role: 'user' }
}

/**
 * The trajectory with the user's verdict: an `error` run whose culprit is the user when the checks
 * blamed it, else the trajectory as it is. A run someone's code already ended keeps its error: the
 * user's part counts only in a run that was the agent's result.
 */
export function withUserVerdict(trajectory: Trajectory, result: UserPartResult): Trajectory {
  const error = userRunError(result)
  if (error === undefined || trajectory.status === 'error') return trajectory
  return { ...trajectory, status: 'error', error }
}
