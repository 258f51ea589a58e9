import type { z } from 'zod'
import type { AnyDomain, Domain, RelativeTime, TableNameOf, TableSchemas, ToolNameOf } from '../domain/index.ts'
import type { AnyTool } from '../tools/define-tool.ts'
import type { JsonValue } from '../world/index.ts'
import type { ConstraintInput, MilestoneInput, Similarity } from './milestone.ts'
import type { Category, ScenarioInput } from './scenario.ts'

/*
 * The types of a scenario written in TypeScript for a known domain. They narrow the scenario's
 * JSON shape (`ScenarioInput`): table names, tool names and world rows must be the domain's, so a
 * misspelt table or tool is a type error where it is written. The same checks run on JSON files
 * when they are loaded, as validation errors.
 */

/** The row schemas of a domain. */
type TablesOf<D> = D extends Domain<infer Tables, readonly AnyTool[]> ? Tables : TableSchemas

/** A cell as a scenario's world may write it: its value, or a time relative to now for a number. */
type WorldCell<Value> = Value | (number extends Value ? RelativeTime : never)

/** A row of table `Name` of domain `D` as a scenario's world writes it (columns with defaults may be left out). */
export type WorldRowInput<D, Name extends keyof TablesOf<D>> = {
  readonly [Column in keyof z.input<TablesOf<D>[Name]>]: WorldCell<z.input<TablesOf<D>[Name]>[Column]>
}

/** The world changes of a scenario of domain `D`: only its tables, rows of their shape. */
export interface DomainWorldSpec<D> {
  /** Overrides of the one-row `settings` table (for a domain that has one). */
  readonly settings?: 'settings' extends keyof TablesOf<D> ? Partial<WorldRowInput<D, 'settings'>> : never
  readonly insert?: { readonly [Name in TableNameOf<D>]?: WorldRowInput<D, Name>[] }
  readonly replace?: { readonly [Name in TableNameOf<D>]?: WorldRowInput<D, Name>[] }
}

/** A tool-call target naming one of `Tool`. */
export interface TypedCallTarget<Tool extends string> {
  readonly tool: Tool
  readonly arguments?: Readonly<Record<string, JsonValue>>
  readonly compare?: Readonly<Record<string, Similarity>>
}

/** A milestone constraint whose tables are among `Table` and whose tools are among `Tool`. */
export type TypedConstraintInput<Table extends string, Tool extends string> = ConstraintInput extends infer Constraint
  ? Constraint extends { readonly kind: 'tool-call' | 'request' }
    ? Omit<Constraint, 'anyOf'> & { readonly anyOf: TypedCallTarget<Tool>[] }
    : Constraint extends { readonly table: string }
      ? Omit<Constraint, 'table'> & { readonly table: Table }
      : Constraint
  : never

/** A milestone (or minefield) over tables among `Table` and tools among `Tool`. */
export interface TypedMilestoneInput<Table extends string, Tool extends string> extends Omit<MilestoneInput, 'constraints' | 'guardrails'> {
  readonly constraints: TypedConstraintInput<Table, Tool>[]
  readonly guardrails?: { readonly enabled?: boolean; readonly exclude?: Table[] }
}

/** A value in a reference call taken from an earlier call's result (see `solution`). */
export interface ResultReference {
  readonly $ref: { readonly step: number; readonly call?: number; readonly path?: string }
}

/** One call of a reference step, to a tool among `Tool`. */
export interface TypedReferenceCall<Tool extends string> {
  readonly tool: Tool
  readonly arguments?: Readonly<Record<string, JsonValue | ResultReference>>
}

/** A reference step whose calls name tools among `Tool`. */
export type TypedReferenceStep<Tool extends string> =
  // `agent?: never` and `user?: never` make `agent` and `user` discriminants of the union, so
  // TypeScript reports a misspelt tool in a call step at the tool's name.
  | { readonly agent: 'call'; readonly calls: TypedReferenceCall<Tool>[]; readonly user?: never }
  | { readonly agent: 'say'; readonly content: string; readonly values?: Readonly<Record<string, ResultReference>>; readonly user?: never }
  | { readonly user: 'say'; readonly content: string; readonly answers?: string[]; readonly agent?: never }
  | { readonly user: 'end'; readonly agent?: never }

/** `Typed` for a scenario written for a domain object `D`, `Plain` for one that names its domain (or names none). */
type ForDomain<D, Typed, Plain> = D extends AnyDomain ? Typed : Plain

/**
 * What `defineScenario` takes. Written for a domain object `D` (given as the scenario's
 * `domain`), it is the scenario's JSON shape with its world, tool lists, milestones, minefields
 * and reference checked against the domain's tables, columns and tools; written with a domain
 * name (or none), it is the JSON shape itself (`ScenarioInput`), checked when the scenario meets
 * its domain. Each field is typed on its own (there is one signature, not an overload per case),
 * so TypeScript reports a misspelt table, column or tool where it is written, naming it.
 * `Outside` are the names listed in `tools.outside` (tools the agent brings itself), which
 * milestones and minefields may name too.
 */
export interface DomainScenarioInput<D, Outside extends string = never> extends Omit<ScenarioInput, 'domain' | 'categories' | 'world' | 'tools' | 'milestones' | 'minefields' | 'reference'> {
  readonly domain?: D
  readonly categories: readonly Category[]
  readonly world?: ForDomain<D, DomainWorldSpec<D>, ScenarioInput['world']>
  readonly tools: ForDomain<D, { readonly allow: ToolNameOf<D>[]; readonly deny?: ToolNameOf<D>[]; readonly outside?: Outside[] }, ScenarioInput['tools']>
  readonly milestones?: ForDomain<D, TypedMilestoneInput<TableNameOf<D>, ToolNameOf<D> | NoInfer<Outside>>[], ScenarioInput['milestones']>
  /** Minefields may name any tool of the domain, offered or not (calling a withheld tool is their point), and any of `tools.outside`. */
  readonly minefields?: ForDomain<D, TypedMilestoneInput<TableNameOf<D>, ToolNameOf<D> | NoInfer<Outside>>[], ScenarioInput['minefields']>
  readonly reference?: ForDomain<D, TypedReferenceStep<ToolNameOf<D>>[], ScenarioInput['reference']>
}
