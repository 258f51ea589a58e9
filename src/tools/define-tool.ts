import type { z } from 'zod'
import type { JsonValue } from '../world/index.ts'
import type { ToolContext } from './context.ts'
import type { ToolErrorKind } from './tool-error.ts'

/**
 * A setting that must be on before a tool may run, with the error the agent gets otherwise.
 * The executor checks these before validation succeeds into execution; tools whose requirement
 * depends on their arguments (the current location only when no coordinates are given) check it
 * themselves with `requireSetting`.
 */
export interface StateRequirement {
  /** A boolean column of the `settings` table, such as `cellular` or `wifi`. */
  readonly setting: string
  readonly kind: ToolErrorKind
  readonly message: string
}

/** Who may call a tool. */
export type ToolAudience = 'agent' | 'user'

/**
 * Everything the framework knows about a tool. The zod object schema is the single source of the
 * argument types: every argument carries a `.describe()` text that models see.
 */
export interface ToolDefinition<Args extends z.ZodObject = z.ZodObject, Result extends JsonValue = JsonValue, Name extends string = string> {
  /** The name models see and call (snake_case). Kept as a literal type, so scenarios can be checked against it. */
  readonly name: Name
  /**
   * The part of its domain the tool belongs to (the device tools use ToolSandbox's module names:
   * `contact`, `messaging`, `setting`, ...). Distraction tools from the group of an offered tool
   * are offered first, and a scrambled name reads `<group>_<k>` (`tool_<k>` without a group).
   */
  readonly group?: string
  readonly description: string
  readonly args: Args
  /** What the tool returns, in words. */
  readonly returns: string
  /** Whether the tool changes the world (an action) or only reads it. */
  readonly action: boolean
  /** Settings that must be on; checked in this order. */
  readonly requires?: readonly StateRequirement[]
  /** Settings a tool reads only in some cases, listed for documentation (`tools --json`). */
  readonly sometimesRequires?: readonly string[]
  /** Who may call it; the agent by default. */
  readonly audience?: readonly ToolAudience[]
  /**
   * How long one call may take, in milliseconds, before the run ends as a domain error naming
   * the tool; by default the domain's `toolTimeoutMs`. The tool's `signal` fires then.
   */
  readonly timeoutMs?: number
  /**
   * The implementation. Throw `ToolError` for failures the agent should read; anything else it
   * throws is a bug in the tool, and ends the run as a domain error.
   */
  execute(args: z.output<Args>, context: ToolContext): Result | Promise<Result>
}

/** A tool of any argument and result type. */
export type AnyTool = ToolDefinition<z.ZodObject, JsonValue, string>

/**
 * Declares a tool. It returns its input, typed: the argument types of `execute` come from the zod
 * schema.
 *
 * @example
 * defineTool({
 *   name: 'get_wifi_status', group: 'settings', description: 'Whether Wi-Fi is on.',
 *   args: z.object({}), returns: 'true when Wi-Fi is on', action: false,
 *   execute: (_args, { world }) => world.settings().wifi === true,
 * })
 */
export function defineTool<Args extends z.ZodObject, Result extends JsonValue, const Name extends string>(
  definition: ToolDefinition<Args, Result, Name>,
): ToolDefinition<Args, Result, Name> {
  return definition
}
