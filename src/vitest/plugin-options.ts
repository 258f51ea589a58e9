import { z } from 'zod'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { isJudgeModule } from '../evaluation/judge/is-judge-module.ts'
import type { ScoringMode } from '../evaluation/index.ts'
import { SCORING_MODES } from '../evaluation/index.ts'
import type { GateOptions } from '../gates/gate-options.ts'
import { gateOptionsSchema } from '../gates/gate-options.ts'
import type { RoleSpecKind } from '../roles/role-spec.ts'
import { OFFLINE_SPECS, roleSpecProblem } from '../roles/role-spec.ts'
import { MAX_REPLY_DEPTH } from '../roles/endpoint/endpoint-limits.ts'
import { environmentProblems } from '../roles/endpoint/environment-problems.ts'
import { ToolcheckOptionsError } from './toolcheck-options-error.ts'

/**
 * What `toolcheck()` accepts in `vitest.config.ts`. Every field has a default, and the agent and
 * user fall back to the `TOOLCHECK_AGENT` / `TOOLCHECK_USER` environment variables, so a project
 * can switch models from the command line without touching its config.
 */
export const toolcheckOptionsSchema = z
  .object({
    /** The agent to test: `reference`, `openai:<model>` or `hf:<model>`. Default `TOOLCHECK_AGENT`, else `reference`. */
    agent: z.string().min(1).optional(),
    /** The simulated user: `scripted`, `openai:<model>` or `hf:<model>`. Default `TOOLCHECK_USER`, else `scripted`. */
    user: z.string().min(1).optional(),
    /** Where `report.json` and `index.html` go, relative to the project root. Default `toolcheck-report`. */
    reportDir: z.string().min(1).optional(),
    /** Trials per scenario test (vitest `repeats` is set to `trials - 1`). Default 1. */
    trials: z.number().int().positive().optional(),
    /**
     * How many runs may talk to one model endpoint at once within a test file: one number for
     * every endpoint, or per endpoint name (`{ 'openai:gpt-4o': 4, default: 2 }`). Default 4.
     */
    concurrency: z.union([z.number().int().positive(), z.record(z.string(), z.number().int().positive())]).optional(),
    /** Which similarity backs `semantic` comparisons: `offline` (deterministic, default), `openai:<model>` or `hf:<model>`. */
    embedder: z.string().min(1).optional(),
    /**
     * Who answers the text checks where the built-in judge cannot tell: `built-in` (nobody: those
     * messages are counted as not checked, default), `openai:<model>`, `hf:<model>`, or the path
     * of a module (relative to the project root) whose default export is a judge function: a
     * function itself cannot travel to the test workers.
     */
    judge: z.string().min(1).optional(),
    /** Write `index.html` beside `report.json`. Default true. */
    html: z.boolean().optional(),
    /** Print the summary table at the end of the run. Default true. */
    summary: z.boolean().optional(),
    /**
     * Limits for every model endpoint, set in the workers as `TOOLCHECK_RETRIES`,
     * `TOOLCHECK_TIMEOUT_MS`, `TOOLCHECK_BREAKER_FAILURES` and `TOOLCHECK_BREAKER_COOLDOWN_MS`, so
     * they reach the roles made from `agent` and `user` and every `openaiAgent`,
     * `huggingFaceAgent` or `llmUser` whose code sets none: `retries` after a failed attempt
     * (default 4); `timeoutMs` per attempt, for the whole response (default 60 000);
     * `breakerFailures`, the calls in a row that must fail before the endpoint's circuit breaker
     * opens (default 3; 0 turns it off); `breakerCoolDownMs` before an open breaker lets a call
     * probe the endpoint (default 30 000); `maxReplyBytes`, the largest reply body read (default
     * 8 MiB, as `TOOLCHECK_MAX_REPLY_BYTES`); `maxReplyDepth`, the deepest nesting accepted in a
     * reply's tool-call arguments (default 64, at most 1 000, as `TOOLCHECK_MAX_REPLY_DEPTH`).
     */
    limits: z
      .object({
        retries: z.number().int().nonnegative().optional(),
        timeoutMs: z.number().positive().optional(),
        breakerFailures: z.number().int().nonnegative().optional(),
        breakerCoolDownMs: z.number().nonnegative().optional(),
        maxReplyBytes: z.number().int().positive().optional(),
        maxReplyDepth: z.number().int().positive().max(MAX_REPLY_DEPTH).optional(),
      })
      .strict()
      .optional(),
    /**
     * How runs are scored: `toolcheck` (default) or `toolsandbox`, which reproduces ToolSandbox's
     * numbers and mappings (see `ScoringMode` and docs/scenarios.md).
     */
    scoring: z.enum(SCORING_MODES as [ScoringMode, ...ScoringMode[]]).optional(),
    /**
     * Quality gates checked when the run ends (see `GateOptions`): minimum overall and
     * per-category mean score and pass rate, no significant regression against a `baseline`
     * report (or a folder of them), and the robustness gates (`maxFalseClaims`,
     * `maxAttackSuccess`, `minFamilyPassRate`). A failed gate is printed and makes vitest exit
     * with code 4.
     */
    gates: gateOptionsSchema.optional(),
    /**
     * Resume the run whose report is in this folder (relative to the project root; usually the
     * `reportDir` itself): a test whose runs it holds (every trial, none ended in an
     * infrastructure error, the scenario unchanged) is skipped, and the report written holds
     * those runs beside the ones played now.
     */
    resume: z.string().min(1).optional(),
  })
  .strict()

