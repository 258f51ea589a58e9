import { writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import type { Correction } from '../compare/adjust-p-values.ts'
import { compareReports } from '../compare/compare-reports.ts'
import { comparisonMarkdown } from '../compare/comparison-markdown.ts'
import { formatComparison } from '../compare/format-comparison.ts'
import type { ReportFile } from '../compare/read-report-file.ts'
import { readReportFile, ReportFileError } from '../compare/read-report-file.ts'
import { renderComparisonHtml } from '../compare/render-comparison-html.ts'
import { packText } from '../reporter/packed-json.ts'
import { encodePageData } from '../reporter/page-data.ts'
import { EXIT_CODES } from './exit-codes.ts'
import type { CommandIo } from './io.ts'

/** The usage text of `toolcheck compare`. */
export const COMPARE_USAGE = `usage: toolcheck compare <base> <head> [options]

Compares two toolcheck reports cell by cell (a scenario under an augmentation; its runs are its
trials): pass-rate and score deltas, regressions and improvements decided by Boschloo's exact
test on the pass counts, Holm-adjusted over all cells, so trial noise is not called a regression.
<base> and <head> are report.json files or the directories that hold them.

options:
  --json                  print the comparison as JSON instead of the table
  --markdown <file>       write a Markdown summary (for $GITHUB_STEP_SUMMARY or a PR comment);
                          - prints it instead of the table
  --html <file>           write the comparison page (side by side, filters, both runs of a cell)
  --alpha <level>         the significance level (default 0.05)
  --correction <method>   holm (default), bh (Benjamini-Hochberg) or none

exit code: 0 when there is no significant regression; 4 when there is one (a cell or overall);
1 when a report cannot be read; 2 for bad options.
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
  if (positionals.length !== 2) return usage(`needs two reports, the base and the head; got ${positionals.length}`)
  if (values.json === true && values.markdown === '-') return usage('--json and --markdown - both want standard output; write the Markdown to a file')
  const alpha = values.alpha === undefined ? 0.05 : Number(values.alpha)
  if (!(alpha > 0 && alpha < 1)) return usage(`--alpha takes a level between 0 and 1, not ${JSON.stringify(values.alpha)}`)
  const correction = values.correction ?? 'holm'
  if (correction !== 'holm' && correction !== 'bh' && correction !== 'none') return usage(`--correction takes holm, bh or none, not ${JSON.stringify(correction)}`)

  let base: ReportFile
  let head: ReportFile
  try {
    ;[base, head] = await Promise.all([readReportFile(positionals[0] as string), readReportFile(positionals[1] as string)])
  } catch (error) {
    if (!(error instanceof ReportFileError)) throw error
    io.stderr(`toolcheck compare: ${error.message}\n`)
    return EXIT_CODES.harness
  }
  const comparison = compareReports(base.report, head.report, { alpha, correction: correction as Correction, sources: { base: base.path, head: head.path } })
  // Standard output carries one thing: the JSON, the Markdown (`--markdown -`) or the table.
  if (values.json === true) io.stdout(`${JSON.stringify(comparison, null, 2)}\n`)
  else if (values.markdown === '-') io.stdout(comparisonMarkdown(comparison))
  else io.stdout(`${formatComparison(comparison)}\n`)
  if (values.markdown !== undefined && values.markdown !== '-') await writeFile(values.markdown, comparisonMarkdown(comparison))
  if (values.html !== undefined) {
    const page = (file: ReportFile) => {
      const data = encodePageData(file.report, [])
      return { index: data.index, packedDetails: file.packedDetails ?? packText(data.detailsJson) }
    }
    await writeFile(values.html, renderComparisonHtml(comparison, page(base), page(head)))
  }
  return comparison.regression ? EXIT_CODES.regression : EXIT_CODES.ok
}
