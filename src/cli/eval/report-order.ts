import { compareLabels } from '../../reporter/compare-labels.ts'
import { compareText } from '../../reporter/compare-text.ts'
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
  const labels = cases.map((testCase) => augmentationLabel(testCase))
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

/** The augmentation label a case's runs are reported under, read from its test's name (`scenarioTestName`: `<id> <<label>>`). */
function augmentationLabel(testCase: EvalCase): string {
  const prefix = `${testCase.scenario} <`
  return testCase.test.startsWith(prefix) && testCase.test.endsWith('>') ? testCase.test.slice(prefix.length, -1) : testCase.test
}

