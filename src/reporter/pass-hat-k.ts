/**
 * pass^k: the chance that k trials drawn without replacement from n trials, c of which passed,
 * all pass: C(c, k) / C(n, k) (τ-bench's estimator). Computed as a product of ratios so large n
 * neither overflows nor loses precision. Returns `undefined` when k exceeds n (not estimable).
 */
export function passHatK(trials: number, passes: number, k: number): number | undefined {
  if (!Number.isInteger(trials) || !Number.isInteger(passes) || !Number.isInteger(k) || trials < 0 || passes < 0 || passes > trials || k < 1)
    throw new RangeError(`passHatK needs integers 0 <= passes <= trials and k >= 1; got trials ${trials}, passes ${passes}, k ${k}`)
  if (k > trials) return undefined
  let value = 1
  for (let drawn = 0; drawn < k; drawn++) value *= (passes - drawn) / (trials - drawn)
  return Math.max(0, value)
}
