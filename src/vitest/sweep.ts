import fc from 'fast-check'
import type { AttackMinefield, Augmentation } from '../augmentation/index.ts'
import { augmentationColumns, augmentationKind, ContractError, describeAugmentation, isPlainAugmentation, ROBUSTNESS_FIELDS } from '../augmentation/index.ts'
import type { Trajectory } from '../conversation/index.ts'
import { culpritOf, isAgentResult } from '../conversation/index.ts'
import type { EvaluationResult, MilestoneMatch } from '../evaluation/types.ts'
import type { User } from '../roles/types.ts'
import type { AnyAgent } from '../roles/turn-agent.ts'
import type { AnyDomain } from '../domain/index.ts'
import type { Scenario, ScenarioPresentation } from '../scenario/index.ts'
import { expectScenario } from '../scenario/expect-scenario.ts'
import { resolveScenarioDomain } from '../scenario/index.ts'
import { prepareAugmentedRun, runScenario } from '../run/index.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import { canonicalJson } from '../world/index.ts'
import { configuredScoring, evaluateAgainst } from './evaluate-run.ts'
import { quoteMessage } from './quote-message.ts'
import { falseClaimText } from './false-claim-text.ts'
import { robustnessOutcome } from './robustness-outcome.ts'
import type { RecordingTask } from './record-scenario-run.ts'
import { recordScenarioRun } from './record-scenario-run.ts'
import { DomainFailure } from './run-failure.ts'
import type { JsonValue } from '../world/index.ts'

/** Plays one presentation of a scenario and scores it. */
export type SweepPlayer = (scenario: Scenario, presentation: ScenarioPresentation, roles: SweepRoles) => Promise<SweepPlay>

/** The roles a sweep plays with. */
export interface SweepRoles {
  readonly agent: AnyAgent
  readonly user?: User
  /** The domain the scenario plays in. */
  readonly domain: AnyDomain
  readonly registry: ToolRegistry
  readonly seed: number
  readonly signal?: AbortSignal
}

/** One played and scored run. */
export interface SweepPlay {
  readonly trajectory: Trajectory
  readonly evaluation: EvaluationResult
}

/** Options of `checkSweep` and `sweepScenario`. */
export interface SweepOptions {
  /** A step-level `Agent` or a turn-level `TurnAgent`. */
  readonly agent: AnyAgent
  /** The simulated user; `runScenario`'s default (the scenario's scripted user) when absent. */
  readonly user?: User
  /** The domain to play in; the scenario's own by default (see `runScenario`). */
  readonly domain?: AnyDomain
  /** Domains to look the scenario's `domain` name up in. */
  readonly domains?: readonly AnyDomain[]
  /** The tools the scenario runs against (distraction tools come from here too); the domain's by default. */
  readonly registry?: ToolRegistry
  /** How many augmentations to try before shrinking; 20 by default (every one is a full run). */
  readonly numRuns?: number
  /**
   * fast-check's seed. Defaults to a number derived from the scenario id, so a sweep is
   * reproducible without configuration; pass one to explore other augmentations.
   */
  readonly seed?: number
  /** Replays a counterexample: with `seed`, runs only the shrunk case that `path` names. */
  readonly path?: string
  /** The lowest score that passes; 1 by default. */
  readonly minScore?: number
  /** The most shrinking steps fast-check may take (each one is a run); unlimited by default. */
  readonly maxShrinks?: number
  /**
   * The running test (`({ task }) => ...`): when given, the worst run of each augmentation kind is
   * recorded in its toolcheck metadata (with its transcript and its `augmentationColumns`), so the
   * reporter shows the sweep in its by-augmentation table, each run under every column it touches.
   */
  readonly task?: RecordingTask
  /** How to play a run; `runScenario` followed by `evaluate` by default. */
  readonly play?: SweepPlayer
  readonly signal?: AbortSignal
}

