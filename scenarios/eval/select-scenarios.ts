import type { Scenario } from '../../src/scenario/index.ts'
import { builtInScenarios } from '../index.ts'

/** The built-in scenarios whose id contains `filter` or that have it as a category. */
export function selectScenarios(filter: string | undefined): Scenario[] {
  const all = builtInScenarios()
  if (filter === undefined || filter === '') return all
  return all.filter((scenario) => scenario.id.includes(filter) || (scenario.categories as readonly string[]).includes(filter))
}
