import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import type { Trajectory } from '../../src/conversation/index.ts'
import type { CompiledList, CompiledMilestone, ListSetup } from '../../src/evaluation/compile-milestones.ts'
import { compileMilestones, explainGuardrails } from '../../src/evaluation/compile-milestones.ts'
import type { EvaluatedScenario, EvaluationResult, MilestoneMatch } from '../../src/evaluation/index.ts'
import { builtInExtractors, evaluate, lexicalEmbedder, matchMilestones, rougeTokens, rowsNotIn, SemanticTexts } from '../../src/evaluation/index.ts'
import { RougeTokenizer } from '../../src/evaluation/rouge-l.ts'
import { TrajectoryIndex } from '../../src/evaluation/trajectory-index.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import { runScenario } from '../../src/run/index.ts'
import type { Edge, Milestone, Scenario } from '../../src/scenario/index.ts'
import { milestoneSchema } from '../../src/scenario/index.ts'
import type { Row } from '../../src/world/index.ts'
import { canonicalJson, tableRows } from '../../src/world/index.ts'
import { referenceWithoutCall } from './reference-without-call.ts'

/**
 * `evaluate` remembers a lot within one evaluation (ROUGE tokens and stems, row texts, call
 * keys, similarities by key, guard signatures, similarities inside the matcher) and merges
 * messages that look alike before matching. Here a straightforward evaluation recomputes every
 * similarity from `explain` with nothing remembered across calls, checks guards by comparing
 * the tables' JSON, and matches over every message. It must agree with `evaluate` exactly: the
 * same optimum, and at `evaluate`'s placement the same similarities, constraints and reasons.
 * (Equal optima can differ in which placement they pick, so the placement itself is taken from
 * `evaluate` and only its optimality and every value at it are checked.)
 */

/** A trajectory index that serialises rows and calls every time it is asked. */
class UncachedIndex extends TrajectoryIndex {
  override rowKey(row: Row): string {
    return canonicalJson(row)
  }

  override callKey(index: number): number {
    const trace = this.trace(index)
    return trace === undefined ? -1 : this.intern(canonicalJson({ tool: trace.tool, arguments: trace.arguments }))
  }
}

/** A tokenizer that tokenises and stems every time. */
class UncachedTokenizer extends RougeTokenizer {
  override tokens(text: string): readonly string[] {
    return rougeTokens(text)
  }
}

interface ListReference {
  readonly optimum: number
  readonly matches: MilestoneMatch[]
}

