import type { Scenario } from '../../src/scenario/index.ts'

/** The scenarios whose id contains `filter` or that have it as a category (all when there is no filter). */
export function selectScenarios(scenarios: readonly Scenario[], filter: string | undefined): Scenario[] {
  if (filter === undefined || filter === '') return [...scenarios]
  return scenarios.filter((scenario) => scenario.id.includes(filter) || (scenario.categories as readonly string[]).includes(filter))
}
