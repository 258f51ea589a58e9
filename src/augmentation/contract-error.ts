import { AugmentationError } from './augmentation-error.ts'

/**
 * An augmentation under which the scenario's own solution no longer holds (an extra row that a
 * search now returns first, a change of mind the milestones cannot follow): the reference
 * solution, played under the augmentation's contract, scores below 1. Such an augmentation
 * tests nothing about the agent; sweeps skip it and presets try their next candidate.
 */
export class ContractError extends AugmentationError {
  constructor(scenarioId: string, message: string) {
    super(scenarioId, message)
    this.name = 'ContractError'
  }
}
