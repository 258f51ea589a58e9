import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { ComparedRun } from '../../src/compare/report-tally.ts'
import { addRun, cellPositions, emptyTally, tallyRuns, verdictOf } from '../../src/compare/report-tally.ts'

const usage = { calls: 1, cachedCalls: 0, promptTokens: 10, completionTokens: 2, latencyMs: 5 }

// Few names, so that runs share cells, lists repeat, and a run may carry lists of its own.
const run: fc.Arbitrary<ComparedRun> = fc.record({
  scenario: fc.constantFrom('a', 'b', 'constructor'),
  augmentation: fc.constantFrom('none', 'all tools'),
  augmentationColumns: fc.constantFrom(['none'], ['all tools'], ['none', 'all tools'], ['none', 'none']),
  categories: fc.constantFrom(['X'], ['Y'], ['X', 'Y'], ['Y', 'X'], ['X', 'X'], []),
  agent: fc.constantFrom('m1', 'm2'),
  status: fc.constantFrom('completed', 'error'),
  score: fc.oneof(fc.constant(null), fc.constantFrom(0, 0.25, 1)),
  passed: fc.boolean(),
  trial: fc.integer({ min: 0, max: 4 }),
  usage: fc.constant(usage),
  verdict: fc.constantFrom('passed' as const, 'failed' as const, 'error' as const),
})

/** The counts the tally keeps, worked out the plain way: every cell's runs listed, every group's runs filtered. */
function oracle(runs: readonly ComparedRun[]) {
  const cells = new Map<string, { categories: string[]; columns: readonly string[]; places: [number, number][]; runs: number; errors: number; passes: number; scoreSum: number }>()
  const groups = new Map<string, { runs: number; errors: number; passes: number; scoreSum: number }>()
  for (const [position, each] of runs.entries()) {
    const key = JSON.stringify([each.scenario, each.augmentation, each.agent])
    const cell = cells.get(key) ?? { categories: [], columns: each.augmentationColumns, places: [], runs: 0, errors: 0, passes: 0, scoreSum: 0 }
    cells.set(key, cell)
    for (const category of each.categories) if (!cell.categories.includes(category)) cell.categories.push(category)
    cell.places.push([each.trial, position])
    const verdict = verdictOf(each)
    cell.runs++
    if (verdict === 'error') cell.errors++
    else cell.scoreSum += each.score ?? 0
    if (verdict === 'passed') cell.passes++
    for (const name of [...each.categories.map((category) => `category\u0000${category}`), ...each.augmentationColumns.map((column) => `augmentation\u0000${column}`)]) {
      const group = groups.get(name) ?? { runs: 0, errors: 0, passes: 0, scoreSum: 0 }
      groups.set(name, group)
      group.runs++
      if (verdict === 'error') group.errors++
      else group.scoreSum += each.score ?? 0
      if (verdict === 'passed') group.passes++
    }
  }
  return { cells, groups }
}

describe('tallyRuns', () => {
  test('keeps per cell and per group the counts of its runs, and each cell’s runs ordered by trial, then by position', () => {
    fc.assert(
      fc.property(fc.array(run, { maxLength: 40 }), (runs) => {
        const tally = tallyRuns(runs)
        const expected = oracle(runs)
        const { offsets, positions } = cellPositions(tally)
        expect(tally.cells.map((cell) => JSON.stringify([cell.scenario, cell.augmentation, cell.agent]))).toEqual([...expected.cells.keys()])
        for (const cell of tally.cells) {
          const want = expected.cells.get(JSON.stringify([cell.scenario, cell.augmentation, cell.agent]))
          const ordered = [...(want?.places ?? [])].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, position]) => position)
          expect(Array.from(positions.subarray(offsets[cell.index], offsets[cell.index + 1]))).toEqual(ordered)
          expect({ categories: cell.categories, columns: cell.augmentationColumns, runs: cell.runs, errors: cell.errors, passes: cell.passes, scoreSum: cell.scoreSum }).toEqual({
            categories: want?.categories,
            columns: want?.columns,
            runs: want?.runs,
            errors: want?.errors,
            passes: want?.passes,
            scoreSum: want?.scoreSum,
          })
        }
        expect(new Map([...tally.groups].map(([name, group]) => [name, { ...group }]))).toEqual(expected.groups)
        expect([...tally.groups.keys()]).toEqual([...expected.groups.keys()])
      }),
      { numRuns: 200 },
    )
  })

  test('works the positions out again when runs were counted since', () => {
    const runs = [0, 1, 2].map((trial) => ({ scenario: 'a', augmentation: 'none', augmentationColumns: ['none'], categories: [], agent: 'm', status: 'completed', score: 1, passed: true, trial: 2 - trial, usage }) satisfies ComparedRun)
    const tally = emptyTally()
    addRun(tally, runs[0] as ComparedRun, 0)
    addRun(tally, runs[1] as ComparedRun, 1)
    expect(Array.from(cellPositions(tally).positions)).toEqual([1, 0])
    addRun(tally, runs[2] as ComparedRun, 2)
    expect(Array.from(cellPositions(tally).positions)).toEqual([2, 1, 0])
  })
})
