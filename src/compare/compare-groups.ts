import { augmentationOrder, categoryOrder } from '../reporter/summarize-runs.ts'
import type { Correction } from './adjust-p-values.ts'
import { adjustPValues } from './adjust-p-values.ts'
import type { CellComparison, GroupComparison, GroupLevel, GroupSide, GroupVerdict } from './comparison.ts'
import { stratifiedTest } from './stratified-test.ts'

/** The name of the group of every cell. */
export const OVERALL_GROUP = 'all cells'

/** The levels groups are tested at; the level's share of alpha is alpha / LEVELS. */
const LEVELS = 3

/**
 * Rolls compared cells up into groups: every cell (`overall`), each category and each augmentation
 * column (a cell counts in each of its categories and columns). Each group is tested by the exact
 * stratified test, one stratum per cell, both ways. Each level is one family, adjusted by
 * `correction`, so a level's size does not weaken the others; and each level gets a third of
 * alpha (the adjusted p-values are multiplied by three), so that the three levels together call
 * trial noise a regression no more often than `alpha`, as one family would (with `correction:
 * 'none'` each test stands at alpha on its own).
 *
 * When both reports are deterministic, a group is a regression when one of its cells is (a pass
 * turned into a failure), whatever the test says, and an improvement when one improved and none
 * regressed.
 */
export function compareGroups(cells: readonly CellComparison[], options: { readonly alpha: number; readonly correction: Correction; readonly deterministic: boolean }): GroupComparison[] {
  const members: Record<GroupLevel, Map<string, CellComparison[]>> = { overall: new Map([[OVERALL_GROUP, [...cells]]]), category: new Map(), augmentation: new Map() }
  for (const cell of cells) {
    for (const category of cell.categories) push(members.category, category, cell)
    for (const column of cell.augmentationColumns) push(members.augmentation, column, cell)
  }
  const order: Record<GroupLevel, (a: string, b: string) => number> = { overall: () => 0, category: categoryOrder, augmentation: augmentationOrder }
  const groups: GroupComparison[] = []
  // The groups so far with their cells, to find groups that are another group under a second name.
  const earlier: { readonly cells: readonly CellComparison[]; readonly label: string }[] = []
  for (const level of ['overall', 'category', 'augmentation'] as const) {
    const names = [...members[level].keys()].sort(order[level])
    // A compared cell is its own stratum: its base's and head's pass counts.
    const tests = names.map((name) => stratifiedTest(members[level].get(name) ?? []))
    const levelShare = options.correction === 'none' ? 1 : LEVELS
    const adjust = (values: readonly number[]) => adjustPValues(values, options.correction).map((value) => Math.min(1, value * levelShare))
    const adjustedWorse = adjust(tests.map((test) => test.pWorse))
    const adjustedBetter = adjust(tests.map((test) => test.pBetter))
    for (const [index, name] of names.entries()) {
      const groupCells = members[level].get(name) ?? []
      const test = tests[index] as (typeof tests)[number]
      // A group's cells come in the order of `cells`, so two groups of the same cells list them alike.
      const sameCellsAs = earlier.find((other) => sameCells(other.cells, groupCells))?.label
      if (sameCellsAs === undefined) earlier.push({ cells: groupCells, label: level === 'overall' ? 'overall' : `${level} ${name}` })
      const regressedCells = groupCells.filter((cell) => cell.verdict === 'regression' || cell.verdict === 'break').length
      const improvedCells = groupCells.filter((cell) => cell.verdict === 'improvement').length
      const worse = adjustedWorse[index] as number
      const better = adjustedBetter[index] as number
      const base = sideOf(groupCells, 'base')
      const head = sideOf(groupCells, 'head')
      let verdict: GroupVerdict
      let reason: GroupComparison['reason']
      if (test.rateDifference === null) verdict = 'no-data'
      else if (options.deterministic) {
        verdict = regressedCells > 0 ? 'regression' : improvedCells > 0 ? 'improvement' : moved(groupCells) ? 'changed' : 'unchanged'
        if (verdict === 'regression' || verdict === 'improvement') reason = 'deterministic'
      } else if (worse <= options.alpha) [verdict, reason] = ['regression', 'significant']
      else if (better <= options.alpha) [verdict, reason] = ['improvement', 'significant']
      else verdict = moved(groupCells) ? 'changed' : 'unchanged'
      groups.push({
        level,
        name,
        cells: groupCells.length,
        base,
        head,
        rateDifference: test.rateDifference,
        pWorse: test.pWorse,
        pBetter: test.pBetter,
        adjustedWorse: worse,
        adjustedBetter: better,
        regressedCells,
        improvedCells,
        verdict,
        ...(reason === undefined ? {} : { reason }),
        ...(sameCellsAs === undefined ? {} : { sameCellsAs }),
      })
    }
  }
  return groups
}

function sideOf(cells: readonly CellComparison[], side: 'base' | 'head'): GroupSide {
  let trials = 0
  let passes = 0
  for (const cell of cells) {
    trials += cell[side].trials
    passes += cell[side].passes
  }
  return { trials, passes, passRate: trials === 0 ? null : passes / trials }
}

function sameCells(a: readonly CellComparison[], b: readonly CellComparison[]): boolean {
  if (a.length !== b.length) return false
  for (let at = 0; at < a.length; at++) if (a[at] !== b[at]) return false
  return true
}

function moved(cells: readonly CellComparison[]): boolean {
  return cells.some((cell) => cell.verdict !== 'unchanged' && cell.verdict !== 'no-data')
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [value])
  else list.push(value)
}
