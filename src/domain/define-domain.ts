import type { z } from 'zod'
import type { Clock } from '../tools/context.ts'
import type { AnyTool } from '../tools/define-tool.ts'
import { endConversation } from '../tools/end-conversation-tool.ts'
import { DEFAULT_TOOL_TIMEOUT_MS } from '../tools/execute-tool-call.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import { createRegistry } from '../tools/tool-registry.ts'
import type { TableInfo } from '../world/index.ts'
import { deepFreeze } from '../world/index.ts'
import type { Extractor, ValueSimilarity } from './evaluation-hooks.ts'

/** Marks the objects `defineDomain` made, so modules can be searched for domains. */
const DOMAIN_BRAND = Symbol.for('toolcheck.domain')

/** The row schemas of a domain's tables, by table name. */
export type TableSchemas = Record<string, z.ZodObject>

/** A column name of a row schema. */
export type ColumnOf<Schema extends z.ZodObject> = keyof z.output<Schema> & string

/** One table of a domain. */
export interface TableDefinition<Schema extends z.ZodObject = z.ZodObject> {
  /**
   * The zod object every row must satisfy. Column defaults (`.default(...)`) fill what a
   * scenario leaves out; `.describe(...)` texts document the columns.
   */
  readonly row: Schema
  /** The column that identifies a row, or several that do so together; unique in every world. */
  readonly key: ColumnOf<Schema> | readonly ColumnOf<Schema>[]
  /**
   * A column that names a row for people (a contact's `name`, a reminder's `content`): reports
   * show it beside the key, so a changed row reads `contacts[p-3 "Sam Okafor"]` rather than by an
   * id alone. Optional; the key alone names rows without it.
   */
  readonly display?: ColumnOf<Schema>
  /** What the table holds, in a sentence. */
  readonly description?: string
}

/** Where a world breaks one of its domain's rules: the table, and the row and column when known. */
export interface InvariantViolation {
  readonly table: string
  /** The row's position in the built table. */
  readonly row?: number
  readonly column?: string
  /** What is wrong and how to fix it. */
  readonly message: string
}

/** The rows of every table of a world, typed by the domain's row schemas. */
export type WorldRows<Tables extends TableSchemas> = { readonly [Name in keyof Tables]: readonly z.output<Tables[Name]>[] }

/**
 * A rule every starting world of a domain must keep, checked when a world is built (the phone's:
 * low battery mode keeps cellular, Wi-Fi and location service off). Tools keep it by themselves
 * afterwards; the rule is there so that no scenario starts from a world the tools could never
 * reach.
 */
export interface WorldInvariant<Tables extends TableSchemas = TableSchemas> {
  /** A short name, for documentation. */
  readonly name: string
  /** The violations of the rule in `rows` (none, or `undefined`, when it holds). */
  check(rows: WorldRows<Tables>): readonly InvariantViolation[] | InvariantViolation | undefined
}

/** An example conversation for a simulated user: how a person of this domain talks. */
export interface Demonstration {
  readonly goal: string
  readonly turns: readonly { readonly role: 'user' | 'agent'; readonly content: string }[]
}

/** The texts a domain gives the two simulated sides of a conversation. */
export interface DomainPrompts {
  /** The agent's system prompt: what it acts on and how (never guess, ask). */
  readonly agent?: string
  /**
   * Who the simulated user is and what they may agree to, told to the user before its goal and
   * what it knows ("You are talking to the assistant of your bank...").
   */
  readonly user?: string
  /** A worked example conversation shown to a model-simulated user whose scenario brings none. */
  readonly userExample?: Demonstration
}

/**
 * The default rows of a domain's tables, as its `defaultRows` returns them: read-only all the way
 * down (worlds freeze them), so a literal list in a row (`tags: ['kitchen']`) fits as written.
 */
export type DefaultRows<Tables extends TableSchemas> = { readonly [Name in keyof Tables]?: readonly ReadonlyDeep<z.input<Tables[Name]>>[] }

/** A value whose lists and objects are all read-only. */
type ReadonlyDeep<T> = T extends readonly (infer Item)[] ? readonly ReadonlyDeep<Item>[] : T extends object ? { readonly [Key in keyof T]: ReadonlyDeep<T[Key]> } : T

