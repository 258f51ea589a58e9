import { compareLabels } from '../../reporter/compare-labels.ts'
import { compareText } from '../../reporter/compare-text.ts'
import { scenarioTestLabel } from '../../runner/scenario-test-name.ts'
import type { EvalCase, EvalUnit } from './eval-messages.ts'

/** An evaluation's units in the order their runs have in the report, and each unit's place in it. */
export interface ReportOrder {
  readonly units: readonly EvalUnit[]
  /** The unit's place in `units` (by its case and trial). */
  readonly placeOf: (unit: EvalUnit) => number
}

/**
 * The units in the order of their runs in the report (`compareRuns`: scenario, augmentation
 * label, test, trial; an evaluation's runs share their file, agent and user), the label read
 * from each case's test name. Played in this order, runs finish nearly in it, and the report is
 * written as they come.
 */
export function reportOrder(units: readonly EvalUnit[], cases: readonly EvalCase[]): ReportOrder {
  // A name `scenarioTestName` did not make is its own label (its runs then come out of this order, and are handled as such).
  const labels = cases.map((testCase) => scenarioTestLabel(testCase.scenario, testCase.test) ?? testCase.test)
  const sorted = [...units].sort((a, b) => {
    const first = cases[a.case] as EvalCase
    const second = cases[b.case] as EvalCase
    return compareText(first.scenario, second.scenario) || compareLabels(labels[a.case] as string, labels[b.case] as string) || compareText(first.test, second.test) || a.trial - b.trial
  })
  const trials = units.reduce((most, unit) => Math.max(most, unit.trial + 1), 0)
  const places = new Int32Array(cases.length * trials)
  sorted.forEach((unit, at) => {
    places[unit.case * trials + unit.trial] = at
  })
  return { units: sorted, placeOf: (unit) => places[unit.case * trials + unit.trial] as number }
}
