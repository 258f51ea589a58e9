import type { PassCounts } from './boschloo.ts'

/** One stratum of a stratified comparison: one cell's pass counts in the base and in the head. */
export interface Stratum {
  readonly base: PassCounts
  readonly head: PassCounts
}

/** Both one-sided p-values of the stratified test, and the effect it tested. */
export interface StratifiedTest {
  /** P(the head passes this rarely or more rarely, given each stratum's passes): "the head got worse". */
  readonly pWorse: number
  /** P(the head passes this often or more often): "the head got better". */
  readonly pBetter: number
  /** The head's passes summed over the strata, and what the test expected of them under no change. */
  readonly headPasses: number
  readonly expectedHeadPasses: number
  /**
   * The Mantel-Haenszel difference of pass rates, head − base: the strata's own differences
   * averaged with weights n₁n₂/(n₁+n₂), so that a group of easy and hard scenarios is not
   * swayed by which of them ran more trials. `null` without a stratum that has trials on both sides.
   */
  readonly rateDifference: number | null
  /** Strata that carry information: both sides ran, and they neither all passed nor all failed. */
  readonly informative: number
}

/**
 * The exact stratified test of "the head passes as often as the base" over many cells: the
 * conditional test of Cochran, Mantel and Haenszel, computed exactly rather than by its normal
 * approximation.
 *
 * Each stratum is one cell (a scenario under one augmentation): its trials are exchangeable under
 * no change, so given how many of its runs passed, which of them fell to the head is a draw
 * without replacement, the head's passes hypergeometric. The statistic is the head's passes
 * summed over the strata; its exact distribution is the convolution of the strata's
 * hypergeometric distributions, and the one-sided p-values are its tails. Stratifying keeps easy
 * and hard scenarios apart: a group does not look worse because its hard scenarios ran more
 * trials in the head, and the test is exact at any trial count (one trial a side included).
 *
 * Strata whose passes are all on one side of the 0/all line (every run passed, or none did)
 * carry no information and are skipped.
 */
export function stratifiedTest(strata: readonly Stratum[]): StratifiedTest {
  let lowest = 0
  let observed = 0
  let expected = 0
  let informative = 0
  let weightedDifference = 0
  let weights = 0
  // Strata with the same trial counts and passes have the same distribution: a suite of
  // thousands of cells has a few dozen kinds, each convolved with itself by repeated squaring.
  const kinds = new Map<number | string, { readonly n1: number; readonly n2: number; readonly total: number; count: number }>()
  for (const { base, head } of strata) {
    checkCounts(base)
    checkCounts(head)
    const n1 = base.trials
    const n2 = head.trials
    if (n1 === 0 || n2 === 0) continue
    const weight = (n1 * n2) / (n1 + n2)
    weightedDifference += weight * (head.passes / n2 - base.passes / n1)
    weights += weight
    observed += head.passes
    const total = base.passes + head.passes
    const low = Math.max(0, total - n1)
    expected += (total * n2) / (n1 + n2)
    lowest += low
    if (low === Math.min(n2, total)) continue
    informative++
    const key = kindKey(n1, n2, total)
    const kind = kinds.get(key)
    if (kind === undefined) kinds.set(key, { n1, n2, total, count: 1 })
    else kind.count++
  }
  // The distribution of the summed head passes, as offsets from the smallest possible sum.
  let distribution: Distribution = { offset: 0, values: new Float64Array([1]) }
  for (const { n1, n2, total, count } of kinds.values()) {
    const pmf = hypergeometric(n1, n2, total, Math.max(0, total - n1), Math.min(n2, total))
    distribution = convolve(distribution, power({ offset: 0, values: pmf }, count))
  }
  const at = observed - lowest - distribution.offset
  return {
    pWorse: tail(distribution.values, 0, at),
    pBetter: tail(distribution.values, at, distribution.values.length - 1),
    headPasses: observed,
    expectedHeadPasses: expected,
    rateDifference: weights === 0 ? null : weightedDifference / weights,
    informative,
  }
}

/**
 * The key of strata with these counts: one number while each count is below 2^17 (a group's
 * thousands of strata are then told apart without a text made for each), else their text.
 */
