import { describe, inject, test } from 'vitest'
import type { NamedAugmentation } from '../augmentation/index.ts'
import { agentFromSpec, userFromSpec } from '../roles/from-spec.ts'
import type { AnyDomain } from '../domain/index.ts'
import type { User } from '../roles/types.ts'
import type { AnyAgent } from '../roles/turn-agent.ts'
import type { RunOptions } from '../run/index.ts'
import type { Scenario } from '../scenario/index.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import { withEndpointLimit } from './endpoint-limiter.ts'
import { assertJudgeable } from './run-failure.ts'
import { playScenario } from './play-scenario.ts'
import type { ResolvedToolcheckOptions } from './plugin-options.ts'
import { endpointConcurrency } from './plugin-options.ts'
import './vitest-augmentation.ts'

/** Options of `scenarioTest` and `describeScenarios`. */
export interface ScenarioTestOptions {
  /** The agent; by default the plugin's `agent` spec (`TOOLCHECK_AGENT`, else `reference`). */
  readonly agent?: AnyAgent
  /** The simulated user; by default the plugin's `user` spec (`TOOLCHECK_USER`, else `scripted`). */
  readonly user?: User
  /** Play every scenario under each of these augmentations (one test each); plain only by default. */
  readonly variants?: readonly NamedAugmentation[]
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
}

/** One test of a scenario test table. */
export interface ScenarioCase {
  /** The test's name: the scenario id, and the augmentation label when not plain. */
  readonly name: string
  readonly scenario: Scenario
  readonly variant?: NamedAugmentation
}

/**
 * One vitest test per scenario (and per variant when given), built on `test.for`. Each test plays
 * the scenario, records the run for the reporter (score, milestone mapping, turns, status, usage,
 * augmentation, trial) with its transcript, and passes when the score reaches `minimumScore`.
 * A run someone's code ended fails with a message naming the culprit: the agent's own code (a
 * failure of the agent, scored 0), a tool of the domain or the infrastructure (both counted
 * apart from agent failures in the report).
 */
export function scenarioTest(scenarios: readonly Scenario[], options: ScenarioTestOptions = {}): void {
  const cases = scenarioCases(scenarios, options.variants)
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
  test.for(cases)('$name', { concurrent: options.concurrent ?? true, ...(options.timeout === undefined ? {} : { timeout: options.timeout }) }, async (testCase, context) => {
    const { agent, user, limit } = resolveRoles()
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
        }),
      context.signal,
    )
    assertJudgeable('scenarioTest', run.trajectory)
    await context.expect(run).toScoreAtLeast(minimumScore)
  })
}

/** `scenarioTest` inside a `describe` block named `name` (default `toolcheck scenarios`). */
export function describeScenarios(scenarios: readonly Scenario[], options: ScenarioTestOptions & { readonly name?: string } = {}): void {
  describe(options.name ?? 'toolcheck scenarios', () => scenarioTest(scenarios, options))
}

/** The test table: every scenario, under every variant (the plain presentation when none are given). */
export function scenarioCases(scenarios: readonly Scenario[], variants?: readonly NamedAugmentation[]): ScenarioCase[] {
  if (variants === undefined || variants.length === 0) return scenarios.map((scenario) => ({ name: scenario.id, scenario }))
  return scenarios.flatMap((scenario) =>
    variants.map((variant) => ({ name: variant.label === 'none' ? scenario.id : `${scenario.id} [${variant.label}]`, scenario, variant })),
  )
}

function providedOptions(): ResolvedToolcheckOptions | undefined {
  try {
    return inject('toolcheck')
  } catch {
    return undefined
  }
}
