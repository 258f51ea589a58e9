import { compareLabels } from './compare-labels.ts'
import { compareText } from './compare-text.ts'
import type { SummarizedRun } from './report.ts'

/**
 * The order of a report's runs: by scenario, augmentation, file, test, trial, agent and user, so
 * a report's bytes do not depend on the order its runs finished in.
 */
export function compareRuns(a: SummarizedRun, b: SummarizedRun): number {
  return (
    compareText(a.scenario, b.scenario) ||
    compareLabels(a.augmentation, b.augmentation) ||
    compareText(a.file, b.file) ||
    compareText(a.test, b.test) ||
    a.trial - b.trial ||
    compareText(a.agent, b.agent) ||
    compareText(a.user, b.user)
  )
}
