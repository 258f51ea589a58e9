// First, so that an unsupported Node stops here with one line (see check-node.ts).
import '../check-node.ts'
import { writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { SerializedError } from 'vitest'
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import type { BuiltReport } from './build-report.ts'
import { buildReport } from './build-report.ts'
import type { CollectedTest } from './collected-test.ts'
import { collectTest } from './collected-test.ts'
import type { ScoringMode } from '../evaluation/scoring-mode.ts'
import { formatSummary } from './format-summary.ts'
import { SUMMARY_MARKDOWN_FILE, summaryMarkdown } from './summary-markdown.ts'
import { readEarlierRuns } from './resumable-runs.ts'
import { withEarlierRuns } from './with-earlier-runs.ts'
import { writeReport } from './write-report.ts'

/** Options of the toolcheck reporter (the plugin passes them on). */
export interface ToolcheckReporterOptions {
  /** The directory for `report.json` and `index.html`, relative to the project root. Default `toolcheck-report`. */
  readonly outputDir?: string
  /** Write `index.html` too. Default true. */
  readonly html?: boolean
  /** Print the summary table at the end of the run. Default true. */
  readonly summary?: boolean
  /** The agent spec the plugin was given; also the agent's name when no test recorded one. */
  readonly agent?: string
  /** The user spec the plugin was given. */
  readonly user?: string
  /** How the runs were scored (the plugin's `scoring`), recorded in the report's settings. */
  readonly scoring?: ScoringMode
  /**
   * The report folder the run resumes (relative to the project root): the report written holds
   * its runs beside the ones played now (see `withEarlierRuns`).
   */
  readonly resume?: string
}

/**
 * The toolcheck reporter: at the end of a run (or of `--merge-reports`) it reads every test's
 * toolcheck metadata and transcript annotations, prints the summary and writes the JSON and HTML
 * reports. It implements only the public reporter hooks, so it sits beside the user's own
 * reporters. Runs with nothing recorded (no scenario tests) write nothing. The plugin registers
 * it inside `GatesReporter`, which checks the gates on the report it built.
 */
export default class ToolcheckReporter implements Reporter {
  readonly options: ToolcheckReporterOptions
  /** The last report built, for programmatic callers (`runEval`). */
  lastReport: BuiltReport | undefined
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
    const { agent, user, scoring } = this.options
    const settings = { ...(agent === undefined ? {} : { agentSpec: agent }), ...(user === undefined ? {} : { userSpec: user }), ...(scoring === undefined ? {} : { scoring }) }
    const played = buildReport(tests, agent, settings)
    // The plugin read the resumed report before anything played; it is read again here, as it was.
    const built = this.options.resume === undefined ? played : await withEarlierRuns(played, await readEarlierRuns(resolve(root, this.options.resume)), agent, settings)
    this.lastReport = built
    if (built.report.runs.length === 0 && built.report.problems.length === 0) return
    const directory = resolve(root, this.options.outputDir ?? 'toolcheck-report')
    const written = await writeReport(built, directory, { html: this.options.html !== false })
    await writeFile(join(directory, SUMMARY_MARKDOWN_FILE), summaryMarkdown(built.report, written.html === undefined ? {} : { page: written.html }))
    if (this.options.summary !== false) {
      const files = [written.json, written.html].filter((file) => file !== undefined).join(', ')
      this.#print(`\n${formatSummary(built.report, written.html === undefined ? {} : { page: written.html })}\n\nreports: ${files}\n`)
    }
  }

  #print(text: string): void {
    if (this.#vitest !== undefined) this.#vitest.logger.log(text)
    else process.stdout.write(`${text}\n`)
  }
}
