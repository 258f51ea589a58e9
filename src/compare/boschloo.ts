/** Pass counts of one side: `passes` of `trials` scored runs. */
export interface PassCounts {
  readonly trials: number
  readonly passes: number
}

/**
 * Boschloo's exact test, one-sided: the p-value for "the head passes less often than the base".
 *
 * Each side's passes are binomial with an unknown pass rate; under the null hypothesis both
 * rates are the same π. The statistic is Fisher's one-sided p-value (the hypergeometric chance of
 * the head passing this rarely or more rarely, given the total passes), and the p-value is the
 * largest chance, over every π, of a table at least as extreme by that statistic. Taking the
 * supremum over π instead of conditioning on the total (as Fisher's test does) makes the test
 * uniformly more powerful than Fisher's while staying exact: with 3 trials a side, 3 of 3 against
 * 0 of 3 gives 1/64 here and 1/20 with Fisher's test. The result matches SciPy's
 * `boschloo_exact([[base passes, head passes], [base fails, head fails]], alternative='greater')`.
 *
 * The supremum is found deterministically: the tail probability is a polynomial in π, scanned on
 * a grid of 256 points and refined by golden-section search around the best one.
 */
export function boschlooWorse(base: PassCounts, head: PassCounts): number {
  checkCounts(base)
  checkCounts(head)
  if (base.trials === 0 || head.trials === 0) return 1
  const cached = CACHE.get(key(base, head))
  if (cached !== undefined) return cached
  const n1 = base.trials
  const n2 = head.trials
  const total = n1 + n2
  const logChoose = logChooseTable(total)
  const fisher = fisherTable(n1, n2, logChoose)
  const observed = fisher[base.passes * (n2 + 1) + head.passes] as number
  // Tables at least as extreme, grouped by their total passes s: weight[s] sums C(n1,a)·C(n2,b).
  const logWeights = new Array<number>(total + 1).fill(Number.NEGATIVE_INFINITY)
  for (let a = 0; a <= n1; a++) {
    for (let b = 0; b <= n2; b++) {
      if ((fisher[a * (n2 + 1) + b] as number) > observed * (1 + 1e-7)) continue
      const s = a + b
      logWeights[s] = logAdd(logWeights[s] as number, (logChoose[n1 * (total + 1) + a] as number) + (logChoose[n2 * (total + 1) + b] as number))
    }
  }
  const value = Math.min(1, supremum((pi) => tailProbability(logWeights, total, pi)))
  CACHE.set(key(base, head), value)
  return value
}

/**
 * The smallest p-value `boschlooWorse` can give for these trial counts: all base trials passing
 * and no head trial passing, sup π^n1·(1−π)^n2. It depends only on the trial counts, not on the
 * outcomes, so a cell whose smallest p-value exceeds the significance level can be left out of
 * the multiple-testing family before looking at any result (it could never be significant).
 */
export function smallestAttainable(baseTrials: number, headTrials: number): number {
  if (baseTrials <= 0 || headTrials <= 0) return 1
  const total = baseTrials + headTrials
  return Math.exp(baseTrials * Math.log(baseTrials / total) + headTrials * Math.log(headTrials / total))
}

const CACHE = new Map<number | string, number>()

/**
 * The cache's key for these counts: one number while each count is below 2^13 (two cells of a
 * large comparison are then looked up without a text made for each), else their text.
 */
function key(base: PassCounts, head: PassCounts): number | string {
  const limit = 1 << 13
  if (base.trials < limit && head.trials < limit) return ((base.trials * limit + base.passes) * limit + head.trials) * limit + head.passes
  return `${base.trials}/${base.passes}/${head.trials}/${head.passes}`
}

function checkCounts(counts: PassCounts): void {
  if (!Number.isInteger(counts.trials) || !Number.isInteger(counts.passes) || counts.trials < 0 || counts.passes < 0 || counts.passes > counts.trials)
    throw new RangeError(`pass counts need whole numbers 0 <= passes <= trials; got ${counts.passes} of ${counts.trials}`)
}

/** log C(n, k) for 0 <= k <= n <= max, at [n * (max + 1) + k]. */
function logChooseTable(max: number): Float64Array {
  const logFactorial = new Float64Array(max + 1)
  for (let n = 2; n <= max; n++) logFactorial[n] = (logFactorial[n - 1] as number) + Math.log(n)
  const table = new Float64Array((max + 1) * (max + 1))
  for (let n = 0; n <= max; n++)
    for (let k = 0; k <= n; k++) table[n * (max + 1) + k] = (logFactorial[n] as number) - (logFactorial[k] as number) - (logFactorial[n - k] as number)
  return table
}

/**
 * Fisher's one-sided p-value for every table: at [a * (n2 + 1) + b], the hypergeometric chance
 * that the head has b or fewer of the a + b passes.
 */
function fisherTable(n1: number, n2: number, logChoose: Float64Array): Float64Array {
  const total = n1 + n2
  const width = total + 1
  const table = new Float64Array((n1 + 1) * (n2 + 1))
  for (let s = 0; s <= total; s++) {
    const low = Math.max(0, s - n1)
    const high = Math.min(n2, s)
    const logAll = logChoose[total * width + s] as number
    let cumulative = 0
    for (let b = low; b <= high; b++) {
      cumulative += Math.exp((logChoose[n1 * width + (s - b)] as number) + (logChoose[n2 * width + b] as number) - logAll)
      table[(s - b) * (n2 + 1) + b] = cumulative
    }
  }
  return table
}

function tailProbability(logWeights: readonly number[], total: number, pi: number): number {
  if (pi <= 0) return Math.exp(logWeights[0] as number)
  if (pi >= 1) return Math.exp(logWeights[total] as number)
  const logPi = Math.log(pi)
  const logRest = Math.log1p(-pi)
  let log = Number.NEGATIVE_INFINITY
  for (let s = 0; s <= total; s++) {
    const weight = logWeights[s] as number
    if (weight === Number.NEGATIVE_INFINITY) continue
    log = logAdd(log, weight + s * logPi + (total - s) * logRest)
  }
  return Math.exp(log)
}

/** The largest value of `f` on [0, 1]: a grid, then golden-section search around its best point. */
function supremum(f: (pi: number) => number): number {
  const points = 256
  let bestIndex = 0
  let best = f(0)
  for (let index = 1; index <= points; index++) {
    const value = f(index / points)
    if (value > best) {
      best = value
      bestIndex = index
    }
  }
  let low = Math.max(0, (bestIndex - 1) / points)
  let high = Math.min(1, (bestIndex + 1) / points)
  const ratio = (Math.sqrt(5) - 1) / 2
  let left = high - ratio * (high - low)
  let right = low + ratio * (high - low)
  let leftValue = f(left)
  let rightValue = f(right)
  for (let step = 0; step < 60; step++) {
    if (leftValue >= rightValue) {
      high = right
      right = left
      rightValue = leftValue
      left = high - ratio * (high - low)
      leftValue = f(left)
    } else {
      low = left
      left = right
      leftValue = rightValue
      right = low + ratio * (high - low)
      rightValue = f(right)
    }
  }
  return Math.max(best, leftValue, rightValue)
}

function logAdd(a: number, b: number): number {
  if (a === Number.NEGATIVE_INFINITY) return b
  if (b === Number.NEGATIVE_INFINITY) return a
  const larger = Math.max(a, b)
  return larger + Math.log1p(Math.exp(-Math.abs(a - b)))
}
