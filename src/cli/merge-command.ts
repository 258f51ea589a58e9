import { stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { GateOptions } from '../gates/gate-options.ts'
import { METRIC_GATES } from '../gates/metric-gates.ts'
import type { PreparedGates } from '../gates/prepare-gates.ts'
import { prepareGates } from '../gates/prepare-gates.ts'
import type { EvaluationPlan } from '../reporter/evaluation-plan.ts'
import { checkShardSet, partialNote } from '../reporter/evaluation-plan.ts'
import { mergeSortedRunsFiles } from '../reporter/merge-sorted-runs.ts'
import type { ReportProblem, SummarizedReport } from '../reporter/report.ts'
import type { GivenSettings } from '../reporter/report-settings.ts'
import type { BudgetReport, IndexedRun, RunsFileContent, RunsFileHeader } from '../reporter/runs-file.ts'
import { PARTIAL_RUNS_FILE, readRunsFile, RUNS_FILE, RunsFileError } from '../reporter/runs-file.ts'
import type { ReportEnd, WrittenReport } from '../reporter/write-report.ts'
import { ReportStream, writeIndexedReport } from '../reporter/write-report.ts'
import { safeText } from '../conversation/safe-text.ts'
import { concludeReport } from './conclude-report.ts'
import { GATE_OPTIONS, gatesOf } from './eval-arguments.ts'
import { HeapBound } from './eval/heap-bound.ts'
import { EXIT_CODES } from './exit-codes.ts'
import type { CommandIo } from './io.ts'
import { parseCommandArguments } from './parse-command-arguments.ts'
import { UsageError } from './usage-error.ts'

/** The usage text of `toolcheck merge`. */
export const MERGE_USAGE: string = `usage: toolcheck merge <report> <report> ... [options]

Joins the reports of the shards of one evaluation (toolcheck eval --shard i/n, each in its own
--report-dir) into the report of the whole: the same report.json, byte for byte apart from
timings, as one evaluation that played every run, with its runs.jsonl and index.html. Each
<report> is a report folder (or a file in it) holding runs.jsonl. The summary is printed and the
gates, when given, are checked on the merged report, as toolcheck eval checks them.

Each shard's runs file records the evaluation it belongs to (its plan: every run, shard i of n,
the settings), so merge refuses a set with a shard missing, given twice, or of another evaluation,
naming it. With --partial it merges a set with shards missing, and the report says so on every
page (the summary, summary.md, index.html and report.json's "partial").

options:
  --report-dir <dir>      where the merged report goes (default toolcheck-report)
  --partial               merge even though shards are missing; the report is marked partial

gates (exit code 4 when one fails): --min-score, --min-pass-rate, --min-category-score,
--min-category-pass-rate, --baseline, --max-missing, --alpha,
${METRIC_GATES.map((gate) => `--${gate.option}`).join(', ')}, as toolcheck eval takes them.

exit code: 0 when every run finished and every gate held; 1 when a report is missing or cannot
be read, or a test broke before recording its run; 2 for bad options, for a runs file that is no
runs file this version reads (cut short, a value of the wrong kind), for reports that cannot be
joined (scored in different modes, holding the same run twice, a shard missing without --partial,
a shard given twice, shards of different evaluations), or for a shard that did not finish (resume
it first); 3 when runs ended in infrastructure errors; 4 when a gate failed; 6 when runs ended in
user errors (the simulated user broke its part).
`

/** `toolcheck merge`: returns the exit code (see `MERGE_USAGE`). */
export async function runMergeCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandArguments(args, { 'report-dir': { type: 'string' }, partial: { type: 'boolean' }, ...GATE_OPTIONS }, true)
  if (positionals.length === 0) throw new UsageError('name the reports to merge: toolcheck merge <report> <report> ...')
  const gates = gatesOf(values, (name, value) => {
    if (value !== undefined && value.trim() === '') throw new UsageError(`--${name} needs a value`)
    return value
  })
  const reportDir = resolve(process.cwd(), values['report-dir'] ?? 'toolcheck-report')
  const say = (message: string) => io.stderr(`toolcheck merge: ${message}\n`)
  const files: string[] = []
  for (const given of positionals) {
    const file = await runsFileOf(resolve(process.cwd(), given))
    if (typeof file !== 'string') {
      say(file.problem)
      return file.code
    }
    files.push(file)
  }
  const context: MergeContext = { files, reportDir, gates, partial: values.partial === true, say }
  return (await mergeInOnePass(io, context)) ?? (await mergeIndexed(io, context))
}

/** What both ways of merging are given. */
interface MergeContext {
  readonly files: readonly string[]
  readonly reportDir: string
  readonly gates: GateOptions | undefined
  readonly partial: boolean
  readonly say: (message: string) => void
}