function kindKey(n1: number, n2: number, total: number): number | string {
  const limit = 1 << 17
  return n1 < limit && n2 < limit && total < limit ? (n1 * limit + n2) * limit + total : `${n1}/${n2}/${total}`
}

/** A distribution over whole numbers: `values[i]` is the probability of `offset + i`. */
interface Distribution {
  readonly offset: number
  readonly values: Float64Array
}

/**
 * Probabilities below this are dropped from the ends of a distribution: they cannot change a
 * p-value anyone reads (the outputs show "p < 0.0001", and a level is never near 1e-40), and
 * without them a sum over thousands of strata keeps a width of about 14 standard deviations
 * instead of its whole range. A p-value smaller than this may come out as 0.
 */
const NEGLIGIBLE = 1e-40

/** The distribution of the sum of two independent variables, its negligible ends trimmed. */
function convolve(a: Distribution, b: Distribution): Distribution {
  const values = new Float64Array(a.values.length + b.values.length - 1)
  for (let i = 0; i < a.values.length; i++) {
    const mass = a.values[i] as number
    if (mass === 0) continue
    for (let j = 0; j < b.values.length; j++) values[i + j] = (values[i + j] as number) + mass * (b.values[j] as number)
  }
  let first = 0
  let last = values.length - 1
  while (first < last && (values[first] as number) < NEGLIGIBLE) first++
  while (last > first && (values[last] as number) < NEGLIGIBLE) last--
  return { offset: a.offset + b.offset + first, values: values.subarray(first, last + 1) }
}

/** The distribution of the sum of `count` independent copies, by repeated squaring. */
function power(base: Distribution, count: number): Distribution {
  let result: Distribution = { offset: 0, values: new Float64Array([1]) }
  let square = base
  for (let remaining = count; remaining > 0; remaining = Math.floor(remaining / 2)) {
    if (remaining % 2 === 1) result = convolve(result, square)
    if (remaining > 1) square = convolve(square, square)
  }
  return result
}

/**
 * The hypergeometric probabilities of the head's passes b = low..high, for n1 base and n2 head
 * trials with `total` passes between them: C(n2, b)·C(n1, total − b) / C(n1 + n2, total), built
 * by the ratio of neighbouring terms and normalised, so large counts neither overflow nor need
 * factorials.
 */
function hypergeometric(n1: number, n2: number, total: number, low: number, high: number): Float64Array {
  const terms = new Float64Array(high - low + 1)
  // Logarithms relative to the lowest term, then scaled by the largest: no term overflows.
  const logs = new Float64Array(terms.length)
  let log = 0
  let largest = 0
  for (let b = low + 1; b <= high; b++) {
    // P(b) / P(b − 1) = (n2 − b + 1)(total − b + 1) / (b (n1 − total + b))
    log += Math.log((n2 - b + 1) * (total - b + 1)) - Math.log(b * (n1 - total + b))
    logs[b - low] = log
    if (log > largest) largest = log
  }
  let sum = 0
  for (let index = 0; index < terms.length; index++) {
    const value = Math.exp((logs[index] as number) - largest)
    terms[index] = value
    sum += value
  }
  for (let index = 0; index < terms.length; index++) terms[index] = (terms[index] as number) / sum
  return terms
}

/** The sum of `distribution[from..to]`, smallest terms first so that tiny tails keep their digits. */
function tail(distribution: Float64Array, from: number, to: number): number {
  const first = Math.max(0, from)
  const last = Math.min(distribution.length - 1, to)
  if (first > last) return 0
  const values = Array.from(distribution.subarray(first, last + 1)).sort((a, b) => a - b)
  let sum = 0
  for (const value of values) sum += value
  return Math.min(1, sum)
}

function checkCounts(counts: PassCounts): void {
  if (!Number.isInteger(counts.trials) || !Number.isInteger(counts.passes) || counts.trials < 0 || counts.passes < 0 || counts.passes > counts.trials)
    throw new RangeError(`pass counts need whole numbers 0 <= passes <= trials; got ${counts.passes} of ${counts.trials}`)
}
