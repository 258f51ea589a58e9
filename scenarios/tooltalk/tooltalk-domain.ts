import { z } from 'zod'
import type { AnyDomain, TableDefinition } from '../../src/domain/index.ts'
import { defineDomain, jsonValueSchema } from '../../src/domain/index.ts'
import type { AnyTool } from '../../src/tools/define-tool.ts'
import { defineTool } from '../../src/tools/define-tool.ts'
import type { JsonObject, JsonValue, WorldSnapshot } from '../../src/world/index.ts'
import type { ToolTalkDatabases, ToolTalkSearchOrder, ToolTalkTool, ToolTalkToolContext } from './domain/index.ts'
import { KEY_COLUMN, PythonRandom, SCOPE_COLUMN, TOOLTALK_SEED, toolTalkError, toolTalkTools } from './domain/index.ts'
import { RANDOM_TABLE, SESSION_TABLE, TOOLTALK_DOMAIN } from './tooltalk-domain-names.ts'

/** The agent's prompt when a scenario gives none (`toolTalkScenario` gives each conversation's own). */
const AGENT_PROMPT =
  'You are an assistant that helps a user by calling tools on their behalf: their account, alarms, calendar, e-mail, messages, reminders and the weather. Use the tools to do what the user asks and tell them what you did.'

/** Who the simulated user is. */
const USER_PROMPT =
  'You are role-playing a person who uses a digital assistant for their account, alarms, calendar, e-mail, text messages, reminders and weather questions. The other side of this chat is that assistant.'

/** Columns a run may add to account rows that ToolTalk's account file does not list. */
const ACCOUNT_EXTRA_COLUMNS = ['session_token', 'verification_code']

/** Options of `toolTalkDomain`. */
export interface ToolTalkDomainOptions {
  /** How SearchInbox and SearchMessages order their matches: ToolTalk's code (newest first) by default. */
  readonly searchOrder?: ToolTalkSearchOrder
}

/**
 * ToolTalk's seven plugins as a toolcheck domain, built with `defineDomain` like the device
 * domain: its tables are ToolTalk's databases as `loadToolTalkDatabases` loads them (keyed by the
 * dictionary keys they sat under), plus the executor's state (`SESSION_TABLE`, `RANDOM_TABLE`);
 * its default rows are the given databases; its 28 tools are ToolTalk's, each run as ToolTalk's
 * executor runs it (login required, the session token passed, one login at a time, the session
 * opened and closed), with ToolTalk's ids and exception texts. A ToolTalk conversation made into a
 * scenario (`toolTalkScenario(conversation, { databases })`) can then be played by the generic
 * `runScenario` / `playScenario` with `{ domain }`.
 *
 * Unlike `evaluateToolTalkConversation`, a run is one continuous conversation: the agent's own
 * calls stay in the world for later turns (ToolTalk resets the world to the ground truth before
 * each turn), and the arguments pass toolcheck's validation first, as every run's do.
 */
export function toolTalkDomain(databases: ToolTalkDatabases | WorldSnapshot, options: ToolTalkDomainOptions = {}): AnyDomain {
  const world = 'world' in databases ? databases.world : databases
  const tables: Record<string, TableDefinition> = {}
  for (const [name, rows] of Object.entries(world.tables)) {
    const columns = new Set(rows.flatMap((row) => Object.keys(row)))
    if (name === 'Account') for (const column of ACCOUNT_EXTRA_COLUMNS) columns.add(column)
    const twoLevel = Object.hasOwn(world.tables, `${name}.scopes`)
    const key = name.endsWith('.scopes') ? SCOPE_COLUMN : twoLevel ? [SCOPE_COLUMN, KEY_COLUMN] : KEY_COLUMN
    for (const column of typeof key === 'string' ? [key] : key) columns.add(column)
    tables[name] = {
      row: z.object(Object.fromEntries([...columns].map((column) => [column, jsonValueSchema.optional()]))),
      key: key as never,
      description: name.endsWith('.scopes') ? `The outer keys of ${name.slice(0, -'.scopes'.length)}, even those that hold nothing.` : `ToolTalk's ${name} database.`,
    }
  }
  tables[SESSION_TABLE] = { row: z.object({ token: z.string() }), key: 'token', description: 'The session of the logged-in user, if any.' }
  tables[RANDOM_TABLE] = { row: z.object({ tool: z.string(), draws: z.number().int().nonnegative() }), key: 'tool', description: "How far each tool's Random(489) has drawn." }
  const searchOrder = options.searchOrder ?? 'newest-first'
  return defineDomain({
    name: TOOLTALK_DOMAIN,
    description: "ToolTalk's seven plugins (accounts, alarms, calendar, e-mail, messages, reminders, weather) over its databases.",
    tables,
    defaultRows: () => Object.fromEntries(Object.entries(world.tables).map(([name, rows]) => [name, rows.map((row) => ({ ...row }))])),
    tools: toolTalkTools.map((tool) => executorTool(tool, searchOrder)),
    prompts: { agent: AGENT_PROMPT, user: USER_PROMPT },
  })
}

/**
 * A ToolTalk tool as a run executes it: ToolTalk's executor around the tool's own `call`, with the
 * session and the tool's random generator read from and written to the world.
 */
function executorTool(tool: ToolTalkTool, searchOrder: ToolTalkSearchOrder): AnyTool {
  return defineTool({
    name: tool.name,
    ...(tool.group === undefined ? {} : { group: tool.group }),
    description: tool.description,
    args: tool.args,
    returns: tool.returns,
    action: tool.action,
    execute: (args, context) => {
      const session = context.world.rows(SESSION_TABLE)[0]?.token
      const token = typeof session === 'string' ? session : null
      const values: Record<string, JsonValue> = {}
      for (const [name, value] of Object.entries(args as Record<string, JsonValue | undefined>)) if (value !== undefined) values[name] = value
      if (tool.requiresAuth) {
        if (token === null) throw toolTalkError('User is not logged in')
        values.session_token = token
      }
      if ((tool.name === 'UserLogin' || tool.name === 'RegisterUser') && token !== null) {
        const current = context.world.rows('Account').find((row) => row.session_token === token)
        throw toolTalkError(current === undefined ? 'Invalid session_token.' : `Only one user can be logged in at a time. Current user is ${String(current.username)}.`)
      }
      const drawn = context.world.rows(RANDOM_TABLE).find((row) => row.tool === tool.name)?.draws
      const random = new PythonRandom(TOOLTALK_SEED).skip(typeof drawn === 'number' ? drawn : 0)
      const toolTalkContext: ToolTalkToolContext = { ...context, toolTalk: { random, now: context.clock.now, searchOrder } }
      const response = tool.call(values, toolTalkContext)
      if (random.draws > 0) {
        if (drawn === undefined) context.world.insert(RANDOM_TABLE, { tool: tool.name, draws: random.draws })
        else context.world.update(RANDOM_TABLE, (row) => row.tool === tool.name, { draws: random.draws })
      }
      if (tool.name === 'UserLogin' || tool.name === 'RegisterUser') {
        const opened = (response as JsonObject).session_token
        if (typeof opened === 'string') context.world.insert(SESSION_TABLE, { token: opened })
      } else if (tool.name === 'LogoutUser' || tool.name === 'DeleteAccount') context.world.remove(SESSION_TABLE, () => true)
      return response
    },
  })
}
