// A simulated suite and reports of a non-deterministic agent on it, for measuring how often the
// comparison raises false alarms.
import type { ComparedReport } from '../../src/compare/compare-reports.ts'
import { CATEGORIES } from '../../src/scenario/index.ts'

const AUGMENTATIONS = ['none', '3 distraction tools', 'tool names scrambled', 'descriptions scrambled']
/** Trials per cell in a simulated report. */
export const TRIALS = 5
const SCENARIOS = 40
/** How hard scenarios are for a non-deterministic agent: most nearly always pass, some are coin flips. */
const PASS_RATES = [
  { share: 0.6, rate: 0.97 },
  { share: 0.2, rate: 0.8 },
  { share: 0.1, rate: 0.5 },
  { share: 0.1, rate: 0.15 },
]
const usage = { calls: 1, promptTokens: 1, completionTokens: 1, latencyMs: 0, cachedCalls: 0 }

/** A simulated cell: a scenario under an augmentation, and the rate at which the agent passes it. */
export interface Cell {
  readonly scenario: string
  readonly augmentation: string
  readonly categories: string[]
  readonly rate: number
}

/** A suite of 40 scenarios under 4 augmentations, each scenario in one or two of ToolSandbox's categories. */
export function suite(random: () => number): Cell[] {
  return Array.from({ length: SCENARIOS }, (_, index) => {
    let draw = random()
    const rate = PASS_RATES.find((entry) => (draw -= entry.share) < 0)?.rate ?? 0.97
    const categories = [CATEGORIES[index % 7] as string, ...(index % 3 === 0 ? [CATEGORIES[(index + 2) % 7] as string] : [])]
    return AUGMENTATIONS.map((augmentation) => ({ scenario: `s${index}`, augmentation, categories, rate }))
  }).flat()
}

/** One simulated report of the agent on `cells`: every cell played `TRIALS` times. */
export function play(cells: readonly Cell[], random: () => number, rateOf: (cell: Cell) => number = (cell) => cell.rate): ComparedReport {
  return {
    agent: 'agent',
    runs: cells.flatMap((cell) =>
      Array.from({ length: TRIALS }, (_, trial) => {
        const passed = random() < rateOf(cell)
        return { ...cell, augmentationColumns: [cell.augmentation], agent: 'agent', trial, status: 'completed' as const, score: passed ? 1 : 0, passed, verdict: passed ? ('passed' as const) : ('failed' as const), usage }
      }),
    ),
  }
}

