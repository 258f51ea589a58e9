import { wilsonInterval } from './wilson-interval.ts'

/** The trials of one cell (a scenario under one augmentation in one test), as pass^k reads them. */
export interface TrialCount {
  /** Scored trials (errors left out). */
  readonly trials: number
  readonly passes: number
}

/** pass^k of one cell or of a group of cells, with its 95 % interval. */
export interface PassHatK {
  readonly k: number
  /** The estimate; always inside `interval`. */
  readonly estimate: number
  /** `[low, high]`, never of zero width. */
  readonly interval: readonly [number, number]
  /** The cells the estimate rests on: those with at least k scored trials. */
  readonly cells: number
  /** Their scored trials. */
  readonly trials: number
}

/*
 * One estimator and one interval for pass^k, the chance that k trials of a cell all pass, used by
 * every output (report.json, the terminal, the pages, compare).
 *
 * The estimator is τ-bench's: a cell with c passes of n trials gives C(c, k) / C(n, k), the share
 * of its k-trial subsets that passed whole. It is the one unbiased estimator of p^k, so the mean
 * over many cells converges to the suite's true pass^k however few trials each cell had; the
 * plug-in (c/n)^k does not (with 5 trials at p = 0.5 it averages 0.11 where pass^5 is 0.031). A
 * group of cells averages its cells' estimates weighted by their trials, so pass^1 is the group's
 * pass rate, run for run.
 *
 * The interval is Wilson's construction applied to that estimator: every value θ whose distance
 * from the estimate is within z standard deviations of the estimator *as they would be if θ were
 * the truth*, { θ : (θ̂ − θ)² ≤ z² Var_θ(θ̂) }. The variance is Hoeffding's exact variance of a
 * U-statistic, Σ_j C(k,j) C(n−k,k−j) / C(n,k) · (p^(2k−j) − p^(2k)) with p = θ^(1/k), and for a
 * group the weighted sum of its cells' (every cell at the same rate, as the pooled Wilson interval
 * of a pass rate assumes). Hence:
 * - at k = 1 it is exactly the Wilson interval of the passes over the trials: a pass rate has one
 *   interval, whether it is shown as a pass rate or as pass^1;
 * - the estimate is always inside (θ = θ̂ passes the test), even when it is 0 because fewer than
 *   k trials passed (4 of 5 gives pass^5 = 0, interval 0-0.79);
 * - the interval never has zero width: the variance vanishes only at θ = 0 and θ = 1, and only
 *   linearly, so a perfect 5-trial cell gives pass^5 = 1 with 0.21-1, not 1-1;
 * - in simulations of suites (one cell to 200, 5 or 10 trials, equal and mixed pass rates) it
 *   covered the true pass^k in 94 to 99 % of draws (see the tests).
 * Wilson's construction rather than the normal approximation because the trials per cell are
 * few and estimates sit at 0 and 1, where the normal approximation collapses to a point.
 */

const Z = 1.959963984540054

/**
 * pass^k of a group of cells (one cell for a cell's own): the trial-weighted mean of the cells'
 * unbiased estimates C(c,k)/C(n,k) over the cells with at least k scored trials, and its 95 %
 * score interval (see above). `undefined` when no cell has k trials: pass^k is not estimable
 * from fewer than k trials.
 */
export function passHatK(cells: readonly TrialCount[], k: number): PassHatK | undefined {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`pass^k needs a whole k of at least 1; got ${k}`)
  let trials = 0
  let passes = 0
  let weighted = 0
  let count = 0
  // Σ w_i² by trial count: cells of equal size share one variance term.
  const bySize = new Map<number, number>()
  for (const cell of cells) {
    checkCell(cell)
    if (cell.trials < k) continue
    count++
    trials += cell.trials
    passes += cell.passes
    weighted += cell.trials * subsetShare(cell.trials, cell.passes, k)
    bySize.set(cell.trials, (bySize.get(cell.trials) ?? 0) + cell.trials * cell.trials)
  }
  if (count === 0) return undefined
  if (k === 1) {
    // The same interval in closed form: with k = 1 the construction is Wilson's.
    return { k, estimate: passes / trials, interval: wilsonInterval(passes, trials) as [number, number], cells: count, trials }
  }
  const estimate = Math.min(1, Math.max(0, weighted / trials))
  const terms = [...bySize].map(([size, squares]) => ({ weight: squares / (trials * trials), coefficients: hoeffdingCoefficients(size, k) }))
  const variance = (theta: number) => terms.reduce((sum, term) => sum + term.weight * subsetVariance(theta, k, term.coefficients), 0)
  return { k, estimate, interval: scoreInterval(estimate, variance), cells: count, trials }
}

