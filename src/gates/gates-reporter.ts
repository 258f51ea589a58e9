// First, so that an unsupported Node stops here with one line (see check-node.ts).
import '../check-node.ts'
import type { SerializedError } from 'vitest'
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import type { ReportRun } from '../reporter/report.ts'
import type { ToolcheckReporterOptions } from '../reporter/toolcheck-reporter.ts'
import ToolcheckReporter from '../reporter/toolcheck-reporter.ts'
import type { GateResult } from './check-gates.ts'
import { checkGates, formatGates } from './check-gates.ts'
import type { GateOptions } from './gate-options.ts'
import { GATE_FAILED_EXIT_CODE, hasGates } from './gate-options.ts'
import { METRIC_GATES } from './metric-gates.ts'
import { prepareGates } from './prepare-gates.ts'

/** Options of the reporter the plugin registers: the toolcheck reporter's, and the gates. */
export interface GatesReporterOptions extends ToolcheckReporterOptions {
  /** Quality gates to check at the end (the plugin's `gates`). */
  readonly gates?: GateOptions
}

/** What the run's exit code became, and why, as the reporter printed it. */
export interface GatesExit {
  /** The exit code the run ends with, as far as the gates decide it. */
  readonly code: number
  readonly reason: string
}

/**
 * The reporter the plugin registers, and `vitest-toolcheck/reporter`'s default export for a
 * config that lists its reporters by hand: the toolcheck reporter (summary, report.json,
 * index.html), then the gates on the report it built, which decide the exit code of a run that
 * has them; without gates it is the toolcheck reporter alone.
 *
 * **Which exit code wins.** vitest ends a run with 1 when a test failed; with gates, the gates
 * decide for the scenario tests, since their failures are the low scores the gates judge:
 * - 1 (vitest's) stands whenever something failed that the gates do not judge: a test file that
 *   did not load, an unhandled error, a test that failed without recording a run (a plain unit
 *   test, a scenario that broke), a test that failed although its run passed (another assertion,
 *   a turn limit), a failed run that no gate covers (only a category gate was set, and the run
 *   is of another category), or a baseline that cannot be read;
 * - otherwise 4 when a gate failed;
 * - otherwise 0, even though scenario tests failed: every failed run was judged by a gate
 *   (the overall minimums and the baseline judge every run, a category's minimums the runs of
 *   that category) and every gate held.
 * So a red CI run is either a broken run (1) or a quality gate (4), and a run whose gates hold
 * is green however many single scenarios fell short, which is what setting gates asks for.
 * Shards hold part of the runs, so their gates wait for `--merge-reports`.
 */
export default class GatesReporter implements Reporter {
  readonly options: GatesReporterOptions
  /** The toolcheck reporter this one wraps (its `lastReport` is the report the gates checked). */
  readonly inner: ToolcheckReporter
  /** The gates' outcome of the last run, when gates were set and checked. */
  lastGates: GateResult | undefined
  /** The exit code the gates decided for the last run, and why. */
  lastExit: GatesExit | undefined
  #vitest: Vitest | undefined

  constructor(options: GatesReporterOptions = {}) {
    this.options = options
    const { gates: _gates, ...reporterOptions } = options
    this.inner = new ToolcheckReporter(reporterOptions)
  }

  onInit(vitest: Vitest): void {
    this.#vitest = vitest
    this.inner.onInit(vitest)
  }

