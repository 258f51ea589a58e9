/**
 * What a tool did to the world that its domain does not allow:
 * - `unknown-table`: it wrote a table the domain does not define (`world.insert('vouchrs', …)`);
 * - `unknown-column`: it wrote a column the table does not have;
 * - `missing-key`: it inserted a row without a value for the table's key column;
 * - `row-mutated`: it changed a row (or a list or object inside one) it had read, in place,
 *   instead of writing the change through `insert`, `update`, `remove` or `replaceRows`.
 */
export type WorldWriteKind = 'unknown-table' | 'unknown-column' | 'missing-key' | 'row-mutated'

/**
 * A write a guarded draft refused (see `WorldDraft`). It is a bug in the domain's code, not
 * something the agent did: the run that meets one ends as a domain error.
 */
export class WorldWriteError extends Error {
  readonly kind: WorldWriteKind
  readonly table: string
  /** Where it happened: `tags` of row 3 of `contacts` is `contacts[3].tags`. */
  readonly path: string

  constructor(kind: WorldWriteKind, table: string, path: string, message: string) {
    super(message)
    this.name = 'WorldWriteError'
    this.kind = kind
    this.table = table
    this.path = path
  }
}
