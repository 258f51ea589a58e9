import { describe, expect, test } from 'vitest'
import type { EvalCase, EvalUnit } from '../../../src/cli/eval/eval-messages.ts'
import { reportOrder } from '../../../src/cli/eval/report-order.ts'
import { compareRuns } from '../../../src/reporter/compare-runs.ts'
import { scenarioTestName } from '../../../src/runner/index.ts'

const testCase = (scenario: string, label: string): EvalCase => ({ test: scenarioTestName(scenario, label), scenario, categories: [] })

describe('reportOrder', () => {
  test("units come in the order of their runs in the report, whatever order the table listed the cases in, and each unit's place is found", () => {
    // As a table lists them: scenario by scenario, each under the variants in their own order.
    const cases = [testCase('wifi-on', 'none'), testCase('wifi-on', '10 distraction tools'), testCase('wifi-on', '3 distraction tools'), testCase('alarm', 'tool names scrambled'), testCase('alarm', 'none')]
    const units: EvalUnit[] = cases.flatMap((_, index) => [0, 1, 2].map((trial) => ({ case: index, trial })))
    const order = reportOrder(units, cases)
    const runOf = (unit: EvalUnit) => {
      const { scenario, test } = cases[unit.case] as EvalCase
      return { scenario, augmentation: test.slice(scenario.length + 2, -1), file: 'eval', test, trial: unit.trial, agent: 'reference', user: 'scripted' }
    }
    const reported = order.units.map(runOf)
    expect(reported).toEqual([...units.map(runOf)].sort(compareRuns as (a: unknown, b: unknown) => number))
    expect(reported.slice(0, 4).map((run) => `${run.scenario} ${run.augmentation} ${run.trial}`)).toEqual(['alarm none 0', 'alarm none 1', 'alarm none 2', 'alarm tool names scrambled 0'])
    for (const [place, unit] of order.units.entries()) expect(order.placeOf({ case: unit.case, trial: unit.trial })).toBe(place)
  })

  test('a shard (some units only) is ordered all the same', () => {
    const cases = [testCase('b', 'none'), testCase('a', 'none')]
    const order = reportOrder([{ case: 0, trial: 1 }, { case: 1, trial: 0 }], cases)
    expect(order.units).toEqual([{ case: 1, trial: 0 }, { case: 0, trial: 1 }])
    expect(order.placeOf({ case: 0, trial: 1 })).toBe(1)
  })
})