/** The straightforward evaluation of one list, at the placement `actual` chose. */
function referenceList(
  list: readonly Milestone[],
  edges: readonly Edge[] | undefined,
  setup: ListSetup,
  actual: readonly MilestoneMatch[],
): ListReference {
  if (list.length === 0) return { optimum: 0, matches: [] }
  const compiled = compileMilestones(list, edges, setup)
  const trajectory = setup.index.trajectory
  const first = Math.max(0, setup.startIndex)
  const last = trajectory.messages.length - 1
  const tableText = (index: number, table: string) => canonicalJson(tableRows(setup.index.snapshotAt(index), table) as never)
  const dependencyIndex = (milestone: CompiledMilestone, position: number, index: number, dependencyIndices: readonly number[]) => {
    const slot = milestone.slots[position] as number
    return slot < 0 ? index : (dependencyIndices[slot] as number)
  }
  const base = (milestone: CompiledMilestone, index: number, dependencyIndices: readonly number[]) => {
    let product = 1
    for (const [position, constraint] of milestone.constraints.entries()) {
      const value = constraint.explain(index, dependencyIndex(milestone, position, index, dependencyIndices)).similarity
      if (value <= 0) return 0
      product *= value
    }
    return milestone.constraints.length === 0 ? 1 : product ** (1 / milestone.constraints.length)
  }
  const guard = (milestone: CompiledMilestone, partnerIndex: number, index: number) =>
    milestone.guardedTables.every((table) => tableText(partnerIndex, table) === tableText(index, table))
  const milestoneOf = (position: number) => compiled.milestones[position] as CompiledMilestone
  if (last < first) return { optimum: 0, matches: [...actual] }
  const mapping = matchMilestones({
    count: compiled.milestones.length,
    candidates: Array.from({ length: last - first + 1 }, (_, offset) => first + offset),
    edges: compiled.edges,
    dependencies: compiled.milestones.map((milestone) => milestone.dependencies),
    guards: compiled.milestones.map((milestone) => milestone.guardPartners),
    similarity: (position, index, dependencyIndices) => base(milestoneOf(position), index, dependencyIndices),
    guard: (position, _partner, partnerIndex, index) => guard(milestoneOf(position), partnerIndex, index),
  })
  const indices = actual.map((match) => match.messageIndex)
  const matches = compiled.milestones.map((milestone): MilestoneMatch => {
    const index = indices[milestone.position] as number
    const dependencyIndices = milestone.dependencies.map((dependency) => indices[dependency] as number)
    const guarded = milestone.guardPartners.every((partner) => guard(milestone, indices[partner] as number, index))
    const similarity = guarded ? Math.max(0, base(milestone, index, dependencyIndices)) : 0
    const constraints = [
      ...milestone.constraints.map((constraint, position) => constraint.explain(index, dependencyIndex(milestone, position, index, dependencyIndices))),
      ...explainGuardrails(compiled as CompiledList, milestone, index, indices, setup),
    ]
    const weakest = constraints.reduce((low, constraint) => (constraint.similarity < low.similarity ? constraint : low))
    // A best candidate scores, on its own, the most any message in range does (its choice among
    // equals is a matter of presentation, checked in best-candidate.test.ts).
    const given = actual[milestone.position]?.bestCandidate
    if (given !== undefined) {
      const alone = (at: number) => (milestone.guardPartners.every((partner) => guard(milestone, indices[partner] as number, at)) ? Math.max(0, base(milestone, at, dependencyIndices)) : 0)
      const best = Math.max(...Array.from({ length: last - first + 1 }, (_, offset) => alone(first + offset)))
      expect(given.similarity).toBe(best)
      expect(alone(given.messageIndex)).toBe(given.similarity)
      expect(similarity).toBeLessThan(1)
    }
    return {
      index: milestone.position,
      ...(milestone.name === undefined ? {} : { name: milestone.name }),
      messageIndex: index,
      similarity,
      reason: similarity >= 1 ? (constraints.length === 1 ? `its constraint holds at message ${index}` : `all ${constraints.length} constraints hold at message ${index}`) : weakest.reason,
      constraints,
      ...(given === undefined ? {} : { bestCandidate: given }),
    }
  })
  return { optimum: mapping.total, matches }
}

/**
 * Every compiled constraint's remembered similarity equals its uncached `explain` for every
 * pair of message and dependency placement (asked in an order unlike the matcher's, so cached
 * values are reused across placements), and guard signatures agree exactly when the guarded
 * tables' JSON does.
 */
function expectCachedConstraintsExact(list: readonly Milestone[], edges: readonly Edge[] | undefined, setup: ListSetup, uncached: ListSetup): void {
  if (list.length === 0) return
  const cached = compileMilestones(list, edges, { ...setup, index: new TrajectoryIndex(setup.index.trajectory), comparers: { ...setup.comparers, tokenizer: new RougeTokenizer() } })
  const plain = compileMilestones(list, edges, uncached)
  const count = setup.index.trajectory.messages.length
  const tableText = (index: number, table: string) => canonicalJson(tableRows(uncached.index.snapshotAt(index), table) as never)
  for (const milestone of cached.milestones) {
    const reference = plain.milestones[milestone.position] as CompiledMilestone
    for (const [position, constraint] of milestone.constraints.entries()) {
      const straight = reference.constraints[position]
      for (let dependency = count - 1; dependency >= 0; dependency--) {
        for (let index = 0; index < count; index++) {
          expect(constraint.similarity(index, dependency), `${milestone.position}/${position} at ${index} after ${dependency}`).toBe(straight?.explain(index, dependency).similarity)
        }
      }
    }
    if (milestone.guardPartners.length === 0) continue
    for (let first = count - 1; first >= 0; first--) {
      for (let second = 0; second < count; second++) {
        const same = milestone.guardedTables.every((table) => tableText(first, table) === tableText(second, table))
        expect(cached.guardSignature(milestone.position, first) === cached.guardSignature(milestone.position, second)).toBe(same)
      }
    }
  }
}

