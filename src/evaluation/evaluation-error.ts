/**
 * A scenario whose milestones or minefields cannot be evaluated as written (an unknown extractor,
 * a reference to a milestone that does not exist, a cycle of edges). Agent behaviour never
 * causes it. The message names the milestone and what was available.
 */
export class EvaluationScenarioError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'EvaluationScenarioError'
  }
}
