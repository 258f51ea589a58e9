import { compareText } from './compare-text.ts'

/**
 * Compares labels with their numbers read as numbers (`3 distraction tools` before
 * `10 distraction tools`), the rest by code unit, so the order is the same on every machine.
 */
export function compareLabels(a: string, b: string): number {
  const partsA = a.match(/\d+|\D+/g) ?? []
  const partsB = b.match(/\d+|\D+/g) ?? []
  for (let index = 0; index < Math.min(partsA.length, partsB.length); index++) {
    const partA = partsA[index] as string
    const partB = partsB[index] as string
    const numeric = /^\d/.test(partA) && /^\d/.test(partB)
    const order = numeric ? Number(partA) - Number(partB) || compareText(partA, partB) : compareText(partA, partB)
    if (order !== 0) return order
  }
  return partsA.length - partsB.length
}
