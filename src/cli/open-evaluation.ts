import type { ScoringMode } from '../evaluation/scoring-mode.ts'
import { existsSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join, relative, resolve } from 'node:path'
import type { EvalCase, EvalUnit } from './eval/eval-messages.ts'
import type { EvalSettings } from './eval/eval-settings.ts'
import { safeText } from '../conversation/safe-text.ts'
import type { ReportProblem } from '../reporter/report.ts'
import type { ResumableRuns } from '../reporter/resumable-runs.ts'
import { readEarlierCosts, readResumableRuns } from '../reporter/resumable-runs.ts'
import { newBreakerDirectory, removeStaleBreakerDirectories } from '../roles/endpoint/breaker-directories.ts'
import { BREAKER_DIRECTORY_VARIABLE } from '../roles/endpoint/endpoint-breaker.ts'
import { environmentProblems } from '../roles/endpoint/environment-problems.ts'
import type { ModelBudget } from '../roles/endpoint/model-budget.ts'
import { roleSpecProblem } from '../roles/role-spec.ts'
import type { PreparedGates } from '../gates/prepare-gates.ts'
import type { EvalArguments } from './eval-arguments.ts'
import { priceOf } from '../roles/endpoint/price-table.ts'
import { pricesWithEnv } from '../roles/endpoint/prices-from-env.ts'
import type { HeldPlan } from '../reporter/evaluation-plan.ts'
import { evaluationPlan, planRunKey } from '../reporter/evaluation-plan.ts'
import type { EvalPool } from './eval-pool.ts'
import { startEvalPool } from './eval-pool.ts'
import { EXIT_CODES } from './exit-codes.ts'
import type { CommandIo } from './io.ts'
import { shardUnits } from './shard.ts'
import { runsPerWorker } from './eval/runs-per-worker.ts'

/** The milliseconds a run may take before it is cancelled: a scenario test's time limit under `toolcheck eval`. */
export const RUN_TIMEOUT_MS = 120_000

/** An evaluation whose workers have loaded its scenarios, with the runs it is to play. */
export interface OpenedEvaluation {
  readonly pool: EvalPool
  readonly cases: readonly EvalCase[]
  /** The runs to play (this shard's, when sharded), cases by trials in the cases' order. */
  readonly units: readonly EvalUnit[]
  /** Every run of the evaluation, before sharding. */
  readonly allUnits: number
  /** Problems of the scenario table (a failing test each: an id or a label used twice). */
  readonly problems: readonly ReportProblem[]
  /** The earlier evaluation being resumed, when `--resume` was given. */
  readonly resumed?: ResumableRuns
  /** The hash of the user's modules (see `GivenSettings.codeFingerprint`), when any were loaded. */
  readonly codeFingerprint?: string
  /** The gates, checked (their baseline read). */
  readonly gates: PreparedGates
  /** The agent and user specs played. */
  readonly agentSpec: string
  readonly userSpec: string
  /** The plan of the evaluation and of this shard (1 of 1 when not sharded), for its runs file. */
  readonly plan: HeldPlan
  /** Stops the workers and removes what the evaluation made for itself. */
  close(): Promise<void>
}

/**
 * Opens an evaluation for `toolcheck eval` and `toolcheck plan`: checks the specs, the settings
 * in the environment and the paths given, reads the report to resume, starts the worker threads
 * (they load the scenarios, domains and roles), checks the gates against the scenarios to play,
 * and works out the runs: every case by every trial, this shard's share of them when sharded
 * (balanced by the durations in the earlier report). Returns the exit code instead when the
 * evaluation cannot start, having said why on stderr.
 */
