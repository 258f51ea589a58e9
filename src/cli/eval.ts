import { mkdir, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { EVAL_FILE } from './eval/eval-settings.ts'
import type { ReportProblem, SummarizedReport } from '../reporter/report.ts'
import type { GivenSettings } from '../reporter/report-settings.ts'
import type { IndexedRun, RunPlace } from '../reporter/runs-file.ts'
import { LineReader, PARTIAL_RUNS_FILE, readRunsFile, RunsFileWriter } from '../reporter/runs-file.ts'
import { startResumedRunsFile } from '../reporter/resumable-runs.ts'
import type { WrittenReport } from '../reporter/write-report.ts'
import { ReportStream, writeIndexedReport } from '../reporter/write-report.ts'
import { planLinePieces } from '../reporter/evaluation-plan.ts'
import type { EvalCase } from './eval/eval-messages.ts'
import type { ReportOrder } from './eval/report-order.ts'
import { reportOrder } from './eval/report-order.ts'
import { HeapBound, holdYoungGenerations } from './eval/heap-bound.ts'
import { InReportOrder } from './eval/in-report-order.ts'
import { BUDGET_SPENT, budgetShare, ModelBudget } from '../roles/endpoint/model-budget.ts'
import { METRIC_GATES } from '../gates/metric-gates.ts'
import { concludeReport } from './conclude-report.ts'
import { EVAL_OPTIONS_USAGE, parseEvalArguments } from './eval-arguments.ts'
import { evalProgress } from './eval-progress.ts'
import { EXIT_CODES } from './exit-codes.ts'
import type { CommandIo } from './io.ts'
import { notPlayedNote } from './not-played-note.ts'
import { openEvaluation, scoringOfCases } from './open-evaluation.ts'
import { lockReportFolder } from './report-folder-lock.ts'

export type { EvalArguments } from './eval-arguments.ts'
export { parseEvalArguments } from './eval-arguments.ts'

/** The usage text of `toolcheck eval`. */
export const EVAL_USAGE = `usage: toolcheck eval [options]

Plays the built-in scenarios (or your own, with --scenarios) with the configured agent and user,
prints the summary table and writes toolcheck-report/report.json, runs.jsonl (every run with its
conversation, one per line, written as each run finishes) and index.html.

${EVAL_OPTIONS_USAGE}
gates (exit code 4 when one fails):
  --min-score <x>                     the lowest acceptable overall mean score
  --min-pass-rate <x>                 the lowest acceptable overall pass rate
  --min-category-score <category>=<x>       per category (repeatable)
  --min-category-pass-rate <category>=<x>   per category (repeatable)
  --baseline <report.json|dir>        fail on a regression against this report (as toolcheck
                                      compare decides it), or when any of its cells is missing
                                      from this run or has only errors in it
  --max-missing <share>               the share of the baseline's cells that may be missing
                                      (default 0)
  --alpha <level>                     the significance level for --baseline (default 0.05)
${METRIC_GATES.map((gate) => gate.usage).join('\n')}

The gates are checked before anything plays: a baseline that cannot be read or was scored the
other way, a category gate that names no category of the scenarios to play, or a robustness gate
that no run of the chosen --variants can measure, stops the command with exit code 2. The
summary says which gate failed and by how much, then names the failing runs, worst first.

environment:
  TOOLCHECK_AGENT   reference (default) | openai:<model> | hf:<model> (unless --agent is given)
  TOOLCHECK_USER    scripted (default) | openai:<model> | hf:<model>

Both are checked before anything runs: a spec toolcheck does not know, or a hosted model whose
key (OPENAI_API_KEY, HF_TOKEN) is not set, stops the command at once. So does a bad value of any
other setting read from the environment (TOOLCHECK_RETRIES, TOOLCHECK_TIMEOUT_MS,
TOOLCHECK_BREAKER_FAILURES, TOOLCHECK_BREAKER_COOLDOWN_MS, TOOLCHECK_MAX_REPLY_BYTES,
TOOLCHECK_MAX_REPLY_DEPTH, TOOLCHECK_PRICES, TOOLCHECK_CACHE, TOOLCHECK_CACHE_DIR,
TOOLCHECK_BREAKER_DIR, OPENAI_BASE_URL, HF_ENDPOINT_URL), with exit code 2 and a message naming it. While it runs, a progress
line on stderr counts the runs done, the infrastructure (and domain) errors so far and the time
elapsed. Interrupted (Ctrl-C, or killed), it leaves the runs finished so far in
runs.partial.jsonl, which --resume picks up (it plays domain-error runs again when your modules
changed since). The report folder is held by one evaluation at a time (its eval.lock names the
process): a second one into the same folder stops at once with exit code 2.

A run's verdict names whose code made it: the agent (it failed the scenario, or its own code threw
or returned no reply: a failure, scored 0), the domain (a tool threw something that is not a
ToolError, hung, returned no JSON, or wrote a table or column the domain does not have: a domain
error, not scored) or the infrastructure (endpoints, cache, a spent budget: an infrastructure
error, not scored); a run whose simulated user broke its part (it leaked what it holds back,
ended before its goal, stated what it was never given, or played the agent; see docs/users.md)
is a user error, not scored either.

exit code: 0 when every run finished and every gate held (without gates: whatever the scores,
including runs the agent's own code broke, which are failures); 1 when the harness failed (a
scenario file or the --agent module did not load, an unhandled error, a run that broke before it
could be recorded); 2 for bad options, specs or gates; 5 when runs ended in domain errors (a bug
in a tool); 4 when a gate failed; 3 when runs ended in infrastructure errors (rate limits after
retries, timeouts, unreadable replies, cache misses in replay mode, a spent budget); 6 when runs
ended in user errors. The report counts domain, infrastructure and user errors apart from agent
failures. When several apply, the first of 1, 5, 4, 3, 6 is the code. 130 when interrupted.
`

// Lines the runs file may have queued before the evaluation waits for them to be written.
const MOST_QUEUED_LINES = 256

// Characters of runs' lines held while they wait for an earlier run (beyond, they are read back from the runs file).
const MOST_HELD = 32 * 1024 * 1024

/** The signals that stop an evaluation as Ctrl-C does. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/** The exit code of an evaluation stopped by Ctrl-C (128 + SIGINT), as shells report it. */
const INTERRUPTED = 130

/**
 * `toolcheck eval`: plays the built-in scenarios (or the user's) on worker threads of its own
 * (see `openEvaluation`), with the agent of `TOOLCHECK_AGENT` (default `reference`) and the user
 * of `TOOLCHECK_USER`; writes each run to `runs.partial.jsonl` as it finishes and to the report
 * in the report's order as the runs come (`ReportStream`), then the report's summary and page;
 * prints the summary and checks the gates. Returns the exit code (see `EVAL_USAGE`).
 */
export async function runEval(args: string[], io: CommandIo): Promise<number> {
  // The command's young generation stays as its modules left it (see `holdYoungGenerations`).
  holdYoungGenerations()
  const parsed = parseEvalArguments(args)
  const limits = parsed.budget === undefined ? undefined : parsed.shard === undefined ? parsed.budget : budgetShare(parsed.budget, parsed.shard.index, parsed.shard.count)
  const budget = limits === undefined ? undefined : new ModelBudget(limits)
  const reportDir = resolve(process.cwd(), parsed.reportDir)
  // One writer per report folder: a second evaluation there is refused before anything loads.
  const lock = await lockReportFolder(reportDir)
  if (!lock.held) {
    const holder = lock.pid > 0 ? `process ${lock.pid}, since ${lock.since}` : 'a process that is taking it this instant'
    io.stderr(`toolcheck eval: ${reportDir} is in use by another evaluation (${holder}); wait for it to end, or give this one another --report-dir\n`)
    return EXIT_CODES.usage
  }
  try {
    return await evaluateInto(reportDir, parsed, budget, io)
  } finally {
    await lock.release()
  }
}

/** Plays the evaluation into the report folder it holds (see `runEval`). */
async function evaluateInto(reportDir: string, parsed: ReturnType<typeof parseEvalArguments>, budget: ModelBudget | undefined, io: CommandIo): Promise<number> {
  const opened = await openEvaluation(parsed, io, 'eval', budget)
  if (typeof opened === 'number') return opened
  const partial = join(reportDir, PARTIAL_RUNS_FILE)
  const settings: GivenSettings = { scoring: parsed.scoring ?? scoringOfCases(opened.cases), agentSpec: opened.agentSpec, userSpec: opened.userSpec, ...(opened.codeFingerprint === undefined ? {} : { codeFingerprint: opened.codeFingerprint }) }
  const problems: ReportProblem[] = [...opened.problems]
  // Units are handed out in the report's order, so runs mostly finish in it: each is written to
  // the report as it comes, and the few that finish ahead of a slower one wait for it.
  const order = reportOrder(opened.units, opened.cases)
  const arrived = new InReportOrder<Arrived>()
  // The places whose run is in the report: played, or kept from the report resumed.
  const recorded = new Uint8Array(order.units.length)
  let runs = 0
  let cutRuns = 0
  let kept = 0
  const skipped: string[] = []
  let interrupted = false
  const onInterrupt = () => {
    interrupted = true
    void opened.pool.close()
  }
  let report: SummarizedReport
  let written: WrittenReport
  // Lines of runs waiting for an earlier one are read back from the runs file past this many characters.
  let held = 0
  const reader = new LineReader()
  const heap = new HeapBound()
  let stream: ReportStream | undefined
  try {
    await mkdir(reportDir, { recursive: true })
    const started = opened.resumed === undefined ? undefined : await startResumedRunsFile(opened.resumed, partial, settings)
    const writer = started?.writer ?? (await RunsFileWriter.create(partial, settings))
    stream = await ReportStream.open(reportDir, settings)
    // The plan first, so that even an interrupted shard says which evaluation it belongs to.
    await writer.appendPieces(planLinePieces(opened.plan))
    const progress = evalProgress({ write: io.stderr, terminal: io.terminal === true })
    progress.started(order.units.length)
    // Fills a run's place (or an empty one); hands the runs whose turn it now is to the report.
    const place = async (at: number, run: Arrived | undefined) => {
      for (const next of arrived.put(at, run)) {
        if (next.text !== undefined) held -= next.text.length
        if (stream === undefined) continue
        if (next.text === undefined) await next.written
        // A run out of the predicted order (a label that is not its test's): the report is
        // written from the runs file at the end instead, as a resumed one is read.
        if (!(await stream.add(next.text ?? (await reader.read(next.place))))) {
          await stream.abort()
          stream = undefined
        }
        heap.ran()
      }
    }
    // Ctrl-C, or a kill that can be caught: the runs so far stay, the breakers' folder and the lock go.
    for (const signal of STOP_SIGNALS) process.once(signal, onInterrupt)
    try {
      await opened.pool.play(
        order.units,
        (unit) => opened.cases[unit.case]?.test ?? '',
        async (unit, outcome) => {
          if (interrupted) return
          const at = order.placeOf(unit)
          if (outcome.kind === 'run') {
            // Queued, not awaited: lines that come in while one is written go to the file in one
            // write. The writer keeps their order; a full queue holds the next units back.
            const { place: where, written } = writer.queue(outcome.line)
            recorded[at] = 1
            runs++
            if (outcome.ending.error?.kind === BUDGET_SPENT) cutRuns++
            progress.finished(outcome.ending)
            const text = held < MOST_HELD ? outcome.line : undefined
            if (text !== undefined) held += text.length
            await place(at, { place: where, written, ...(text === undefined ? {} : { text }) })
            if (writer.pending >= MOST_QUEUED_LINES) await written
          } else if (outcome.kind === 'kept') {
            const entry = started?.kept.get(outcome.id)
            kept++
            progress.finished(entry?.run)
            if (entry === undefined) return place(at, undefined)
            recorded[at] = 1
            runs++
            if (entry.run.error?.kind === BUDGET_SPENT) cutRuns++
            await place(at, { place: entry })
          } else if (outcome.kind === 'problem') {
            const problem = { ...outcome.problem, file: EVAL_FILE }
            problems.push(problem)
            await writer.append(JSON.stringify({ problem }))
            progress.finished()
            await place(at, undefined)
          } else {
            if (outcome.kind === 'skipped') skipped.push(outcome.reason)
            progress.finished()
            await place(at, undefined)
          }
        },
      )
    } finally {
      for (const signal of STOP_SIGNALS) process.off(signal, onInterrupt)
      progress.ended()
      await writer.close()
      // Every run is on disk: the workers' heaps go before the report is finished.
      await opened.pool.close()
    }
    if (interrupted) {
      io.stderr(`toolcheck eval: interrupted; the ${runs} runs finished so far are in ${partial}: toolcheck eval --resume ${reportDir} plays the rest\n`)
      return INTERRUPTED
    }
    if (runs === 0 && problems.length === 0) {
      await rm(partial, { force: true })
      io.stderr('toolcheck eval: this run wrote no report; no scenario was played\n')
      return EXIT_CODES.harness
    }
    const budgetReport = budget === undefined ? undefined : { limits: budget.limits, spent: budget.spent(), cutRuns }
    const end = { problems, agent: opened.agentSpec, plan: opened.plan, ...(budgetReport === undefined ? {} : { budget: budgetReport }) }
    const done = stream !== undefined ? await stream.finish(end) : await writeIndexedReport({ ...end, runs: await recordedRuns(partial, order, opened.cases, recorded), settings }, reportDir)
    report = done.report
    written = done.written
  } finally {
    await stream?.abort()
    await reader.close()
    await opened.close()
  }
  return concludeReport(io, {
    command: 'eval',
    report,
    written,
    note: [resumedNote(opened.resumed?.directory, kept, runs - kept), notPlayedNote(skipped)].filter((line) => line !== '').join('\n'),
    ...(parsed.gates === undefined ? {} : { gates: parsed.gates }),
    prepared: opened.gates,
  })
}

/** A run come in, waiting for its turn in the report: where its line is in a runs file, and the line itself while few wait. */
interface Arrived {
  readonly place: RunPlace
  /** Settles once the line is in the runs file (absent for a line that was there already). */
  readonly written?: Promise<void>
  readonly text?: string
}

/**
 * The runs of the report, read from the evaluation's runs file: for each place that recorded a
 * run, its last line there (a run kept from a resumed report and then played again has two).
 */
async function recordedRuns(file: string, order: ReportOrder, cases: readonly EvalCase[], recorded: Uint8Array): Promise<IndexedRun[]> {
  const places = new Map(order.units.map((unit, at) => [`${cases[unit.case]?.test}\u0000${unit.trial}`, at]))
  const runs = new Map<number, IndexedRun>()
  for (const entry of (await readRunsFile(file)).runs) {
    const at = places.get(`${entry.run.test}\u0000${entry.run.trial}`)
    if (at !== undefined && recorded[at] === 1) runs.set(at, entry)
  }
  return [...runs.values()]
}

/** What a resumed evaluation kept and played (empty when it resumed nothing). */
function resumedNote(directory: string | undefined, kept: number, played: number): string {
  if (directory === undefined) return ''
  return `resumed ${directory}: ${kept} run${kept === 1 ? '' : 's'} kept, ${played} played`
}
