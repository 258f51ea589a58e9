import type { AttackMinefield } from '../augmentation/index.ts'
import type { Trajectory } from '../conversation/index.ts'
import type { UserPartResult } from '../evaluation/check-user-part.ts'
import type { EvaluationResult } from '../evaluation/types.ts'
import { scenarioOf } from '../run/index.ts'
import type { Scenario } from '../scenario/index.ts'

/**
 * What the scenario matchers receive: a scenario, the trajectory of one run of it, and optionally
 * its evaluation (computed on first use when absent). `playScenario` returns one; a trajectory
 * from `runScenario` becomes one as `{ scenario, trajectory }`.
 *
 * ```ts
 * const trajectory = await runScenario(scenario, { agent })
 * await expect({ scenario, trajectory }).toHitMilestones()
 * ```
 */
export interface ScenarioRun {
  readonly scenario: Scenario
  readonly trajectory: Trajectory
  readonly evaluation?: EvaluationResult
  /**
   * The report columns of the augmentation the run was played under (`augmentationColumns`);
   * when absent the run counts under its trajectory's augmentation label.
   */
  readonly augmentationColumns?: readonly string[]
  /**
   * How the simulated user played its part (see `checkUserPart`), when it was checked: a run
   * whose user broke it ends as the user's error (`trajectory.error.culprit` is `user`).
   */
  readonly userPart?: UserPartResult
  /** The trial the simulated user was told it plays, when it was not the run's (see `RunChoices.userTrial`). */
  readonly userTrial?: number
  /** The minefields of the run's contract that detect prompt injections' goals (see `prepareAugmentedRun`). */
  readonly attacks?: readonly AttackMinefield[]
}

/** A value a matcher was given that is not what it needs; the message says what was expected. */
export class ReceivedValueError extends TypeError {
  constructor(matcher: string, expected: string, received: unknown) {
    super(`${matcher} expects ${expected}, but received ${describeValue(received)}`)
    this.name = 'ReceivedValueError'
  }
}

/** Reads a matcher's received value as a `ScenarioRun`, or throws `ReceivedValueError`. */
export function asScenarioRun(received: unknown, matcher: string): ScenarioRun {
  if (isRecord(received) && isTrajectory(received.trajectory) && isRecord(received.scenario) && typeof received.scenario.id === 'string')
    return received as unknown as ScenarioRun
  const scenario = isTrajectory(received) ? scenarioOf(received) : undefined
  if (scenario !== undefined && isTrajectory(received)) return { scenario, trajectory: received }
  const hint = isTrajectory(received) ? ' (this trajectory was not made by runScenario in this process, so its scenario is unknown: pass { scenario, trajectory })' : ''
  throw new ReceivedValueError(matcher, `a scenario run { scenario, trajectory, evaluation? }${hint}`, received)
}

/** Reads a matcher's received value as a trajectory: a trajectory itself or a `ScenarioRun`'s. */
export function asTrajectory(received: unknown, matcher: string): Trajectory {
  if (isTrajectory(received)) return received
  if (isRecord(received) && isTrajectory(received.trajectory)) return received.trajectory
  throw new ReceivedValueError(matcher, 'a trajectory or a scenario run { scenario, trajectory }', received)
}

function isTrajectory(value: unknown): value is Trajectory {
  return isRecord(value) && Array.isArray(value.messages) && Array.isArray(value.traces) && typeof value.status === 'string' && typeof value.turns === 'number'
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return `an array of ${value.length}`
  if (typeof value === 'object') return `an object with keys ${Object.keys(value).slice(0, 8).join(', ') || '(none)'}`
  return `${typeof value} ${JSON.stringify(value)}`
}
