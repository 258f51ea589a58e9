import { mkdir, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { EVAL_FILE } from './eval/eval-settings.ts'
import type { ReportProblem, SummarizedReport } from '../reporter/report.ts'
import type { GivenSettings } from '../reporter/report-settings.ts'
import type { IndexedRun } from '../reporter/runs-file.ts'
import { PARTIAL_RUNS_FILE, RunsFileWriter } from '../reporter/runs-file.ts'
import { startResumedRunsFile } from '../reporter/resumable-runs.ts'
import { SharedStrings } from './eval/shared-strings.ts'
import type { WrittenReport } from '../reporter/write-report.ts'
import { writeIndexedReport } from '../reporter/write-report.ts'
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

/** The signals that stop an evaluation as Ctrl-C does. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/** The exit code of an evaluation stopped by Ctrl-C (128 + SIGINT), as shells report it. */
const INTERRUPTED = 130

/**
 * `toolcheck eval`: plays the built-in scenarios (or the user's) on worker threads of its own
 * (see `openEvaluation`), with the agent of `TOOLCHECK_AGENT` (default `reference`) and the user
 * of `TOOLCHECK_USER`; writes each run to `runs.partial.jsonl` as it finishes, then the report
 * from those lines; prints the summary and checks the gates. Returns the exit code (see
 * `EVAL_USAGE`).
 */
export async function runEval(args: string[], io: CommandIo): Promise<number> {
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
  const index: IndexedRun[] = []
  // The runs' summaries are kept until the report is written: the strings they repeat are kept once.
  const shared = new SharedStrings()
  const problems: ReportProblem[] = [...opened.problems]
  let kept = 0
  const skipped: string[] = []
  let interrupted = false
  const onInterrupt = () => {
    interrupted = true
    void opened.pool.close()
  }
  let report: SummarizedReport
  let written: WrittenReport
  try {
    await mkdir(reportDir, { recursive: true })
    const started = opened.resumed === undefined ? undefined : await startResumedRunsFile(opened.resumed, partial, settings)
    const writer = started?.writer ?? (await RunsFileWriter.create(partial, settings))
    // The plan first, so that even an interrupted shard says which evaluation it belongs to.
    await writer.append(JSON.stringify({ plan: opened.plan }))
    const progress = evalProgress({ write: io.stderr, terminal: io.terminal === true })
    progress.started(opened.units.length)
    // Ctrl-C, or a kill that can be caught: the runs so far stay, the breakers' folder and the lock go.
    for (const signal of STOP_SIGNALS) process.once(signal, onInterrupt)
    try {
      await opened.pool.play(
        opened.units,
        (unit) => opened.cases[unit.case]?.test ?? '',
        async (_unit, outcome) => {
          if (interrupted) return
          if (outcome.kind === 'run') {
            // Queued, not awaited: lines that come in while one is written go to the file in one
            // write. The writer keeps their order; a full queue holds the next units back.
            const { place, written } = writer.queue(outcome.line)
            index.push({ run: shared.share(outcome.run), fingerprint: shared.share(outcome.fingerprint), durationMs: outcome.durationMs, ...place })
            progress.finished(outcome.run)
            if (writer.pending >= MOST_QUEUED_LINES) await written
          } else if (outcome.kind === 'kept') {
            const entry = started?.kept.get(outcome.id)
            if (entry !== undefined) index.push(entry)
            kept++
            progress.finished(entry?.run)
          } else if (outcome.kind === 'problem') {
            const problem = { ...outcome.problem, file: EVAL_FILE }
            problems.push(problem)
            await writer.append(JSON.stringify({ problem }))
            progress.finished()
          } else {
            if (outcome.kind === 'skipped') skipped.push(outcome.reason)
            progress.finished()
          }
        },
      )
    } finally {
      for (const signal of STOP_SIGNALS) process.off(signal, onInterrupt)
      progress.ended()
      await writer.close()
      // Every run is on disk: the workers' heaps go before the report is built from the runs
      // file, so what the report takes does not stack on what the workers hold.
      await opened.pool.close()
    }
    if (interrupted) {
      io.stderr(`toolcheck eval: interrupted; the ${index.length} runs finished so far are in ${partial}: toolcheck eval --resume ${reportDir} plays the rest\n`)
      return INTERRUPTED
    }
    if (index.length === 0 && problems.length === 0) {
      await rm(partial, { force: true })
      io.stderr('toolcheck eval: this run wrote no report; no scenario was played\n')
      return EXIT_CODES.harness
    }
    const budgetReport = budget === undefined ? undefined : { limits: budget.limits, spent: budget.spent(), cutRuns: index.filter((entry) => entry.run.error?.kind === BUDGET_SPENT).length }
    const done = await writeIndexedReport({ runs: index, problems, settings, agent: opened.agentSpec, plan: opened.plan, ...(budgetReport === undefined ? {} : { budget: budgetReport }) }, reportDir)
    report = done.report
    written = done.written
  } finally {
    await opened.close()
  }
  return concludeReport(io, {
    command: 'eval',
    report,
    written,
    note: [resumedNote(opened.resumed?.directory, kept, index.length - kept), notPlayedNote(skipped)].filter((line) => line !== '').join('\n'),
    ...(parsed.gates === undefined ? {} : { gates: parsed.gates }),
    prepared: opened.gates,
  })
}

/** What a resumed evaluation kept and played (empty when it resumed nothing). */
function resumedNote(directory: string | undefined, kept: number, played: number): string {
  if (directory === undefined) return ''
  return `resumed ${directory}: ${kept} run${kept === 1 ? '' : 's'} kept, ${played} played`
}
