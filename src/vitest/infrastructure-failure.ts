import type { Trajectory } from '../conversation/index.ts'

/**
 * Thrown by every scenario matcher, with or without `.not`, when the run ended with status
 * `error`: the network, a rate limit or a cache miss stopped it, so there is nothing to judge the
 * agent on. Throwing (rather than returning `pass: false`) keeps `.not` from turning an outage
 * into a passing test.
 */
export class InfrastructureFailure extends Error {
  readonly kind: string

  constructor(matcher: string, trajectory: Trajectory) {
    const cause = trajectory.error === undefined ? 'no cause was recorded' : `${trajectory.error.kind}${trajectory.error.role === undefined ? '' : ` in the ${trajectory.error.role}`}: ${trajectory.error.message}`
    super(
      `${matcher}: the run of scenario "${trajectory.scenarioId}" (augmentation ${trajectory.augmentation}, trial ${trajectory.trial}) ended with an infrastructure error, not an agent failure; ${cause}. It is counted apart in the report.`,
    )
    this.name = 'InfrastructureFailure'
    this.kind = trajectory.error?.kind ?? 'unknown'
  }
}

/** Throws `InfrastructureFailure` when the trajectory's status is `error`. */
export function assertNoInfrastructureError(matcher: string, trajectory: Trajectory): void {
  if (trajectory.status === 'error') throw new InfrastructureFailure(matcher, trajectory)
}
