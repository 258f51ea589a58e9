import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { GateOptions } from '../gates/gate-options.ts'
import type { PreparedGates } from '../gates/prepare-gates.ts'
import { formatSummary } from '../reporter/format-summary.ts'
import type { Report, SummarizedReport } from '../reporter/report.ts'
import { SUMMARY_MARKDOWN_FILE, summaryMarkdown } from '../reporter/summary-markdown.ts'
import type { WrittenReport } from '../reporter/write-report.ts'
import { escapeControlCharacters } from '../conversation/safe-text.ts'
import { EXIT_CODES } from './exit-codes.ts'
import type { CommandIo } from './io.ts'

/** What a command that wrote a report says and decides at the end. */
export interface Conclusion {
  /** The command's name, for its messages (`eval`, `merge`). */
  readonly command: string
  readonly report: SummarizedReport
  readonly written: WrittenReport
  /** A line printed between the summary and the reports' paths (empty for none). */
  readonly note?: string
  readonly gates?: GateOptions
  /** The gates as checked up front (their baseline read). */
  readonly prepared?: PreparedGates
  /** When the report is of part of an evaluation (a partial merge): said again after the gates, which judge only that part. */
  readonly partial?: string
}

/**
 * Prints a written report's summary, checks its gates and returns the exit code of `toolcheck
 * eval` and `toolcheck merge`: 1 when a test broke before recording its run, 5 when runs ended in
 * domain errors, 4 when a gate failed (also when runs ended in infrastructure errors), 3 when runs
 * ended in infrastructure errors, 6 when runs ended in user errors, else 0.
 */
export async function concludeReport(io: CommandIo, conclusion: Conclusion): Promise<number> {
  const { command, report, written } = conclusion
  const note = conclusion.note === undefined || conclusion.note === '' ? '' : `\n${conclusion.note}\n`
  const page = written.html
  io.stdout(`${formatSummary(report, page === undefined ? {} : { page })}\n${note}\nreports: ${[written.json, written.html].filter((file) => file !== undefined).join(', ')}\n`)
  const markdown = (extra: readonly string[]) => writeFile(join(dirname(written.json), SUMMARY_MARKDOWN_FILE), summaryMarkdown(report, { ...(page === undefined ? {} : { page }), extra }))
  const problems = report.problems.map((problem) => escapeControlCharacters(`${problem.test}: ${problem.message.split('\n')[0]}`))
  if (problems.length > 0) {
    io.stderr(`toolcheck ${command}: the harness failed:\n  ${problems.join('\n  ')}\n`)
    return EXIT_CODES.harness
  }
  const overall = report.summary.overall
  const errors = overall.infrastructureErrors
  const domainErrors = overall.domainErrors
  if (domainErrors > 0)
    io.stderr(`toolcheck ${command}: ${domainErrors} of ${overall.runs} runs ended in domain errors: a tool of the domain broke (see the summary above and "error" in the report); fix the tool, these runs say nothing about the agent\n`)
  if (conclusion.gates !== undefined) {
    const baseline = conclusion.prepared?.baseline === undefined ? undefined : { report: conclusion.prepared.baseline.file.report, source: conclusion.prepared.baseline.source }
    // The gates compare runs cell by cell: the report is read back whole for them.
    const whole = JSON.parse(await readFile(written.json, 'utf8')) as Report
    // Loaded only for gates, so a command without them starts without the comparison's code.
    const { checkGates, formatGates } = await import('../gates/check-gates.ts')
    const gates = checkGates(whole, conclusion.gates, baseline)
    io.stdout(`\n${formatGates(gates)}\n${conclusion.partial === undefined ? '' : `(${conclusion.partial})\n`}`)
    await markdown([['```', formatGates(gates), '```'].join('\n')])
    if (!gates.passed) {
      io.stderr(`toolcheck ${command}: ${gates.checks.filter((check) => !check.passed).length} gate(s) failed${errors > 0 ? `; ${errors} runs also ended in infrastructure errors` : ''}\n`)
      return domainErrors > 0 ? EXIT_CODES.domain : EXIT_CODES.regression
    }
  } else await markdown([])
  if (errors > 0)
    io.stderr(`toolcheck ${command}: ${errors} of ${overall.runs} runs ended in infrastructure errors (see "errors" in the report); their scores are not the agent's\n`)
  const userErrors = overall.userErrors ?? 0
  if (userErrors > 0)
    io.stderr(`toolcheck ${command}: ${userErrors} of ${overall.runs} runs ended in user errors: the simulated user broke its part (see the summary above); they say nothing about the agent, and toolcheck eval --resume <dir> --replay-user-errors plays them again with a fresh user trial\n`)
  if (domainErrors > 0) return EXIT_CODES.domain
  if (errors > 0) return EXIT_CODES.infrastructure
  return userErrors > 0 ? EXIT_CODES.user : EXIT_CODES.ok
}
