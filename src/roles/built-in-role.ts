/** Marks the agents whose code is toolcheck's own, so that their bugs are not blamed on the user's agent. */
const BUILT_IN = Symbol.for('toolcheck.built-in-agent')

/**
 * Marks an agent as toolcheck's own (the model agents, the reference agent): an exception it
 * throws that is not an `InfrastructureError` is a bug of toolcheck's, reported as an internal
 * infrastructure error, never as the agent's failure.
 */
export function builtInAgent<T extends object>(agent: T): T {
  Object.defineProperty(agent, BUILT_IN, { value: true })
  return agent
}

/** Whether an agent is toolcheck's own (see `builtInAgent`). */
export function isBuiltInAgent(agent: object): boolean {
  return (agent as Record<symbol, unknown>)[BUILT_IN] === true
}
