import { describe, inject, test } from 'vitest'
import type { ScenarioVariant } from '../augmentation/index.ts'
import { isVariantRecipe } from '../augmentation/index.ts'
import { prepareVariant } from '../run/index.ts'
import { resolveScenarioDomain } from '../scenario/index.ts'
import { agentFromSpec, userFromSpec } from '../roles/from-spec.ts'
import type { AnyDomain } from '../domain/index.ts'
import type { User } from '../roles/types.ts'
import type { AnyAgent } from '../roles/turn-agent.ts'
import type { RunOptions } from '../run/index.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import { withEndpointLimit } from './endpoint-limiter.ts'
import { assertJudgeable } from './run-failure.ts'
import { playScenario } from './play-scenario.ts'
import type { ResolvedToolcheckOptions } from './plugin-options.ts'
import { endpointConcurrency } from './plugin-options.ts'
import type { ScenarioList } from './scenario-table.ts'
import { scenarioTable } from './scenario-table.ts'
import { ScenarioTableError } from './scenario-table-error.ts'
import type { UserPartJudge } from '../evaluation/user-part-judge.ts'
import './vitest-augmentation.ts'

/** Options of `scenarioTest` and `describeScenarios`. */
export interface ScenarioTestOptions {
  /** The agent; by default the plugin's `agent` spec (`TOOLCHECK_AGENT`, else `reference`). */
  readonly agent?: AnyAgent
  /** The simulated user; by default the plugin's `user` spec (`TOOLCHECK_USER`, else `scripted`). */
  readonly user?: User
  /**
   * Play every scenario under each of these variants (one test each): named augmentations
   * (`TOOLSANDBOX_VARIANTS`) or recipes that place one in each scenario (`ROBUSTNESS_VARIANTS`;
   * a recipe with no place in a scenario makes no test for it, or, when that shows only once
   * the scenario's solution is played under it, skips the test saying why). Plain only by default.
   */
  readonly variants?: readonly ScenarioVariant[]
  /** Run the tests of a file concurrently (default true), at most `concurrency` per endpoint at once. */
  readonly concurrent?: boolean
  /** The score a run needs for its test to pass. Default 1 (every milestone hit, no minefield). */
  readonly minimumScore?: number
  /** Play every scenario in this domain; each scenario's own by default (see `runScenario`). */
  readonly domain?: AnyDomain
  /** Domains to look each scenario's `domain` name up in (for scenarios loaded from JSON by name). */
  readonly domains?: readonly AnyDomain[]
  /** The tools that can run; the domain's by default. */
  readonly registry?: ToolRegistry
  /** Replace the domain's and scenarios' prompts (see `RunOptions.prompts`). */
  readonly prompts?: RunOptions['prompts']
  /** Per-test timeout in milliseconds (model-backed agents may need more than vitest's default). */
  readonly timeout?: number
  /** Answers the user checks no rule decides (see `checkUserPart`); without one they cannot tell and blame no user. */
  readonly userJudge?: UserPartJudge
}

/**
 * One vitest test per scenario (and per variant when given), each named by `scenarioTestName`.
 * Each test plays the scenario, records the run for the reporter (score, milestone mapping,
 * turns, status, usage, augmentation, trial) with its transcript, and passes when the score
 * reaches `minimumScore`. A run that ends in an infrastructure error, or whose simulated user
 * broke its part, fails with a message saying so, and the report counts it apart from agent
 * failures. Nothing is left out silently: a scenario
 * file that could not be loaded, and an id or variant label used by two different scenarios or
 * variants, each get a failing test of their own (see `scenarioTable`).
 */
export function scenarioTest(list: ScenarioList, options: ScenarioTestOptions = {}): void {
  const { cases, problems } = scenarioTable(list, options.variants, options)
  const minimumScore = options.minimumScore ?? 1
  let roles: { agent: AnyAgent; user: User | undefined; limit: number } | undefined
  // Resolved on first use, inside a test, where `inject` can read the plugin's options.
  const resolveRoles = () => {
    if (roles !== undefined) return roles
    const provided = providedOptions()
    const agent = options.agent ?? agentFromSpec(provided?.agent ?? 'reference')
    const userSpec = provided?.user ?? 'scripted'
    const user = options.user ?? (userSpec === 'scripted' ? undefined : userFromSpec(userSpec))
    roles = { agent, user, limit: provided === undefined ? 4 : endpointConcurrency(provided, agent.name) }
    return roles
  }
  for (const problem of problems)
    test(problem.name, () => {
      throw new ScenarioTableError(problem.message)
    })
  const testOptions = { concurrent: options.concurrent ?? true, ...(options.timeout === undefined ? {} : { timeout: options.timeout }) }
  // One `test` per case rather than `test.for`: vitest cuts the values it formats into a name.
  for (const testCase of cases) {
    test(testCase.name, testOptions, async (context) => {
      const { agent, user, limit } = resolveRoles()
      const variant = testCase.variant
      if (variant !== undefined && isVariantRecipe(variant)) {
        const domain = await resolveScenarioDomain(testCase.scenario, { ...(options.domain === undefined ? {} : { domain: options.domain }), ...(options.domains === undefined ? {} : { domains: options.domains }) })
        const prepared = await prepareVariant(testCase.scenario, variant, { domain, ...(options.registry === undefined ? {} : { registry: options.registry }) })
        if (prepared === undefined) {
          context.skip(`${variant.label} has no place in ${testCase.scenario.id}`)
          return
        }
      }
      const run = await withEndpointLimit(
        agent.name,
        limit,
        () =>
          playScenario(testCase.scenario, {
            agent,
            context,
            minimumScore,
            ...(user === undefined ? {} : { user }),
            ...(testCase.variant === undefined ? {} : { augmentation: testCase.variant }),
            ...(options.registry === undefined ? {} : { registry: options.registry }),
            ...(options.domain === undefined ? {} : { domain: options.domain }),
            ...(options.domains === undefined ? {} : { domains: options.domains }),
            ...(options.prompts === undefined ? {} : { prompts: options.prompts }),
            ...(options.userJudge === undefined ? {} : { userJudge: options.userJudge }),
          }),
        context.signal,
      )
      assertJudgeable('scenarioTest', run.trajectory)
      await context.expect(run).toScoreAtLeast(minimumScore)
    })
  }
}

/**
 * `scenarioTest` inside a `describe` block named `name` (default `toolcheck scenarios`). The list
 * may also be a promise of one, so `describeScenarios(loadScenarioDirectory(folder))` makes a
 * test per scenario of the folder and a failing test per file it could not load.
 */
export function describeScenarios(list: ScenarioList | Promise<ScenarioList>, options: ScenarioTestOptions & { readonly name?: string } = {}): void {
  const name = options.name ?? 'toolcheck scenarios'
  if (list instanceof Promise) describe(name, async () => scenarioTest(await list, options))
  else describe(name, () => scenarioTest(list, options))
}

function providedOptions(): ResolvedToolcheckOptions | undefined {
  try {
    return inject('toolcheck')
  } catch {
    return undefined
  }
}
