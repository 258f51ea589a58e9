// First, so that an unsupported Node stops here with one line (see check-node.ts).
import '../check-node.ts'
import { resolve } from 'node:path'
import type { SerializedError } from 'vitest'
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import type { BuiltReport } from './build-report.ts'
import { buildReport } from './build-report.ts'
import type { CollectedTest } from './collected-test.ts'
import { collectTest } from './collected-test.ts'
import { readReportFile, ReportFileError } from '../compare/read-report-file.ts'
import type { GateResult } from '../gates/check-gates.ts'
import { checkGates, formatGates } from '../gates/check-gates.ts'
import type { GateOptions } from '../gates/gate-options.ts'
import { GATE_FAILED_EXIT_CODE, hasGates } from '../gates/gate-options.ts'
import { formatSummary } from './format-summary.ts'
import { writeReport } from './write-report.ts'

/** Options of the toolcheck reporter (the plugin passes them on). */
export interface ToolcheckReporterOptions {
  /** The directory for `report.json` and `index.html`, relative to the project root. Default `toolcheck-report`. */
  readonly outputDir?: string
  /** Write `index.html` too. Default true. */
  readonly html?: boolean
  /** Print the summary table at the end of the run. Default true. */
  readonly summary?: boolean
  /** The agent's name, used when no test recorded one. */
  readonly agent?: string
  /** Quality gates to check at the end (the plugin's `gates`). */
  readonly gates?: GateOptions
}

/**
 * The toolcheck reporter: at the end of a run (or of `--merge-reports`) it reads every test's
 * toolcheck metadata and transcript annotations, prints the summary and writes the JSON and HTML
 * reports. It implements only the public reporter hooks, so it sits beside the user's own
 * reporters. Runs with nothing recorded (no scenario tests) write nothing.
 */
export default class ToolcheckReporter implements Reporter {
  readonly options: ToolcheckReporterOptions
  /** The last report built, for programmatic callers (`runEval`). */
  lastReport: BuiltReport | undefined
  /** The gates' outcome of the last run, when gates were set and checked. */
  lastGates: GateResult | undefined
  #vitest: Vitest | undefined

  constructor(options: ToolcheckReporterOptions = {}) {
    this.options = options
  }

  onInit(vitest: Vitest): void {
    this.#vitest = vitest
  }

  async onTestRunEnd(testModules: readonly TestModule[], _unhandledErrors: readonly SerializedError[], _reason: TestRunEndReason): Promise<void> {
    const root = this.#vitest?.config.root ?? process.cwd()
    const tests: CollectedTest[] = []
    for (const testModule of testModules) for (const testCase of testModule.children.allTests()) tests.push(collectTest(testCase, root))
    const built = buildReport(tests, this.options.agent)
    this.lastReport = built
    if (built.report.runs.length === 0 && built.report.problems.length === 0) return
    const directory = resolve(root, this.options.outputDir ?? 'toolcheck-report')
    const written = await writeReport(built, directory, { html: this.options.html !== false })
    if (this.options.summary !== false) {
      const files = [written.json, written.html].filter((file) => file !== undefined).join(', ')
      this.#print(`\n${formatSummary(built.report)}\n\nreports: ${files}\n`)
    }
    await this.#checkGates(built, root)
  }

  // A gate fails the vitest run with its own exit code and says which gate and why. Shards hold
  // part of the runs, so their gates wait for `--merge-reports`.
  async #checkGates(built: BuiltReport, root: string): Promise<void> {
    const gates = this.options.gates
    this.lastGates = undefined
    if (!hasGates(gates) || gates === undefined) return
    if (this.#vitest?.config.shard !== undefined) {
      this.#print('toolcheck gates: checked when the shards are merged (vitest --merge-reports), not per shard')
      return
    }
    let baseline: { report: BuiltReport['report']; source: string } | undefined
    if (gates.baseline !== undefined) {
      try {
        const file = await readReportFile(resolve(root, gates.baseline))
        baseline = { report: file.report, source: gates.baseline }
      } catch (error) {
        if (!(error instanceof ReportFileError)) throw error
        this.#print(`toolcheck gates: the baseline cannot be read: ${error.message}`)
        process.exitCode = 1
        return
      }
    }
    const result = checkGates(built.report, gates, baseline)
    this.lastGates = result
    this.#print(`\n${formatGates(result)}\n`)
    if (!result.passed) process.exitCode = GATE_FAILED_EXIT_CODE
  }

  #print(text: string): void {
    if (this.#vitest !== undefined) this.#vitest.logger.log(text)
    else process.stdout.write(`${text}\n`)
  }
}
