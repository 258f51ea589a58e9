import { AUGMENTATION_COLUMNS } from '../augmentation/augmentation-columns.ts'
import { culpritOf, isAgentResult } from '../conversation/culprit.ts'
import { CIRCUIT_OPEN } from '../roles/endpoint/circuit-breaker.ts'
import { CATEGORIES } from '../scenario/categories.ts'
import { compareLabels } from './compare-labels.ts'
import { compareText } from './compare-text.ts'
import { meanInterval } from './mean-interval.ts'
import type { PassHatK, TrialCount } from './pass-hat-k.ts'
import { passHatK } from './pass-hat-k.ts'
import { summarizeRobustness } from './summarize-robustness.ts'
import { summarizeUsers } from './summarize-users.ts'
import type { SummarizedRun, ReportSummary, SummaryGroup, SummaryMatrix, TaskTrials, UsageTotals } from './report.ts'
import { wilsonInterval } from './wilson-interval.ts'

/**
 * Computes the report's summary: overall (each run once), per category, per augmentation column
 * per agent and per simulated user (its errors by kind, `summarizeUsers`; a run counts in each of its categories and each of its `augmentationColumns`),
 * the category × column matrix, pass^k with its intervals per cell (scenario and full
 * augmentation label in one test) and over all cells (`passHatK`: one estimator and interval for
 * both), the runs that a circuit breaker cut short with the breakers' reasons, and the robustness
 * figures when runs had robustness augmentations (`summarizeRobustness`).
 */
export function summarizeRuns(runs: readonly SummarizedRun[]): ReportSummary {
  const byCategory = new Map<string, SummarizedRun[]>()
  const byAugmentation = new Map<string, SummarizedRun[]>()
  const byAgent = new Map<string, SummarizedRun[]>()
  const byCell = new Map<string, SummarizedRun[]>()
  const byTask = new Map<string, SummarizedRun[]>()
  for (const run of runs) {
    for (const category of run.categories) push(byCategory, category, run)
    for (const column of run.augmentationColumns) push(byAugmentation, column, run)
    for (const category of run.categories) for (const column of run.augmentationColumns) push(byCell, `${category}\u0000${column}`, run)
    push(byAgent, run.agent, run)
    push(byTask, cellKey(run), run)
  }
  const cellPassHatK = memoizedPassHatK()
  const trials = [...byTask.values()].map((cell) => summarizeTrials(cell, cellPassHatK))
  const overallPassHatK: Record<string, number> = {}
  const overallInterval: Record<string, readonly [number, number]> = {}
  const counts: TrialCount[] = trials
  const maxTrials = trials.reduce((most, task) => Math.max(most, task.trials), 0)
  for (let k = 1; k <= maxTrials; k++) {
    const value = passHatK(counts, k)
    if (value === undefined) continue
    overallPassHatK[k] = value.estimate
    overallInterval[k] = value.interval
  }
  const cut = runs.filter((run) => culpritOf(run) === 'infrastructure' && run.error?.kind === CIRCUIT_OPEN)
  const robustness = summarizeRobustness(runs, categoryOrder)
  return {
    overall: summarizeGroup(runs),
    cutShort: { runs: cut.length, reasons: [...new Set(cut.map((run) => run.error?.message ?? ''))].sort(compareText) },
    byCategory: groupRecord(byCategory, categoryOrder),
    byAugmentation: groupRecord(byAugmentation, augmentationOrder),
    byAgent: groupRecord(byAgent, compareText),
    byUser: summarizeUsers(runs),
    matrix: matrixOf(byCategory, byAugmentation, byCell),
    passHatK: overallPassHatK,
    passHatKInterval: overallInterval,
    trials,
    ...(robustness === undefined ? {} : { robustness }),
  }
}

/**
 * The cell a run belongs to: its scenario under its augmentation in its test (file and name),
 * played by its agent (one test may play a scenario with several agents); its trials are the
 * cell's runs. `summary.trials` lists the cells in the order of their first run.
 */
export function cellKey(run: Pick<SummarizedRun, 'file' | 'test' | 'scenario' | 'augmentation' | 'agent'>): string {
  return JSON.stringify([run.file, run.test, run.scenario, run.augmentation, run.agent])
}

