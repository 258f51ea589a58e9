import { settingsOf } from '../world/index.ts'
import type { WorldSnapshot } from '../world/index.ts'
import type { ToolContext } from './context.ts'
import type { StateRequirement } from './define-tool.ts'
import { ToolError } from './tool-error.ts'

/**
 * Throws the requirement's `ToolError` unless its setting is on. Tools call it for requirements
 * that depend on their arguments (the current location only when no coordinates were given);
 * unconditional requirements go in the tool's `requires` list and the executor checks them.
 */
export function requireSetting(context: Pick<ToolContext, 'world'>, requirement: StateRequirement): void {
  if (context.world.settings()[requirement.setting] !== true) throw new ToolError(requirement.kind, requirement.message)
}

/** The first of `requirements` whose setting is off in `world`, or `undefined` when all hold. */
export function unmetRequirement(world: WorldSnapshot, requirements: readonly StateRequirement[]): StateRequirement | undefined {
  const settings = settingsOf(world)
  return requirements.find((requirement) => settings[requirement.setting] !== true)
}
