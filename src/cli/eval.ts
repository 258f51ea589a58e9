import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Reporter } from 'vitest/node'
import type { EvalSettings, EvalVariants } from '../../scenarios/eval/eval-settings.ts'
import type { ScoringMode } from '../evaluation/index.ts'
import { isScoringMode } from '../evaluation/index.ts'
import type { Report } from '../reporter/report.ts'
import { checkGates, formatGates } from '../gates/check-gates.ts'
import type { GateOptions } from '../gates/gate-options.ts'
import { prepareGates } from '../gates/prepare-gates.ts'
import { EXIT_CODES } from './exit-codes.ts'
import { MODULE_EXTENSION } from '../module-extension.ts'
import { roleSpecProblem } from '../roles/role-spec.ts'
import { environmentProblems } from '../roles/endpoint/environment-problems.ts'
import { safeText } from '../conversation/safe-text.ts'
import { evalProgress } from './eval-progress.ts'
import type { CommandIo } from './io.ts'
import { parseCommandArguments } from './parse-command-arguments.ts'
import { UsageError } from './usage-error.ts'

/** The usage text of `toolcheck eval`. */
export const EVAL_USAGE = `usage: toolcheck eval [options]

Plays the built-in scenarios (or your own, with --scenarios) with the configured agent and user,
prints the summary table and writes toolcheck-report/report.json and toolcheck-report/index.html.

options:
  --scenarios <path>      play your scenarios instead of the built-in corpus: a folder of *.json
                          scenario files, one JSON file, or a module exporting scenarios
                          (TypeScript is fine); repeat for several
  --domain <module>       a module exporting the domain(s) your scenarios name (defineDomain);
                          repeat for several; the built-in device domain is always known
  --agent <module>        play your own agent: a module whose default export (or export named
                          agent) is an Agent (functionAgent, ...) or a TurnAgent (turnAgent, ...);
                          TypeScript is fine, in an ES module or a CommonJS project. It replaces
                          TOOLCHECK_AGENT
  --filter <text>         only scenarios whose id contains <text>, or of category <text>
  --variants <set>        plain: each scenario as written; all: under ToolSandbox's eight variants
                          (the default); robustness: as written and under every tool-fault,
                          prompt-injection, user and world variant; faults, injections, user or
                          world: as written and under one family's variants
  --trials <n>            play every scenario n times and report pass^k (default 1)
  --scoring <mode>        toolcheck (default) or toolsandbox: score as ToolSandbox's own code does
  --report-dir <dir>      where the reports go (default toolcheck-report)

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

The gates are checked before anything plays: a baseline that cannot be read or was scored the
other way, or a category gate that names no category of the scenarios to play, stops the
command with exit code 2.

environment:
  TOOLCHECK_AGENT   reference (default) | openai:<model> | hf:<model> (unless --agent is given)
  TOOLCHECK_USER    scripted (default) | openai:<model> | hf:<model>

Both are checked before anything runs: a spec toolcheck does not know, or a hosted model whose
key (OPENAI_API_KEY, HF_TOKEN) is not set, stops the command at once. So does a bad value of any
other setting read from the environment (TOOLCHECK_RETRIES, TOOLCHECK_TIMEOUT_MS,
TOOLCHECK_BREAKER_FAILURES, TOOLCHECK_BREAKER_COOLDOWN_MS, TOOLCHECK_MAX_REPLY_BYTES,
TOOLCHECK_MAX_REPLY_DEPTH, TOOLCHECK_CACHE, TOOLCHECK_CACHE_DIR, TOOLCHECK_BREAKER_DIR,
OPENAI_BASE_URL, HF_ENDPOINT_URL), with exit code 2 and a message naming it. While it runs, a progress
line on stderr counts the runs done, the infrastructure (and domain) errors so far and the time
elapsed.

A run's verdict names whose code made it: the agent (it failed the scenario, or its own code threw
or returned no reply: a failure, scored 0), the domain (a tool threw something that is not a
ToolError, hung, returned no JSON, or wrote a table or column the domain does not have: a domain
error, not scored) or the infrastructure (endpoints, cache: an infrastructure error, not scored).

exit code: 0 when every run finished and every gate held (without gates: whatever the scores,
including runs the agent's own code broke, which are failures); 1 when the harness failed (a suite
file or the --agent module did not load, an unhandled error, a test that broke before recording
its run); 2 for bad options, specs or gates; 5 when runs ended in domain errors (a bug in a tool);
4 when a gate failed; 3 when runs ended in infrastructure errors (rate limits after retries,
timeouts, unreadable replies, cache misses in replay mode). The report counts domain and
infrastructure errors apart from agent failures. When several apply, the first of 1, 5, 4, 3 is
the code.
`

