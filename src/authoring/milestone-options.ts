import type { TypedConstraintInput, TypedMilestoneInput } from '../scenario/index.ts'

/** Options shared by the milestone builders; `Table` are the tables the domain has. */
export interface MilestoneOptions<Table extends string = string> {
  /** Shown in reports. */
  readonly name?: string
  /** Tables that may change at this milestone besides the constrained ones (its guardrails skip them). */
  readonly mayAlsoChange?: readonly Table[]
}

/** Options of the row-change builders. */
export interface RowChangeOptions<Table extends string = string> extends MilestoneOptions<Table> {
  /**
   * The snapshot the change is measured from: another milestone's index, or `'start'` (the
   * default, so a change milestone may follow several independent ones in a diamond).
   */
  readonly since?: number | 'start'
}

/** A milestone of one constraint, with the options' name and guardrail exclusions. */
export function milestoneOf<Table extends string, Tool extends string>(
  constraint: TypedConstraintInput<Table, Tool>,
  options: MilestoneOptions<Table> = {},
): TypedMilestoneInput<Table, Tool> {
  return {
    ...(options.name === undefined ? {} : { name: options.name }),
    constraints: [constraint],
    ...(options.mayAlsoChange === undefined ? {} : { guardrails: { exclude: [...options.mayAlsoChange] } }),
  }
}
