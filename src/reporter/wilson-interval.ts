/**
 * The 95 % Wilson score interval of a proportion: `passes` of `trials`. Unlike the normal
 * approximation it stays inside [0, 1] and is not degenerate at 0 or `trials` passes, which is
 * where small trial counts usually are (3 of 3 passes gives [0.44, 1], not [1, 1]). Returns
 * `undefined` for no trials.
 */
export function wilsonInterval(passes: number, trials: number): readonly [number, number] | undefined {
  if (trials <= 0) return undefined
  const z = 1.959963984540054
  const p = passes / trials
  const z2 = z * z
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
  const half = (z / (1 + z2 / trials)) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))
  // Rounding can put an end a hair outside [0, 1] or past the estimate at 0 or all passes.
  return [passes === 0 ? 0 : Math.max(0, centre - half), passes === trials ? 1 : Math.min(1, centre + half)]
}
