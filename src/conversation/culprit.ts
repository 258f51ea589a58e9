/**
 * Whose code or part ended a run that did not finish as the agent's result (see
 * `RunError.culprit`): the agent's own code, a tool of the domain, the infrastructure, or the
 * simulated user, which broke its part.
 */
export type Culprit = 'agent' | 'domain' | 'infrastructure' | 'user'

/** Every culprit, in the order reports count them. */
export const CULPRITS: readonly Culprit[] = ['agent', 'domain', 'infrastructure', 'user']

/** The parts of a run (a trajectory, a report's run) that say how it ended. */
export interface RunEnding {
  readonly status: string
  readonly error?: { readonly culprit?: string } | undefined
}

/**
 * Whose code ended a run, `undefined` for one that finished. An `error` run without a culprit
 * (recorded before culprits were) is the infrastructure's, as all errors then were.
 */
export function culpritOf(run: RunEnding): Culprit | undefined {
  if (run.status !== 'error') return undefined
  const culprit = run.error?.culprit
  return culprit === 'agent' || culprit === 'domain' || culprit === 'user' ? culprit : 'infrastructure'
}

/**
 * Whether a run is the agent's result, scored and counted in pass rates and gates: it finished,
 * or the agent's own code ended it (a failure). Runs the domain or the infrastructure ended, and
 * runs whose simulated user broke its part, say nothing about the agent.
 */
export function isAgentResult(run: RunEnding): boolean {
  const culprit = culpritOf(run)
  return culprit === undefined || culprit === 'agent'
}
