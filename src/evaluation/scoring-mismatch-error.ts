/**
 * A trajectory asked to be scored in another mode than the one it was played for, after parallel
 * calls raced in it: the two modes keep different orders of such calls, so the world the agent
 * saw is not the one the asked mode would score, and no honest score exists. Play the scenario
 * again with `runScenario(scenario, { scoring })`. The message names both modes and where the
 * calls raced.
 */
export class ScoringMismatchError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ScoringMismatchError'
  }
}