/** What `defineDomain` takes. */
export interface DomainDefinition<Tables extends TableSchemas, Tools extends readonly AnyTool[]> {
  /** The name scenario files use (`"domain": "bank"`): lower-case letters, digits, `_` and `-`. */
  readonly name: string
  readonly description?: string
  readonly tables: { readonly [Name in keyof Tables]: TableDefinition<Tables[Name]> }
  /**
   * The rows every world starts from before a scenario's changes, as a function of the scenario's
   * frozen clock (so "an hour ago" means the same in every scenario). No rows when absent.
   */
  defaultRows?(clock: Clock): NoInfer<DefaultRows<Tables>>
  readonly invariants?: readonly NoInfer<WorldInvariant<Tables>>[]
  /** The tools; the simulated user's `end_conversation` is added by every run and must not be listed. */
  readonly tools: Tools
  readonly prompts?: DomainPrompts
  /** Extractors for milestone fills, by name, beside the built-in ones (`result`, `first_result`, ...). */
  readonly extractors?: Readonly<Record<string, Extractor>>
  /** Similarities scenarios may name, beside the built-in ones (`exact`, `mentions`, ...). */
  readonly similarities?: Readonly<Record<string, ValueSimilarity>>
  /**
   * How long one call of a tool may take, in milliseconds, unless the tool sets its own
   * `timeoutMs` (default 30 000). A call that does not settle in time ends its run as a domain
   * error naming the tool; the suite goes on.
   */
  readonly toolTimeoutMs?: number
}

/**
 * A domain: the plug-in unit of toolcheck. It holds a world's tables (with their keys, row schemas
 * and rules), the tools that act on them, and the prompts both simulated sides get. Scenarios name
 * their domain; every run builds its world, offers its tools and briefs its roles from it.
 */
export interface Domain<Tables extends TableSchemas = TableSchemas, Tools extends readonly AnyTool[] = readonly AnyTool[]> {
  readonly [DOMAIN_BRAND]: true
  readonly name: string
  readonly description?: string
  readonly tables: { readonly [Name in keyof Tables]: TableDefinition<Tables[Name]> }
  readonly tools: Tools
  defaultRows(clock: Clock): DefaultRows<Tables>
  readonly invariants: readonly WorldInvariant<Tables>[]
  /** The prompts, with toolcheck's neutral texts where the definition gave none. */
  readonly prompts: { readonly agent: string; readonly user: string; readonly userExample?: Demonstration }
  readonly extractors: Readonly<Record<string, Extractor>>
  readonly similarities: Readonly<Record<string, ValueSimilarity>>
  /** Every tool a run of this domain can execute: its own, and the user's `end_conversation`. */
  readonly registry: ToolRegistry
  /** The key, columns (and display column) of every table, as worlds record them. */
  readonly tableInfo: Readonly<Record<string, TableInfo>>
  /** The time limit of a tool call, for tools that set none (see `DomainDefinition.toolTimeoutMs`). */
  readonly toolTimeoutMs: number
}

/** A domain of any tables and tools. */
export type AnyDomain = Domain<TableSchemas, readonly AnyTool[]>

/** The table names of a domain. */
export type TableNameOf<D> = D extends Domain<infer Tables, readonly AnyTool[]> ? keyof Tables & string : never
/** The tool names of a domain. */
export type ToolNameOf<D> = D extends Domain<TableSchemas, infer Tools> ? Tools[number]['name'] : never

/** The agent prompt of a domain that gives none. */
export const NEUTRAL_AGENT_PROMPT =
  'You are an assistant that acts for the user through the tools you are given. Never guess a value for a tool argument: when something the user asked for is unclear or missing, ask them.'

/** The user role-play text of a domain that gives none. */
export const NEUTRAL_USER_PROMPT =
  'You are role-playing a person who is talking to a digital assistant that can act for them through tools. The other side of this chat is that assistant.'

// setTimeout takes at most 2^31 - 1 ms; a longer limit would fire at once.
const MAX_TIMEOUT_MS = 2 ** 31 - 1

/** A domain that cannot be built as written; the message says what and where. */
export class DomainError extends Error {
  readonly domain: string

  constructor(domain: string, message: string) {
    super(`domain ${domain}: ${message}`)
    this.name = 'DomainError'
    this.domain = domain
  }
}