/** pass^k for k = 1 up to the most scored trials a cell has (`undefined` entries never: k stops where no cell reaches it). */
export function passHatKCurve(cells: readonly TrialCount[]): PassHatK[] {
  const most = cells.reduce((max, cell) => Math.max(max, cell.trials), 0)
  const curve: PassHatK[] = []
  for (let k = 1; k <= most; k++) {
    const value = passHatK(cells, k)
    if (value !== undefined) curve.push(value)
  }
  return curve
}

/**
 * The score interval { θ ∈ [0, 1] : (estimate − θ)² ≤ z² variance(θ) }, as its hull. Each end is
 * found by scanning from the outside in on a grid and bisecting the first crossing, so an
 * accepted stretch at the edge is not missed. Exported for the tests, which check it against
 * Wilson's closed form.
 */
export function scoreInterval(estimate: number, variance: (theta: number) => number): [number, number] {
  const rejects = (theta: number) => (estimate - theta) ** 2 > Z * Z * variance(theta)
  const end = (outside: number) => {
    if (outside === estimate || !rejects(outside)) return outside
    let rejected = outside
    for (let step = 1; step <= GRID; step++) {
      const theta = outside + ((estimate - outside) * step) / GRID
      if (step < GRID && rejects(theta)) {
        rejected = theta
        continue
      }
      // Bisect between the last rejected point and this accepted one; keep the accepted side,
      // so the end never passes the estimate.
      let accepted = step === GRID ? estimate : theta
      for (let iteration = 0; iteration < 60; iteration++) {
        const middle = (rejected + accepted) / 2
        if (middle === rejected || middle === accepted) break
        if (rejects(middle)) rejected = middle
        else accepted = middle
      }
      return accepted
    }
    return estimate
  }
  return [end(0), end(1)]
}

const GRID = 64

/** C(c, k) / C(n, k), as a product of ratios so large counts neither overflow nor lose precision. */
function subsetShare(trials: number, passes: number, k: number): number {
  let value = 1
  for (let drawn = 0; drawn < k; drawn++) value *= (passes - drawn) / (trials - drawn)
  return Math.max(0, value)
}

/** h_j = C(k,j) C(n−k,k−j) / C(n,k) for j = 0..k: the share of pairs of k-subsets that share j trials. */
function hoeffdingCoefficients(trials: number, k: number): number[] {
  const coefficients: number[] = []
  const total = logChoose(trials, k)
  for (let shared = 0; shared <= k; shared++) {
    const rest = k - shared
    coefficients.push(rest > trials - k ? 0 : Math.exp(logChoose(k, shared) + logChoose(trials - k, rest) - total))
  }
  return coefficients
}

/**
 * Var(C(c,k)/C(n,k)) when every trial passes with p = θ^(1/k): Σ_{j≥1} h_j (p^(2k−j) − p^(2k)),
 * that is θ · Σ_{j≥1} h_j p^(k−j) − θ² · Σ_{j≥1} h_j, the first sum a polynomial in p taken by
 * Horner's rule. The interval asks for the variance at up to some 250 values of θ for each k of
 * a curve that goes up to the most trials a cell has: with a power taken for each term, the curve
 * of a cell of 1,000 trials took 0.47 s, for each count of passes; so, 0.09 s (the same intervals
 * to within 2e-15).
 */
function subsetVariance(theta: number, k: number, coefficients: readonly number[]): number {
  const p = Math.pow(theta, 1 / k)
  let polynomial = 0
  let total = 0
  for (let shared = 1; shared <= k; shared++) {
    const coefficient = coefficients[shared] as number
    polynomial = polynomial * p + coefficient
    total += coefficient
  }
  return Math.max(0, theta * polynomial - theta * theta * total)
}

const logFactorials: number[] = [0]

function logChoose(n: number, k: number): number {
  for (let index = logFactorials.length; index <= n; index++) logFactorials.push((logFactorials[index - 1] as number) + Math.log(index))
  return (logFactorials[n] as number) - (logFactorials[k] as number) - (logFactorials[n - k] as number)
}

function checkCell(cell: TrialCount): void {
  const { trials, passes } = cell
  if (!Number.isInteger(trials) || !Number.isInteger(passes) || passes < 0 || trials < passes)
    throw new RangeError(`pass^k needs whole counts with 0 <= passes <= trials; got ${passes} passes of ${trials} trials`)
}
