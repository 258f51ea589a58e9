import type { ScenarioVariant } from '../augmentation/index.ts'
import { AugmentationError, augmentationColumns, labelColumns } from '../augmentation/index.ts'
import type { AnyDomain } from '../domain/index.ts'
import type { User } from '../roles/types.ts'
import type { AnyAgent } from '../roles/turn-agent.ts'
import type { RunOptions } from '../run/index.ts'
import { prepareVariant, runScenario } from '../run/index.ts'
import type { Scenario, ScenarioPresentation } from '../scenario/index.ts'
import { resolveScenarioDomain } from '../scenario/index.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import { configuredScoring, evaluateAgainst } from './evaluate-run.ts'
import type { RecordingTask } from './record-scenario-run.ts'
import { recordScenarioRun, trialOf } from './record-scenario-run.ts'
import type { ScenarioRun } from './scenario-run.ts'

/** The parts of a vitest test context `playScenario` uses: the task to record into and the abort signal. */
export interface PlayContext {
  readonly task: RecordingTask
  readonly signal?: AbortSignal
}

/** How to play a scenario in a test. */
export interface PlayOptions {
  /** A step-level `Agent` or a turn-level `TurnAgent`. */
  readonly agent: AnyAgent
  readonly user?: User
  /**
   * Play the scenario under this variant: a named augmentation (a `TOOLSANDBOX_VARIANTS` entry),
   * or a recipe that places one in the scenario (a `ROBUSTNESS_VARIANTS` entry). The run is then
   * scored against the augmentation's contract (see `prepareAugmentedRun`).
   */
  readonly augmentation?: ScenarioVariant
  /** Or give the presentation directly (it wins over `augmentation`). */
  readonly presentation?: ScenarioPresentation
  /** The domain to play in; the scenario's own by default (see `runScenario`). */
  readonly domain?: AnyDomain
  /** Domains to look the scenario's `domain` name up in. */
  readonly domains?: readonly AnyDomain[]
  /** The tools that can run; the domain's by default. */
  readonly registry?: ToolRegistry
  /** Replace the domain's and scenario's prompts for this run (see `RunOptions.prompts`). */
  readonly prompts?: RunOptions['prompts']
  /** The test context: the run is recorded in its metadata, its transcript attached, and its signal used. */
  readonly context?: PlayContext
  readonly seed?: number
  readonly maxTurns?: number
  /**
   * The score this run needs to count as passed in the report (default 1). The report's verdict
   * follows the score and this threshold, whatever the test's own assertions;
   * `toScoreAtLeast(x)` on the run sets it to `x`.
   */
  readonly minimumScore?: number
}

/**
 * Plays a scenario and evaluates it, returning a `ScenarioRun` for the matchers:
 *
 * ```ts
 * test('texting Alex', async (context) => {
 *   const run = await playScenario(scenario, { agent, context })
 *   await context.expect(run).toHitMilestones()
 * })
 * ```
 *
 * With `context`, the trial is the vitest repeat being played, the run is recorded for the
 * reporter (so it appears in the report even if no matcher looks at it, under the
 * `augmentationColumns` of its augmentation) and the test's abort signal stops the run.
 */
export async function playScenario(scenario: Scenario, options: PlayOptions): Promise<ScenarioRun> {
  const domain = await resolveScenarioDomain(scenario, options)
  const registry = options.registry ?? domain.registry
  const variant = options.presentation === undefined ? options.augmentation : undefined
  const prepared = variant === undefined ? undefined : await prepareVariant(scenario, variant, { domain, registry })
  if (variant !== undefined && prepared === undefined)
    throw new AugmentationError(scenario.id, `the variant "${variant.label}" has no place in it (its solution makes no call the variant needs, or none under which the solution still holds)`)
  const played = prepared?.scenario ?? scenario
  const presentation = options.presentation ?? prepared?.presentation
  const task = options.context?.task
  const trial = task === undefined ? 0 : trialOf(task, 0)
  const runOptions: RunOptions = {
    agent: options.agent,
    domain,
    registry,
    trial,
    seed: options.seed ?? trial,
    // Scored as ToolSandbox scores, a run keeps the order of parallel calls ToolSandbox keeps.
    parallelCalls: configuredScoring(),
    ...(options.user === undefined ? {} : { user: options.user }),
    ...(presentation === undefined ? {} : { presentation }),
    ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    ...(options.prompts === undefined ? {} : { prompts: options.prompts }),
    ...(options.context?.signal === undefined ? {} : { signal: options.context.signal }),
  }
  const trajectory = await runScenario(played, runOptions)
  // A presentation given directly is known only by its label; an augmentation by its columns.
  const columns = prepared === undefined ? labelColumns(trajectory.augmentation) : augmentationColumns(prepared.augmentation)
  const evaluation = await evaluateAgainst(trajectory, played, domain)
  if (task !== undefined) await recordScenarioRun(task, played, trajectory, evaluation, { augmentationColumns: columns, threshold: options.minimumScore, attacks: prepared?.attacks })
  return { scenario: played, trajectory, evaluation, augmentationColumns: columns, ...(prepared === undefined || prepared.attacks.length === 0 ? {} : { attacks: prepared.attacks }) }
}
