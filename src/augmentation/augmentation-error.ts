/**
 * An augmentation that cannot be applied to a scenario: it names a tool that is not shown to the
 * agent, a paraphrase the scenario does not have, or the scenario allows a tool the registry
 * lacks. The message says which and lists what was available.
 */
export class AugmentationError extends Error {
  readonly scenarioId: string

  constructor(scenarioId: string, message: string) {
    super(`cannot augment scenario ${scenarioId}: ${message}`)
    this.name = 'AugmentationError'
    this.scenarioId = scenarioId
  }
}