/** Checks `actual` against the straightforward evaluation; embeds texts as `evaluate` does. */
async function expectSameAsUncached(trajectory: Trajectory, scenario: EvaluatedScenario, actual: EvaluationResult): Promise<void> {
  const semantic = new SemanticTexts()
  for (;;) {
    const index = new UncachedIndex(trajectory)
    const setup: ListSetup = {
      index,
      comparers: { semantic, tokenizer: new UncachedTokenizer() },
      extractors: builtInExtractors,
      role: 'milestone',
      startIndex: trajectory.firstUserMessageIndex,
    }
    const milestones = referenceList(scenario.milestones, scenario.milestoneEdges, setup, actual.milestones)
    const minefields = referenceList(scenario.minefields, scenario.minefieldEdges, { ...setup, role: 'minefield' }, actual.minefields)
    if (semantic.missing.length > 0) {
      await semantic.load(lexicalEmbedder())
      continue
    }
    const cachedSetup: ListSetup = { ...setup, index: new TrajectoryIndex(trajectory), comparers: { semantic, tokenizer: new RougeTokenizer() } }
    const plainSetup: ListSetup = { ...setup, index: new UncachedIndex(trajectory) }
    expectCachedConstraintsExact(scenario.milestones, scenario.milestoneEdges, cachedSetup, plainSetup)
    expectCachedConstraintsExact(scenario.minefields, scenario.minefieldEdges, { ...cachedSetup, role: 'minefield' }, { ...plainSetup, role: 'minefield' })
    if (semantic.missing.length > 0) continue
    expect(actual.milestones).toEqual(milestones.matches)
    expect(actual.minefields).toEqual(minefields.matches)
    const total = (matches: readonly MilestoneMatch[]) => matches.reduce((sum, match) => sum + match.similarity, 0)
    // The placement is optimal over every message, not only over the merged candidates.
    if (milestones.matches.length > 0) expect(total(actual.milestones)).toBeCloseTo(milestones.optimum, 12)
    if (minefields.matches.length > 0) expect(total(actual.minefields)).toBeCloseTo(minefields.optimum, 12)
    return
  }
}

/** The trajectory as it stood after its first `length` messages. */
function prefix(trajectory: Trajectory, length: number): Trajectory {
  const messages = trajectory.messages.slice(0, length)
  const lastSnapshot = messages.reduce((highest, message) => Math.max(highest, message.snapshot), 0)
  return {
    ...trajectory,
    messages,
    snapshots: trajectory.snapshots.slice(0, lastSnapshot + 1),
    traces: messages.flatMap((message) => (message.toolResult === undefined ? [] : [message.toolResult])),
    status: 'max-turns',
  }
}

/** One generated milestone: a constraint kind and numbers that pick its details from the trajectory. */
interface MilestoneSeed {
  readonly kind: 'table' | 'added' | 'removed' | 'updated' | 'tool-call' | 'message'
  readonly pick: number
  readonly other: number
  readonly reference: number | 'start' | undefined
}

const milestoneSeed = fc.record({
  kind: fc.constantFrom('table' as const, 'added' as const, 'removed' as const, 'updated' as const, 'tool-call' as const, 'message' as const),
  pick: fc.nat(1000),
  other: fc.nat(1000),
  reference: fc.option(fc.oneof(fc.constant('start' as const), fc.nat(5)), { nil: undefined }),
})

/**
 * Milestones drawn from a trajectory's own tables, changes, calls and messages, so that they
 * partly hold and their table changes compare many different pairs of table versions (the
 * built-in scenarios' references mostly see one version, which would leave some caches untried).
 */
