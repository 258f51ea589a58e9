import { writeFile } from 'node:fs/promises'
import type { Correction } from '../compare/adjust-p-values.ts'
import { compareReports } from '../compare/compare-reports.ts'
import { comparisonMarkdown } from '../compare/comparison-markdown.ts'
import { formatComparison } from '../compare/format-comparison.ts'
import { formatHistory } from '../compare/format-history.ts'
import { historyMarkdown } from '../compare/history-markdown.ts'
import type { ComparedReportFile } from '../compare/read-compared-report.ts'
import { comparedPage, readComparedReports } from '../compare/read-compared-report.ts'
import { ReportFileError } from '../compare/read-report-file.ts'
import { readBaselineReports } from '../compare/read-baseline.ts'
import { luckyBase } from '../compare/lucky-base.ts'
import { poolTalliedReports } from '../compare/pool-reports.ts'
import { writeComparisonHtml } from '../compare/render-comparison-html.ts'
import { renderHistoryHtml } from '../compare/render-history-html.ts'
import { reportHistory } from '../compare/report-history.ts'
import { emptyTally } from '../compare/report-tally.ts'
import { EXIT_CODES } from './exit-codes.ts'
import type { CommandIo } from './io.ts'
import { parseCommandArguments } from './parse-command-arguments.ts'
import { UsageError } from './usage-error.ts'

/** The usage text of `toolcheck compare`. */
export const COMPARE_USAGE = `usage: toolcheck compare <base> <head> [options]
       toolcheck compare <oldest> ... <newest> [options]
       toolcheck compare --baseline <report> [--baseline <report> ...] <head> [options]

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

A base that was the best of many runs of its agent makes honest heads look like regressions. When
the reports show it (with a history, or a baseline of several reports), compare warns on stderr
and in the Markdown: the base passed far more than the reports before it (the exact stratified
test at 0.05). See docs/compare.md for the false-alarm rates of a typical and a lucky base.

options:
  --baseline <report>     compare the one head report named against a baseline made of several
                          reports (repeat it, or name a folder of report folders): their runs
                          pooled, so one lucky report weighs as one among several; each report is
                          checked against the others, and one far above them is warned of
  --json                  print the comparison (the history) as JSON instead of the table
  --markdown <file>       write a Markdown summary (for $GITHUB_STEP_SUMMARY or a PR comment);
                          - prints it instead of the table
  --html <file>           write the comparison page (groups, cells, both runs of a cell side by
                          side), or the history page
  --alpha <level>         the significance level of each family (default 0.05)
  --correction <method>   holm (default), bh (Benjamini-Hochberg) or none
  --allow-mixed-scoring   compare reports scored in different modes (toolcheck, toolsandbox)

exit code: 0 when nothing regressed; 4 on a regression (a group, a cell or a break); 1 when a
report is missing or cannot be read; 2 for bad options, for a file that is no report this version
reads (cut short, not JSON, a value of the wrong kind), or for reports scored in different modes
(unless --allow-mixed-scoring).
`

