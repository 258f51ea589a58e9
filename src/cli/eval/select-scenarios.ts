import type { Scenario } from '../../scenario/index.ts'
import { matchesFilter } from '../../scenario/index.ts'

/** The scenarios whose id contains `filter` or that have it as a category (all when there is no filter). */
export function selectScenarios(scenarios: readonly Scenario[], filter: string | undefined): Scenario[] {
  return scenarios.filter((scenario) => matchesFilter(scenario, filter))
}
