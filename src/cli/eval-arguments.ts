import { resolve } from 'node:path'
import type { EvalVariants } from './eval/eval-settings.ts'
import type { ScoringMode } from '../evaluation/index.ts'
import { isScoringMode } from '../evaluation/scoring-mode.ts'
import { parseRoleSpec, RoleSpecError } from '../roles/role-spec.ts'
import { isJudgeModule } from '../evaluation/judge/is-judge-module.ts'
import type { GateOptions } from '../gates/gate-options.ts'
import type { GateOptionsDraft } from '../gates/metric-gates.ts'
import { METRIC_GATES } from '../gates/metric-gates.ts'
import type { BudgetLimits } from '../roles/endpoint/model-budget.ts'
import { budgetShare } from '../roles/endpoint/model-budget.ts'
import { parseCommandArguments } from './parse-command-arguments.ts'
import type { Shard } from './shard.ts'
import { parseShard } from './shard.ts'
import { UsageError } from './usage-error.ts'

/** The options of `toolcheck eval` (and `toolcheck plan`, which takes the same), parsed. */
export interface EvalArguments {
  /** Scenario folders, files or modules, resolved against the working directory. */
  readonly scenarios?: readonly string[]
  /** Domain modules, resolved against the working directory. */
  readonly domains?: readonly string[]
  /** The agent module, resolved against the working directory (`--agent`). */
  readonly agent?: string
  /** The simulated user's module, resolved against the working directory (`--user`). */
  readonly user?: string
  /** With `--resume`: play again the runs whose simulated user broke its part, with a fresh user trial (`--replay-user-errors`). */
  readonly replayUserErrors?: boolean
  readonly filter?: string
  readonly variants: EvalVariants
  readonly trials: number
  readonly reportDir: string
  /** `--scoring`; absent when not given: each scenario is then scored by its own `scoring`, else toolcheck's. */
  readonly scoring?: ScoringMode
  /** Who answers the text checks where the built-in judge cannot tell (`--judge`): `built-in`, `openai:<model>` or `hf:<model>`. */
  readonly judge: string
  /** Gates to check on the report; absent when none was given. */
  readonly gates?: GateOptions
  /** The report folder to resume (`--resume`), resolved against the working directory. */
  readonly resume?: string
  /** This process's shard of the runs (`--shard i/n`). */
  readonly shard?: Shard
  /** The earlier report that shards are balanced by and plans project from (`--previous`). */
  readonly previous?: string
  /** Caps on the model calls (`--max-model-calls`, `--max-tokens`, `--max-cost`); absent when none was given. */
  readonly budget?: BudgetLimits
  /** `toolcheck plan --json`: the plan as JSON. */
  readonly json?: boolean
}

