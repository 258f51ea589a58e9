import { isAbsolute, relative, sep } from 'node:path'
import type { ScenarioVariant } from '../augmentation/index.ts'
import { augmentationKind, isVariantRecipe, PLAIN_AUGMENTATION } from '../augmentation/index.ts'
import type { AnyDomain } from '../domain/index.ts'
import type { Scenario, ScenarioDirectory } from '../scenario/index.ts'
import { attachedDomain, ScenarioFileError } from '../scenario/index.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import { scenarioTestName } from './scenario-test-name.ts'

export { scenarioTestName } from './scenario-test-name.ts'

/**
 * What `describeScenarios` and `scenarioTest` play: scenarios, and folders as `loadScenarioDirectory`
 * returns them, alone or in a list (`[transfer, refund, await loadScenarioDirectory(folder)]`).
 * A folder's scenarios join the table; each file it could not load becomes a failing test.
 */
export type ScenarioList = ScenarioDirectory | readonly (Scenario | ScenarioDirectory)[]

/** One test of a scenario test table. */
export interface ScenarioCase {
  /**
   * The test's name: the scenario id and the label of the augmentation it is played under, in
   * angle brackets (`wifi-on <none>`, `wifi-on <3 distraction tools, tool names scrambled>`); see
   * `scenarioTestName`.
   */
  readonly name: string
  readonly scenario: Scenario
  readonly variant?: ScenarioVariant
}

/** Where the table's scenarios play, so a recipe with no place in a scenario makes no test (see `scenarioCases`). */
export interface ScenarioTableSource {
  readonly domain?: AnyDomain
  readonly domains?: readonly AnyDomain[]
  readonly registry?: ToolRegistry
}

/** A test of the table that fails at once: a scenario file that could not be loaded, or an id or variant label used twice. */
export interface ScenarioTableProblem {
  /** The test's name: the file, or what was repeated. */
  readonly name: string
  /** Why it fails: the file's errors, or what was repeated. */
  readonly message: string
}

/** A scenario test table: a test per scenario and variant, and a failing test per problem found while building it. */
export interface ScenarioTable {
  readonly cases: readonly ScenarioCase[]
  readonly problems: readonly ScenarioTableProblem[]
}

/**
 * The test table of a scenario list: every scenario (each object once, however often it is
 * listed) under every variant (the plain presentation when none are given), and a problem for
 * every file a folder could not load, every id two different scenarios share, and every label
 * two different variants share (the later one is left out of the table, and its problem says so).
 */
export function scenarioTable(list: ScenarioList, variants?: readonly ScenarioVariant[], where: ScenarioTableSource = {}): ScenarioTable {
  const problems: ScenarioTableProblem[] = []
  const scenarios: Scenario[] = []
  const ids = new Map<string, Scenario>()
  for (const item of isScenarioDirectory(list) ? [list] : list) {
    if (isScenarioDirectory(item)) {
      for (const error of item.errors) problems.push({ name: shownPath(error instanceof ScenarioFileError ? error.file : error.source), message: error.message })
      scenarios.push(...item.scenarios)
    } else scenarios.push(item)
  }
  const unique = scenarios.filter((scenario) => {
    const first = ids.get(scenario.id)
    if (first === undefined) ids.set(scenario.id, scenario)
    else if (first !== scenario) problems.push({ name: `two scenarios with the id ${scenario.id}`, message: `two different scenarios have the id ${scenario.id}; ids name tests and runs, so they must be unique (the second one was not played)` })
    return first === undefined
  })
  const labels = new Map<string, ScenarioVariant>()
  const uniqueVariants = (variants ?? []).filter((variant) => {
    const first = labels.get(variant.label)
    if (first === undefined) labels.set(variant.label, variant)
    else if (first !== variant) problems.push({ name: `two variants labelled ${variant.label}`, message: `two different variants have the label ${JSON.stringify(variant.label)}; labels name tests and runs, so they must be unique (the second one was not played)` })
    return first === undefined
  })
  return { cases: scenarioCases(unique, uniqueVariants, where), problems: dedupeProblems(problems) }
}

/**
 * The test table of distinct scenarios: every scenario under every variant (the plain
 * presentation when none are given). A recipe that offers no candidate for a scenario whose
 * domain is known here (given, or the one the scenario carries) makes no test for it: a fault
 * needs a call, and a scenario whose solution makes none has no place for one.
 */
export function scenarioCases(scenarios: readonly Scenario[], variants?: readonly ScenarioVariant[], where: ScenarioTableSource = {}): ScenarioCase[] {
  if (variants === undefined || variants.length === 0) return scenarios.map((scenario) => ({ name: scenarioTestName(scenario.id, PLAIN_LABEL), scenario }))
  return scenarios.flatMap((scenario) => {
    const domain = where.domain ?? attachedDomain(scenario) ?? where.domains?.find((candidate) => candidate.name === scenario.domain)
    const placed = (variant: ScenarioVariant) =>
      !isVariantRecipe(variant) || domain === undefined || variant.candidates(scenario, { domain, registry: where.registry ?? domain.registry }).length > 0
    return variants.filter(placed).map((variant) => ({ name: scenarioTestName(scenario.id, variant.label), scenario, variant }))
  })
}

/** The label of the plain presentation, as the report gives it (`none`). */
const PLAIN_LABEL = augmentationKind(PLAIN_AUGMENTATION)

function isScenarioDirectory(value: unknown): value is ScenarioDirectory {
  const candidate = value as Partial<ScenarioDirectory> | null
  return typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate) && Array.isArray(candidate.scenarios) && Array.isArray(candidate.errors)
}

/** A file path as a test name: relative to the working directory when it is inside it. */
function shownPath(file: string): string {
  const shown = relative(process.cwd(), file)
  return shown !== '' && !shown.startsWith('..') && !isAbsolute(shown) ? shown.split(sep).join('/') : file
}

/** One problem per name (a file listed in two folders' results fails once). */
function dedupeProblems(problems: readonly ScenarioTableProblem[]): ScenarioTableProblem[] {
  const seen = new Set<string>()
  return problems.filter((problem) => {
    if (seen.has(problem.name)) return false
    seen.add(problem.name)
    return true
  })
}
