import { expect } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { deviceDomain } from '../../scenarios/toolsandbox/index.ts'
import type { NamedAugmentation } from '../../src/augmentation/index.ts'
import { applyAugmentation, TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import type { Trajectory } from '../../src/conversation/index.ts'
import type { MockResponder, MockServer } from '../../src/mock-server/index.ts'
import { scriptedModel, startMockServer } from '../../src/mock-server/index.ts'
import type { AnyAgent } from '../../src/roles/index.ts'
import { referenceAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import type { Scenario, ScenarioPresentation } from '../../src/scenario/index.ts'
import { evaluateAgainst } from '../../src/vitest/evaluate-run.ts'

/** A fake key: the tests check that it never reaches a cassette or a trajectory. */
export const FAKE_KEY = 'sk-fake-toolcheck-adapters-0123456789'

/**
 * The project's local OpenAI-compatible server playing the built-in scenarios' reference
 * solutions as a model. A request names its scenario by its model name (some scenarios open
 * alike); `variantModel` registers a scenario under an augmentation, whose scrambled names the
 * scripted model then uses.
 */
export interface ScriptedServer {
  readonly server: MockServer
  /** The model name that plays `scenario` under `variant`, with the presentation to run it with. */
  variantModel(scenario: Scenario, variant: NamedAugmentation): { readonly model: string; readonly presentation: ScenarioPresentation }
}

export async function startScriptedServer(options: { readonly latencyMs?: number } = {}): Promise<ScriptedServer> {
  const plain = scriptedModel(builtInScenarios())
  const variants = new Map<string, MockResponder>()
  const server = await startMockServer({
    ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
    respond: (request) => (variants.get(request.body.model) ?? plain)(request),
  })
  return {
    server,
    variantModel(scenario, variant) {
      const presentation = applyAugmentation(scenario, variant.augmentation, deviceDomain.registry)
      const model = `${scenario.id}~${variant.label}`
      variants.set(model, scriptedModel([scenario], { tools: presentation.tools }))
      return { model, presentation }
    },
  }
}

/** Everything a run recorded, without the agent's name and usage (which differ by nature between agents). */
export function recorded(trajectory: Trajectory) {
  const { agent, usage, ...rest } = trajectory
  void agent
  void usage
  return rest
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the order of the results. */
export async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (let start = 0; start < items.length; start += limit) results.push(...(await Promise.all(items.slice(start, start + limit).map(work))))
  return results
}

/** One scenario played by an adapter, with the reference agent's run beside it and the score. */
export interface PlayedScenario {
  readonly name: string
  readonly trajectory: Trajectory
  readonly score: number
}

/**
 * What two runs must share when the agent's calls may be grouped into messages differently
 * (over MCP, each call is a request of its own): the status, the turn count, every tool trace,
 * what the agent told the user, and the final world.
 */
export function playedOut(trajectory: Trajectory) {
  return {
    status: trajectory.status,
    turns: trajectory.turns,
    traces: trajectory.traces,
    said: trajectory.messages.filter((message) => message.sender === 'agent' && message.recipient === 'user').map((message) => message.content),
    world: trajectory.snapshots.at(-1),
  }
}

/**
 * Plays every built-in scenario (plain; those `pick` chooses, when given) with the agent
 * `agentFor(scenario id)` gives, and checks (softly, one failure per scenario) that each
 * completes, scores 1, and records exactly what the reference agent records
 * (`compare: 'played-out'`: the same `playedOut`). Returns the runs.
 */
export async function expectEveryScenarioAsReference(
  agentFor: (model: string) => AnyAgent,
  options: { readonly compare?: 'recorded' | 'played-out'; readonly limit?: number; readonly pick?: (index: number) => boolean } = {},
): Promise<PlayedScenario[]> {
  const compare = options.compare === 'played-out' ? playedOut : recorded
  const pick = options.pick ?? (() => true)
  const scenarios = builtInScenarios().filter((_, index) => pick(index))
  const outcomes = await inBatches(scenarios, options.limit ?? 24, async (scenario) => {
    const trajectory = await runScenario(scenario, { agent: agentFor(scenario.id) })
    const reference = await runScenario(scenario, { agent: referenceAgent() })
    expect.soft(trajectory.status, scenario.id).toBe('completed')
    expect.soft(compare(trajectory), scenario.id).toEqual(compare(reference))
    return { name: scenario.id, trajectory, score: (await evaluateAgainst(trajectory, scenario)).score }
  })
  for (const { name, score } of outcomes) expect.soft(score, name).toBe(1)
  expect(outcomes).toHaveLength(options.pick === undefined ? 228 : scenarios.length)
  return outcomes
}

/**
 * Plays the built-in scenarios `pick` chooses under all eight ToolSandbox variants, the scripted
 * model calling the presented (scrambled) names, and checks that each completes and scores 1.
 */
export async function expectVariantsScoreOne(scripted: ScriptedServer, pick: (index: number) => boolean, agentFor: (model: string) => AnyAgent): Promise<PlayedScenario[]> {
  const cases = builtInScenarios()
    .filter((_, index) => pick(index))
    .flatMap((scenario) => TOOLSANDBOX_VARIANTS.map((variant) => ({ scenario, variant })))
  const outcomes = await inBatches(cases, 24, async ({ scenario, variant }) => {
    const { model, presentation } = scripted.variantModel(scenario, variant)
    const trajectory = await runScenario(scenario, { agent: agentFor(model), presentation })
    return { name: `${scenario.id} / ${variant.label}`, trajectory, score: (await evaluateAgainst(trajectory, scenario)).score }
  })
  for (const { name, trajectory, score } of outcomes) {
    expect.soft(trajectory.status, name).toBe('completed')
    expect.soft(score, name).toBe(1)
  }
  expect(outcomes.length).toBeGreaterThan(0)
  expect(outcomes.length % TOOLSANDBOX_VARIANTS.length).toBe(0)
  return outcomes
}
