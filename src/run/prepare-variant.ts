import type { ScenarioVariant } from '../augmentation/index.ts'
import { ContractError, isVariantRecipe } from '../augmentation/index.ts'
import type { Scenario } from '../scenario/index.ts'
import type { AugmentedRun, PrepareOptions } from './prepare-augmented-run.ts'
import { prepareAugmentedRun } from './prepare-augmented-run.ts'

/**
 * A scenario made ready to play under a variant: a fixed augmentation as it is, a recipe as its
 * first candidate whose contract the scenario's own solution passes (`prepareAugmentedRun`), or
 * `undefined` when the recipe has no place in the scenario (no candidate, or none that holds).
 *
 * @throws AugmentationError when a fixed augmentation does not fit the scenario.
 */
export async function prepareVariant(scenario: Scenario, variant: ScenarioVariant, options: PrepareOptions): Promise<AugmentedRun | undefined> {
  if (!isVariantRecipe(variant)) return prepareAugmentedRun(scenario, variant.augmentation, options)
  for (const candidate of variant.candidates(scenario, { domain: options.domain, registry: options.registry ?? options.domain.registry })) {
    try {
      return await prepareAugmentedRun(scenario, candidate, options)
    } catch (error) {
      if (!(error instanceof ContractError)) throw error
    }
  }
  return undefined
}
