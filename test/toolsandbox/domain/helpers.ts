import type { AnyTool } from '../../../src/tools/define-tool.ts'
import { seededIds } from '../../../src/tools/context.ts'
import type { Clock } from '../../../src/tools/context.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import { WorldDraft } from '../../../src/world/index.ts'
import type { JsonValue, WorldSnapshot } from '../../../src/world/index.ts'
import { defaultWorld } from '../../../scenarios/toolsandbox/domain/index.ts'

/** Thursday 14 May 2026, 10:00 in Los Angeles (17:00 UTC). */
export const CLOCK: Clock = { now: Date.UTC(2026, 4, 14, 17, 0, 0) / 1000, timeZone: 'America/Los_Angeles' }

/** Runs a tool once on a snapshot, validating its arguments with its zod schema as the executor does. */
export async function call(tool: AnyTool, args: Record<string, JsonValue>, world: WorldSnapshot = defaultWorld(CLOCK), clock: Clock = CLOCK) {
  const draft = new WorldDraft(world)
  const parsed = tool.args.parse(args)
  const result = await tool.execute(parsed, { world: draft, clock, ids: seededIds('t') })
  return { result, world: draft.commit() }
}

/** The ToolError a call raises, or a failure when it succeeds. */
export async function callError(tool: AnyTool, args: Record<string, JsonValue>, world?: WorldSnapshot, clock?: Clock): Promise<ToolError> {
  try {
    await call(tool, args, world, clock)
  } catch (error) {
    if (error instanceof ToolError) return error
    throw error
  }
  throw new Error(`${tool.name} succeeded but an error was expected`)
}