function milestonesFrom(trajectory: Trajectory, seeds: readonly MilestoneSeed[]): Milestone[] {
  const snapshots = trajectory.snapshots
  const allTables = [...new Set(snapshots.flatMap((snapshot) => Object.keys(snapshot.tables)))].sort()
  // Tables that change somewhere, where placements matter; untouched tables look alike everywhere.
  const changing = allTables.filter((table) => new Set(snapshots.map((snapshot) => canonicalJson(tableRows(snapshot, table) as never))).size > 1)
  const tables = changing.length > 0 ? changing : allTables
  const rowsAt = (snapshot: number, table: string) => tableRows(snapshots[snapshot % snapshots.length] ?? { tables: {}, info: {} }, table)
  const texts = trajectory.messages.filter((message) => message.content !== '')
  return seeds.map(({ kind, pick, other, reference }, position) => {
    const table = tables[pick % Math.max(1, tables.length)] ?? 'none'
    const name = `generated ${position}`
    if (kind === 'table') return milestoneSchema.parse({ name, constraints: [{ kind, table, rows: rowsAt(other, table) }] })
    if (kind === 'tool-call') {
      const trace = trajectory.traces[pick % Math.max(1, trajectory.traces.length)]
      const target = trace === undefined ? { tool: 'none' } : { tool: trace.tool, ...(typeof trace.arguments === 'object' && trace.arguments !== null && !Array.isArray(trace.arguments) ? { arguments: trace.arguments } : {}) }
      return milestoneSchema.parse({ name, constraints: [{ kind, anyOf: [target] }] })
    }
    if (kind === 'message') {
      const message = texts[pick % Math.max(1, texts.length)]
      return milestoneSchema.parse({ name, constraints: [{ kind, from: message?.sender ?? 'agent', to: message?.recipient ?? 'user', content: message?.content ?? 'hello' }] })
    }
    const before = rowsAt(other, table)
    const after = rowsAt(other + 1, table)
    const changed = kind === 'removed' ? rowsNotIn(before, after) : rowsNotIn(after, before)
    const rows = changed.length > 0 ? changed : [...after, ...before].slice(0, 1)
    // Only earlier milestones: a reference to one the chain places later is a malformed scenario.
    const valid = typeof reference === 'number' ? (reference < position ? reference : 'start') : reference
    const constraint = { kind, table, rows: rows.length > 0 ? rows : [{ id: 0 }], ...(valid === undefined ? {} : { reference: valid }) }
    return milestoneSchema.parse({ name, constraints: [constraint] })
  })
}

const scenarios = new Map<string, Scenario>()
const played = new Map<string, Trajectory>()

beforeAll(async () => {
  for (const scenario of builtInScenarios()) {
    scenarios.set(scenario.id, scenario)
    played.set(scenario.id, await runScenario(scenario, { agent: referenceAgent() }))
  }
})

describe('evaluate agrees with a straightforward uncached evaluation', () => {
  test('on every built-in scenario played by the reference agent', async () => {
    expect(played.size).toBeGreaterThan(10)
    for (const [id, trajectory] of played) {
      const scenario = scenarios.get(id) as Scenario
      await expectSameAsUncached(trajectory, scenario, await evaluate(trajectory, scenario))
    }
  })

  test('on random built-in scenario trajectories: prefixes and runs with a failed call', async () => {
    const ids = [...played.keys()]
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ids),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        async (id, cut, skipAt) => {
          const scenario = scenarios.get(id) as Scenario
          const full = played.get(id) as Trajectory
          const skip = Math.floor(skipAt * (full.traces.length + 1))
          // One skip value past the last call leaves the run as the reference played it.
          const run = skip < full.traces.length ? await runScenario(scenario, { agent: referenceWithoutCall(skip) }) : full
          const trajectory = prefix(run, Math.floor(cut * (run.messages.length + 1)))
          await expectSameAsUncached(trajectory, scenario, await evaluate(trajectory, scenario))
        },
      ),
      { numRuns: 80 },
    )
  })

  test('on milestones and minefields drawn from random built-in scenario trajectories', async () => {
    const ids = [...played.keys()]
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ids),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        fc.array(milestoneSeed, { minLength: 1, maxLength: 5 }),
        fc.array(milestoneSeed, { maxLength: 2 }),
        fc.boolean(),
        async (id, cut, milestoneSeeds, minefieldSeeds, chain) => {
          const full = played.get(id) as Trajectory
          const trajectory = prefix(full, full.firstUserMessageIndex + 1 + Math.floor(cut * (full.messages.length - full.firstUserMessageIndex)))
          // Without edges nothing is a predecessor, so default references are the start.
          const scenario: EvaluatedScenario = {
            milestones: milestonesFrom(full, milestoneSeeds),
            ...(chain ? {} : { milestoneEdges: [] }),
            minefields: milestonesFrom(full, minefieldSeeds),
          }
          await expectSameAsUncached(trajectory, scenario, await evaluate(trajectory, scenario))
        },
      ),
      { numRuns: 150 },
    )
  })
})
