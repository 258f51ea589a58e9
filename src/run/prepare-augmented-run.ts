import type { Augmentation, AttackMinefield } from '../augmentation/index.ts'
import { BoundedMap } from '../cache/bounded-map.ts'
import { applyAugmentation, ContractError, describeAugmentation, hasRobustnessChanges, isPlaced, retryTarget, robustnessContract } from '../augmentation/index.ts'
import type { Trajectory } from '../conversation/index.ts'
import { canonicalJson } from '../world/index.ts'
import type { JsonValue } from '../world/index.ts'
import type { AnyDomain } from '../domain/index.ts'
import { buildWorld } from '../domain/index.ts'
import { evaluate } from '../evaluation/index.ts'
import type { EvaluatedScenario, EvaluationResult } from '../evaluation/index.ts'
import { referenceAgent } from '../roles/reference-agent.ts'
import type { Edge, ReferenceCall, Scenario, ScenarioPresentation } from '../scenario/index.ts'
import { clockOf } from '../scenario/index.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import { runScenario } from './run-scenario.ts'

/** A scenario made ready to play under an augmentation. */
export interface AugmentedRun {
  /** The scenario to play and score: the augmentation's contract (see `robustnessContract`), or the scenario itself. */
  readonly scenario: Scenario
  /** How the agent is shown it (tools, first message, what happens to its calls). */
  readonly presentation: ScenarioPresentation
  /** The minefields of the contract that detect the injections' goals. */
  readonly attacks: readonly AttackMinefield[]
  readonly augmentation: Augmentation
}

/** Where a scenario is played. */
export interface PrepareOptions {
  readonly domain: AnyDomain
  /** The tools that can run; the domain's by default. */
  readonly registry?: ToolRegistry
}

/**
 * Makes a scenario ready to play under an augmentation: the presentation (`applyAugmentation`)
 * and, when the augmentation has robustness changes or turns the false-claims check on, the
 * contract a correct agent satisfies (`robustnessContract`). Under a permanent fault the contract
 * needs to know which milestones the solution still reaches once cut at the fault: the reference
 * agent plays the cut solution to find out; after a transient fault or a timeout, the call that
 * failed must get through before the milestones the solution reaches after it (edges the
 * contract gets from where the solution reaches them, kept when the solution still scores 1 with
 * them). Then the reference agent plays the contract, which
 * it must pass with a score of 1: an augmentation under which the scenario's own solution fails
 * (an extra row a search now returns first) tests nothing about the agent, and is refused with a
 * `ContractError`. Offline and deterministic; each scenario and augmentation is prepared once.
 *
 * @throws AugmentationError when the augmentation does not fit the scenario; `ContractError`
 * when the scenario's solution does not hold under it.
 */
export function prepareAugmentedRun(scenario: Scenario, augmentation: Augmentation, options: PrepareOptions): Promise<AugmentedRun> {
  const registry = options.registry ?? options.domain.registry
  let id = scenarioIds.get(scenario)
  if (id === undefined) scenarioIds.set(scenario, (id = nextScenarioId++))
  const key = `${id}\u0000${options.domain.name}\u0000${registry.names().join(',')}\u0000${canonicalJson(augmentation as unknown as JsonValue)}`
  let pending = prepared.get(key)
  if (pending === undefined) {
    pending = prepare(scenario, augmentation, options.domain, registry)
    prepared.set(key, pending)
  }
  return pending
}

/**
 * How many scenarios and augmentations are kept prepared: the last ones prepared (one asked for
 * again while it is kept does not move up). A scenario's tests ask for the same few over and over,
 * close together; an evaluation keeps each case's prepared run for its trials itself. Kept all,
 * over 100,000 runs of the built-in corpus each worker came to hold the 900 cases it had played
 * (its live data grew by 9 MB; bounded, it stays at 21 MB), and the evaluation peaked 14 to 26 MB
 * higher (in alternated runs).
 */
export const PREPARED_RUNS = 128
const prepared = new BoundedMap<string, Promise<AugmentedRun>>(PREPARED_RUNS)
// A number for each scenario object prepared: the same scenario written twice is two scenarios here, as before.
const scenarioIds = new WeakMap<Scenario, number>()
let nextScenarioId = 0

