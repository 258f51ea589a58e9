/**
 * A starting world that does not fit its domain's tables. The message names the table, the row
 * (its position in the scenario's list, or in the built table for rules checked on the whole
 * world) and the column, and what was expected.
 */
export class WorldSpecError extends Error {
  readonly table: string
  readonly row: number | undefined
  readonly column: string | undefined

  constructor(table: string, row: number | undefined, column: string | undefined, problem: string) {
    const where = [`table "${table}"`, row === undefined ? undefined : `row ${row}`, column === undefined ? undefined : `column "${column}"`]
      .filter((part) => part !== undefined)
      .join(', ')
    super(`starting world, ${where}: ${problem}`)
    this.name = 'WorldSpecError'
    this.table = table
    this.row = row
    this.column = column
  }
}
