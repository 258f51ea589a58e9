import type { z } from 'zod'
import type { ToolContext } from '../../../src/tools/context.ts'
import type { ToolDefinition } from '../../../src/tools/define-tool.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import type { JsonValue } from '../../../src/world/index.ts'
import type { PythonRandom } from './python-random.ts'

/** ToolTalk's seven plugins (it calls them suites). */
export type ToolTalkPlugin = 'AccountTools' | 'Alarm' | 'Calendar' | 'Email' | 'Messages' | 'Reminder' | 'Weather'

/**
 * A ToolTalk tool: a toolcheck tool plus the two facts ToolTalk's executor needs: the plugin it
 * belongs to, and whether it needs a logged-in user (the executor then passes the session token,
 * which the model never supplies).
 */
export interface ToolTalkTool<Args extends z.ZodObject = z.ZodObject, Result extends JsonValue = JsonValue> extends ToolDefinition<Args, Result> {
  readonly plugin: ToolTalkPlugin
  readonly requiresAuth: boolean
}

/** Declares a ToolTalk tool; returns its input, typed. */
export function defineToolTalkTool<Args extends z.ZodObject, Result extends JsonValue>(
  definition: ToolTalkTool<Args, Result>,
): ToolTalkTool<Args, Result> {
  return definition
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
  /** The session token the executor passes to tools that need a login; null when logged out. */
  readonly sessionToken: string | null
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
 * The ToolTalk state of a context. ToolTalk tools run only inside `ToolTalkSimulator`; calling
 * one through a plain executor is a programming error, reported as such.
 */
export function toolTalkState(context: ToolContext): ToolTalkState {
  if (!('toolTalk' in context)) throw new Error('ToolTalk tools run only inside ToolTalkSimulator, which supplies the session, clock and random source')
  return (context as ToolTalkToolContext).toolTalk
}

/**
 * A failure the tool reports to the agent; ToolTalk records only the message, as `exception`.
 * `The password is incorrect.` and the other texts that appear in ToolTalk's recorded data are
 * kept word for word, since ground-truth calls are compared on them.
 */
export function toolTalkError(message: string): ToolError {
  return new ToolError('ToolTalkError', message)
}