/** The options both commands take, as their usage texts list them. */
export const EVAL_OPTIONS_USAGE = `options:
  --scenarios <path>      play your scenarios instead of the built-in corpus: a folder of *.json
                          scenario files, one JSON file, or a module exporting scenarios
                          (TypeScript is fine); repeat for several
  --domain <module>       a module exporting the domain(s) your scenarios name (defineDomain);
                          repeat for several; the built-in device domain is always known
  --agent <module>        play your own agent: a module whose default export (or export named
                          agent) is an Agent (functionAgent, ...) or a TurnAgent (turnAgent, ...);
                          TypeScript is fine, in an ES module or a CommonJS project. It replaces
                          TOOLCHECK_AGENT
  --user <module>         play your own simulated user: a module whose default export (or export
                          named user) is a User (llmUser(...), or an object with a name and
                          respond(view, context)); TypeScript is fine. It replaces TOOLCHECK_USER
  --filter <text>         only scenarios whose id contains <text>, or of category <text>
  --variants <set>        plain: each scenario as written; all: under ToolSandbox's eight variants
                          (the default); robustness: as written and under every tool-fault,
                          prompt-injection, user and world variant; faults, injections, user or
                          world: as written and under one family's variants
  --trials <n>            play every scenario n times and report pass^k (default 1)
  --scoring <mode>        toolcheck or toolsandbox: score as ToolSandbox's own code does (default:
                          the scenario's own mode, toolsandbox for imported ToolSandbox scenarios,
                          else toolcheck)
  --judge <spec>          who answers the text checks the built-in judge cannot tell (an agent's
                          message in a language or wording it does not read): built-in (default:
                          counted as not checked), openai:<model>, hf:<model>, or a module whose
                          default export is a judge function
  --report-dir <dir>      where the reports go (default toolcheck-report)

resume, shards and budgets:
  --resume <dir>          resume the evaluation whose report (or, when it was interrupted, whose
                          runs written so far) is in <dir>: play only the runs it lacks and those
                          that ended in infrastructure errors, keep the rest, write the whole
                          report; a run whose scenario changed since is played again
  --replay-user-errors    with --resume: also play again the runs whose simulated user broke its
                          part (leaked, quit early, left its goal, played the agent), with the same
                          agent and a fresh user trial; by default they are kept, as the user's
                          error rate is measured on them
  --shard <i>/<n>         play the i-th of n shards of the runs (run by run, balanced by the
                          durations in the earlier report); toolcheck merge joins the shards'
                          reports into the report of the whole
  --previous <dir>        the earlier report to balance shards by and project a plan from
                          (default: the --resume report, else the one in --report-dir)
  --max-model-calls <n>   stop calling models after n requests sent, every retry counted (a reply
                          replayed from the cache is free); the summary says how many were retries
  --max-tokens <n>        stop calling models once their replies have used n tokens
  --max-cost <usd>        stop calling models once they have cost this many US dollars (by the
                          price table; a TOOLCHECK_AGENT or TOOLCHECK_USER model without a price
                          stops the command before anything plays: price it with TOOLCHECK_PRICES)
                          Runs a budget cuts are errors of kind budget, not agent failures; the
                          summary says how far the budget went. Each shard gets its share; a shard
                          whose share is nothing is refused.
`

/**
 * The metric gates' options (`--max-false-claims`, ...), as `parseArgs` declares them: each may
 * repeat, and a gate that takes one value takes the last.
 */
const METRIC_GATE_OPTIONS: Readonly<Record<string, { readonly type: 'string'; readonly multiple: true }>> = Object.fromEntries(METRIC_GATES.map((gate) => [gate.option, { type: 'string', multiple: true }] as const))

/** The gate options (`--min-score`, ..., `--alpha`, and the metric gates'), as `parseArgs` declares them. */
export const GATE_OPTIONS = {
  'min-score': { type: 'string' },
  'min-pass-rate': { type: 'string' },
  'min-category-score': { type: 'string', multiple: true },
  'min-category-pass-rate': { type: 'string', multiple: true },
  baseline: { type: 'string' },
  'max-missing': { type: 'string' },
  alpha: { type: 'string' },
  ...METRIC_GATE_OPTIONS,
} as const


/** The options of `toolcheck eval` and `toolcheck plan`, for `parseArgs`. */
const EVAL_OPTIONS = {
  scenarios: { type: 'string', multiple: true },
  domain: { type: 'string', multiple: true },
  agent: { type: 'string' },
  user: { type: 'string' },
  'replay-user-errors': { type: 'boolean' },
  filter: { type: 'string' },
  variants: { type: 'string' },
  trials: { type: 'string' },
  'report-dir': { type: 'string' },
  scoring: { type: 'string' },
  judge: { type: 'string' },
  resume: { type: 'string' },
  shard: { type: 'string' },
  previous: { type: 'string' },
  'max-model-calls': { type: 'string' },
  'max-tokens': { type: 'string' },
  'max-cost': { type: 'string' },
  ...GATE_OPTIONS,
} as const

/** The values of `--variants` (kept here so the command line loads nothing else to check them). */
const EVAL_VARIANT_NAMES: readonly EvalVariants[] = ['plain', 'all', 'robustness', 'faults', 'injections', 'user', 'world']

function isEvalVariants(value: string): value is EvalVariants {
  return (EVAL_VARIANT_NAMES as readonly string[]).includes(value)
}

/**
 * Parses the options of `toolcheck eval` (and, with `json` allowed, `toolcheck plan`); throws
 * `UsageError` naming the wrong option. Paths are resolved against `directory` (the working
 * directory).
 */
