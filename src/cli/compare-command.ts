import { writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import type { Correction } from '../compare/adjust-p-values.ts'
import { compareReports } from '../compare/compare-reports.ts'
import { comparisonMarkdown } from '../compare/comparison-markdown.ts'
import { formatComparison } from '../compare/format-comparison.ts'
import { formatHistory } from '../compare/format-history.ts'
import { historyMarkdown } from '../compare/history-markdown.ts'
import type { ComparedReportFile } from '../compare/read-compared-report.ts'
import { comparedPage, readComparedReport } from '../compare/read-compared-report.ts'
import { ReportFileError } from '../compare/read-report-file.ts'
import { renderComparisonHtml } from '../compare/render-comparison-html.ts'
import { renderHistoryHtml } from '../compare/render-history-html.ts'
import type { HistoryReport } from '../compare/report-history.ts'
import { reportHistory } from '../compare/report-history.ts'
import { EXIT_CODES } from './exit-codes.ts'
import type { CommandIo } from './io.ts'

/** The usage text of `toolcheck compare`. */
export const COMPARE_USAGE = `usage: toolcheck compare <base> <head> [options]
       toolcheck compare <oldest> ... <newest> [options]

Compares two toolcheck reports: every group (all cells, each category, each augmentation
column) and every cell (a scenario under an augmentation; its runs are its trials), worst first.
<base> and <head> are report.json files or the directories that hold them.

A cell is a regression when Boschloo's exact test on its pass counts says so after Holm's
correction over the cells, or a break when it passed every base trial and fails every head trial
(with at least as many trials), flagged whatever the number of cells. A group is a regression when
the exact stratified test over its cells says so after the correction per level. When both reports
are deterministic (the reference agent, or every model call replayed from the cache), every cell
whose pass rate fell is a regression. Cells whose scenario changed are listed apart.

With more than two reports (oldest first): the trend of every group across them, each step marked
where it regressed or improved, and the newest report against the one before it as the verdict.

options:
  --json                  print the comparison (the history) as JSON instead of the table
  --markdown <file>       write a Markdown summary (for $GITHUB_STEP_SUMMARY or a PR comment);
                          - prints it instead of the table
  --html <file>           write the comparison page (groups, cells, both runs of a cell side by
                          side), or the history page
  --alpha <level>         the significance level of each family (default 0.05)
  --correction <method>   holm (default), bh (Benjamini-Hochberg) or none
  --allow-mixed-scoring   compare reports scored in different modes (toolcheck, toolsandbox)

exit code: 0 when nothing regressed; 4 on a regression (a group, a cell or a break); 1 when a
report cannot be read; 2 for bad options, or for reports scored in different modes (unless
--allow-mixed-scoring).
`

/** `toolcheck compare`: returns the exit code (see `COMPARE_USAGE`). */
export async function runCompareCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      markdown: { type: 'string' },
      html: { type: 'string' },
      alpha: { type: 'string' },
      correction: { type: 'string' },
      'allow-mixed-scoring': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help === true) {
    io.stdout(COMPARE_USAGE)
    return EXIT_CODES.ok
  }
  const usage = (message: string) => {
    io.stderr(`toolcheck compare: ${message}\n\n${COMPARE_USAGE}`)
    return EXIT_CODES.usage
  }
  if (positionals.length < 2) return usage(`needs two reports, the base and the head (or more, oldest first, for a history); got ${positionals.length}`)
  if (values.json === true && values.markdown === '-') return usage('--json and --markdown - both want standard output; write the Markdown to a file')
  const alpha = values.alpha === undefined ? 0.05 : Number(values.alpha)
  if (!(alpha > 0 && alpha < 1)) return usage(`--alpha takes a level between 0 and 1, not ${JSON.stringify(values.alpha)}`)
  const correction = values.correction ?? 'holm'
  if (correction !== 'holm' && correction !== 'bh' && correction !== 'none') return usage(`--correction takes holm, bh or none, not ${JSON.stringify(correction)}`)

  // Reports are compared from their runs' tallies, read a run at a time; a history reads their summaries too.
  const history = positionals.length > 2
  const files: ComparedReportFile[] = []
  try {
    // One after the other: read side by side, their chunks and garbage would add up.
    for (const path of positionals) files.push(await readComparedReport(path, { summary: history }))
  } catch (error) {
    if (!(error instanceof ReportFileError)) throw error
    io.stderr(`toolcheck compare: ${error.message}\n`)
    return EXIT_CODES.harness
  }
  // Scores of the two modes differ for the same trajectory: comparing them would report the
  // change of mode as a change of the agent.
  const scored = files.flatMap((file) => (file.report.settings === undefined ? [] : [{ path: file.path, scoring: file.report.settings.scoring }]))
  if (new Set(scored.map((file) => file.scoring)).size > 1 && values['allow-mixed-scoring'] !== true) {
    io.stderr(
      `toolcheck compare: the reports were scored in different modes (${scored.map((file) => `${file.path}: ${file.scoring}`).join('; ')}), and the modes score the same trajectory differently, so a difference would be the mode's, not the agent's. Score both the same way (the plugin's scoring option, toolcheck eval --scoring), or pass --allow-mixed-scoring to compare them anyway.\n`,
    )
    return EXIT_CODES.usage
  }
  const options = { alpha, correction: correction as Correction }
  if (history) return writeHistory(files, options, values, io)

  const [base, head] = files as [ComparedReportFile, ComparedReportFile]
  const comparison = compareReports(base.report, head.report, { ...options, sources: { base: base.path, head: head.path } })
  // Standard output carries one thing: the JSON, the Markdown (`--markdown -`) or the table.
  if (values.json === true) io.stdout(`${JSON.stringify(comparison, null, 2)}\n`)
  else if (values.markdown === '-') io.stdout(comparisonMarkdown(comparison))
  else io.stdout(`${formatComparison(comparison)}\n`)
  if (values.markdown !== undefined && values.markdown !== '-') await writeFile(values.markdown, comparisonMarkdown(comparison))
  if (values.html !== undefined) await writeFile(values.html, renderComparisonHtml(comparison, await comparedPage(base), await comparedPage(head)))
  return comparison.regression ? EXIT_CODES.regression : EXIT_CODES.ok
}

async function writeHistory(files: readonly ComparedReportFile[], options: { readonly alpha: number; readonly correction: Correction }, values: { readonly json?: boolean; readonly markdown?: string; readonly html?: string }, io: CommandIo): Promise<number> {
  const reports: HistoryReport[] = []
  for (const file of files) {
    const { summary } = file.report
    if (summary === undefined) {
      io.stderr(`toolcheck compare: ${file.path}: holds no "summary", which a history reads (toolcheck-report/report.json has one)\n`)
      return EXIT_CODES.harness
    }
    reports.push({ ...file.report, summary })
  }
  const history = reportHistory(reports, { ...options, sources: files.map((file) => file.path) })
  if (values.json === true) io.stdout(`${JSON.stringify(history, null, 2)}\n`)
  else if (values.markdown === '-') io.stdout(historyMarkdown(history))
  else io.stdout(`${formatHistory(history)}\n`)
  if (values.markdown !== undefined && values.markdown !== '-') await writeFile(values.markdown, historyMarkdown(history))
  if (values.html !== undefined) await writeFile(values.html, renderHistoryHtml(history))
  return history.latest.regression ? EXIT_CODES.regression : EXIT_CODES.ok
}