/**
 * Declares a domain. The row schemas type the scenarios written for it (their world changes,
 * tool lists, milestone tables and reference calls; see `defineScenario`), and the definition is
 * checked at once: a name scenario files can use, at least one table or tool, key and display
 * columns that exist in their row schema, tools with unique names and described arguments, and default rows
 * that satisfy their schemas (checked when a world is first built, since they depend on the clock).
 *
 * @example
 * const bank = defineDomain({
 *   name: 'bank',
 *   tables: { accounts: { key: 'account_id', row: z.object({ account_id: z.string(), balance: z.number(), locked: z.boolean() }) } },
 *   defaultRows: () => ({ accounts: [{ account_id: 'acc-17', balance: 500, locked: true }] }),
 *   tools: [unlockAccount, transferFunds, closeAccount],
 *   prompts: { agent: 'You are the assistant of a bank...', user: 'You are a customer of the bank...' },
 * })
 */
export function defineDomain<const Tables extends TableSchemas, const Tools extends readonly AnyTool[]>(
  definition: DomainDefinition<Tables, Tools>,
): Domain<Tables, Tools> {
  const { name } = definition
  if (typeof name !== 'string' || !/^[a-z0-9][a-z0-9_-]*$/.test(name))
    throw new DomainError(String(name), 'a domain name is lower-case letters, digits, _ and - (it is what scenario files write as "domain")')
  const tableInfo: Record<string, TableInfo> = {}
  for (const [table, spec] of Object.entries(definition.tables) as [string, TableDefinition][]) {
    const columns = Object.keys(spec.row.shape)
    const keys = typeof spec.key === 'string' ? [spec.key] : [...spec.key]
    if (keys.length === 0) throw new DomainError(name, `table ${table} names no key column; give the column (or columns) that identify a row`)
    for (const key of keys)
      if (!columns.includes(key)) throw new DomainError(name, `table ${table}: the key column ${key} is not in its row schema (columns: ${columns.join(', ')})`)
    const display = spec.display
    if (display !== undefined && !columns.includes(display))
      throw new DomainError(name, `table ${table}: the display column ${display} is not in its row schema (columns: ${columns.join(', ')})`)
    tableInfo[table] = { key: keys.length === 1 ? (keys[0] as string) : keys, columns, ...(display === undefined ? {} : { display }) }
  }
  if (Object.keys(tableInfo).length === 0 && definition.tools.length === 0) throw new DomainError(name, 'it has neither tables nor tools')
  const listed = definition.tools.find((tool) => tool.name === endConversation.name)
  if (listed !== undefined) throw new DomainError(name, `lists ${endConversation.name}, which every run offers the simulated user already; leave it out`)
  let registry: ToolRegistry
  try {
    registry = createRegistry([...definition.tools, endConversation])
  } catch (error) {
    throw new DomainError(name, (error as Error).message)
  }
  const timeLimits: [string, number | undefined][] = [['toolTimeoutMs', definition.toolTimeoutMs], ...definition.tools.map((tool): [string, number | undefined] => [`tool ${tool.name}: timeoutMs`, tool.timeoutMs])]
  for (const [what, value] of timeLimits)
    if (value !== undefined && !(typeof value === 'number' && value > 0 && value <= MAX_TIMEOUT_MS)) throw new DomainError(name, `${what} must be a number of milliseconds above 0 and at most ${MAX_TIMEOUT_MS}, not ${String(value)}`)
  const rows = definition.defaultRows
  const domain: Domain<Tables, Tools> = {
    [DOMAIN_BRAND]: true,
    name,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    tables: definition.tables,
    tools: definition.tools,
    defaultRows: rows === undefined ? () => ({}) : (clock) => rows.call(definition, clock),
    invariants: definition.invariants ?? [],
    prompts: {
      agent: definition.prompts?.agent ?? NEUTRAL_AGENT_PROMPT,
      user: definition.prompts?.user ?? NEUTRAL_USER_PROMPT,
      ...(definition.prompts?.userExample === undefined ? {} : { userExample: definition.prompts.userExample }),
    },
    extractors: definition.extractors ?? {},
    similarities: definition.similarities ?? {},
    registry,
    tableInfo: deepFreeze(tableInfo),
    toolTimeoutMs: definition.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
  }
  return Object.freeze(domain)
}

/** Whether a value is a domain made by `defineDomain` (in this or another copy of toolcheck). */
export function isDomain(value: unknown): value is AnyDomain {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[DOMAIN_BRAND] === true
}
