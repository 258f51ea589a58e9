import type { Correction } from './adjust-p-values.ts'

/**
 * The fewest trials a side with which a single cell can be significant in a family of `cells`:
 * its smallest p-value, 4^−k with k trials a side (all base trials passing, none in the head),
 * must clear the correction's first step, α / cells for Holm and Benjamini-Hochberg alike (α
 * without a correction). At α = 0.05: 3 trials for one cell, 5 for 50, 7 for 229, 8 for 2,000.
 * Returns `null` for no cells.
 */
export function trialsNeeded(cells: number, alpha: number, correction: Correction): number | null {
  if (cells <= 0) return null
  const family = correction === 'none' ? 1 : cells
  // The smallest k with 4^−k <= alpha / family, guarded against rounding at exact powers.
  let trials = Math.max(1, Math.ceil(Math.log(family / alpha) / Math.log(4) - 1e-12))
  while (4 ** -trials > alpha / family) trials++
  return trials
}
