/** An optimal assignment: `assignment[row]` is the column given to `row`. */
export interface Assignment {
  readonly assignment: readonly number[]
  /** The sum of the chosen costs. */
  readonly total: number
}

/**
 * The Hungarian algorithm (Kuhn–Munkres with potentials, O(n²·m)): pairs every row of a
 * `rows × columns` cost matrix (rows ≤ columns) with a distinct column so that the total cost is
 * smallest. Costs must be finite; callers encode "impossible" as a large finite cost. Ties go to
 * the lower column, so equal inputs give equal outputs.
 */
export function hungarian(cost: readonly (readonly number[])[]): Assignment {
  const rowCount = cost.length
  if (rowCount === 0) return { assignment: [], total: 0 }
  const columnCount = cost[0]?.length ?? 0
  if (columnCount < rowCount) throw new RangeError(`hungarian: ${rowCount} rows need at least as many columns, got ${columnCount}`)
  for (const [index, row] of cost.entries()) {
    if (row.length !== columnCount) throw new RangeError(`hungarian: row ${index} has ${row.length} costs, row 0 has ${columnCount}`)
  }
  // 1-based arrays: index 0 is the virtual row/column the augmenting search starts from.
  const rowPotential = new Float64Array(rowCount + 1)
  const columnPotential = new Float64Array(columnCount + 1)
  const rowOfColumn = new Int32Array(columnCount + 1)
  const previousColumn = new Int32Array(columnCount + 1)
  const slack = new Float64Array(columnCount + 1)
  const used = new Uint8Array(columnCount + 1)
  for (let row = 1; row <= rowCount; row++) {
    rowOfColumn[0] = row
    let column = 0
    slack.fill(Number.POSITIVE_INFINITY)
    used.fill(0)
    do {
      used[column] = 1
      const currentRow = rowOfColumn[column] as number
      const costRow = cost[currentRow - 1] as readonly number[]
      let delta = Number.POSITIVE_INFINITY
      let nextColumn = 0
      for (let candidate = 1; candidate <= columnCount; candidate++) {
        if (used[candidate] === 1) continue
        const reduced = (costRow[candidate - 1] as number) - (rowPotential[currentRow] as number) - (columnPotential[candidate] as number)
        if (reduced < (slack[candidate] as number)) {
          slack[candidate] = reduced
          previousColumn[candidate] = column
        }
        if ((slack[candidate] as number) < delta) {
          delta = slack[candidate] as number
          nextColumn = candidate
        }
      }
      for (let candidate = 0; candidate <= columnCount; candidate++) {
        if (used[candidate] === 1) {
          rowPotential[rowOfColumn[candidate] as number] = (rowPotential[rowOfColumn[candidate] as number] as number) + delta
          columnPotential[candidate] = (columnPotential[candidate] as number) - delta
        } else {
          slack[candidate] = (slack[candidate] as number) - delta
        }
      }
      column = nextColumn
    } while (rowOfColumn[column] !== 0)
    // Flip the augmenting path.
    do {
      const before = previousColumn[column] as number
      rowOfColumn[column] = rowOfColumn[before] as number
      column = before
    } while (column !== 0)
  }
  const assignment = new Array<number>(rowCount).fill(-1)
  for (let column = 1; column <= columnCount; column++) {
    const row = rowOfColumn[column] as number
    if (row !== 0) assignment[row - 1] = column - 1
  }
  let total = 0
  for (let row = 0; row < rowCount; row++) total += (cost[row] as readonly number[])[assignment[row] as number] as number
  return { assignment, total }
}
