/**
 * An interval as the reports print it, `0.207-1.000`: the low end rounded down and the high end
 * up, so that the printed interval still holds the printed estimate (rounded to the nearest) and
 * never reads as zero width (`1.000-1.000`) when the true one is merely narrower than a
 * thousandth. `-` for none.
 */
export function intervalText(interval: readonly [number, number] | null | undefined): string {
  if (interval === null || interval === undefined) return '-'
  const [low, high] = outwardThousandths(interval)
  return `${(low / 1000).toFixed(3)}-${(high / 1000).toFixed(3)}`
}

/**
 * An interval's ends in thousandths (as the pages store scores), rounded away from each other and
 * at least one thousandth apart.
 */
export function outwardThousandths(interval: readonly [number, number]): [number, number] {
  const low = Math.max(0, Math.floor(interval[0] * 1000))
  const high = Math.min(1000, Math.ceil(interval[1] * 1000))
  if (low < high) return [low, high]
  return high < 1000 ? [low, high + 1] : [low - 1, high]
}
