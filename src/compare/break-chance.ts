/**
 * The chance that noise alone makes a break of a cell: a non-deterministic agent whose true pass
 * rate in the cell is `passRate` passes all `baseTrials` base trials and fails all `headTrials`
 * head trials, p^n₁·(1−p)^n₂.
 *
 * It is largest at p = n₁/(n₁+n₂) (one half for equal trials), where it is 4^−k for k trials a
 * side: 1/4 at one trial, 1/64 at three, 1/1024 at five, about one in a million at ten. That
 * maximum equals the smallest p-value Boschloo's test can give the same trial counts
 * (`smallestAttainable`), which is why a break is flagged without a correction: it is the most
 * extreme result the cell can show. Cells that nearly always pass or nearly always fail break far
 * more rarely (p = 0.9 and five trials: 0.9^5 · 0.1^5 ≈ 6·10⁻⁶).
 */
export function breakChance(passRate: number, baseTrials: number, headTrials: number): number {
  if (!(passRate >= 0 && passRate <= 1)) throw new RangeError(`a pass rate is between 0 and 1, not ${passRate}`)
  if (baseTrials <= 0 || headTrials < baseTrials) return 0
  return passRate ** baseTrials * (1 - passRate) ** headTrials
}
