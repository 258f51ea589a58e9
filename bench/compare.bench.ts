import type { ComparedReport } from '../src/compare/compare-reports.ts'
import { compareReports } from '../src/compare/compare-reports.ts'
import { formatComparison } from '../src/compare/format-comparison.ts'
import { CATEGORIES } from '../src/scenario/index.ts'
import { seededRandom } from '../src/tools/seeded-random.ts'
import { defineBenchmarks } from './harness.ts'

const AUGMENTATIONS = ['none', '3 distraction tools', '10 distraction tools', 'tool names scrambled', 'descriptions scrambled', 'argument descriptions scrambled', 'argument types scrambled', 'all tools']
const usage = { calls: 1, promptTokens: 1200, completionTokens: 80, latencyMs: 900, cachedCalls: 0 }

/**
 * Two reports of a flaky agent over `scenarios` scenarios under 8 augmentations at 5 trials: each
 * scenario passes with probability 0.97, 0.8, 0.5 or 0.15, in one or two of ToolSandbox's
 * categories, and the head loses a third of the passes of one category.
 */
function reports(scenarios: number): { base: ComparedReport; head: ComparedReport } {
  const random = seededRandom(`compare ${scenarios}`)
  const cells = Array.from({ length: scenarios }, (_, index) => {
    const rate = [0.97, 0.8, 0.5, 0.15][Math.floor(random() * 4)] as number
    const categories = [CATEGORIES[index % 7] as string, ...(index % 3 === 0 ? [CATEGORIES[(index + 2) % 7] as string] : [])]
    return AUGMENTATIONS.map((augmentation) => ({ scenario: `scenario-${index}`, augmentation, categories, rate }))
  }).flat()
  const play = (head: boolean): ComparedReport => ({
    agent: 'openai:gpt-4o-mini',
    runs: cells.flatMap((cell) =>
      Array.from({ length: 5 }, (_, trial) => {
        const rate = head && cell.categories.includes('STATE_DEPENDENCY') ? cell.rate * 0.67 : cell.rate
        const passed = random() < rate
        return { ...cell, augmentationColumns: [cell.augmentation], agent: 'openai:gpt-4o-mini', trial, status: 'completed' as const, score: passed ? 1 : 0, passed, verdict: passed ? ('passed' as const) : ('failed' as const), usage }
      }),
    ),
  })
  return { base: play(false), head: play(true) }
}

type Pair = ReturnType<typeof reports>
const facts = (state: unknown) => {
  const { base, head } = state as Pair
  const comparison = compareReports(base, head)
  return { runsPerSide: base.runs.length, cells: comparison.cells.length, groups: comparison.groups.length, regressedGroups: comparison.groups.filter((group) => group.verdict === 'regression').map((group) => group.name) }
}

export default defineBenchmarks([
  {
    // The built-in corpus's size: 229 scenarios under 8 variants, 5 trials a side.
    name: 'compare 2 reports of 9,160 runs (1,832 cells, 5 trials) and format',
    targetMs: 500,
    iterations: 5,
    setup: () => reports(229),
    run: (state) => {
      const { base, head } = state as Pair
      return formatComparison(compareReports(base, head))
    },
    facts,
  },
  {
    name: 'compare 2 reports of 100,000 runs (20,000 cells, 5 trials)',
    targetMs: 3000,
    iterations: 3,
    warmUp: 1,
    setup: () => reports(2500),
    run: (state) => {
      const { base, head } = state as Pair
      return compareReports(base, head)
    },
    facts,
  },
])
