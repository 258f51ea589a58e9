import { propertiesOf } from '../augmentation/tool-spec-scrambles.ts'
import type { Trajectory } from '../conversation/index.ts'
import { domainOf } from '../run/index.ts'
import type { Scenario } from '../scenario/index.ts'
import { allowedTools } from '../scenario/index.ts'
import { presentTool } from '../tools/present-tool.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import type { JsonObject } from '../world/index.ts'

/** One tool as the agent was shown it in a run, and how that differs from the real tool. */
export interface ShownTool {
  /** The name the agent saw (scrambled or not). */
  readonly name: string
  /** The real tool. */
  readonly tool: string
  /** The description the agent saw (empty when it was removed). */
  readonly description: string
  /**
   * What the augmentation changed, in words: `renamed from set_wifi_status`, `description
   * removed`, `argument descriptions removed`, `argument types removed`, `arguments renamed:
   * arg_0 = on`, `distraction` (a tool the scenario does not allow). Empty for a plain tool.
   */
  readonly changes: readonly string[]
}

/**
 * The tools a trajectory's agent was shown, each with its changes, in the order shown; `undefined`
 * for a trajectory that does not say (built by hand). The plain form each spec is compared with
 * comes from the registry of the domain the run played in, when known in this process. The list
 * is shared by the runs shown the same tools: copy it to change it.
 */
export function shownTools(trajectory: Trajectory, scenario: Pick<Scenario, 'tools'>): readonly ShownTool[] | undefined {
  if (trajectory.tools === undefined) return undefined
  const registry = domainOf(trajectory)?.registry
  // The trials of a prepared run show the agent the same tools (the same list): worked out once.
  const known = shownBefore.get(trajectory.tools)
  if (known !== undefined && known.scenarioTools === scenario.tools && known.registry === registry) return known.shown
  const allowed = new Set(allowedTools(scenario))
  const shown = trajectory.tools.map((spec) => {
    const real = registry?.get(spec.tool)
    return { name: spec.name, tool: spec.tool, description: spec.description, changes: changesOf(spec, real === undefined ? undefined : presentTool(real), allowed) }
  })
  shownBefore.set(trajectory.tools, { scenarioTools: scenario.tools, registry, shown })
  return shown
}

/** The tools worked out for a list of tool specs, with what they were worked out against. */
const shownBefore = new WeakMap<readonly ToolSpec[], { readonly scenarioTools: Pick<Scenario, 'tools'>['tools']; readonly registry: unknown; readonly shown: readonly ShownTool[] }>()

function changesOf(spec: ToolSpec, plain: ToolSpec | undefined, allowed: ReadonlySet<string>): string[] {
  const changes: string[] = []
  if (spec.name !== spec.tool) changes.push(`renamed from ${spec.tool}`)
  if (plain !== undefined && plain.description !== '' && spec.description === '') changes.push('description removed')
  if (plain !== undefined && !spec.typesHidden && describedArguments(plain.parameters) > 0 && describedArguments(spec.parameters) === 0) changes.push('argument descriptions removed')
  if (spec.typesHidden === true) changes.push('argument types removed')
  if (spec.argumentNames !== undefined) {
    const pairs = Object.entries(spec.argumentNames).map(([shown, real]) => `${shown} = ${real}`)
    changes.push(`arguments renamed: ${pairs.join(', ')}`)
  }
  if (!allowed.has(spec.tool)) changes.push('distraction')
  return changes
}

function describedArguments(schema: JsonObject): number {
  return Object.values(propertiesOf(schema)).filter((property) => typeof property === 'object' && property !== null && !Array.isArray(property) && typeof property.description === 'string').length
}