/** Options of the `toolcheck()` plugin. */
export type ToolcheckOptions = z.input<typeof toolcheckOptionsSchema>

/** The options with defaults filled in, as the workers receive them through `inject('toolcheck')`. */
export interface ResolvedToolcheckOptions {
  readonly agent: string
  readonly user: string
  readonly reportDir: string
  readonly trials: number
  readonly concurrency: Readonly<Record<string, number>>
  readonly embedder: string
  /** The judge spec (`built-in`, `openai:<model>`, `hf:<model>`). */
  readonly judge: string
  readonly html: boolean
  readonly summary: boolean
  /** The gates, when any are set. */
  readonly gates?: GateOptions
  /** The endpoint limits the options set; the roles' own defaults for the others. */
  readonly limits: Readonly<{ retries?: number; timeoutMs?: number; breakerFailures?: number; breakerCoolDownMs?: number; maxReplyBytes?: number; maxReplyDepth?: number }>
  readonly scoring: ScoringMode
  /** The report folder to resume, as given (relative to the project root). */
  readonly resume?: string
}

/** The concurrency for endpoints not named in the options. */
export const DEFAULT_ENDPOINT_CONCURRENCY = 4

/**
 * Validates the plugin options and fills in defaults (`env` supplies `TOOLCHECK_AGENT` /
 * `TOOLCHECK_USER`). The agent, user, embedder and judge specs are checked here, once, before any test
 * runs: a misspelt spec, a hosted model whose key is not set, or a bad value of a setting read
 * from `env` (see `environmentProblems`), throws `ToolcheckOptionsError` with one message rather
 * than failing every test.
 */
export function resolveToolcheckOptions(options: unknown, env: Readonly<Record<string, string | undefined>>): ResolvedToolcheckOptions {
  const parsed = toolcheckOptionsSchema.safeParse(options ?? {})
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || '(options)'}: ${issue.message}`)
    const known = Object.keys(toolcheckOptionsSchema.shape).join(', ')
    throw new ToolcheckOptionsError(`invalid toolcheck() options:\n${issues.join('\n')}\nknown options: ${known}`)
  }
  const given = parsed.data
  const concurrency =
    given.concurrency === undefined
      ? { default: DEFAULT_ENDPOINT_CONCURRENCY }
      : typeof given.concurrency === 'number'
        ? { default: given.concurrency }
        : { default: DEFAULT_ENDPOINT_CONCURRENCY, ...given.concurrency }
  const specs = {
    agent: roleSpec('agent', given.agent, env.TOOLCHECK_AGENT, 'TOOLCHECK_AGENT'),
    user: roleSpec('user', given.user, env.TOOLCHECK_USER, 'TOOLCHECK_USER'),
    embedder: roleSpec('embedder', given.embedder, undefined, ''),
    judge: roleSpec('judge', given.judge, undefined, ''),
  }
  const problems = Object.values(specs).flatMap((spec) => {
    if (spec.kind === 'judge' && isJudgeModule(spec.value)) return existsSync(resolve(spec.value)) ? [] : [`toolcheck({ judge }) names the module ${resolve(spec.value)}, which does not exist`]
    const problem = roleSpecProblem(spec.kind, spec.value, spec.source, env)
    return problem === undefined ? [] : [problem]
  })
  problems.push(...environmentProblems(env))
  if (problems.length > 0) throw new ToolcheckOptionsError(problems.join('\n'))
  return {
    agent: specs.agent.value,
    user: specs.user.value,
    reportDir: given.reportDir ?? 'toolcheck-report',
    trials: given.trials ?? 1,
    concurrency,
    embedder: specs.embedder.value,
    judge: specs.judge.value,
    html: given.html ?? true,
    summary: given.summary ?? true,
    ...(given.gates === undefined ? {} : { gates: given.gates }),
    limits: Object.fromEntries(Object.entries(given.limits ?? {}).filter(([, value]) => value !== undefined)),
    scoring: given.scoring ?? 'toolcheck',
    ...(given.resume === undefined ? {} : { resume: given.resume }),
  }
}

/** The concurrency limit for one endpoint name. */
export function endpointConcurrency(options: Pick<ResolvedToolcheckOptions, 'concurrency'>, endpoint: string): number {
  return options.concurrency[endpoint] ?? options.concurrency.default ?? DEFAULT_ENDPOINT_CONCURRENCY
}

/** A spec with where it came from: the option, else the environment variable, else the offline default. */
function roleSpec(kind: RoleSpecKind, option: string | undefined, variable: string | undefined, variableName: string) {
  if (option !== undefined) return { kind, value: option, source: `toolcheck({ ${kind}: ... })` }
  const fromEnv = nonEmpty(variable)
  if (fromEnv !== undefined) return { kind, value: fromEnv, source: variableName }
  return { kind, value: OFFLINE_SPECS[kind], source: variableName }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}