/** The options of `toolcheck eval`, parsed. */
export interface EvalArguments {
  /** Scenario folders, files or modules, resolved against the working directory. */
  readonly scenarios?: readonly string[]
  /** Domain modules, resolved against the working directory. */
  readonly domains?: readonly string[]
  /** The agent module, resolved against the working directory (`--agent`). */
  readonly agent?: string
  readonly filter?: string
  readonly variants: EvalVariants
  readonly trials: number
  readonly reportDir: string
  readonly scoring: ScoringMode
  /** Gates to check on the report; absent when none was given. */
  readonly gates?: GateOptions
}

/** The package root: the repository, or `dist/` in the built package. */
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SUITE_FILES = [`scenarios/eval/part-1.eval${MODULE_EXTENSION}`, `scenarios/eval/part-2.eval${MODULE_EXTENSION}`]

/**
 * `toolcheck eval`: runs the built-in scenarios through vitest (two suite files on two workers),
 * with the agent of `TOOLCHECK_AGENT` (default `reference`) and the user of `TOOLCHECK_USER`,
 * prints the summary and writes the reports. Returns the exit code (see `EVAL_USAGE`).
 */
export async function runEval(args: string[], io: CommandIo): Promise<number> {
  const parsed = parseEvalArguments(args)
  // Checked once here: a wrong spec would otherwise fail every one of thousands of tests.
  const specProblems = [
    // The --agent module replaces TOOLCHECK_AGENT, which is then not read.
    parsed.agent === undefined ? roleSpecProblem('agent', process.env.TOOLCHECK_AGENT ?? '', 'TOOLCHECK_AGENT', process.env) : undefined,
    roleSpecProblem('user', process.env.TOOLCHECK_USER ?? '', 'TOOLCHECK_USER', process.env),
    ...environmentProblems(process.env),
  ].filter((problem) => problem !== undefined)
  if (specProblems.length > 0) {
    io.stderr(specProblems.map((problem) => `toolcheck eval: ${problem}\n`).join(''))
    return 2
  }
  const missing = [...(parsed.scenarios ?? []), ...(parsed.domains ?? []), ...(parsed.agent === undefined ? [] : [parsed.agent])].filter((path) => !existsSync(path))
  if (missing.length > 0) {
    // `--agent openai:gpt-4o` is a model spec, which TOOLCHECK_AGENT takes.
    const spec = parsed.agent !== undefined && missing.includes(parsed.agent) && /^(reference|(openai|hf):.+)$/.test(relative(process.cwd(), parsed.agent))
    io.stderr(`toolcheck eval: no such file or folder: ${missing.join(', ')}${spec ? ' (--agent takes a module; name a model with TOOLCHECK_AGENT instead)' : ''}\n`)
    return 2
  }
  // vitest, the corpus and the plugin load only once the command is sure to run.
  const [{ startVitest }, { selectScenarios }, { builtInScenarios }, { formatSummary }, { toolcheck }] = await Promise.all([
    import('vitest/node'),
    import('../../scenarios/eval/select-scenarios.ts'),
    import('../../scenarios/index.ts'),
    import('../reporter/format-summary.ts'),
    import('../vitest/plugin.ts'),
  ])
  // The user's own scenarios are loaded by the suite files (they may be TypeScript), so they are
  // counted there; the built-in corpus is counted here, to refuse a filter that matches nothing.
  const chosen = parsed.scenarios === undefined ? selectScenarios(builtInScenarios(), parsed.filter) : undefined
  const selected = chosen === undefined ? Number.POSITIVE_INFINITY : chosen.length
  if (selected === 0) {
    const categories = [...new Set(builtInScenarios().flatMap((scenario) => scenario.categories))].join(', ')
    io.stderr(`toolcheck eval: no built-in scenario has an id containing ${JSON.stringify(parsed.filter)} or the category ${JSON.stringify(parsed.filter)}; the categories are ${categories}\n`)
    return 2
  }
  // Gates are checked before anything plays, against the scenarios to play when they are known
  // here (the built-in corpus; the user's own load in the suite files).
  const prepared = await prepareGates(parsed.gates, { root: process.cwd(), scoring: parsed.scoring, ...(chosen === undefined ? {} : { categories: chosen.flatMap((scenario) => scenario.categories) }) })
  if (prepared.problems.length > 0) {
    io.stderr(prepared.problems.map((problem) => `toolcheck eval: ${problem}\n`).join(''))
    return EXIT_CODES.usage
  }
  // One suite file per worker, but never a file with nothing to play (vitest rejects an empty file).
  const suiteFiles = SUITE_FILES.slice(0, Math.min(SUITE_FILES.length, selected))
  const reportDir = resolve(process.cwd(), parsed.reportDir)
  const reportFile = resolve(reportDir, 'report.json')
  // Whatever report.json an earlier run left is not this run's: only a file written since counts.
  const earlierReport = await fileIdentity(reportFile)
  const progress: Reporter = evalProgress({ write: io.stderr, terminal: io.terminal === true, trials: parsed.trials })
  // Failing scenario tests are the agent's low scores, not a failed command: vitest's own exit
  // code is replaced by the harness verdict below.
  const previousExitCode = process.exitCode
  let harnessProblems: string[] = []
  try {
    const vitest = await startVitest(
      'test',
      [],
      {
        root: PACKAGE_ROOT,
        config: false,
        include: suiteFiles,
        // The suites may sit under node_modules (an installed package), which vitest skips by default.
        exclude: [],
        watch: false,
        reporters: [progress],
        maxWorkers: 2,
        // The suite files go through vite even from node_modules, and so do the user's modules
        // they import (--domain, --scenarios, --agent): TypeScript, read as ES modules whatever
        // the project's type.
        server: { deps: { inline: [/[\\/]scenarios[\\/]eval[\\/]/] } },
        provide: { toolcheckEval: evalSettings(parsed, suiteFiles.length) },
      },
      { plugins: [toolcheck({ reportDir, trials: parsed.trials, summary: false, scoring: parsed.scoring })] },
    )
    if (vitest === undefined) {
      io.stderr('toolcheck eval: vitest did not start\n')
      return 1
    }
    for (const module of vitest.state.getTestModules())
      // Both suite files load the same scenarios, so a loading problem is told once, without the file.
      for (const error of module.errors()) harnessProblems.push(/^(toolcheck eval:|the scenarios to evaluate)/.test(error.message) ? error.message : `${module.relativeModuleId}: ${error.message}`)
    for (const error of vitest.state.getUnhandledErrors()) harnessProblems.push(`unhandled error: ${(error as { message?: string }).message ?? String(error)}`)
    await vitest.close()
  } finally {
    process.exitCode = previousExitCode
  }
  // Loading errors may quote what a file or a server holds; the terminal gets it escaped.
  harnessProblems = [...new Set(harnessProblems.map(safeText))]
  const written = await fileIdentity(reportFile)
  let report: Report | undefined
  try {
    if (written !== undefined && written !== earlierReport) report = JSON.parse(await readFile(reportFile, 'utf8')) as Report
  } catch {
    report = undefined
  }
  if (report === undefined) {
    const earlier = earlierReport === undefined ? '' : ` (the report already in ${reportDir} is an earlier run's, and was left as it was)`
    io.stderr(`toolcheck eval: this run wrote no report${earlier}${harnessProblems.length > 0 ? `:\n  ${harnessProblems.join('\n  ')}` : '; no scenario was played'}\n`)
    return 1
  }
  io.stdout(`${formatSummary(report)}\n\nreports: ${reportFile}, ${resolve(reportDir, 'index.html')}\n`)
  harnessProblems = [...harnessProblems, ...report.problems.map((problem) => `${problem.test}: ${problem.message.split('\n')[0]}`)]
  if (harnessProblems.length > 0) {
    io.stderr(`toolcheck eval: the harness failed:\n  ${harnessProblems.join('\n  ')}\n`)
    return 1
  }
  const overall = report.summary.overall
  const errors = overall.infrastructureErrors
  const domainErrors = overall.domainErrors
  if (domainErrors > 0)
    io.stderr(`toolcheck eval: ${domainErrors} of ${report.runs.length} runs ended in domain errors: a tool of the domain broke (see the summary above and "error" in the report); fix the tool, these runs say nothing about the agent\n`)
  if (parsed.gates !== undefined) {
    const baseline = prepared.baseline === undefined ? undefined : { report: prepared.baseline.file.report, source: prepared.baseline.source }
    const gates = checkGates(report, parsed.gates, baseline)
    io.stdout(`\n${formatGates(gates)}\n`)
    if (!gates.passed) {
      io.stderr(`toolcheck eval: ${gates.checks.filter((check) => !check.passed).length} gate(s) failed${errors > 0 ? `; ${errors} runs also ended in infrastructure errors` : ''}\n`)
      return domainErrors > 0 ? EXIT_CODES.domain : EXIT_CODES.regression
    }
  }
  if (errors > 0)
    io.stderr(`toolcheck eval: ${errors} of ${report.runs.length} runs ended in infrastructure errors (see "errors" in the report); their scores are not the agent's\n`)
  if (domainErrors > 0) return EXIT_CODES.domain
  return errors > 0 ? EXIT_CODES.infrastructure : EXIT_CODES.ok
}