/** `toolcheck compare`: returns the exit code (see `COMPARE_USAGE`). */
export async function runCompareCommand(args: readonly string[], io: CommandIo): Promise<number> {
  // The same parser as every command's: a usage error is one line naming the option, exit code 2.
  const { values, positionals } = parseCommandArguments(
    args,
    {
      json: { type: 'boolean' },
      markdown: { type: 'string' },
      html: { type: 'string' },
      alpha: { type: 'string' },
      correction: { type: 'string' },
      'allow-mixed-scoring': { type: 'boolean' },
      baseline: { type: 'string', multiple: true },
    },
    true,
  )
  if (values.help === true) {
    io.stdout(COMPARE_USAGE)
    return EXIT_CODES.ok
  }
  for (const name of ['markdown', 'html', 'alpha', 'correction'] as const) if (values[name] !== undefined && values[name].trim() === '') throw new UsageError(`--${name} needs a value`)
  const baselines = values.baseline ?? []
  for (const given of baselines) if (given.trim() === '') throw new UsageError('--baseline needs a value')
  if (baselines.length > 0 && positionals.length !== 1) throw new UsageError(`with --baseline, name only the head report (toolcheck compare --baseline <report> ... <head>); got ${positionals.length} reports besides`)
  if (baselines.length === 0 && positionals.length < 2) throw new UsageError(`needs two reports, the base and the head (or more, oldest first, for a history); got ${positionals.length}`)
  if (values.json === true && values.markdown === '-') throw new UsageError('--json and --markdown - both want standard output; write the Markdown to a file')
  const alpha = values.alpha === undefined ? 0.05 : Number(values.alpha)
  if (!(alpha > 0 && alpha < 1)) throw new UsageError(`--alpha takes a level between 0 and 1, not ${JSON.stringify(values.alpha)}`)
  const correction = values.correction ?? 'holm'
  if (correction !== 'holm' && correction !== 'bh' && correction !== 'none') throw new UsageError(`--correction takes holm, bh or none, not ${JSON.stringify(correction)}`)

  const options = { alpha, correction: correction as Correction }
  // V8 grows a thread's young generation each time much has survived its collections since it
  // last grew, and does not give the memory back while the command runs. What survives here
  // lives on (the tallies, the comparison, the pages' texts) and would be moved to the old
  // generation all the same; yet comparing two reports of 100,000 runs grew the young generation
  // to its largest, 128 MB of the peak. Kept at its first size, the same comparison peaks some
  // 60 MB lower in the same CPU time. The flag is the process's (as toolcheck eval sets it).
  process.getBuiltinModule('node:v8').setFlagsFromString('--semi-space-growth-factor=1')
  // Two reports alone are compared from their runs' tallies, read a run at a time.
  if (baselines.length === 0 && positionals.length === 2) return compareTwo(positionals, options, values, io)

  // Every report is read a run at a time and kept as its runs' tally, one after the other (a
  // report named twice in a history, once); a baseline's reports are counted into the pool's
  // tally as they are read.
  const files: ComparedReportFile[] = []
  const pool = emptyTally()
  let pooled: readonly ComparedReportFile[] = []
  try {
    for (const path of baselines) pooled = [...pooled, ...(await readBaselineReports(path, pool))]
    files.push(...pooled)
    files.push(...(await readComparedReports(positionals)))
  } catch (error) {
    if (!(error instanceof ReportFileError)) throw error
    io.stderr(`toolcheck compare: ${error.message}\n`)
    return error.invalid ? EXIT_CODES.usage : EXIT_CODES.harness
  }
  if (pool.runs === 0) pool.deterministic = false
  if (mixedScoring(files, values, io)) return EXIT_CODES.usage
  // A lucky base fails honest heads: say so when the history shows it (a report of a pooled
  // baseline far above the others, or the base of a history far above the reports before it).
  const luck =
    pooled.length > 1
      ? pooled.flatMap((file, position) => luckyBase(file.report, sameAgent(file, [...pooled.slice(0, position), ...pooled.slice(position + 1)]), `the baseline report ${file.path}`)?.warning ?? [])
      : files.length > 2
        ? [luckyBase((files.at(-2) as ComparedReportFile).report, sameAgent(files.at(-2) as ComparedReportFile, files.slice(0, -2)), `the base ${(files.at(-2) as ComparedReportFile).path}`)?.warning ?? []].flat()
        : []
  for (const warning of luck) io.stderr(`toolcheck compare: warning: ${warning}${pooled.length > 1 ? ` It is pooled with the others here, which dilutes it.` : ''}\n`)
  if (pooled.length === 0 && files.length > 2) return writeHistory(files, options, values, io)

  const head = files.at(-1) as ComparedReportFile
  const base: ComparedReportFile =
    pooled.length > 1
      ? { ...(pooled.at(-1) as ComparedReportFile), path: `${pooled.length} baseline reports (${pooled.map((file) => file.path).join(', ')})`, report: poolTalliedReports(pooled.map((file) => file.report), pool) }
      : (files[0] as ComparedReportFile)
  const comparison = compareReports(base.report, head.report, { ...options, sources: { base: base.path, head: head.path } })
  // Standard output carries one thing: the JSON, the Markdown (`--markdown -`) or the table.
  if (values.json === true) io.stdout(`${JSON.stringify(comparison, null, 2)}\n`)
  else if (values.markdown === '-') io.stdout(withWarnings(comparisonMarkdown(comparison), luck))
  else io.stdout(`${formatComparison(comparison)}\n`)
  if (values.markdown !== undefined && values.markdown !== '-') await writeFile(values.markdown, withWarnings(comparisonMarkdown(comparison), luck))
  // A pooled baseline's page shows the newest of its reports' runs beside the head's.
  if (values.html !== undefined) await writeComparisonHtml(values.html, comparison, await comparedPage(pooled.at(-1) ?? base), await comparedPage(head))
  return comparison.regression ? EXIT_CODES.regression : EXIT_CODES.ok
}