  async onTestRunEnd(testModules: readonly TestModule[], unhandledErrors: readonly SerializedError[], reason: TestRunEndReason): Promise<void> {
    await this.inner.onTestRunEnd(testModules, unhandledErrors, reason)
    this.lastGates = undefined
    this.lastExit = undefined
    const gates = this.options.gates
    const built = this.inner.lastReport
    if (gates === undefined || !hasGates(gates) || built === undefined) return
    if (this.#vitest?.config.shard !== undefined) {
      this.#print('toolcheck gates: checked when the shards are merged (vitest --merge-reports), not per shard')
      return
    }
    // Read again: the plugin checked it before the run, but the run may have taken hours.
    const prepared = await prepareGates({ ...(gates.baseline === undefined ? {} : { baseline: gates.baseline }) }, { root: this.#vitest?.config.root ?? process.cwd(), scoring: this.options.scoring ?? 'toolcheck' })
    if (prepared.problems.length > 0) {
      this.#print(`toolcheck gates: ${prepared.problems.join('; ')}`)
      this.#exit({ code: 1, reason: 'the baseline could not be used' })
      return
    }
    const baseline = prepared.baseline === undefined ? undefined : { report: prepared.baseline.file.report, source: prepared.baseline.source }
    const result = checkGates(built.report, gates, baseline)
    this.lastGates = result
    const exit = decideExit(result, gates, built.report, testModules, unhandledErrors, reason)
    this.#print(`\n${formatGates(result)}\n${exit.reason}\n`)
    this.#exit(exit)
  }

  #exit(exit: GatesExit): void {
    this.lastExit = exit
    process.exitCode = exit.code
  }

  #print(text: string): void {
    if (this.#vitest !== undefined) this.#vitest.logger.log(text)
    else process.stdout.write(`${text}\n`)
  }
}

/** The exit code by the rule in `GatesReporter`, with the reason in a sentence. */
function decideExit(
  result: GateResult,
  gates: GateOptions,
  report: { readonly runs: readonly ReportRun[]; readonly problems: readonly { readonly test: string }[] },
  testModules: readonly TestModule[],
  unhandledErrors: readonly unknown[],
  reason: TestRunEndReason,
): GatesExit {
  const failedGates = result.checks.filter((check) => !check.passed).length
  const vitestCode = 1
  if (reason === 'interrupted') return { code: vitestCode, reason: 'toolcheck gates: the run was interrupted, so vitest exits with 1' }
  const broken = [
    ...testModules.filter((module) => module.errors().length > 0).map((module) => `${module.moduleId} did not load`),
    ...(unhandledErrors.length > 0 ? [`${unhandledErrors.length} unhandled error(s)`] : []),
    ...report.problems.map((problem) => `${problem.test} failed without recording a run`),
  ]
  // A run whose simulated user broke its part is judged by --max-user-errors, when it is set.
  const judged = (run: ReportRun) =>
    (run.verdict === 'failed' &&
      (gates.minScore !== undefined ||
        gates.minPassRate !== undefined ||
        gates.baseline !== undefined ||
        run.categories.some((category) => gates.categories?.[category] !== undefined))) ||
    METRIC_GATES.some((gate) => gate.judges(run, gates))
  // A failed attempt (a test's trial) is explained when one of its runs failed and a gate judged it.
  const attempts = new Map<string, ReportRun[]>()
  for (const run of report.runs) {
    if (run.testPassed) continue
    const key = JSON.stringify([run.file, run.test, run.trial])
    attempts.set(key, [...(attempts.get(key) ?? []), run])
  }
  for (const runs of attempts.values()) {
    if (runs.some(judged)) continue
    const first = runs[0] as ReportRun
    const why = runs.some((run) => run.verdict === 'error') ? 'ended in an error' : runs.every((run) => run.verdict === 'passed') ? 'failed although its run passed' : 'failed, and no gate covers its categories'
    broken.push(`${first.test} (trial ${first.trial}) ${why}`)
  }
  if (broken.length > 0) {
    const listed = [...new Set(broken)]
    return { code: vitestCode, reason: `toolcheck gates: vitest's exit code 1 stands, since something failed that the gates do not judge: ${listed.slice(0, 3).join('; ')}${listed.length > 3 ? `; and ${listed.length - 3} more` : ''}` }
  }
  if (failedGates > 0) return { code: GATE_FAILED_EXIT_CODE, reason: `toolcheck gates: exit code ${GATE_FAILED_EXIT_CODE}, a gate failed` }
  return {
    code: 0,
    reason: attempts.size === 0 ? 'toolcheck gates: every gate held' : `toolcheck gates: every gate held, so the run exits 0; its ${attempts.size} failed scenario trial(s) are the low scores these gates judged`,
  }
}