/**
 * Merges runs files each in the report's order (as eval writes them) in one pass, reading a run
 * at a time from each (`mergeSortedRunsFiles`), and checks the set once every file is read: the
 * shards, the scoring modes, the gates, in the order `mergeIndexed` checks them; a set refused
 * leaves no report. Undefined when the files cannot be merged so (runs out of order, a run twice,
 * a line that cannot be read): `mergeIndexed` then reads them whole and says what is wrong.
 */
async function mergeInOnePass(io: CommandIo, context: MergeContext): Promise<number | undefined> {
  const heap = new HeapBound()
  const merged = await mergeSortedRunsFiles(
    context.files,
    async (headers) => ReportStream.open(context.reportDir, joinedSettings(headers).settings),
    () => heap.ran(),
  )
  if (merged === undefined) return undefined
  const { stream, files } = merged
  try {
    const checked = checkJoin(files, context)
    if (typeof checked === 'string') {
      context.say(checked)
      return EXIT_CODES.usage
    }
    return await gatedReport(io, context, checked, files.flatMap((file) => file.categories), (end) => stream.finish(end))
  } finally {
    await stream.abort()
  }
}

/** Merges runs files read whole (`readRunsFile`), their runs indexed and sorted (`writeIndexedReport`). */
async function mergeIndexed(io: CommandIo, context: MergeContext): Promise<number> {
  const inputs: { readonly file: string; readonly content: RunsFileContent }[] = []
  for (const file of context.files) {
    try {
      inputs.push({ file, content: await readRunsFile(file) })
    } catch (error) {
      context.say(safeText((error as Error).message))
      // A runs file that is there but holds what no runs file holds is bad input; one that
      // cannot be read at all (permissions, a disk error) is the harness's failure.
      return error instanceof RunsFileError ? EXIT_CODES.usage : EXIT_CODES.harness
    }
  }
  const checked = checkJoin(
    inputs.map((input) => ({ file: input.file, ...input.content })),
    context,
  )
  const runs = typeof checked === 'string' ? checked : joinRuns(inputs)
  if (typeof checked === 'string' || typeof runs === 'string') {
    context.say(typeof checked === 'string' ? checked : (runs as string))
    return EXIT_CODES.usage
  }
  return gatedReport(io, context, checked, runs.flatMap((entry) => entry.run.categories), (end) => writeIndexedReport({ ...end, runs, settings: checked.settings }, context.reportDir))
}

/**
 * The end of both ways of merging, once the set is checked (`checkJoin`): the gates prepared
 * against the merged runs' categories (a gate that cannot be checked refuses the set), then the
 * report written (`write`, given what ends it), its summary printed and its gates checked.
 */
async function gatedReport(
  io: CommandIo,
  context: MergeContext,
  checked: JoinedSet,
  categories: readonly string[],
  write: (end: ReportEnd) => Promise<{ readonly written: WrittenReport; readonly report: SummarizedReport }>,
): Promise<number> {
  const prepared = await prepareGates(context.gates, { root: process.cwd(), scoring: checked.settings.scoring ?? 'toolcheck', categories })
  if (prepared.problems.length > 0) {
    for (const problem of prepared.problems) context.say(problem)
    return EXIT_CODES.usage
  }
  const { written, report } = await write({ problems: checked.problems, ...(checked.budget === undefined ? {} : { budget: checked.budget }), ...(checked.partial === undefined ? {} : { partial: checked.partial }) })
  return concluded(io, context, { written, report, prepared, ...(checked.partial === undefined ? {} : { partial: checked.partial }) })
}

/** Prints the merged report's summary and checks its gates (`concludeReport`). */
async function concluded(io: CommandIo, context: MergeContext, merged: { readonly written: WrittenReport; readonly report: SummarizedReport; readonly prepared: PreparedGates; readonly partial?: string }): Promise<number> {
  return concludeReport(io, {
    command: 'merge',
    report: merged.report,
    written: merged.written,
    note: `merged ${context.files.length} reports: ${context.files.map((file) => dirname(file)).join(', ')}`,
    ...(context.gates === undefined ? {} : { gates: context.gates }),
    prepared: merged.prepared,
    ...(merged.partial === undefined ? {} : { partial: merged.partial }),
  })
}

/** What a runs file holds besides its runs, as the checks of a set to merge read it. */
interface JoinedFile {
  readonly file: string
  readonly header: RunsFileHeader
  readonly problems: readonly ReportProblem[]
  readonly budget?: BudgetReport
  readonly plan?: EvaluationPlan
}

/** A set of runs files that makes one report: the settings, problems and budget of the whole, and the note of a partial set. */
interface JoinedSet {
  readonly settings: GivenSettings
  readonly problems: ReportProblem[]
  readonly budget?: BudgetReport
  readonly partial?: string
}

/**
 * Checks that runs files make one report, or says why not: the shards must make their evaluation
 * whole (or, with --partial, part of it; the note the report then carries is returned) and the
 * reports must be scored in one mode (those of different modes do not make one report). Returns
 * the settings, problems and budget of the whole.
 */
