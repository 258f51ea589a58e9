import { compareLabels } from '../reporter/compare-labels.ts'
import { augmentationOrder, categoryOrder } from '../reporter/summarize-runs.ts'
import { compareText } from '../reporter/compare-text.ts'
import type { CellComparison, CellVerdict, GroupComparison, GroupLevel, GroupVerdict } from './comparison.ts'

const CELL_RANK: Readonly<Record<CellVerdict, number>> = { regression: 0, break: 1, changed: 2, improvement: 3, unchanged: 4, 'no-data': 5 }
const GROUP_RANK: Readonly<Record<GroupVerdict, number>> = { regression: 0, changed: 1, improvement: 2, unchanged: 3, 'no-data': 4 }
const LEVEL_RANK: Readonly<Record<GroupLevel, number>> = { overall: 0, category: 1, augmentation: 2 }

/**
 * Orders cells worst first: regressions, breaks, cells that changed without significance, each
 * by their effect (the largest fall of the pass rate first, then of the score, then the
 * strongest evidence; rises last), improvements (the largest rise first), unchanged cells and
 * those without data by name. Ties go by scenario, augmentation and agent, so the order is the
 * same on every machine.
 */
export function compareCellsWorstFirst(a: CellComparison, b: CellComparison): number {
  return CELL_RANK[a.verdict] - CELL_RANK[b.verdict] || withinVerdict(a, b) || byName(a, b)
}

/**
 * Orders groups worst first: regressions, changes and improvements each by their effect (the
 * largest fall first; for improvements the largest rise first), then unchanged ones; where they
 * tie, the stronger evidence, then the overall group before categories (in ToolSandbox's order)
 * before augmentation columns.
 */
export function compareGroupsWorstFirst(a: GroupComparison, b: GroupComparison): number {
  const rank = GROUP_RANK[a.verdict] - GROUP_RANK[b.verdict]
  if (rank !== 0) return rank
  const effect = (a.rateDifference ?? 0) - (b.rateDifference ?? 0)
  const evidence = a.verdict === 'improvement' ? a.adjustedBetter - b.adjustedBetter : a.adjustedWorse - b.adjustedWorse
  return (a.verdict === 'improvement' ? -effect : effect) || evidence || LEVEL_RANK[a.level] - LEVEL_RANK[b.level] || ORDER[a.level](a.name, b.name)
}

const ORDER: Readonly<Record<GroupLevel, (a: string, b: string) => number>> = { overall: () => 0, category: categoryOrder, augmentation: augmentationOrder }

function withinVerdict(a: CellComparison, b: CellComparison): number {
  const pass = (a.passRateDelta ?? 0) - (b.passRateDelta ?? 0)
  const score = (a.scoreDelta ?? 0) - (b.scoreDelta ?? 0)
  switch (a.verdict) {
    case 'regression':
      return pass || score || (a.adjustedWorse ?? a.pWorse) - (b.adjustedWorse ?? b.pWorse)
    case 'break':
      return b.base.trials - a.base.trials || score
    case 'changed':
      return pass || score
    case 'improvement':
      return -pass || -score || (a.adjustedBetter ?? a.pBetter) - (b.adjustedBetter ?? b.pBetter)
    default:
      return 0
  }
}

function byName(a: CellComparison, b: CellComparison): number {
  return compareText(a.scenario, b.scenario) || compareLabels(a.augmentation, b.augmentation) || compareText(a.agent ?? '', b.agent ?? '')
}
