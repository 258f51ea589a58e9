import type { ScenarioVariant } from '../augmentation/index.ts'
import { augmentationColumns, labelColumns, plainPresentation } from '../augmentation/index.ts'
import type { AnyDomain } from '../domain/index.ts'
import type { Embedder } from '../evaluation/embedder.ts'
import type { Judge } from '../evaluation/judge/judge.ts'
import type { ScoringMode } from '../evaluation/index.ts'
import type { UserPartJudge } from '../evaluation/index.ts'
import { checkUserPart, evaluate, withUserVerdict } from '../evaluation/index.ts'
import type { User } from '../roles/types.ts'
import type { AnyAgent } from '../roles/turn-agent.ts'
import type { AugmentedRun, RunOptions } from '../run/index.ts'
import { defaultScoring, prepareVariant, rememberRun, runScenario } from '../run/index.ts'
import type { Scenario, ScenarioPresentation } from '../scenario/index.ts'
import { resolveScenarioDomain } from '../scenario/index.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import type { ScenarioRun } from './scenario-run.ts'

/** Who plays a scenario, and under what: what `playScenario` and `toolcheck eval` choose alike. */
export interface RunChoices {
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
  /** The run's seed; the trial by default. */
  readonly seed?: number
  readonly maxTurns?: number
  /**
   * Answers the user checks that no rule on the scenario decides (see `checkUserPart`); without
   * one they answer `cannot tell`, which never blames the user.
   */
  readonly userJudge?: UserPartJudge
  /**
   * The trial the simulated user's model calls are keyed by; `trial` by default. A run played
   * again after its user broke its part takes a fresh one, so a recorded user does not repeat
   * its error (see `RunOptions.userTrial`).
   */
  readonly userTrial?: number
}

/** How to play one run of a scenario and score it, outside vitest as inside. */
export interface PlayRunOptions extends RunChoices {
  readonly trial: number
  readonly signal?: AbortSignal
  /** How the run is played and scored: by default the scenario's own `scoring`, else the mode runs follow (`defaultScoring`: the plugin's `scoring` in a configured run). */
  readonly scoring?: ScoringMode
  /** Backs `semantic` comparisons; the offline fallback when absent. */
  readonly embedder?: Embedder
  /** Answers the text checks; the built-in judge alone when absent (see `EvaluateOptions.judge`). */
  readonly judge?: Judge
}

/** A run made ready to play: its domain, the tools that run, and its variant placed in it. */
export interface PreparedRun {
  readonly domain: AnyDomain
  readonly registry: ToolRegistry
  /** The variant placed in the scenario (`undefined` without one, or when the presentation was given). */
  readonly prepared: AugmentedRun | undefined
  /** The scenario as it is played: its variant's contract, when it has one. */
  readonly scenario: Scenario
  /** What the agent is shown: the presentation given, the variant's, or the scenario's own tools as they are. */
  readonly presentation: ScenarioPresentation | undefined
}

/**
 * Makes a run ready to play: resolves its domain and places its variant (`prepareVariant`).
 * `undefined` when the variant is a recipe with no place in the scenario. Nothing is played, and
 * no model is called, so the run's label is known before it plays (`presentation.label`).
 */
export async function prepareRun(scenario: Scenario, options: Pick<RunChoices, 'augmentation' | 'presentation' | 'domain' | 'domains' | 'registry'>): Promise<PreparedRun | undefined> {
  const domain = await resolveScenarioDomain(scenario, options)
  const registry = options.registry ?? domain.registry
  const variant = options.presentation === undefined ? options.augmentation : undefined
  const prepared = variant === undefined ? undefined : await prepareVariant(scenario, variant, { domain, registry })
  if (variant !== undefined && prepared === undefined) return undefined
  // Without a variant, the scenario's own tools as they are: presented once here rather than by
  // every run, so the trials of a prepared run show the agent the same list (see `shownTools`).
  const presentation = options.presentation ?? prepared?.presentation ?? (variant === undefined ? plainPresentation(scenario, registry) : undefined)
  return { domain, registry, prepared, scenario: prepared?.scenario ?? scenario, presentation }
}

/**
 * Plays a prepared run and scores it: the `ScenarioRun` the matchers and the reports read, with
 * the report columns of its augmentation. Needs nothing of vitest, so `toolcheck eval`'s own
 * workers play runs exactly as scenario tests do.
 */
export async function playPreparedRun(ready: PreparedRun, options: PlayRunOptions): Promise<ScenarioRun> {
  const { domain, registry, prepared, scenario, presentation } = ready
  const scoring = options.scoring ?? scenario.scoring ?? defaultScoring()
  const runOptions: RunOptions = {
    agent: options.agent,
    domain,
    registry,
    trial: options.trial,
    seed: options.seed ?? options.trial,
    // Scored as ToolSandbox scores, a run keeps the order of parallel calls ToolSandbox keeps.
    scoring,
    ...(options.user === undefined ? {} : { user: options.user }),
    ...(presentation === undefined ? {} : { presentation }),
    ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    ...(options.prompts === undefined ? {} : { prompts: options.prompts }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.userTrial === undefined ? {} : { userTrial: options.userTrial }),
  }
  const played = await runScenario(scenario, runOptions)
  const evaluation = await evaluate(played, scenario, {
    scoring,
    ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
    ...(options.judge === undefined ? {} : { judge: options.judge }),
    extractors: domain.extractors,
    similarities: domain.similarities,
  })
  // The user's part is checked on the finished run; a user that broke it makes the run its error.
  const userPart = await checkUserPart(played, scenario, evaluation.milestoneScore, {
    ...(options.userJudge === undefined ? {} : { judge: options.userJudge }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  })
  const judged = withUserVerdict(played, userPart)
  const trajectory = judged === played ? played : rememberRun(judged, scenario, domain)
  // A presentation given directly is known only by its label; an augmentation by its columns.
  const columns = prepared === undefined ? labelColumns(trajectory.augmentation) : augmentationColumns(prepared.augmentation)
  return { scenario, trajectory, evaluation, userPart, ...(options.userTrial === undefined ? {} : { userTrial: options.userTrial }), augmentationColumns: columns, ...(prepared === undefined || prepared.attacks.length === 0 ? {} : { attacks: prepared.attacks }) }
}