function checkJoin(files: readonly JoinedFile[], context: MergeContext): string | JoinedSet {
  const shards = checkShardSet(files.flatMap((input) => (input.plan === undefined ? [] : [{ source: dirname(input.file), plan: input.plan }])))
  if (shards.kind === 'mixed' || shards.kind === 'doubled' || (shards.kind === 'missing' && !context.partial)) return shards.problem
  const joined = joinedSettings(files.map((input) => input.header))
  if (joined.problem !== undefined) return joined.problem
  const budgets = files.flatMap((input) => (input.budget === undefined ? [] : [input.budget]))
  return {
    settings: joined.settings,
    problems: files.flatMap((input) => input.problems),
    ...(budgets.length === 0 ? {} : { budget: sumBudgets(budgets) }),
    ...(shards.kind === 'missing' ? { partial: partialNote(shards) } : {}),
  }
}

/**
 * The settings of the reports joined: their scoring mode, and the role specs they agree on; and
 * a problem when they were scored in different modes.
 */
function joinedSettings(headers: readonly RunsFileHeader[]): { readonly settings: GivenSettings; readonly problem?: string } {
  const scorings = [...new Set(headers.map((header) => header.settings.scoring ?? 'toolcheck'))]
  const agreed = (pick: (settings: GivenSettings) => string | undefined) => {
    const values = [...new Set(headers.map((header) => pick(header.settings)))]
    return values.length === 1 ? values[0] : undefined
  }
  const agentSpec = agreed((settings) => settings.agentSpec)
  const userSpec = agreed((settings) => settings.userSpec)
  const settings = { scoring: scorings[0] ?? 'toolcheck', ...(agentSpec === undefined ? {} : { agentSpec }), ...(userSpec === undefined ? {} : { userSpec }) }
  return scorings.length > 1 ? { settings, problem: `the reports were scored in different modes (${scorings.join(', ')}), so they do not make one report` } : { settings }
}

/** The runs of the reports joined, or why they cannot be: a run in two of them would count twice. */
function joinRuns(inputs: readonly { readonly file: string; readonly content: RunsFileContent }[]): string | IndexedRun[] {
  const seen = new Map<string, string>()
  const runs: IndexedRun[] = []
  for (const { file, content } of inputs) {
    for (const entry of content.runs) {
      const earlier = seen.get(entry.run.id)
      if (earlier !== undefined)
        return `the run ${entry.run.id} (${entry.run.test}, trial ${entry.run.trial}, agent ${entry.run.agent}) is in both ${dirname(earlier)} and ${dirname(file)}; merge joins reports of different runs, such as the shards of one evaluation`
      seen.set(entry.run.id, file)
      runs.push(entry)
    }
  }
  return runs
}

/** The runs file of a report given as a folder or a file in it; or why there is none to merge, with the exit code. */
async function runsFileOf(path: string): Promise<string | { readonly problem: string; readonly code: number }> {
  const directory = await stat(path).then(
    (info) => (info.isDirectory() ? path : dirname(path)),
    () => undefined,
  )
  if (directory === undefined) return { problem: `${path}: no such file or folder`, code: EXIT_CODES.harness }
  const file = join(directory, RUNS_FILE)
  if (await exists(file)) return file
  if (await exists(join(directory, PARTIAL_RUNS_FILE)))
    return { problem: `${directory}: its evaluation did not finish (only ${PARTIAL_RUNS_FILE} is there); finish it with toolcheck eval --resume ${directory} (the same options, --shard too), then merge`, code: EXIT_CODES.usage }
  return { problem: `${directory}: holds no ${RUNS_FILE} (a report written by toolcheck eval, or by the plugin, keeps its runs there)`, code: EXIT_CODES.harness }
}

/** Shards' budgets added up: their shares made the whole. */
function sumBudgets(budgets: readonly BudgetReport[]): BudgetReport {
  const sum = (values: readonly (number | undefined)[]) => (values.some((value) => value === undefined) ? undefined : values.reduce((total: number, value) => total + (value ?? 0), 0))
  const limit = (pick: (budget: BudgetReport) => number | undefined) => sum(budgets.map(pick))
  const modelCalls = limit((budget) => budget.limits.modelCalls)
  const tokens = limit((budget) => budget.limits.tokens)
  const costUsd = limit((budget) => budget.limits.costUsd)
  const spent = (pick: (budget: BudgetReport) => number) => budgets.reduce((total, budget) => total + pick(budget), 0)
  return {
    limits: { ...(modelCalls === undefined ? {} : { modelCalls }), ...(tokens === undefined ? {} : { tokens }), ...(costUsd === undefined ? {} : { costUsd }) },
    spent: {
      modelCalls: spent((budget) => budget.spent.modelCalls),
      tokens: spent((budget) => budget.spent.tokens),
      costUsd: spent((budget) => budget.spent.costUsd),
      refusedCalls: spent((budget) => budget.spent.refusedCalls),
      retries: spent((budget) => budget.spent.retries ?? 0),
    },
    cutRuns: spent((budget) => budget.cutRuns),
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  )
}