/** One augmentation the sweep tried, and how the agent did under it. */
export interface SweepRun {
  readonly augmentation: Augmentation
  /** `describeAugmentation` of it. */
  readonly description: string
  /** `augmentationKind` of it: the run's label in the report (the sweep records the worst run of each). */
  readonly kind: string
  /** `augmentationColumns` of it: the report columns the run counts under. */
  readonly augmentationColumns: readonly string[]
  readonly status: Trajectory['status']
  /** `null` for a run the domain or the infrastructure ended (not an agent result); 0 for one the agent's own code ended. */
  readonly score: number | null
  readonly turns: number
  readonly passed: boolean
  /** The weakest milestone's reason, or the minefield that fired, when the run failed. */
  readonly reason?: string
  /** The played run; kept for the counterexample and for reports. */
  readonly trajectory: Trajectory
  readonly evaluation: EvaluationResult
  /** The scenario the run was scored against: the augmentation's contract (see `prepareAugmentedRun`). */
  readonly scenario: Scenario
  /** The contract's minefields that detect the injections' goals. */
  readonly attacks: readonly AttackMinefield[]
}

/**
 * The outcome of a sweep, as data: whether every augmentation passed, the shrunk counterexample
 * with the seed and path that replay it, and every run tried (one per distinct augmentation).
 */
export interface SweepReport {
  readonly scenario: string
  readonly agent: string
  readonly passed: boolean
  readonly minScore: number
  readonly seed: number
  /** fast-check's path to the shrunk counterexample, for `path` in a replay. */
  readonly path?: string
  readonly numRuns: number
  readonly numShrinks: number
  /**
   * Runs the infrastructure ended (skipped: they say nothing about the agent). A run a tool of
   * the domain broke fails the sweep with a `DomainFailure`; one the agent's own code ended is
   * a failure of the agent like any other.
   */
  readonly errors: number
  /**
   * Augmentations passed over because the scenario's own solution does not hold under them (a
   * `ContractError`: extra rows a search now returns first, say); they test nothing about the
   * agent, so they count as passing and are never a counterexample.
   */
  readonly refused: number
  /** The smallest augmentation that still failed, when the sweep failed. */
  readonly shrunk?: Augmentation
  /** The run under `shrunk`, when it was played to the end (not when playing it threw). */
  readonly counterexample?: SweepRun
  /** Distinct augmentations in the order they were first tried. */
  readonly runs: readonly SweepRun[]
  /** How many runs were played: augmentations that look the same to the agent share one. */
  readonly plays: number
  /** An exception the agent, user or player threw (not a low score), when that is what failed. */
  readonly thrown?: string
}

/**
 * Runs a scenario under many augmentations drawn from `augmentations` and checks that the agent
 * scores at least `minScore` under each; when one fails, fast-check shrinks it to the smallest
 * augmentation that still fails. Returns the report; never throws for a failing agent (see
 * `sweepScenario` for the throwing form). Each augmentation is prepared with
 * `prepareAugmentedRun` (its presentation, and for the robustness families the contract the run
 * is scored against); one under which the scenario's own solution fails is counted as `refused`
 * and passes, since it cannot be a counterexample. Each distinct play is played once: shrinking
 * often revisits an augmentation, or tries one that looks the same to the agent, and every play
 * may cost model calls.
 */