export function parseEvalArguments(args: readonly string[], directory = process.cwd(), plan = false): EvalArguments {
  const { values } = parseCommandArguments(args, plan ? { ...EVAL_OPTIONS, json: { type: 'boolean' } } : EVAL_OPTIONS)
  const nonEmpty = (name: string, value: string | undefined): string | undefined => {
    if (value !== undefined && value.trim() === '') throw new UsageError(`--${name} needs a value`)
    return value
  }
  const variants = nonEmpty('variants', values.variants) ?? 'all'
  if (!isEvalVariants(variants)) throw new UsageError(`--variants takes ${EVAL_VARIANT_NAMES.join(', ')}, not ${JSON.stringify(variants)}`)
  const trialsText = nonEmpty('trials', values.trials)
  const trials = trialsText === undefined ? 1 : Number(trialsText)
  if (!Number.isInteger(trials) || trials < 1) throw new UsageError(`--trials takes a whole number of at least 1, not ${JSON.stringify(trialsText)}`)
  const scoring = nonEmpty('scoring', values.scoring)
  if (scoring !== undefined && !isScoringMode(scoring)) throw new UsageError(`--scoring takes toolcheck or toolsandbox, not ${JSON.stringify(scoring)}`)
  const judgeGiven = nonEmpty('judge', values.judge) ?? 'built-in'
  // A module is resolved here, as the other paths are: the workers run elsewhere.
  const judge = isJudgeModule(judgeGiven) ? resolve(directory, judgeGiven) : judgeGiven
  try {
    if (!isJudgeModule(judge)) parseRoleSpec('judge', judge, '--judge')
  } catch (error) {
    if (error instanceof RoleSpecError) throw new UsageError(error.message)
    throw error
  }
  const filter = nonEmpty('filter', values.filter)
  const paths = (name: string, given: readonly string[] | undefined) => given?.map((path) => resolve(directory, nonEmpty(name, path) as string))
  const scenarios = paths('scenarios', values.scenarios)
  const domains = paths('domain', values.domain)
  const [agent] = paths('agent', values.agent === undefined ? undefined : [values.agent]) ?? []
  const [user] = paths('user', values.user === undefined ? undefined : [values.user]) ?? []
  const [resume] = paths('resume', values.resume === undefined ? undefined : [values.resume]) ?? []
  const replayUserErrors = values['replay-user-errors'] === true
  if (replayUserErrors && resume === undefined) throw new UsageError('--replay-user-errors applies to --resume, which is missing')
  const [previous] = paths('previous', values.previous === undefined ? undefined : [values.previous]) ?? []
  const shardText = nonEmpty('shard', values.shard)
  const shard = shardText === undefined ? undefined : parseShard(shardText)
  const budget = budgetOf(values, nonEmpty)
  if (budget !== undefined && shard !== undefined) {
    // A shard whose share is nothing would cut every run that calls a model, without a word.
    const share = budgetShare(budget, shard.index, shard.count)
    for (const [name, key, noun] of [['max-model-calls', 'modelCalls', 'model calls'], ['max-tokens', 'tokens', 'tokens']] as const) {
      const whole = budget[key]
      if (whole !== undefined && whole > 0 && share[key] === 0)
        throw new UsageError(`--shard ${shard.index}/${shard.count} gets none of the ${whole} ${noun} of --${name} (each shard gets its share, the first ones one more); give --${name} at least ${shard.count}, or use fewer shards`)
    }
  }
  const gates = gatesOf(values, nonEmpty)
  const json = (values as { json?: boolean }).json
  return {
    ...(scenarios === undefined ? {} : { scenarios }),
    ...(domains === undefined ? {} : { domains }),
    ...(agent === undefined ? {} : { agent }),
    ...(user === undefined ? {} : { user }),
    ...(replayUserErrors ? { replayUserErrors } : {}),
    ...(filter === undefined ? {} : { filter }),
    variants,
    trials,
    reportDir: nonEmpty('report-dir', values['report-dir']) ?? 'toolcheck-report',
    ...(scoring === undefined ? {} : { scoring }),
    judge,
    ...(gates === undefined ? {} : { gates }),
    ...(resume === undefined ? {} : { resume }),
    ...(shard === undefined ? {} : { shard }),
    ...(previous === undefined ? {} : { previous }),
    ...(budget === undefined ? {} : { budget }),
    ...(json === true ? { json } : {}),
  }
}

