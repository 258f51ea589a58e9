/**
 * The built-in scenario corpus: original scenarios over the device domain, each as the scenario
 * schema makes it (the test suite checks them against it: see `corpusScenario`) and checked
 * against the domain, in a fixed order.
 */
import { CATEGORIES, checkScenarioDomain, matchesFilter, withDomain } from '../../src/scenario/index.ts'
import type { Scenario, ToolSandboxCategory } from '../../src/scenario/index.ts'
import type { CorpusScenario } from './authoring.ts'
import { corpusScenario } from './corpus-scenario.ts'
import { deviceDomain } from './domain/device-domain.ts'
import { contactsScenarios } from './corpus/contacts-scenarios.ts'
import { followUpScenarios } from './corpus/follow-up-scenarios.ts'
import { insufficientInformationScenarios } from './corpus/insufficient-information-scenarios.ts'
import { moreFollowUpScenarios } from './corpus/more-follow-up-scenarios.ts'
import { moreStateScenarios } from './corpus/more-state-scenarios.ts'
import { moreInsufficientInformationScenarios } from './corpus/more-insufficient-information-scenarios.ts'
import { messagingScenarios } from './corpus/messaging-scenarios.ts'
import { onlineScenarios } from './corpus/online-scenarios.ts'
import { placesScenarios } from './corpus/places-scenarios.ts'
import { reminderScenarios } from './corpus/reminder-scenarios.ts'
import { settingsScenarios } from './corpus/settings-scenarios.ts'
import { timeScenarios } from './corpus/time-scenarios.ts'

/** The corpus files, in the order their scenarios are listed. */
const SOURCES: readonly (readonly [string, readonly CorpusScenario[]])[] = [
  ['corpus/settings-scenarios', settingsScenarios],
  ['corpus/contacts-scenarios', contactsScenarios],
  ['corpus/messaging-scenarios', messagingScenarios],
  ['corpus/reminder-scenarios', reminderScenarios],
  ['corpus/time-scenarios', timeScenarios],
  ['corpus/online-scenarios', onlineScenarios],
  ['corpus/follow-up-scenarios', followUpScenarios],
  ['corpus/insufficient-information-scenarios', insufficientInformationScenarios],
  ['corpus/places-scenarios', placesScenarios],
  ['corpus/more-follow-up-scenarios', moreFollowUpScenarios],
  ['corpus/more-state-scenarios', moreStateScenarios],
  ['corpus/more-insufficient-information-scenarios', moreInsufficientInformationScenarios],
]

/** Which built-in scenarios to return; all when empty. Criteria combine with "and". */
export interface ScenarioFilter {
  /** Only scenarios in this category. */
  readonly category?: ToolSandboxCategory
  /** Only the scenario with this id. */
  readonly id?: string
  /** Only scenarios whose id is listed (in corpus order). */
  readonly ids?: readonly string[]
  /**
   * Only scenarios whose id contains this text or that have it as a category, as `toolcheck eval
   * --filter` selects them. Only those are made and checked against the domain, so a small selection loads quickly.
   */
  readonly matching?: string
}

/** The corpus as written, in order, with the file each scenario comes from; ids checked unique. */
let written: readonly (readonly [string, CorpusScenario])[] | undefined

function corpusInputs(): readonly (readonly [string, CorpusScenario])[] {
  if (written !== undefined) return written
  const inputs: (readonly [string, CorpusScenario])[] = []
  const seen = new Map<string, string>()
  for (const [source, scenarios] of SOURCES) {
    for (const input of scenarios) {
      const earlier = seen.get(input.id)
      if (earlier !== undefined) throw new Error(`duplicate scenario id ${input.id}: in scenarios/toolsandbox/${source}.ts and scenarios/toolsandbox/${earlier}.ts`)
      seen.set(input.id, source)
      inputs.push([source, input])
    }
  }
  written = inputs
  return written
}

/**
 * The corpus as written, in order, before any of it is made into scenarios: what the test suite
 * checks with the scenario schema (see `corpusScenario`).
 */
export function builtInScenarioInputs(): readonly CorpusScenario[] {
  return corpusInputs().map(([, input]) => input)
}

/** Each scenario made once, on first use, by id. */
const validated = new Map<string, Scenario>()

function validatedScenario(source: string, input: CorpusScenario): Scenario {
  const known = validated.get(input.id)
  if (known !== undefined) return known
  const where = `${input.id} (scenarios/toolsandbox/${source}.ts)`
  const parsed = corpusScenario(input)
  checkScenarioDomain(parsed, deviceDomain, where)
  const scenario = withDomain(parsed, deviceDomain)
  validated.set(input.id, scenario)
  return scenario
}

function corpus(): readonly Scenario[] {
  return corpusInputs().map(([source, input]) => validatedScenario(source, input))
}

/**
 * The built-in scenarios, validated, in a deterministic order (by corpus file, then as written).
 *
 * @throws Error when `id` or an entry of `ids` names no scenario; the message lists close ids.
 */
export function builtInScenarios(filter: ScenarioFilter = {}): Scenario[] {
  const inputs = corpusInputs()
  const known = new Set(inputs.map(([, input]) => input.id))
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
  // Selected as written (the schema leaves ids and categories as they are), made once chosen.
  return inputs
    .filter(
      ([, input]) =>
        (filter.category === undefined || input.categories.includes(filter.category)) &&
        (filter.id === undefined || input.id === filter.id) &&
        (ids === undefined || ids.has(input.id)) &&
        matchesFilter(input, filter.matching),
    )
    .map(([source, input]) => validatedScenario(source, input))
}

/** The categories the built-in scenarios have, each once, in the order they first appear. */
export function builtInCategories(): string[] {
  return [...new Set(corpusInputs().flatMap(([, input]) => input.categories))]
}

/** How many built-in scenarios each category has (a scenario counts in each of its categories). */
export function scenarioCategoryCounts(): Record<ToolSandboxCategory, number> {
  const counts = Object.fromEntries(CATEGORIES.map((category) => [category, 0])) as Record<string, number>
  for (const scenario of corpus()) for (const category of scenario.categories) counts[category] = (counts[category] ?? 0) + 1
  return counts as Record<ToolSandboxCategory, number>
}