async function prepare(scenario: Scenario, augmentation: Augmentation, domain: AnyDomain, registry: ToolRegistry): Promise<AugmentedRun> {
  const presentation = applyAugmentation(scenario, augmentation, registry)
  if (!hasRobustnessChanges(augmentation) && augmentation.falseClaims !== true) return { scenario, presentation, attacks: [], augmentation }
  // Rows placed beside others need the starting world as built, to write their table out in order.
  const world = augmentation.extraRows?.some(isPlaced) === true ? buildWorld(domain, scenario.world, clockOf(scenario)) : undefined
  let contract = robustnessContract(scenario, augmentation, { registry, ...(world === undefined ? {} : { world }) })
  if (contract.cut !== undefined) {
    // Which milestones the solution still reaches when it stops at the fault, scored as the scenario has them.
    const cutRun = await playReference(contract.scenario, presentation, domain, registry, milestonesOnly(scenario))
    const reached = new Set(cutRun.milestones.flatMap((match) => (match.similarity >= 1 ? [match.index] : [])))
    contract = robustnessContract(scenario, augmentation, { registry, reached, ...(world === undefined ? {} : { world }) })
  }
  let check = await playReference(contract.scenario, presentation, domain, registry, contract.scenario)
  if (check.score >= 1 && (contract.retries?.length ?? 0) > 0) {
    // A retried lookup also counts when it got the answer the solution's retry got, however it asked.
    const answered = withRetryAnswers(contract.scenario, contract.retries ?? [], contract.retriedCalls ?? [], check, registry)
    if (answered !== contract.scenario) contract = { ...contract, scenario: answered }
  }
  if (check.score >= 1 && (contract.retries?.length ?? 0) > 0) {
    // A failed call must get through before what the solution does after it: an agent that skips
    // the retry and goes on (to ask the user, say) must not pass by calling the tool again later.
    const ordered = { ...contract.scenario, milestoneEdges: [...(contract.scenario.milestoneEdges ?? []), ...retryEdges(contract.retries ?? [], scenario.milestones.length, check)] }
    const orderedCheck = await playReference(ordered, presentation, domain, registry, ordered)
    // Kept only when the solution still scores 1 with it (a new predecessor brings guardrails).
    if (orderedCheck.score >= 1) {
      contract = { ...contract, scenario: ordered }
      check = orderedCheck
    }
  }
  if (check.score < 1) {
    const missed = check.milestones.filter((match) => match.similarity < 1).map((match) => `milestone ${match.name ?? match.index}: ${match.reason}`)
    const fired = check.minefields.filter((match) => match.similarity > 0).map((match) => `minefield ${match.name ?? match.index} fired`)
    const claims = (check.falseClaims ?? []).map((claim) => `false claim at message ${claim.messageIndex}: ${claim.sentence}`)
    throw new ContractError(scenario.id, `its reference solution does not hold under "${describeAugmentation(augmentation)}" (score ${check.score.toFixed(3)}): ${[...missed, ...fired, ...claims].join('; ') || 'the run did not complete'}`)
  }
  written.set(contract.scenario, scenario)
  return { scenario: contract.scenario, presentation, attacks: contract.attacks, augmentation }
}

// The scenario each contract was made from, so that what records a run of a contract can name the scenario as written.
const written = new WeakMap<Scenario, Scenario>()

/**
 * The scenario as written that `contract` (a scenario `prepareAugmentedRun` made) was made from;
 * `contract` itself when it is no contract. A report fingerprints runs by it: the augmentation is
 * the run's column, not a change of the scenario.
 */
export function scenarioAsWritten(contract: Scenario): Scenario {
  return written.get(contract) ?? contract
}

/** Edges from each retry milestone to every milestone of the scenario the solution reaches after the retry. */
function retryEdges(retries: readonly number[], count: number, check: EvaluationResult): Edge[] {
  const edges: Edge[] = []
  for (const retry of retries) {
    const at = check.milestones[retry]?.messageIndex ?? Number.POSITIVE_INFINITY
    for (const match of check.milestones.slice(0, count)) if (match.messageIndex > at) edges.push([retry, match.index])
  }
  return edges
}

/**
 * The contract with, for each retry milestone of a tool that only reads, a second call it
 * accepts: the arguments the scenario's milestones compare, and the answer the solution's own
 * retry got (read from `check`'s run). A lookup's answer is what it did.
 */
function withRetryAnswers(contract: Scenario, retries: readonly number[], calls: readonly ReferenceCall[], check: PlayedReference, registry: ToolRegistry): Scenario {
  const milestones = [...contract.milestones]
  // The scenario's own milestones say how an argument is compared (not the retry milestones themselves).
  const own = contract.milestones.filter((_, index) => !retries.includes(index))
  let changed = false
  for (const [position, retry] of retries.entries()) {
    const call = calls[position]
    const milestone = milestones[retry]
    const constraint = milestone?.constraints[0]
    if (call === undefined || milestone === undefined || constraint?.kind !== 'tool-call' || registry.get(call.tool)?.action !== false) continue
    const answer = check.trajectory.messages[check.milestones[retry]?.messageIndex ?? -1]?.toolResult?.result
    if (answer === undefined) continue
    milestones[retry] = { ...milestone, constraints: [{ ...constraint, anyOf: [...constraint.anyOf, { ...retryTarget(own, call, false), result: answer }] }] }
    changed = true
  }
  return changed ? { ...contract, milestones } : contract
}

/** The scenario's milestones alone: the cut solution is judged only by what it reaches. */
function milestonesOnly(scenario: Scenario): EvaluatedScenario {
  return { milestones: scenario.milestones, minefields: [], ...(scenario.milestoneEdges === undefined ? {} : { milestoneEdges: scenario.milestoneEdges }) }
}

/** The reference agent's run of `played` (its solution, scripted user, starting world) shown through `presentation`, scored against `scored`. */
async function playReference(played: Scenario, presentation: ScenarioPresentation, domain: AnyDomain, registry: ToolRegistry, scored: EvaluatedScenario): Promise<PlayedReference> {
  const trajectory = await runScenario(played, { agent: referenceAgent(), presentation, domain, registry })
  const result = await evaluate(trajectory, scored, { extractors: domain.extractors, similarities: domain.similarities })
  return { ...(trajectory.status === 'completed' ? result : { ...result, score: 0 }), trajectory }
}

/** A scored run of the reference solution, with its trajectory. */
interface PlayedReference extends EvaluationResult {
  readonly trajectory: Trajectory
}