/** The caps among the options; `undefined` when none was given. */
function budgetOf(
  values: { readonly [K in 'max-model-calls' | 'max-tokens' | 'max-cost']?: string | undefined },
  nonEmpty: (name: string, value: string | undefined) => string | undefined,
): BudgetLimits | undefined {
  const whole = (name: 'max-model-calls' | 'max-tokens') => {
    const text = nonEmpty(name, values[name])
    if (text === undefined) return undefined
    const value = Number(text)
    if (!Number.isInteger(value) || value < 0) throw new UsageError(`--${name} takes a whole number of at least 0, not ${JSON.stringify(text)}`)
    return value
  }
  const modelCalls = whole('max-model-calls')
  const tokens = whole('max-tokens')
  const costText = nonEmpty('max-cost', values['max-cost'])
  const costUsd = costText === undefined ? undefined : Number(costText.replace(/^\$/, ''))
  if (costUsd !== undefined && !(Number.isFinite(costUsd) && costUsd >= 0)) throw new UsageError(`--max-cost takes an amount of US dollars (0.50, or $0.50), not ${JSON.stringify(costText)}`)
  if (modelCalls === undefined && tokens === undefined && costUsd === undefined) return undefined
  return { ...(modelCalls === undefined ? {} : { modelCalls }), ...(tokens === undefined ? {} : { tokens }), ...(costUsd === undefined ? {} : { costUsd }) }
}

/** The gate options among a command's; `undefined` when none was given. Throws `UsageError` naming a bad value. */
export function gatesOf(
  values: { readonly [K in 'min-score' | 'min-pass-rate' | 'baseline' | 'max-missing' | 'alpha' | 'max-user-errors']?: string | undefined } & { readonly [K in 'min-category-score' | 'min-category-pass-rate']?: string[] | undefined },
  nonEmpty: (name: string, value: string | undefined) => string | undefined,
): GateOptions | undefined {
  // A minimum score or pass rate: a number from 0 to 1.
  const share = (name: string, given: string): number => {
    const value = Number(given)
    if (given.trim() === '' || !(value >= 0 && value <= 1)) throw new UsageError(`--${name} takes a number from 0 to 1, not ${JSON.stringify(given)}`)
    return value
  }
  const gates: GateOptionsDraft = {}
  const minScore = nonEmpty('min-score', values['min-score'])
  if (minScore !== undefined) gates.minScore = share('min-score', minScore)
  const minPassRate = nonEmpty('min-pass-rate', values['min-pass-rate'])
  if (minPassRate !== undefined) gates.minPassRate = share('min-pass-rate', minPassRate)
  const categories: Record<string, { minScore?: number; minPassRate?: number }> = {}
  for (const [name, field] of [['min-category-score', 'minScore'], ['min-category-pass-rate', 'minPassRate']] as const) {
    for (const given of values[name] ?? []) {
      const separator = given.lastIndexOf('=')
      if (separator <= 0) throw new UsageError(`--${name} takes <category>=<value>, not ${JSON.stringify(given)}`)
      const floors = (categories[given.slice(0, separator)] ??= {})
      floors[field] = share(name, given.slice(separator + 1))
    }
  }
  if (Object.keys(categories).length > 0) gates.categories = categories
  const baseline = nonEmpty('baseline', values.baseline)
  if (baseline !== undefined) gates.baseline = baseline
  const maxMissing = nonEmpty('max-missing', values['max-missing'])
  if (maxMissing !== undefined) {
    if (baseline === undefined) throw new UsageError('--max-missing applies to --baseline, which is missing')
    gates.maxMissing = share('max-missing', maxMissing)
  }
  const alphaText = nonEmpty('alpha', values.alpha)
  if (alphaText !== undefined) {
    const alpha = Number(alphaText)
    if (!(alpha > 0 && alpha < 1)) throw new UsageError(`--alpha takes a level between 0 and 1, not ${JSON.stringify(alphaText)}`)
    if (baseline === undefined) throw new UsageError('--alpha applies to --baseline, which is missing')
    gates.alpha = alpha
  }
  for (const gate of METRIC_GATES) {
    const given = (values as Readonly<Record<string, unknown>>)[gate.option]
    const texts = Array.isArray(given) ? given.map(String) : []
    if (texts.length === 0) continue
    for (const text of texts) nonEmpty(gate.option, text)
    const problem = gate.parse(gate.multiple ? texts : texts.slice(-1), gates)
    if (problem !== undefined) throw new UsageError(problem)
  }
  return Object.keys(gates).length === 0 ? undefined : gates
}