/** What the suite files are told to play. */
function evalSettings(parsed: EvalArguments, parts: number): EvalSettings {
  return {
    ...(parsed.filter === undefined ? {} : { filter: parsed.filter }),
    variants: parsed.variants,
    parts,
    ...(parsed.scenarios === undefined ? {} : { scenarioPaths: parsed.scenarios }),
    ...(parsed.domains === undefined ? {} : { domainModules: parsed.domains }),
    ...(parsed.agent === undefined ? {} : { agentModule: parsed.agent }),
  }
}

/** The values of `--variants` (kept here so the command line loads nothing else to check them). */
const EVAL_VARIANT_NAMES: readonly EvalVariants[] = ['plain', 'all', 'robustness', 'faults', 'injections', 'user', 'world']

function isEvalVariants(value: string): value is EvalVariants {
  return (EVAL_VARIANT_NAMES as readonly string[]).includes(value)
}

/** The options of `toolcheck eval`, for `parseArgs`. */
const EVAL_OPTIONS = {
  scenarios: { type: 'string', multiple: true },
  domain: { type: 'string', multiple: true },
  agent: { type: 'string' },
  filter: { type: 'string' },
  variants: { type: 'string' },
  trials: { type: 'string' },
  'report-dir': { type: 'string' },
  scoring: { type: 'string' },
  'min-score': { type: 'string' },
  'min-pass-rate': { type: 'string' },
  'min-category-score': { type: 'string', multiple: true },
  'min-category-pass-rate': { type: 'string', multiple: true },
  baseline: { type: 'string' },
  'max-missing': { type: 'string' },
  alpha: { type: 'string' },
} as const

