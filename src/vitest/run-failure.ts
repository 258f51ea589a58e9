import type { Culprit, RunError, Trajectory } from '../conversation/index.ts'
import { culpritOf } from '../conversation/index.ts'

/**
 * Thrown by every scenario matcher, with or without `.not`, when someone's code ended the run
 * (status `error`): there is nothing to judge the run's milestones on, and throwing (rather than
 * returning `pass: false`) keeps `.not` from turning a crash into a passing test. `culprit` says
 * whose code (or part) it was; the subclasses are `AgentCodeFailure`, `DomainFailure`,
 * `InfrastructureFailure` and `UserFailure`.
 */
export class RunFailure extends Error {
  readonly culprit: Culprit
  readonly kind: string

  constructor(culprit: Culprit, message: string, kind: string) {
    super(message)
    this.name = 'RunFailure'
    this.culprit = culprit
    this.kind = kind
  }
}

/**
 * The agent's own code threw, or returned something that is not a reply: the agent failed (the
 * run scores 0 and counts so in the report). The message carries the stack or what it returned.
 */
export class AgentCodeFailure extends RunFailure {
  constructor(matcher: string, trajectory: Trajectory) {
    const error = trajectory.error
    super('agent', `${matcher}: the agent's own code broke in ${runName(trajectory)}: ${error?.message ?? 'no cause was recorded'}. The run is the agent's failure and scores 0.${details(error)}`, error?.kind ?? 'unknown')
    this.name = 'AgentCodeFailure'
  }
}

/**
 * A tool of the domain broke (it threw something that is not a `ToolError`, returned no JSON,
 * hung, or wrote what its domain does not allow): a bug in the domain, not an agent failure. The
 * message names the tool, its arguments and the stack.
 */
export class DomainFailure extends RunFailure {
  /** The tool that broke. */
  readonly tool: string | undefined

  constructor(matcher: string, trajectory: Trajectory) {
    const error = trajectory.error
    super(
      'domain',
      `${matcher}: ${runName(trajectory)} ended with a domain error, not an agent failure: ${error?.message ?? 'no cause was recorded'}${error?.arguments === undefined ? '' : ` (called with ${JSON.stringify(error.arguments)})`}. Fix the tool; the run is counted apart in the report.${details(error)}`,
      error?.kind ?? 'unknown',
    )
    this.name = 'DomainFailure'
    this.tool = error?.tool
  }
}

/**
 * The network, a rate limit, a cache miss or the harness stopped the run: nothing to judge the
 * agent on.
 */
export class InfrastructureFailure extends RunFailure {
  constructor(matcher: string, trajectory: Trajectory) {
    const error = trajectory.error
    const cause = error === undefined ? 'no cause was recorded' : `${error.kind}${error.role === undefined ? '' : ` in the ${error.role}`}: ${error.message}`
    super('infrastructure', `${matcher}: ${runName(trajectory)} ended with an infrastructure error, not an agent failure; ${cause}. It is counted apart in the report.`, error?.kind ?? 'unknown')
    this.name = 'InfrastructureFailure'
  }
}

/**
 * The simulated user broke its part (it leaked what it holds back, quit before its goal, left its
 * goal, or played the agent; see `checkUserPart`): not the agent's failure. The message's first
 * line says so ("the simulated user ended the conversation at turn 2, before its goal; not the
 * agent's failure"); the run is counted apart in the report, and can be played again with a
 * fresh user trial.
 */
export class UserFailure extends RunFailure {
  constructor(matcher: string, trajectory: Trajectory) {
    const error = trajectory.error
    super(
      'user',
      `${matcher}: ${error?.message ?? 'the simulated user broke its part'}; not the agent's failure.\n${runName(trajectory)} is counted apart in the report as the user's error (${error?.kind ?? 'unknown'}); play it again with a fresh user trial (toolcheck eval --resume <report-dir> --replay-user-errors).`,
      error?.kind ?? 'unknown',
    )
    this.name = 'UserFailure'
  }
}

/** Throws the `RunFailure` of the run's culprit when someone's code ended it (status `error`). */
export function assertJudgeable(matcher: string, trajectory: Trajectory): void {
  const culprit = culpritOf(trajectory)
  if (culprit === 'agent') throw new AgentCodeFailure(matcher, trajectory)
  if (culprit === 'domain') throw new DomainFailure(matcher, trajectory)
  if (culprit === 'infrastructure') throw new InfrastructureFailure(matcher, trajectory)
  if (culprit === 'user') throw new UserFailure(matcher, trajectory)
}

function runName(trajectory: Trajectory): string {
  return `the run of scenario "${trajectory.scenarioId}" (augmentation ${trajectory.augmentation}, trial ${trajectory.trial})`
}

function details(error: RunError | undefined): string {
  if (error?.returned !== undefined) return `\n\nreturned: ${error.returned}`
  if (error?.stack !== undefined) return `\n\n${error.stack}`
  return ''
}