/**
 * Whether the reports were scored in different modes without --allow-mixed-scoring (said on
 * standard error): scores of the two modes differ for the same trajectory, so comparing them
 * would report the change of mode as a change of the agent.
 */
function mixedScoring(files: readonly { readonly path: string; readonly report: { readonly settings?: { readonly scoring: string } | undefined } }[], values: { readonly 'allow-mixed-scoring'?: boolean }, io: CommandIo): boolean {
  const scored = files.flatMap((file) => (file.report.settings === undefined ? [] : [{ path: file.path, scoring: file.report.settings.scoring }]))
  if (new Set(scored.map((file) => file.scoring)).size <= 1 || values['allow-mixed-scoring'] === true) return false
  io.stderr(
    `toolcheck compare: the reports were scored in different modes (${scored.map((file) => `${file.path}: ${file.scoring}`).join('; ')}), and the modes score the same trajectory differently, so a difference would be the mode's, not the agent's. Score both the same way (the plugin's scoring option, toolcheck eval --scoring), or pass --allow-mixed-scoring to compare them anyway.\n`,
  )
  return true
}

/** `toolcheck compare <base> <head>`: both reports read a run at a time and kept as their runs' tallies (see `readComparedReport`). */
async function compareTwo(paths: readonly string[], options: { readonly alpha: number; readonly correction: Correction }, values: { readonly json?: boolean; readonly markdown?: string; readonly html?: string; readonly 'allow-mixed-scoring'?: boolean }, io: CommandIo): Promise<number> {
  let files: ComparedReportFile[]
  try {
    files = await readComparedReports(paths)
  } catch (error) {
    if (!(error instanceof ReportFileError)) throw error
    io.stderr(`toolcheck compare: ${error.message}\n`)
    return error.invalid ? EXIT_CODES.usage : EXIT_CODES.harness
  }
  if (mixedScoring(files, values, io)) return EXIT_CODES.usage
  const [base, head] = files as [ComparedReportFile, ComparedReportFile]
  const comparison = compareReports(base.report, head.report, { ...options, sources: { base: base.path, head: head.path } })
  // Standard output carries one thing: the JSON, the Markdown (`--markdown -`) or the table.
  if (values.json === true) io.stdout(`${JSON.stringify(comparison, null, 2)}\n`)
  else if (values.markdown === '-') io.stdout(comparisonMarkdown(comparison))
  else io.stdout(`${formatComparison(comparison)}\n`)
  if (values.markdown !== undefined && values.markdown !== '-') await writeFile(values.markdown, comparisonMarkdown(comparison))
  if (values.html !== undefined) await writeComparisonHtml(values.html, comparison, await comparedPage(base), await comparedPage(head))
  return comparison.regression ? EXIT_CODES.regression : EXIT_CODES.ok
}

/** The reports of `others` by the same agent as `file`'s: luck is judged against the agent's own history. */
function sameAgent(file: ComparedReportFile, others: readonly ComparedReportFile[]) {
  return others.filter((other) => other.report.agent === file.report.agent).map((other) => other.report)
}

/** The Markdown with the lucky-base warnings under its headline. */
function withWarnings(markdown: string, warnings: readonly string[]): string {
  if (warnings.length === 0) return markdown
  const [headline, ...rest] = markdown.split('\n')
  return [headline, '', ...warnings.map((warning) => `> ⚠️ ${warning}`), ...rest].join('\n')
}

async function writeHistory(files: readonly ComparedReportFile[], options: { readonly alpha: number; readonly correction: Correction }, values: { readonly json?: boolean; readonly markdown?: string; readonly html?: string }, io: CommandIo): Promise<number> {
  const history = reportHistory(
    files.map((file) => file.report),
    { ...options, sources: files.map((file) => file.path) },
  )
  if (values.json === true) io.stdout(`${JSON.stringify(history, null, 2)}\n`)
  else if (values.markdown === '-') io.stdout(historyMarkdown(history))
  else io.stdout(`${formatHistory(history)}\n`)
  if (values.markdown !== undefined && values.markdown !== '-') await writeFile(values.markdown, historyMarkdown(history))
  if (values.html !== undefined) await writeFile(values.html, renderHistoryHtml(history))
  return history.latest.regression ? EXIT_CODES.regression : EXIT_CODES.ok
}