/**
 * Parses the options of `toolcheck eval`; throws `UsageError` naming the wrong option. Paths
 * are resolved against `directory` (the working directory).
 */
export function parseEvalArguments(args: readonly string[], directory = process.cwd()): EvalArguments {
  const { values } = parseCommandArguments(args, EVAL_OPTIONS)
  const nonEmpty = (name: string, value: string | undefined): string | undefined => {
    if (value !== undefined && value.trim() === '') throw new UsageError(`--${name} needs a value`)
    return value
  }
  const variants = nonEmpty('variants', values.variants) ?? 'all'
  if (!isEvalVariants(variants)) throw new UsageError(`--variants takes ${EVAL_VARIANT_NAMES.join(', ')}, not ${JSON.stringify(variants)}`)
  const trialsText = nonEmpty('trials', values.trials)
  const trials = trialsText === undefined ? 1 : Number(trialsText)
  if (!Number.isInteger(trials) || trials < 1) throw new UsageError(`--trials takes a whole number of at least 1, not ${JSON.stringify(trialsText)}`)
  const scoring = nonEmpty('scoring', values.scoring) ?? 'toolcheck'
  if (!isScoringMode(scoring)) throw new UsageError(`--scoring takes toolcheck or toolsandbox, not ${JSON.stringify(scoring)}`)
  const filter = nonEmpty('filter', values.filter)
  const paths = (name: string, given: readonly string[] | undefined) => given?.map((path) => resolve(directory, nonEmpty(name, path) as string))
  const scenarios = paths('scenarios', values.scenarios)
  const domains = paths('domain', values.domain)
  const agentPath = nonEmpty('agent', values.agent)
  const agent = agentPath === undefined ? undefined : resolve(directory, agentPath)
  const gates = gatesOf(values, nonEmpty)
  return {
    ...(scenarios === undefined ? {} : { scenarios }),
    ...(domains === undefined ? {} : { domains }),
    ...(agent === undefined ? {} : { agent }),
    ...(filter === undefined ? {} : { filter }),
    variants,
    trials,
    reportDir: nonEmpty('report-dir', values['report-dir']) ?? 'toolcheck-report',
    scoring,
    ...(gates === undefined ? {} : { gates }),
  }
}

/** The gate options among eval's; `undefined` when none was given. */
function gatesOf(
  values: { readonly [K in 'min-score' | 'min-pass-rate' | 'baseline' | 'max-missing' | 'alpha']?: string | undefined } & { readonly [K in 'min-category-score' | 'min-category-pass-rate']?: string[] | undefined },
  nonEmpty: (name: string, value: string | undefined) => string | undefined,
): GateOptions | undefined {
  // A minimum score or pass rate: a number from 0 to 1.
  const share = (name: string, given: string): number => {
    const value = Number(given)
    if (given.trim() === '' || !(value >= 0 && value <= 1)) throw new UsageError(`--${name} takes a number from 0 to 1, not ${JSON.stringify(given)}`)
    return value
  }
  const gates: { -readonly [K in keyof GateOptions]: GateOptions[K] } = {}
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
  return Object.keys(gates).length === 0 ? undefined : gates
}

/**
 * What tells one version of a file from another: its inode and modification time (the reporter
 * writes report.json to a new file and renames it into place, so every write makes a new inode).
 * `undefined` when there is no such file.
 */
async function fileIdentity(file: string): Promise<string | undefined> {
  return stat(file).then(
    (info) => `${info.ino}:${info.mtimeMs}:${info.size}`,
    () => undefined,
  )
}
