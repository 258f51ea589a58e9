import { createHash } from 'node:crypto'

/** What tells one run from every other: the scenario, the augmentation's full label, the trial, the agent and the simulated user. */
export interface RunIdentity {
  readonly scenario: string
  readonly augmentation: string
  readonly trial: number
  readonly agent: string
  readonly user: string
}

/**
 * A run's stable id: the first 16 hex digits of the SHA-256 of its identity (scenario,
 * augmentation label, trial, agent name, user name). The same run gets the same id in every
 * report, shard and resumed evaluation, so reports can be resumed and merged run by run; any other
 * run gets another.
 */
export function runId(run: RunIdentity): string {
  return createHash('sha256')
    .update(JSON.stringify([run.scenario, run.augmentation, run.trial, run.agent, run.user]))
    .digest('hex')
    .slice(0, 16)
}