/** Statistics of one group of runs. */
export function summarizeGroup(runs: readonly SummarizedRun[]): SummaryGroup {
  const scored = runs.filter(isAgentResult)
  const scores = meanInterval(scored.map((run) => run.score ?? 0))
  const passed = scored.filter((run) => run.passed).length
  const culprits = { agent: 0, domain: 0, infrastructure: 0, user: 0 }
  for (const run of runs) {
    const culprit = culpritOf(run)
    if (culprit !== undefined) culprits[culprit]++
  }
  return {
    runs: runs.length,
    errors: runs.length - scored.length,
    domainErrors: culprits.domain,
    infrastructureErrors: culprits.infrastructure,
    userErrors: culprits.user,
    passed,
    failed: scored.length - passed,
    agentErrors: culprits.agent,
    passRate: scored.length === 0 ? null : passed / scored.length,
    passRateInterval: wilsonInterval(passed, scored.length) ?? null,
    meanScore: scores?.mean ?? null,
    scoreInterval: scores?.interval ?? null,
    meanTurns: scored.length === 0 ? null : scored.reduce((sum, run) => sum + run.turns, 0) / scored.length,
    usage: usageOf(runs),
  }
}

/** Usage summed over runs; `costUsd` only when some run had a cost. */
export function usageOf(runs: readonly Pick<SummarizedRun, 'usage'>[]): UsageTotals {
  let calls = 0
  let cachedCalls = 0
  let promptTokens = 0
  let completionTokens = 0
  let latencyMs = 0
  let cost: number | undefined
  for (const { usage } of runs) {
    calls += usage.calls
    cachedCalls += usage.cachedCalls
    promptTokens += usage.promptTokens
    completionTokens += usage.completionTokens
    latencyMs += usage.latencyMs
    if (usage.costUsd !== undefined) cost = (cost ?? 0) + usage.costUsd
  }
  return { calls, cachedCalls, promptTokens, completionTokens, latencyMs, ...(cost === undefined ? {} : { costUsd: cost }) }
}

function summarizeTrials(runs: readonly SummarizedRun[], cellPassHatK: (trials: number, passes: number, k: number) => PassHatK): TaskTrials {
  const first = runs[0] as SummarizedRun
  const scored = runs.filter(isAgentResult)
  const passes = scored.filter((run) => run.passed).length
  const scores = meanInterval(scored.map((run) => run.score ?? 0))
  const hat: Record<string, number> = {}
  const hatInterval: Record<string, readonly [number, number]> = {}
  for (let k = 1; k <= scored.length; k++) {
    const value = cellPassHatK(scored.length, passes, k)
    hat[k] = value.estimate
    hatInterval[k] = value.interval
  }
  return {
    scenario: first.scenario,
    augmentation: first.augmentation,
    test: first.test,
    file: first.file,
    agent: first.agent,
    trials: scored.length,
    passes,
    errors: runs.length - scored.length,
    meanScore: scores?.mean ?? null,
    scoreInterval: scores?.interval ?? null,
    passHatK: hat,
    passHatKInterval: hatInterval,
  }
}

// Cells mostly share their counts (5 of 5, 4 of 5, ...): each count's curve is computed once.
function memoizedPassHatK(): (trials: number, passes: number, k: number) => PassHatK {
  const known = new Map<string, PassHatK>()
  return (trials, passes, k) => {
    const key = `${trials},${passes},${k}`
    let value = known.get(key)
    if (value === undefined) {
      value = passHatK([{ trials, passes }], k) as PassHatK
      known.set(key, value)
    }
    return value
  }
}

function matrixOf(byCategory: Map<string, SummarizedRun[]>, byAugmentation: Map<string, SummarizedRun[]>, byCell: Map<string, SummarizedRun[]>): SummaryMatrix {
  const categories = [...byCategory.keys()].sort(categoryOrder)
  const columns = [...byAugmentation.keys()].sort(augmentationOrder)
  const cells: Record<string, Record<string, SummaryGroup>> = {}
  for (const category of categories) {
    const row: Record<string, SummaryGroup> = {}
    for (const column of columns) {
      const runs = byCell.get(`${category}\u0000${column}`)
      if (runs !== undefined) row[column] = summarizeGroup(runs)
    }
    cells[category] = row
  }
  return { categories, columns, cells }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [value])
  else list.push(value)
}

function groupRecord(groups: Map<string, SummarizedRun[]>, order: (a: string, b: string) => number): Record<string, SummaryGroup> {
  const record: Record<string, SummaryGroup> = {}
  for (const key of [...groups.keys()].sort(order)) record[key] = summarizeGroup(groups.get(key) ?? [])
  return record
}

/** Categories in the paper's order, then the user's own labels alphabetically. */
export function categoryOrder(a: string, b: string): number {
  const rank = (category: string) => {
    const index = (CATEGORIES as readonly string[]).indexOf(category)
    return index === -1 ? CATEGORIES.length : index
  }
  return rank(a) - rank(b) || compareText(a, b)
}

/** ToolSandbox's columns in its table's order, then ours, then any others by label. */
export function augmentationOrder(a: string, b: string): number {
  const rank = (column: string) => {
    const index = AUGMENTATION_COLUMNS.indexOf(column)
    return index === -1 ? AUGMENTATION_COLUMNS.length : index
  }
  return rank(a) - rank(b) || compareLabels(a, b)
}
