import { AUGMENTATION_COLUMNS } from '../augmentation/index.ts'
import { CIRCUIT_OPEN } from '../roles/endpoint/circuit-breaker.ts'
import { CATEGORIES } from '../scenario/index.ts'
import { compareLabels } from './compare-labels.ts'
import { compareText } from './compare-text.ts'
import { meanInterval } from './mean-interval.ts'
import { passHatK } from './pass-hat-k.ts'
import type { ReportRun, ReportSummary, SummaryGroup, TaskTrials } from './report.ts'

/**
 * Computes the report's summary: overall (each run once), per category and per augmentation
 * column (a run counts in each of its categories and each of its `augmentationColumns`), and
 * trials with pass^k (per scenario and full augmentation label), and the runs that a circuit
 * breaker cut short with the breakers' reasons.
 */
export function summarizeRuns(runs: readonly ReportRun[]): ReportSummary {
  const byCategory = new Map<string, ReportRun[]>()
  const byAugmentation = new Map<string, ReportRun[]>()
  const byTask = new Map<string, ReportRun[]>()
  for (const run of runs) {
    for (const category of run.categories) push(byCategory, category, run)
    for (const column of run.augmentationColumns) push(byAugmentation, column, run)
    push(byTask, JSON.stringify([run.file, run.test, run.scenario, run.augmentation]), run)
  }
  const trials = [...byTask.values()].map(summarizeTrials)
  const maxTrials = Math.max(0, ...trials.map((task) => task.trials))
  const overallPassHatK: Record<string, number> = {}
  for (let k = 1; k <= maxTrials; k++) {
    const values = trials.flatMap((task) => (task.passHatK[k] === undefined ? [] : [task.passHatK[k] as number]))
    if (values.length > 0) overallPassHatK[k] = values.reduce((sum, value) => sum + value, 0) / values.length
  }
  const cut = runs.filter((run) => run.status === 'error' && run.error?.kind === CIRCUIT_OPEN)
  return {
    overall: summarizeGroup(runs),
    cutShort: { runs: cut.length, reasons: [...new Set(cut.map((run) => run.error?.message ?? ''))].sort(compareText) },
    byCategory: groupRecord(byCategory, categoryOrder),
    byAugmentation: groupRecord(byAugmentation, augmentationOrder),
    passHatK: overallPassHatK,
    trials,
  }
}

/** Statistics of one group of runs. */
export function summarizeGroup(runs: readonly ReportRun[]): SummaryGroup {
  const scored = runs.filter((run) => run.status !== 'error')
  const scores = meanInterval(scored.map((run) => run.score ?? 0))
  return {
    runs: runs.length,
    errors: runs.length - scored.length,
    passed: scored.filter((run) => run.passed).length,
    failed: scored.filter((run) => !run.passed).length,
    meanScore: scores?.mean ?? null,
    scoreInterval: scores?.interval ?? null,
    meanTurns: scored.length === 0 ? null : scored.reduce((sum, run) => sum + run.turns, 0) / scored.length,
  }
}

function summarizeTrials(runs: readonly ReportRun[]): TaskTrials {
  const first = runs[0] as ReportRun
  const scored = runs.filter((run) => run.status !== 'error')
  const passes = scored.filter((run) => run.passed).length
  const scores = meanInterval(scored.map((run) => run.score ?? 0))
  const hat: Record<string, number> = {}
  for (let k = 1; k <= scored.length; k++) hat[k] = passHatK(scored.length, passes, k) as number
  return {
    scenario: first.scenario,
    augmentation: first.augmentation,
    test: first.test,
    agent: first.agent,
    trials: scored.length,
    passes,
    errors: runs.length - scored.length,
    meanScore: scores?.mean ?? null,
    scoreInterval: scores?.interval ?? null,
    passHatK: hat,
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [value])
  else list.push(value)
}

function groupRecord(groups: Map<string, ReportRun[]>, order: (a: string, b: string) => number): Record<string, SummaryGroup> {
  const record: Record<string, SummaryGroup> = {}
  for (const key of [...groups.keys()].sort(order)) record[key] = summarizeGroup(groups.get(key) ?? [])
  return record
}

// Categories in the paper's order, unknown ones after them alphabetically.
function categoryOrder(a: string, b: string): number {
  const rank = (category: string) => {
    const index = (CATEGORIES as readonly string[]).indexOf(category)
    return index === -1 ? CATEGORIES.length : index
  }
  return rank(a) - rank(b) || compareText(a, b)
}

// ToolSandbox's columns in its table's order, then ours, then any others by label.
function augmentationOrder(a: string, b: string): number {
  const rank = (column: string) => {
    const index = AUGMENTATION_COLUMNS.indexOf(column)
    return index === -1 ? AUGMENTATION_COLUMNS.length : index
  }
  return rank(a) - rank(b) || compareLabels(a, b)
}
