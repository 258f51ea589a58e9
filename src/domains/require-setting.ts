import type { StateRequirement } from '../tools/define-tool.ts'
import { ToolError } from '../tools/tool-error.ts'
import type { WorldDraft } from '../world/index.ts'

/**
 * Throws the requirement's error unless its setting is on. The executor checks a tool's
 * `requires` list before running it; tools call this too, so that the rule also holds when a
 * tool is executed directly, and for requirements that depend on the arguments.
 */
export function requireSetting(world: WorldDraft, requirement: StateRequirement): void {
  if (world.settings()[requirement.setting] !== true) throw new ToolError(requirement.kind, requirement.message)
}
