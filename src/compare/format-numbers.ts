import { formatCost } from '../reporter/format-usage.ts'

export { fixed, plural } from '../reporter/format-summary.ts'
import type { CellComparison } from './comparison.ts'

/** Whether a cell moved up (its p-values for "better" are the ones to show). */
export function better(cell: CellComparison): boolean {
  return cell.verdict === 'improvement' || (cell.verdict !== 'regression' && cell.verdict !== 'break' && ((cell.passRateDelta ?? 0) > 0 || ((cell.passRateDelta ?? 0) === 0 && (cell.scoreDelta ?? 0) > 0)))
}

/** A delta with its sign: `+0.125`, `-0.500`, `0.000`; `-` for none. */
export function signed(value: number | null): string {
  if (value === null) return '-'
  if (Math.abs(value) < 0.0005) return '0.000'
  return `${value > 0 ? '+' : ''}${value.toFixed(3)}`
}

/** A p-value for a table cell: four decimals, or `< 0.0001`; `-` for a cell left out of the family. */
export function pValue(value: number | null): string {
  if (value === null) return '-'
  return value < 0.0001 ? '< 0.0001' : value.toFixed(4)
}

/** A p-value in a sentence: `p = 0.0032`, `p < 0.0001`. */
export function pText(value: number): string {
  return value < 0.0001 ? 'p < 0.0001' : `p = ${value.toFixed(4)}`
}

/** head − base, `null` when either is missing. */
export function delta(base: number | null, head: number | null): number | null {
  return base === null || head === null ? null : head - base
}

/** A cost, `-` when none was recorded. */
export function costText(usd: number | undefined): string {
  return usd === undefined ? '-' : formatCost(usd)
}

/** A small chance as words: `1 in 1,024`, `1 in 4`. */
export function oneIn(chance: number): string {
  return `1 in ${Math.round(1 / chance).toLocaleString('en-US')}`
}