export async function openEvaluation(parsed: EvalArguments, io: CommandIo, command: string, budget: ModelBudget | undefined): Promise<OpenedEvaluation | number> {
  const say = (lines: readonly string[]) => io.stderr(lines.map((line) => `toolcheck ${command}: ${line}\n`).join(''))
  // The --agent module replaces TOOLCHECK_AGENT, which is then not read; the report names the module.
  const agentSpec = parsed.agent === undefined ? process.env.TOOLCHECK_AGENT?.trim() || 'reference' : relative(process.cwd(), parsed.agent) || parsed.agent
  // So does the --user module TOOLCHECK_USER.
  const userSpec = parsed.user === undefined ? process.env.TOOLCHECK_USER?.trim() || 'scripted' : relative(process.cwd(), parsed.user) || parsed.user
  // Checked once here: a wrong spec would otherwise fail every one of thousands of runs.
  const specProblems = [
    parsed.agent === undefined ? roleSpecProblem('agent', process.env.TOOLCHECK_AGENT ?? '', 'TOOLCHECK_AGENT', process.env) : undefined,
    parsed.user === undefined ? roleSpecProblem('user', process.env.TOOLCHECK_USER ?? '', 'TOOLCHECK_USER', process.env) : undefined,
    ...environmentProblems(process.env),
    ...unpricedProblems(parsed, parsed.agent === undefined ? [['agent', agentSpec, 'TOOLCHECK_AGENT']] : [], userSpec),
  ].filter((problem) => problem !== undefined)
  if (specProblems.length > 0) {
    say(specProblems)
    return EXIT_CODES.usage
  }
  const missing = [...(parsed.scenarios ?? []), ...(parsed.domains ?? []), ...(parsed.agent === undefined ? [] : [parsed.agent]), ...(parsed.user === undefined ? [] : [parsed.user])].filter((path) => !existsSync(path))
  if (missing.length > 0) {
    // `--agent openai:gpt-4o` is a model spec, which TOOLCHECK_AGENT takes (and `--user openai:...`, TOOLCHECK_USER).
    const looksLikeSpec = (path: string | undefined) => path !== undefined && missing.includes(path) && /^(reference|scripted|(openai|hf):.+)$/.test(relative(process.cwd(), path))
    const hint = looksLikeSpec(parsed.agent) ? ' (--agent takes a module; name a model with TOOLCHECK_AGENT instead)' : looksLikeSpec(parsed.user) ? ' (--user takes a module; name a model with TOOLCHECK_USER instead)' : ''
    say([`no such file or folder: ${missing.join(', ')}${hint}`])
    return EXIT_CODES.usage
  }
  let resumed: ResumableRuns | undefined
  if (parsed.resume !== undefined) {
    try {
      resumed = await readResumableRuns(parsed.resume, { replayUserErrors: parsed.replayUserErrors === true })
    } catch (error) {
      say([`cannot resume: ${safeText((error as Error).message)}`])
      return EXIT_CODES.usage
    }
    const scoring = resumed.settings.scoring ?? 'toolcheck'
    if (parsed.scoring !== undefined && scoring !== parsed.scoring) {
      say([`cannot resume ${resumed.directory}: its runs were scored as ${scoring}, and this evaluation scores as ${parsed.scoring}; pass --scoring ${scoring}, or start a new report`])
      return EXIT_CODES.usage
    }
  }
  // The breakers of the workers' endpoints are shared through files (see fileBreakerStore).
  const given = process.env[BREAKER_DIRECTORY_VARIABLE]?.trim()
  // Named for this process, so that a killed evaluation's folder is removed by the next one.
  if (!given) removeStaleBreakerDirectories()
  const breakerDirectory = given || newBreakerDirectory()
  if (!given) await mkdir(breakerDirectory, { recursive: true })
  const settings: EvalSettings = {
    ...(parsed.filter === undefined ? {} : { filter: parsed.filter }),
    variants: parsed.variants,
    ...(parsed.scenarios === undefined ? {} : { scenarioPaths: parsed.scenarios }),
    ...(parsed.domains === undefined ? {} : { domainModules: parsed.domains }),
    ...(parsed.agent === undefined ? {} : { agentModule: parsed.agent }),
    ...(parsed.user === undefined ? {} : { userModule: parsed.user }),
  }
  const pool = startEvalPool({
    workers: Math.max(1, Math.min(availableParallelism(), 4)),
    env: { ...process.env, [BREAKER_DIRECTORY_VARIABLE]: breakerDirectory },
    setup: {
      settings,
      agentSpec,
      userSpec,
      ...(parsed.scoring === undefined ? {} : { scoring: parsed.scoring }),
      judgeSpec: parsed.judge,
      concurrency: runsPerWorker({ ...settings, agentSpec, userSpec, judgeSpec: parsed.judge }),
      runTimeoutMs: RUN_TIMEOUT_MS,
      ...(budget === undefined ? {} : { budget: { limits: budget.limits, buffer: budget.buffer } }),
    },
  })
  const close = async () => {
    await pool.close()
    if (!given) await rm(breakerDirectory, { recursive: true, force: true })
  }
  try {
    const ready = await pool.ready
    if (ready.kind === 'failed') {
      const reportDir = resolve(process.cwd(), parsed.reportDir)
      const earlier = existsSync(join(reportDir, 'report.json')) ? ` (the report already in ${reportDir} is an earlier run's, and was left as it was)` : ''
      say([`this run wrote no report${earlier}:\n  ${ready.problems.join('\n  ')}`])
      await close()
      return EXIT_CODES.harness
    }
    if (ready.empty !== undefined) {
      const source = parsed.scenarios === undefined ? 'built-in scenario' : `scenario of ${parsed.scenarios.map((path) => relative(process.cwd(), path) || '.').join(', ')}`
      say([`no ${source} has an id containing ${JSON.stringify(parsed.filter)} or the category ${JSON.stringify(parsed.filter)}; the categories are ${ready.empty}`])
      await close()
      return EXIT_CODES.usage
    }
    // Gates are checked before anything plays, against the categories of the scenarios to play.
    // The gates' code (the comparison's, the report reader's) is loaded only when there are gates.
    const gates: PreparedGates =
      parsed.gates === undefined
        ? { problems: [] }
        : await (await import('../gates/prepare-gates.ts')).prepareGates(parsed.gates, { root: process.cwd(), scoring: parsed.scoring ?? scoringOfCases(ready.cases), categories: ready.cases.flatMap((testCase) => testCase.categories), families: familiesOf(parsed.variants) })
    if (gates.problems.length > 0) {
      say(gates.problems)
      await close()
      return EXIT_CODES.usage
    }
    const every = ready.cases.flatMap((_, index) => Array.from({ length: parsed.trials }, (__, trial): EvalUnit => ({ case: index, trial })))
    const keyOf = (unit: EvalUnit) => `${ready.cases[unit.case]?.test}\u0000${unit.trial}`
    let units = every
    if (parsed.shard !== undefined) {
      const durations = await earlierDurations(parsed.previous ?? resumed?.directory ?? resolve(process.cwd(), parsed.reportDir))
      units = shardUnits(every, parsed.shard, keyOf, (unit) => durations.get(keyOf(unit)))
    }
    const relativePath = (path: string) => relative(process.cwd(), path) || '.'
    const planned = (unit: EvalUnit) => planRunKey(ready.cases[unit.case]?.test ?? '', unit.trial)
    const plan = evaluationPlan(
      every.map(planned),
      // This shard's runs are named again when the plan is written, rather than held all along.
      {
        count: units.length,
        *names() {
          for (const unit of units) yield planned(unit)
        },
      },
      parsed.shard ?? { index: 1, count: 1 },
      {
        variants: parsed.variants,
        trials: parsed.trials,
        scoring: parsed.scoring ?? scoringOfCases(ready.cases),
        agent: parsed.agent === undefined ? agentSpec : relativePath(parsed.agent),
        user: userSpec,
        ...(parsed.filter === undefined ? {} : { filter: parsed.filter }),
        ...(parsed.scenarios === undefined ? {} : { scenarios: parsed.scenarios.map(relativePath) }),
        ...(parsed.domains === undefined ? {} : { domains: parsed.domains.map(relativePath) }),
      },
    )
    // A domain error is kept only while the user's code is the code that made it: a fixed tool plays again.
    if (resumed !== undefined && resumed.settings.codeFingerprint !== ready.codeFingerprint) {
      const runs = new Map([...resumed.runs].filter(([, entry]) => entry.run.error?.culprit !== 'domain'))
      resumed = { ...resumed, runs }
    }
    if (resumed !== undefined)
      pool.keep(
        [...resumed.runs.values()].map((entry) => ({ id: entry.run.id, fingerprint: entry.fingerprint })),
        [...resumed.userReplays].map(([id, userTrial]) => ({ id, userTrial })),
      )
    return {
      pool,
      cases: ready.cases,
      units,
      allUnits: every.length,
      problems: ready.problems,
      ...(resumed === undefined ? {} : { resumed }),
      ...(ready.codeFingerprint === undefined ? {} : { codeFingerprint: ready.codeFingerprint }),
      gates,
      agentSpec,
      userSpec,
      plan,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * How long each run of an earlier report took, by its test's name and trial (summed over its
 * agents and users): what shards are balanced by. Empty when there is no such report, or it has
 * no durations (a report written before they were kept).
 */
export async function earlierDurations(path: string): Promise<Map<string, number>> {
  const durations = new Map<string, number>()
  const earlier = await readEarlierCosts(path).catch(() => undefined)
  for (const run of earlier?.values() ?? []) {
    if (run.durationMs === undefined) continue
    const key = `${run.test}\u0000${run.trial}`
    durations.set(key, (durations.get(key) ?? 0) + run.durationMs)
  }
  return durations
}

/**
 * How an evaluation without `--scoring` is scored as a whole: ToolSandbox's way when every
 * scenario asks for it (a folder imported from ToolSandbox), toolcheck's otherwise; each run is
 * scored by its own scenario's mode either way.
 */
export function scoringOfCases(cases: readonly { readonly scoring?: ScoringMode }[]): ScoringMode {
  return cases.length > 0 && cases.every((testCase) => testCase.scoring === 'toolsandbox') ? 'toolsandbox' : 'toolcheck'
}

/** The robustness families a `--variants` set plays (ToolSandbox's variants are none of them). */
function familiesOf(variants: EvalArguments['variants']): string[] {
  if (variants === 'robustness') return ['faults', 'injections', 'user', 'world']
  return variants === 'plain' || variants === 'all' ? [] : [variants]
}

/**
 * Under a cost cap, each model spec whose model has no price: its calls would all be refused, and
 * every run cut, so the evaluation does not start. An `--agent` module's own models are priced
 * per call (a call to an unpriced one is refused then).
 */
function unpricedProblems(parsed: EvalArguments, roles: readonly (readonly [string, string, string])[], userSpec: string): string[] {
  const cap = parsed.budget?.costUsd
  if (cap === undefined) return []
  let prices: ReturnType<typeof pricesWithEnv>
  try {
    prices = pricesWithEnv(undefined, process.env)
  } catch {
    return [] // a bad price file is reported by the environment's checks
  }
  return [...roles, ['user', userSpec, 'TOOLCHECK_USER'] as const].flatMap(([role, spec, variable]) => {
    const model = /^(?:openai|hf):(.+)$/.exec(spec)?.[1]?.trim()
    if (model === undefined || priceOf(model, prices) !== undefined) return []
    return [
      `--max-cost ${cap} cannot be counted: the ${role}'s model ${model} (${variable}=${spec}) has no price, so every call to it would be refused; price it in a JSON file named by TOOLCHECK_PRICES ({ "${model}": { "inputPerMillion": <usd>, "outputPerMillion": <usd> } }), or cap --max-model-calls or --max-tokens instead`,
    ]
  })
}
