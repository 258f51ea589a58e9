import type { z } from 'zod'
import type { ToolContext } from '../../../src/tools/context.ts'
import type { ToolDefinition } from '../../../src/tools/define-tool.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import type { JsonValue } from '../../../src/world/index.ts'
import type { PythonRandom } from './python-random.ts'
import type { ToolTalkArgsSchema, ToolTalkParameters } from './tooltalk-parameters.ts'
import { toolTalkArgsSchema } from './tooltalk-parameters.ts'

/** ToolTalk's seven plugins (it calls them suites). */
export type ToolTalkPlugin = 'AccountTools' | 'Alarm' | 'Calendar' | 'Email' | 'Messages' | 'Reminder' | 'Weather'

/**
 * The arguments a ToolTalk tool's `call` receives: whatever JSON the model sent, by name (a name
 * the model left out is absent, so the Python default applies), plus the `session_token` the
 * executor passes to tools that need a login.
 */
export type ToolTalkArguments = Readonly<Record<string, JsonValue>>

/**
 * A ToolTalk tool: a toolcheck tool plus what ToolTalk's executor needs: the plugin it belongs to,
 * whether it needs a logged-in user (the executor then passes the session token, which the model
 * never supplies), its parameters as ToolTalk declares them, and `call`, ToolTalk's own method as
 * Python runs it on any values. The parameters are the source of the zod `args` schema (see
 * `toolTalkArgsSchema`), which lists them in the same order: it is what models are shown and what
 * toolcheck's strict validation checks; the parameters alone are what ToolTalk's own way of
 * binding arguments needs, and where Python's "missing argument" messages take their order from.
 */
export interface ToolTalkTool<Args extends z.ZodObject = z.ZodObject, Result extends JsonValue = JsonValue> extends ToolDefinition<Args, Result> {
  readonly plugin: ToolTalkPlugin
  readonly requiresAuth: boolean
  /** The parameters of ToolTalk's `call` after the session token, in its order. */
  readonly parameters: ToolTalkParameters
  /**
   * ToolTalk's `call(**kwargs)`: runs on the values as given, with Python's semantics, and fails
   * with the `PythonError` (its type and text) Python would raise.
   */
  call(values: ToolTalkArguments, context: ToolContext): Result
}

/**
 * What `defineToolTalkTool` takes: a ToolTalk tool without `args`, which it makes of the
 * parameters, and without `execute`, which it derives from `call`.
 */
export type ToolTalkToolDefinition<Parameters extends ToolTalkParameters, Result extends JsonValue> = Omit<ToolTalkTool<ToolTalkArgsSchema<Parameters>, Result>, 'args' | 'execute' | 'parameters'> & {
  readonly parameters: Parameters
}

/**
 * Declares a ToolTalk tool. Its `args` is the zod schema of its parameters, made the first time
 * something reads it (presenting the tool to a model, strict validation, a domain): scoring
 * ToolTalk's way never does, and then never loads zod. Its `execute` (what toolcheck's executor
 * runs after validating the arguments) is its `call` on the validated arguments, so both paths
 * run the same code.
 */
export function defineToolTalkTool<const Parameters extends ToolTalkParameters, Result extends JsonValue>(
  definition: ToolTalkToolDefinition<Parameters, Result>,
): ToolTalkTool<ToolTalkArgsSchema<Parameters>, Result> {
  let args: ToolTalkArgsSchema<Parameters> | undefined
  return {
    ...definition,
    get args() {
      args ??= toolTalkArgsSchema(definition.parameters)
      return args
    },
    execute: (validated, context) => {
      const values: Record<string, JsonValue> = {}
      for (const [name, value] of Object.entries(validated as Record<string, JsonValue | undefined>)) if (value !== undefined) values[name] = value
      return definition.call(values, context)
    },
  }
}

/**
 * The order SearchInbox and SearchMessages list their matches in. `newest-first` is what
 * ToolTalk's code does (sort by date, newest first, then keep five); `stored` keeps the
 * databases' order, which is the order of every search result recorded in ToolTalk's
 * conversations, so the tool that recorded them evidently did not sort.
 */
export type ToolTalkSearchOrder = 'newest-first' | 'stored'

/** What ToolTalk's simulator adds to a tool's context. */
export interface ToolTalkState {
  /** This tool's own generator: a `Random(489)` made when the tool was first used in this turn. */
  readonly random: PythonRandom
  /** The conversation's timestamp, in seconds of a naive (zone-less) calendar. */
  readonly now: number
  /** How the search tools order their matches. */
  readonly searchOrder: ToolTalkSearchOrder
}

/** A tool context that carries ToolTalk's state. */
export interface ToolTalkToolContext extends ToolContext {
  readonly toolTalk: ToolTalkState
}

/**
 * The ToolTalk state of a context. ToolTalk tools run inside `ToolTalkSimulator` or inside a run
 * of `toolTalkDomain`, which both supply it; calling one through a bare executor is a
 * programming error, reported as such.
 */
export function toolTalkState(context: ToolContext): ToolTalkState {
  if (!('toolTalk' in context)) throw new Error('ToolTalk tools run inside ToolTalkSimulator or a run of toolTalkDomain, which supply the clock and random source')
  return (context as ToolTalkToolContext).toolTalk
}

/**
 * A failure in toolcheck's own words, for what ToolTalk itself never says (toolcheck's strict
 * argument checks, a stored value that is not what it should be).
 */
export function toolTalkError(message: string): ToolError {
  return new ToolError('ToolTalkError', message)
}
