/** How p-values of many cells are adjusted for testing them all at once. */
export type Correction = 'holm' | 'bh' | 'none'

/**
 * Adjusted p-values, in the order given: a cell is significant when its adjusted p-value is at
 * most the level.
 * - `holm`: Holm's step-down procedure, which controls the family-wise error rate (the chance
 *   of calling even one unchanged cell a regression) at the level, under any dependence.
 * - `bh`: Benjamini and Hochberg's step-up procedure, which controls the false discovery rate
 *   (the expected share of flagged cells that are false alarms) instead: more power for large
 *   suites, at the price of the occasional false alarm.
 * - `none`: the raw p-values (the level then holds per cell).
 */
export function adjustPValues(pValues: readonly number[], correction: Correction): number[] {
  const count = pValues.length
  if (correction === 'none' || count === 0) return [...pValues]
  const order = pValues.map((_, index) => index).sort((a, b) => (pValues[a] as number) - (pValues[b] as number) || a - b)
  const adjusted = new Array<number>(count)
  if (correction === 'holm') {
    let running = 0
    for (const [rank, index] of order.entries()) {
      running = Math.max(running, Math.min(1, (count - rank) * (pValues[index] as number)))
      adjusted[index] = running
    }
  } else {
    let running = 1
    for (let rank = count - 1; rank >= 0; rank--) {
      const index = order[rank] as number
      running = Math.min(running, Math.min(1, ((pValues[index] as number) * count) / (rank + 1)))
      adjusted[index] = running
    }
  }
  return adjusted
}
