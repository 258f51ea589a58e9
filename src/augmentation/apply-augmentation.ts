import type { Scenario, ScenarioPresentation } from '../scenario/index.ts'
import { allowedTools } from '../scenario/index.ts'
import type { AnyTool } from '../tools/define-tool.ts'
import { presentTool } from '../tools/present-tool.ts'
import { closestNames } from '../tools/closest-names.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import type { Augmentation, ToolScramble } from './augmentation.ts'
import { selects, TOOL_SCRAMBLES } from './augmentation.ts'
import { AugmentationError } from './augmentation-error.ts'
import type { ResultInjection } from './call-tampering.ts'
import { tamperFor } from './call-tampering.ts'
import { augmentationKind } from './describe-augmentation.ts'
import type { ShownNames } from './injection-text.ts'
import { injectionText } from './injection-text.ts'
import { perturbUser } from './perturb-user.ts'
import { offeredToAgent, rankDistractionTools } from './rank-distraction-tools.ts'
import { scrambledNameTable } from './scrambled-name-table.ts'
import { withoutArgumentDescriptions, withoutArgumentTypes, withoutDescription, withRenamedArguments } from './tool-spec-scrambles.ts'

/** Options of `applyAugmentation`. */
export interface ApplyAugmentationOptions {
  /** Present strict schemas (for OpenAI strict function calling); plain draft-07 schemas by default. */
  readonly strict?: boolean
}

/**
 * Shows a scenario to the agent through an augmentation: the allowed tools (minus denied ones and
 * tools only the user may call) plus the requested distraction tools and the tools of any
 * injection's goal, each scrambled as asked (and described with any injection placed in its
 * description), the first user message or its paraphrase (as a user perturbation rewrites it),
 * and `tamper`, what the augmentation's faults and injected answers do to the agent's calls.
 * Pure and deterministic: the same scenario, augmentation and registry always give the same
 * presentation. The tools are shown in the registry's order (the order the domain lists them),
 * as ToolSandbox shows the tools it allows in the order it discovers them: distraction tools mix
 * in among the allowed ones, and scrambling names leaves the order as it is. (ToolSandbox also
 * shuffles each scenario's allow list with Python's `random`, but no agent sees that order: it
 * filters its discovered tools by membership in the list.) Injected texts use the names the agent
 * is shown.
 * The rest of the augmentation's contract (retries, attack minefields, the user's replies, extra
 * rows) is the scenario's: see `robustnessContract`.
 *
 * Throws `AugmentationError` when the augmentation names a tool that is not shown, when the
 * paraphrase does not exist, when a user perturbation does not fit the first message, or when
 * the scenario allows a tool the registry lacks.
 */
export function applyAugmentation(
  scenario: Scenario,
  augmentation: Augmentation,
  registry: ToolRegistry,
  options: ApplyAugmentationOptions = {},
): ScenarioPresentation {
  const allowed = allowedTools(scenario)
  const missing = allowed.filter((name) => !registry.has(name))
  if (missing.length > 0) {
    const hints = missing.map((name) => {
      const close = closestNames(name, registry.names())
      return close.length > 0 ? `${name} (did you mean ${close.join(', ')}?)` : name
    })
    throw new AugmentationError(scenario.id, `the scenario allows tools that are not registered: ${hints.join('; ')}`)
  }
  const shown: AnyTool[] = allowed.map((name) => registry.getOrThrow(name)).filter(offeredToAgent)
  shown.push(...distractions(scenario, augmentation, registry))
  shown.push(...attackTools(scenario, augmentation, registry, shown))
  const position = registryPositions(registry.list())
  shown.sort((first, second) => (position.get(first.name) ?? 0) - (position.get(second.name) ?? 0))

  const shownNames = shown.map((tool) => tool.name)
  for (const field of TOOL_SCRAMBLES) checkSelection(scenario, augmentation, field, shownNames, allowed)
  checkRobustnessTools(scenario, augmentation, shownNames)

  const scrambledNames = nameTableOf(registry.list())
  let tools = shown.map((tool) => augmentSpec(tool, augmentation, scrambledNames, options))
  const clashes = duplicateNames(tools)
  if (clashes.length > 0)
    throw new AugmentationError(scenario.id, `two tools would be shown under one name (${clashes.join('; ')}); a scrambled name must not equal another tool's real name`)
  const names = shownNamesOf(tools)
  const injections = augmentation.injections ?? []
  tools = tools.map((spec) => {
    const texts = injections.filter((injection) => injection.position.kind === 'tool-description' && injection.position.tool === spec.tool).map((injection) => injectionText(injection, names))
    return texts.length === 0 ? spec : { ...spec, description: [spec.description, ...texts].filter((text) => text !== '').join('\n\n') }
  })
  const faults = augmentation.faults ?? []
  const answers: ResultInjection[] = injections.flatMap((injection) =>
    injection.position.kind === 'tool-result' ? [{ tool: injection.position.tool, call: injection.position.call, text: injectionText(injection, names) }] : [],
  )
  const paraphrased = firstMessage(scenario, augmentation)
  const tampering = { faults, injections: answers }
  return {
    label: augmentationKind(augmentation),
    tools,
    firstMessage: augmentation.user === undefined ? paraphrased : perturbUser(scenario, paraphrased, augmentation.user).firstMessage,
    ...(faults.length === 0 && answers.length === 0 ? {} : { tamper: (call, previousWorld) => tamperFor(tampering, call, previousWorld) }),
  }
}

