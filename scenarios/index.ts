/**
 * The built-in scenario corpus (`vitest-toolcheck/scenarios`): original scenarios over the device
 * domains, each validated by the scenario schema, in a fixed order.
 */
import { CATEGORIES, defineScenario } from '../src/scenario/index.ts'
import type { Category, Scenario } from '../src/scenario/index.ts'
import type { CorpusScenario } from './toolsandbox/authoring.ts'
import { contactsScenarios } from './toolsandbox/corpus/contacts-scenarios.ts'
import { followUpScenarios } from './toolsandbox/corpus/follow-up-scenarios.ts'
import { insufficientInformationScenarios } from './toolsandbox/corpus/insufficient-information-scenarios.ts'
import { moreFollowUpScenarios } from './toolsandbox/corpus/more-follow-up-scenarios.ts'
import { moreStateScenarios } from './toolsandbox/corpus/more-state-scenarios.ts'
import { moreInsufficientInformationScenarios } from './toolsandbox/corpus/more-insufficient-information-scenarios.ts'
import { messagingScenarios } from './toolsandbox/corpus/messaging-scenarios.ts'
import { onlineScenarios } from './toolsandbox/corpus/online-scenarios.ts'
import { placesScenarios } from './toolsandbox/corpus/places-scenarios.ts'
import { reminderScenarios } from './toolsandbox/corpus/reminder-scenarios.ts'
import { settingsScenarios } from './toolsandbox/corpus/settings-scenarios.ts'
import { timeScenarios } from './toolsandbox/corpus/time-scenarios.ts'

/** The corpus files, in the order their scenarios are listed. */
const SOURCES: readonly (readonly [string, readonly CorpusScenario[]])[] = [
  ['toolsandbox/corpus/settings-scenarios', settingsScenarios],
  ['toolsandbox/corpus/contacts-scenarios', contactsScenarios],
  ['toolsandbox/corpus/messaging-scenarios', messagingScenarios],
  ['toolsandbox/corpus/reminder-scenarios', reminderScenarios],
  ['toolsandbox/corpus/time-scenarios', timeScenarios],
  ['toolsandbox/corpus/online-scenarios', onlineScenarios],
  ['toolsandbox/corpus/follow-up-scenarios', followUpScenarios],
  ['toolsandbox/corpus/insufficient-information-scenarios', insufficientInformationScenarios],
  ['toolsandbox/corpus/places-scenarios', placesScenarios],
  ['toolsandbox/corpus/more-follow-up-scenarios', moreFollowUpScenarios],
  ['toolsandbox/corpus/more-state-scenarios', moreStateScenarios],
  ['toolsandbox/corpus/more-insufficient-information-scenarios', moreInsufficientInformationScenarios],
]

/** Which built-in scenarios to return; all when empty. Criteria combine with "and". */
export interface ScenarioFilter {
  /** Only scenarios in this category. */
  readonly category?: Category
  /** Only the scenario with this id. */
  readonly id?: string
  /** Only scenarios whose id is listed (in corpus order). */
  readonly ids?: readonly string[]
}

let validated: readonly Scenario[] | undefined

function corpus(): readonly Scenario[] {
  if (validated !== undefined) return validated
  const scenarios: Scenario[] = []
  const seen = new Map<string, string>()
  for (const [source, inputs] of SOURCES) {
    for (const input of inputs) {
      const where = `${input.id} (scenarios/${source}.ts)`
      const earlier = seen.get(input.id)
      if (earlier !== undefined) throw new Error(`duplicate scenario id ${input.id}: in scenarios/${source}.ts and scenarios/${earlier}.ts`)
      seen.set(input.id, source)
      scenarios.push(defineScenario(input, where))
    }
  }
  validated = Object.freeze(scenarios)
  return validated
}

/**
 * The built-in scenarios, validated, in a deterministic order (by corpus file, then as written).
 *
 * @throws Error when `id` or an entry of `ids` names no scenario; the message lists close ids.
 */
export function builtInScenarios(filter: ScenarioFilter = {}): Scenario[] {
  const all = corpus()
  const known = new Set(all.map((scenario) => scenario.id))
  for (const id of [...(filter.id === undefined ? [] : [filter.id]), ...(filter.ids ?? [])]) {
    if (!known.has(id)) {
      const stem = id.split('-')[0] ?? id
      const close = [...known].filter((candidate) => candidate.includes(stem)).slice(0, 5)
      throw new Error(`no built-in scenario ${JSON.stringify(id)}${close.length > 0 ? `; similar ids: ${close.join(', ')}` : ''} (${known.size} scenarios in all)`)
    }
  }
  if (filter.category !== undefined && !CATEGORIES.includes(filter.category))
    throw new Error(`unknown category ${JSON.stringify(filter.category)}; the categories are ${CATEGORIES.join(', ')}`)
  const ids = filter.ids === undefined ? undefined : new Set(filter.ids)
  return all.filter(
    (scenario) =>
      (filter.category === undefined || scenario.categories.includes(filter.category)) &&
      (filter.id === undefined || scenario.id === filter.id) &&
      (ids === undefined || ids.has(scenario.id)),
  )
}

/** How many built-in scenarios each category has (a scenario counts in each of its categories). */
export function scenarioCategoryCounts(): Record<Category, number> {
  const counts = Object.fromEntries(CATEGORIES.map((category) => [category, 0])) as Record<Category, number>
  for (const scenario of corpus()) for (const category of scenario.categories) counts[category] += 1
  return counts
}

export type { CorpusScenario } from './toolsandbox/authoring.ts'
