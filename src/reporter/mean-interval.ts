import type { ScoreSeries } from './score-series.ts'

/** A mean with its two-sided 95 % confidence interval. */
export interface MeanInterval {
  readonly mean: number
  /** `[low, high]`; equal to `[mean, mean]` for a single value (no spread can be estimated). */
  readonly interval: readonly [number, number]
}

// Two-sided 95 % quantiles of Student's t distribution for 1..30 degrees of freedom; trial counts
// are small, where the normal 1.96 would make intervals too narrow.
const T_QUANTILES = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101,
  2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
]

/**
 * The mean of `values` (a list, or a `ScoreSeries`: the same bits) with a 95 % Student-t interval, clamped to `[floor, ceiling]` (scores live
 * in [0, 1]). Returns `undefined` for no values.
 */
export function meanInterval(values: readonly number[] | ScoreSeries, floor = 0, ceiling = 1): MeanInterval | undefined {
  if (values.length === 0) return undefined
  const fold = (step: (sum: number, value: number) => number) => (Array.isArray(values) ? values.reduce(step, 0) : (values as ScoreSeries).fold(0, step))
  const mean = fold((sum, value) => sum + value) / values.length
  if (values.length === 1) return { mean, interval: [mean, mean] }
  const variance = fold((sum, value) => sum + (value - mean) ** 2) / (values.length - 1)
  const quantile = T_QUANTILES[values.length - 2] ?? 1.96
  const half = quantile * Math.sqrt(variance / values.length)
  return { mean, interval: [Math.max(floor, mean - half), Math.min(ceiling, mean + half)] }
}