/** The tools of the injections' goals that are not shown yet: an attack asks for a call the agent can make. */
function attackTools(scenario: Scenario, augmentation: Augmentation, registry: ToolRegistry, shown: readonly AnyTool[]): AnyTool[] {
  const added: AnyTool[] = []
  for (const injection of augmentation.injections ?? []) {
    const name = injection.goal.tool
    if (shown.some((tool) => tool.name === name) || added.some((tool) => tool.name === name)) continue
    const tool = registry.get(name)
    if (tool === undefined || !offeredToAgent(tool)) throw new AugmentationError(scenario.id, `an injection's goal calls ${name}, which is not a tool the agent could be shown`)
    if (scenario.tools.deny.includes(name)) throw new AugmentationError(scenario.id, `an injection's goal calls ${name}, which the scenario withholds`)
    added.push(tool)
  }
  return added
}

/** Every tool a fault or an injection's position names must be one the agent is shown. */
function checkRobustnessTools(scenario: Scenario, augmentation: Augmentation, shown: readonly string[]): void {
  const named = [...(augmentation.faults ?? []).map((fault) => fault.tool), ...(augmentation.injections ?? []).map((injection) => injection.position.tool)]
  const unknown = [...new Set(named.filter((name) => !shown.includes(name)))]
  if (unknown.length > 0) throw new AugmentationError(scenario.id, `a fault or injection names ${unknown.join(', ')}, which the agent is not shown; the tools shown are ${shown.join(', ')}`)
}

/** The names the agent is shown, for injected texts. */
function shownNamesOf(tools: readonly ToolSpec[]): ShownNames {
  return {
    tool: (real) => tools.find((spec) => spec.tool === real)?.name ?? real,
    argument: (tool, real) => {
      const spec = tools.find((candidate) => candidate.tool === tool)
      return Object.entries(spec?.argumentNames ?? {}).find(([, name]) => name === real)?.[0] ?? real
    },
  }
}

// A registry's tool list never changes, so its positions and scrambled names are worked out once per list.
const positionTables = new WeakMap<readonly AnyTool[], ReadonlyMap<string, number>>()

function registryPositions(tools: readonly AnyTool[]): ReadonlyMap<string, number> {
  let table = positionTables.get(tools)
  if (table === undefined) {
    table = new Map(tools.map((tool, position) => [tool.name, position]))
    positionTables.set(tools, table)
  }
  return table
}

const nameTables = new WeakMap<readonly AnyTool[], ReadonlyMap<string, string>>()

function nameTableOf(tools: readonly AnyTool[]): ReadonlyMap<string, string> {
  let table = nameTables.get(tools)
  if (table === undefined) {
    table = scrambledNameTable(tools)
    nameTables.set(tools, table)
  }
  return table
}

function distractions(scenario: Scenario, augmentation: Augmentation, registry: ToolRegistry): AnyTool[] {
  const count = augmentation.distractionTools
  if (count === 0) return []
  if (count !== 'all' && (!Number.isInteger(count) || count < 0))
    throw new AugmentationError(scenario.id, `distractionTools must be a whole number of at least 0 or 'all', not ${count}`)
  const ranked = rankDistractionTools(registry.list(), scenario.tools.allow)
  // As in ToolSandbox, the first `count` are picked before denied tools are taken out, so a denied
  // tool among them leaves its place empty rather than pulling in the next one.
  const denied = new Set(scenario.tools.deny)
  return (count === 'all' ? ranked : ranked.slice(0, count)).filter((tool) => !denied.has(tool.name) && offeredToAgent(tool))
}

function checkSelection(scenario: Scenario, augmentation: Augmentation, field: ToolScramble, shown: readonly string[], allowed: readonly string[]): void {
  const selection = augmentation[field]
  if (selection === 'all') return
  // An allowed tool that only the user may call (end_conversation) is not shown, but naming it is harmless.
  const unknown = selection.filter((name) => !shown.includes(name) && !allowed.includes(name))
  if (unknown.length > 0)
    throw new AugmentationError(scenario.id, `${field} names ${unknown.join(', ')}, which the agent is not shown; the tools shown are ${shown.join(', ')}`)
}

function augmentSpec(tool: AnyTool, augmentation: Augmentation, scrambledNames: ReadonlyMap<string, string>, options: ApplyAugmentationOptions): ToolSpec {
  let spec = presentTool(tool, { strict: options.strict ?? false })
  if (selects(augmentation.removedDescriptions, tool.name)) spec = withoutDescription(spec)
  if (selects(augmentation.removedArgumentDescriptions, tool.name)) spec = withoutArgumentDescriptions(spec)
  if (selects(augmentation.removedArgumentTypes, tool.name)) spec = withoutArgumentTypes(spec)
  if (selects(augmentation.renamedArguments, tool.name)) spec = withRenamedArguments(spec)
  if (selects(augmentation.scrambledNames, tool.name)) spec = { ...spec, name: scrambledNames.get(tool.name) ?? tool.name }
  return spec
}

/** `name: tool, tool` for every presented name that two specs share. */
function duplicateNames(tools: readonly ToolSpec[]): string[] {
  const byName = new Map<string, string[]>()
  for (const spec of tools) byName.set(spec.name, [...(byName.get(spec.name) ?? []), spec.tool])
  return [...byName].filter(([, real]) => real.length > 1).map(([name, real]) => `${name}: ${real.join(', ')}`)
}

function firstMessage(scenario: Scenario, augmentation: Augmentation): string {
  const paraphrase = augmentation.paraphrase
  if (paraphrase === null) return scenario.firstMessage
  if (typeof paraphrase === 'string') return paraphrase
  const chosen = scenario.paraphrases[paraphrase]
  if (chosen === undefined) {
    const available = scenario.paraphrases.length === 0 ? 'it has none' : `it has ${scenario.paraphrases.length} (0 to ${scenario.paraphrases.length - 1})`
    throw new AugmentationError(scenario.id, `paraphrase ${paraphrase} does not exist; ${available}`)
  }
  return chosen.text
}