export async function checkSweep(scenario: Scenario, augmentations: fc.Arbitrary<Augmentation>, options: SweepOptions): Promise<SweepReport> {
  expectScenario(scenario, 'sweepScenario')
  const minScore = options.minScore ?? 1
  const seed = options.seed ?? seedOf(scenario.id)
  const play = options.play ?? defaultPlayer
  const domain = await resolveScenarioDomain(scenario, options)
  const registry = options.registry ?? domain.registry
  const roles: SweepRoles = {
    agent: options.agent,
    domain,
    registry,
    seed,
    ...(options.user === undefined ? {} : { user: options.user }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  }
  const played = new Map<string, SweepRun>()
  const plays = new Map<string, Promise<SweepPlay>>()
  let errors = 0
  let refused = 0
  const refusedKeys = new Set<string>()
  let lastError: string | undefined

  // Each shrink step is a full run; limitShrink keeps a long shrink from costing unbounded model calls.
  const arbitrary = options.maxShrinks === undefined ? augmentations : fc.limitShrink(augmentations, options.maxShrinks)
  const property = fc.asyncProperty(arbitrary, async (augmentation) => {
    const key = canonicalJson(augmentation as unknown as JsonValue)
    let run = played.get(key)
    // An augmentation the scenario's own solution fails tests nothing about the agent: it cannot be a counterexample.
    if (run === undefined && refusedKeys.has(key)) return true
    if (run === undefined) {
      // Preparing first means an augmentation that does not fit the scenario fails here, with its message.
      let prepared: Awaited<ReturnType<typeof prepareAugmentedRun>>
      try {
        prepared = await prepareAugmentedRun(scenario, augmentation, { domain, registry })
      } catch (error) {
        if (!(error instanceof ContractError)) throw error
        refused++
        refusedKeys.add(key)
        return true
      }
      const { presentation } = prepared
      // Augmentations that look the same to the agent (renaming the arguments of a tool that has
      // none) are played once: shrinking tries many of them. What happens during the run is part of it.
      const robustness = ROBUSTNESS_FIELDS.map((field) => augmentation[field] ?? null)
      const shown = canonicalJson({ tools: presentation.tools, firstMessage: presentation.firstMessage, robustness } as unknown as JsonValue)
      let playing = plays.get(shown)
      if (playing === undefined) {
        playing = play(prepared.scenario, presentation, roles)
        plays.set(shown, playing)
      }
      const { trajectory, evaluation } = await playing
      run = runOf(augmentation, { ...trajectory, augmentation: presentation.label }, evaluation, minScore, prepared.scenario, prepared.attacks)
      played.set(key, run)
      if (culpritOf(run.trajectory) === 'infrastructure') {
        errors++
        lastError = run.reason
      }
    }
    // A bug in a tool is no verdict on the agent, and no augmentation makes it one.
    if (culpritOf(run.trajectory) === 'domain') throw new DomainFailure('sweep', run.trajectory)
    fc.pre(culpritOf(run.trajectory) !== 'infrastructure')
    return run.passed
  })

  const parameters: fc.Parameters<[Augmentation]> = {
    seed,
    numRuns: options.numRuns ?? 20,
    // A run that errored is skipped; allowing one skip per run bounds the plays when an endpoint is down.
    maxSkipsPerRun: 1,
    ...(options.path === undefined ? {} : { path: options.path, endOnFailure: true }),
  }
  const details = await fc.check(property, parameters)

  if (options.task !== undefined) for (const run of worstOfEachKind(played.values())) await recordScenarioRun(options.task, run.scenario, run.trajectory, run.evaluation, { augmentationColumns: run.augmentationColumns, threshold: minScore, attacks: run.attacks })

  const shrunk = details.counterexample?.[0]
  const counterexample = shrunk === undefined ? undefined : played.get(canonicalJson(shrunk as unknown as JsonValue))
  const thrown = !details.failed || counterexample?.passed === false
    ? undefined
    : shrunk === undefined && errors > 0
      ? `too many runs ended in an infrastructure error to conclude (${errors}; the last: ${lastError ?? 'no reason given'})`
      : errorText(details.errorInstance)
  return {
    scenario: scenario.id,
    agent: options.agent.name,
    passed: !details.failed,
    minScore,
    seed: details.seed,
    ...(details.counterexamplePath === null ? {} : { path: details.counterexamplePath }),
    numRuns: details.numRuns,
    numShrinks: details.numShrinks,
    errors,
    refused,
    ...(shrunk === undefined ? {} : { shrunk }),
    ...(counterexample === undefined ? {} : { counterexample }),
    runs: [...played.values()],
    plays: plays.size,
    ...(thrown === undefined ? {} : { thrown }),
  }
}

/**
 * `checkSweep` for use inside a test: returns the report when every augmentation passed, and
 * otherwise throws a `SweepFailure` whose message names the shrunk augmentation in words, its
 * score and why, and the seed and path that replay it.
 *
 * @example
 * test('sends the message however the tools are shown', async () => {
 *   await sweepScenario(scenario, augmentation({ scenario }), { agent, registry, numRuns: 30 })
 * })
 */
export async function sweepScenario(scenario: Scenario, augmentations: fc.Arbitrary<Augmentation>, options: SweepOptions): Promise<SweepReport> {
  const report = await checkSweep(scenario, augmentations, options)
  if (!report.passed) throw new SweepFailure(report)
  return report
}

/** A sweep that found an augmentation under which the agent fails; `report` holds the details. */
export class SweepFailure extends Error {
  readonly report: SweepReport

  constructor(report: SweepReport) {
    super(sweepFailureMessage(report))
    this.name = 'SweepFailure'
    this.report = report
  }
}

/** The failure text of a sweep: what broke the agent, how badly, and how to replay it. */
export function sweepFailureMessage(report: SweepReport): string {
  const lines: string[] = []
  const example = report.counterexample
  if (report.shrunk === undefined) {
    lines.push(`sweep of ${report.scenario} with ${report.agent} could not conclude: ${report.thrown ?? 'no reason given'}`)
  } else if (example === undefined || report.thrown !== undefined) {
    lines.push(`sweep of ${report.scenario} with ${report.agent}: under "${describeAugmentation(report.shrunk)}" the run threw: ${report.thrown ?? 'no reason given'}`)
    lines.push(`  augmentation: ${JSON.stringify(report.shrunk)}`)
  } else {
    const score = example.score === null ? 'no score' : `score ${formatScore(example.score)}`
    lines.push(`sweep of ${report.scenario} with ${report.agent}: ${score} (needs ${formatScore(report.minScore)}) under: ${example.description}`)
    if (example.reason !== undefined) lines.push(`  why: ${example.reason}`)
    const did = whatTheAgentDid(example)
    if (did !== undefined) lines.push(`  ${did}`)
    const outcome = robustnessOutcome(example.trajectory, example.evaluation, example.attacks, example.scenario.reference)
    if (outcome.length > 0) lines.push(`  what happened: ${outcome.join('; ')}`)
    const renamed = (example.trajectory.tools ?? []).filter((spec) => spec.name !== spec.tool).map((spec) => `${spec.tool} is shown as ${spec.name}`)
    if (renamed.length > 0) lines.push(`  scrambled names: ${renamed.join(', ')}`)
    lines.push(`  augmentation: ${JSON.stringify(example.augmentation)}`)
  }
  const skipped = [
    ...(report.errors > 0 ? [`${report.errors} ended in an infrastructure error and were skipped`] : []),
    ...(report.refused > 0 ? [`${report.refused} ${report.refused === 1 ? 'was' : 'were'} passed over because the scenario's own solution fails under them`] : []),
  ]
  lines.push(`  after ${report.numRuns} run(s) and ${report.numShrinks} shrink(s); ${report.runs.length} distinct augmentation(s) in ${report.plays} play(s)${skipped.map((part) => `, ${part}`).join('')}`)
  lines.push(`  replay: { seed: ${report.seed}${report.path === undefined ? '' : `, path: ${JSON.stringify(report.path)}`} }`)
  return lines.join('\n')
}

function runOf(augmentation: Augmentation, trajectory: Trajectory, evaluation: EvaluationResult, minScore: number, scenario: Scenario, attacks: readonly AttackMinefield[]): SweepRun {
  const scored = isAgentResult(trajectory)
  const passed = scored && evaluation.score >= minScore
  const reason = passed ? undefined : failureReason(trajectory, evaluation)
  return {
    augmentation,
    description: describeAugmentation(augmentation),
    kind: augmentationKind(augmentation),
    augmentationColumns: augmentationColumns(augmentation),
    status: trajectory.status,
    score: scored ? evaluation.score : null,
    turns: evaluation.turns,
    passed,
    ...(reason === undefined ? {} : { reason }),
    trajectory,
    evaluation,
    scenario,
    attacks,
  }
}

/** Per kind, the run with the lowest score (an errored run only when the kind has nothing else), first tried on ties. */
function worstOfEachKind(runs: Iterable<SweepRun>): SweepRun[] {
  const worst = new Map<string, SweepRun>()
  const rank = (run: SweepRun) => run.score ?? Number.POSITIVE_INFINITY
  for (const run of runs) {
    const current = worst.get(run.kind)
    if (current === undefined || rank(run) < rank(current)) worst.set(run.kind, run)
  }
  return [...worst.values()]
}

function failureReason(trajectory: Trajectory, evaluation: EvaluationResult): string | undefined {
  if (trajectory.status === 'error') return trajectory.error === undefined ? 'the run failed' : `${trajectory.error.culprit === 'agent' ? "the agent's own code broke: " : ''}${trajectory.error.kind}: ${trajectory.error.message}`
  const fired = firedMinefield(evaluation)
  if (fired !== undefined) return `minefield ${fired.name ?? fired.index} fired at message ${fired.messageIndex}: ${fired.reason}`
  const claim = evaluation.falseClaims?.[0]
  if (claim !== undefined) return `false claim: ${falseClaimText(claim)}`
  const weakest = weakestMilestone(evaluation)
  if (weakest !== undefined) {
    const candidate = weakest.bestCandidate
    return candidate === undefined
      ? `milestone ${weakest.name ?? weakest.index} not reached, and no message comes close: ${weakest.reason}`
      : `milestone ${weakest.name ?? weakest.index} not reached; closest is message ${candidate.messageIndex} at ${formatScore(candidate.similarity)}: ${candidate.reason}`
  }
  if (trajectory.status === 'max-turns') return 'the run hit its turn limit'
  return undefined
}

function firedMinefield(evaluation: EvaluationResult): MilestoneMatch | undefined {
  return evaluation.minefieldHit ? evaluation.minefields.find((minefield) => minefield.similarity > 0) : undefined
}

function weakestMilestone(evaluation: EvaluationResult): MilestoneMatch | undefined {
  const weakest = [...evaluation.milestones].sort((first, second) => first.similarity - second.similarity)[0]
  return weakest !== undefined && weakest.similarity < 1 ? weakest : undefined
}

/**
 * What the agent said or did where the run failed: at the minefield that fired, at the weakest
 * milestone's closest message, or (when nothing came close) its last words.
 */
function whatTheAgentDid(run: SweepRun): string | undefined {
  if (run.status === 'error') return undefined
  const fired = firedMinefield(run.evaluation)
  const weakest = weakestMilestone(run.evaluation)
  const index = fired?.messageIndex ?? run.evaluation.falseClaims?.[0]?.messageIndex ?? weakest?.bestCandidate?.messageIndex
  if (index !== undefined) {
    const quoted = quoteMessage(run.trajectory, index)
    return quoted === undefined ? undefined : `at message ${index} ${quoted}`
  }
  const messages = run.trajectory.messages
  const lastCall = messages.findLast((message) => message.toolResult !== undefined && message.recipient === 'agent')
  const lastWords = messages.findLast((message) => message.sender === 'agent' && message.recipient === 'user')
  if (lastCall === undefined && lastWords === undefined) return 'nothing came close; the agent neither called a tool nor answered'
  const parts = [lastCall, lastWords].flatMap((message) => (message === undefined ? [] : [`at message ${message.index} ${quoteMessage(run.trajectory, message.index) ?? ''}`]))
  return `nothing came close; the agent's last ${lastCall === undefined ? 'words' : lastWords === undefined ? 'call' : 'call and words'}: ${parts.join('; ')}`
}

/** A stable 31-bit seed from a text (FNV-1a), so a sweep's default seed depends only on the scenario. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  return (hash >>> 0) & 0x7fffffff
}

function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toFixed(3)
}

function errorText(error: unknown): string | undefined {
  if (error === undefined || error === null) return undefined
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

/** Plays with `runScenario` and scores with the evaluation's `evaluate`. */
const defaultPlayer: SweepPlayer = async (scenario, presentation, roles) => {
  const trajectory = await runScenario(scenario, {
    agent: roles.agent,
    presentation,
    domain: roles.domain,
    registry: roles.registry,
    seed: roles.seed,
    scoring: configuredScoring(),
    ...(roles.user === undefined ? {} : { user: roles.user }),
    ...(roles.signal === undefined ? {} : { signal: roles.signal }),
  })
  return { trajectory, evaluation: await evaluateAgainst(trajectory, scenario, roles.domain) }
}

/** Whether the sweep's counterexample is the plain augmentation (the agent fails even unaugmented). */
export function failsUnaugmented(report: SweepReport): boolean {
  return report.counterexample !== undefined && isPlainAugmentation(report.counterexample.augmentation)
}
