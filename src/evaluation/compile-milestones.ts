import type { Edge, Milestone } from '../scenario/index.ts'
import type { CompiledConstraint, ConstraintSetup } from './compiled-constraint.ts'
import { compileConstraint } from './compiled-constraint.ts'
import { EvaluationScenarioError } from './evaluation-error.ts'
import type { Extractor } from './extractors.ts'
import type { MatchProblem } from './milestone-matcher.ts'
import type { ValueComparers } from './column-similarity.ts'
import type { TrajectoryIndex } from './trajectory-index.ts'
import type { ScoringMode } from './scoring-mode.ts'
import type { ConstraintResult } from './types.ts'

/** A milestone (or minefield) prepared for one trajectory. */
export interface CompiledMilestone {
  readonly position: number
  readonly name: string | undefined
  readonly constraints: readonly CompiledConstraint[]
  /** The milestones its constraints read (references and fill sources), without repeats. */
  readonly dependencies: readonly number[]
  /** For each constraint, its dependency's slot in `dependencies` (−1 without one). */
  readonly slots: readonly number[]
  /** Predecessors and referenced milestones whose matched world the guardrails compare with. */
  readonly guardPartners: readonly number[]
  /** The tables that must not change between a guard partner's message and this one. */
  readonly guardedTables: readonly string[]
}

/** A list of milestones or minefields compiled together, with its order edges. */
export interface CompiledList {
  readonly milestones: readonly CompiledMilestone[]
  /** The scenario's edges plus "a dependency comes no later than its dependent". */
  readonly edges: readonly Edge[]
  /** An integer per message that is equal exactly when the guarded tables of `milestone` are equal. */
  guardSignature(milestone: number, index: number): number
}

/** What compiling a list needs. */
export interface ListSetup {
  readonly index: TrajectoryIndex
  readonly comparers: ValueComparers
  readonly extractors: Readonly<Record<string, Extractor>>
  readonly role: 'milestone' | 'minefield'
  readonly startIndex: number
  /** toolcheck's scoring or ToolSandbox's; toolcheck's when absent. */
  readonly scoring?: ScoringMode
}

/**
 * Compiles milestones (or minefields) with their DAG (a chain when `edges` is undefined), works
 * out each one's dependencies and its automatic guardrails: every table that neither the
 * milestone, nor its predecessors, nor the milestones it references constrain, and that its
 * `guardrails.exclude` does not list, must be unchanged since each predecessor's and referenced
 * milestone's message. Throws `EvaluationScenarioError` for a malformed list.
 */
export function compileMilestones(list: readonly Milestone[], edges: readonly Edge[] | undefined, setup: ListSetup): CompiledList {
  const count = list.length
  const dagEdges: Edge[] = edges === undefined ? Array.from({ length: Math.max(0, count - 1) }, (_, position) => [position, position + 1] as Edge) : [...edges]
  for (const [from, to] of dagEdges) {
    if (from >= count || to >= count || from === to) throw new EvaluationScenarioError(`${setup.role} edge [${from}, ${to}] does not join two different ${setup.role}s of ${count}`)
  }
  checkAcyclic(dagEdges, count, setup.role)
  const predecessors = Array.from({ length: count }, (_, position) => [...new Set(dagEdges.filter(([, to]) => to === position).map(([from]) => from))].sort((a, b) => a - b))

  const milestones = list.map((milestone, position): CompiledMilestone => {
    const label = `${setup.role} ${position}${milestone.name === undefined ? '' : ` (${milestone.name})`}`
    const ownPredecessors = predecessors[position] as number[]
    const needsDefault = milestone.constraints.some((constraint) => (constraint.kind === 'added' || constraint.kind === 'removed' || constraint.kind === 'updated') && constraint.reference === undefined)
    if (needsDefault && ownPredecessors.length > 1) {
      throw new EvaluationScenarioError(
        `${label} has several predecessors (${ownPredecessors.join(', ')}), so its added/removed/updated constraints must name their reference (a ${setup.role} index or 'start')`,
      )
    }
    const constraintSetup: ConstraintSetup = {
      index: setup.index,
      comparers: setup.comparers,
      extractors: setup.extractors,
      role: setup.role,
      owner: position,
      label,
      count,
      defaultReference: ownPredecessors[0] ?? 'start',
      startIndex: setup.startIndex,
      ...(setup.scoring === undefined ? {} : { scoring: setup.scoring }),
    }
    const constraints = milestone.constraints.map((constraint) => compileConstraint(constraint, constraintSetup))
    const dependencies = [...new Set(constraints.flatMap((constraint) => (constraint.dependency === undefined ? [] : [constraint.dependency])))]
    const slots = constraints.map((constraint) => (constraint.dependency === undefined ? -1 : dependencies.indexOf(constraint.dependency)))
    return { position, name: milestone.name, constraints, dependencies, slots, guardPartners: [], guardedTables: [] }
  })

  // Guardrails need every milestone's constrained tables, so they come second.
  const withGuards = milestones.map((milestone, position): CompiledMilestone => {
    const options = list[position]?.guardrails
    if (options?.enabled === false) return milestone
    const partners = [...new Set([...(predecessors[position] as number[]), ...milestone.dependencies])].sort((a, b) => a - b)
    if (partners.length === 0) return milestone
    const constrained = new Set<string>()
    for (const node of [position, ...partners]) for (const constraint of milestones[node]?.constraints ?? []) for (const table of constraint.tables) constrained.add(table)
    const excluded = new Set(options?.exclude ?? [])
    const guardedTables = setup.index.tableNames.filter((table) => !constrained.has(table) && !excluded.has(table))
    return guardedTables.length === 0 ? milestone : { ...milestone, guardPartners: partners, guardedTables }
  })

  // A milestone reads its dependency's message, so the dependency must come no later. When the
  // edges already place the dependency after it, both would be forced onto one message, which is
  // never what the author meant: say so instead of scoring a contradiction.
  const orderEdges: Edge[] = [...dagEdges]
  for (const milestone of withGuards) {
    for (const dependency of milestone.dependencies) {
      if (reaches(dagEdges, milestone.position, dependency)) {
        throw new EvaluationScenarioError(
          `${setup.role} ${milestone.position}${milestone.name === undefined ? '' : ` (${milestone.name})`} reads ${setup.role} ${dependency}, which the edges place after it; a reference or fill must name an earlier ${setup.role} or one the edges leave unordered`,
        )
      }
      orderEdges.push([dependency, milestone.position])
    }
  }
  checkAcyclic(orderEdges, count, setup.role, ' together with the milestones their references and fills read')

  // Guards are checked for every pair of placements the matcher considers, so each milestone's
  // signature per message is kept in an array (−1: not yet computed).
  const messageCount = setup.index.trajectory.messages.length
  const signatures = withGuards.map(() => new Int32Array(messageCount).fill(-1))
  return {
    milestones: withGuards,
    edges: orderEdges,
    guardSignature: (milestone, messageIndex) => {
      const cache = signatures[milestone] as Int32Array
      const cached = cache[messageIndex]
      if (cached !== undefined && cached >= 0) return cached
      const tables = withGuards[milestone]?.guardedTables ?? []
      const signature = setup.index.intern(`g:${tables.map((table) => setup.index.tableVersion(messageIndex, table)).join(',')}`)
      if (messageIndex >= 0 && messageIndex < cache.length) cache[messageIndex] = signature
      return signature
    },
  }
}

/** The similarity of a milestone at `index` before guardrails: the geometric mean of its constraints. */
export function baseSimilarity(milestone: CompiledMilestone, index: number, dependencyIndices: readonly number[]): number {
  let product = 1
  for (const [position, constraint] of milestone.constraints.entries()) {
    const slot = milestone.slots[position] as number
    const value = constraint.similarity(index, slot < 0 ? index : (dependencyIndices[slot] as number))
    if (value <= 0) return 0
    product *= value
  }
  return milestone.constraints.length === 0 ? 1 : product ** (1 / milestone.constraints.length)
}

/**
 * The candidate messages: from the first user message to the last, where a run of consecutive
 * messages that every constraint and guardrail sees alike (equal values, or equal keys for
 * constraints that read another milestone) is represented by its first message.
 * Merging such runs cannot change the optimum (moving every milestone of a run to its first
 * message keeps the order and every similarity), and it shrinks the matcher's work.
 */
export function candidateMessages(list: CompiledList, first: number, last: number): number[] {
  const candidates: number[] = []
  // Every message gives the same number of parts, so two messages look alike exactly when their
  // parts are pairwise equal (NaN equal to NaN, as their texts would be).
  let previous: number[] = []
  let parts: number[] = []
  for (let index = first; index <= last; index++) {
    parts.length = 0
    for (const milestone of list.milestones) {
      for (const constraint of milestone.constraints) {
        // Without a dependency a constraint's value is one number per message, and equal values
        // are as good as equal keys (messages that differ but score alike still merge).
        if (constraint.dependency === undefined) parts.push(constraint.similarity(index, index))
        else parts.push(constraint.currentKey(index), constraint.dependencyKey(index))
      }
      if (milestone.guardPartners.length > 0) parts.push(list.guardSignature(milestone.position, index))
    }
    if (index === first || !sameParts(parts, previous)) candidates.push(index)
    ;[previous, parts] = [parts, previous]
  }
  return candidates
}

function sameParts(first: readonly number[], second: readonly number[]): boolean {
  if (first.length !== second.length) return false
  for (let slot = 0; slot < first.length; slot++) {
    const a = first[slot] as number
    const b = second[slot] as number
    if (a !== b && !(Number.isNaN(a) && Number.isNaN(b))) return false
  }
  return true
}

/** The matching problem of a compiled list over the candidate messages. */
export function matchProblem(list: CompiledList, candidates: readonly number[]): MatchProblem {
  return {
    count: list.milestones.length,
    candidates,
    edges: list.edges,
    dependencies: list.milestones.map((milestone) => milestone.dependencies),
    guards: list.milestones.map((milestone) => milestone.guardPartners),
    similarity: (position, index, dependencyIndices) => baseSimilarity(list.milestones[position] as CompiledMilestone, index, dependencyIndices),
    guard: (position, partner, partnerIndex, index) => list.guardSignature(position, partnerIndex) === list.guardSignature(position, index),
  }
}

/** The guardrail results of a milestone placed at `index`, with partners at `indices`. */
export function explainGuardrails(list: CompiledList, milestone: CompiledMilestone, index: number, indices: readonly number[], setup: ListSetup): ConstraintResult[] {
  return milestone.guardPartners.map((partner) => {
    const partnerIndex = indices[partner] as number
    const changed = milestone.guardedTables.filter((table) => setup.index.tableVersion(partnerIndex, table) !== setup.index.tableVersion(index, table))
    const since = `${setup.role} ${partner} (message ${partnerIndex})`
    return changed.length === 0
      ? { kind: 'guardrail', similarity: 1, reason: `nothing else changed since ${since}` }
      : { kind: 'guardrail', similarity: 0, reason: `table${changed.length > 1 ? 's' : ''} ${changed.join(', ')} changed between ${since} and message ${index}, and no constraint allows it` }
  })
}

/** Whether a path of edges leads from `from` to `to`. */
function reaches(edges: readonly Edge[], from: number, to: number): boolean {
  const seen = new Set([from])
  const pending = [from]
  while (pending.length > 0) {
    const node = pending.pop() as number
    for (const [start, end] of edges) {
      if (start !== node || seen.has(end)) continue
      if (end === to) return true
      seen.add(end)
      pending.push(end)
    }
  }
  return false
}

function checkAcyclic(edges: readonly Edge[], count: number, role: string, what = ''): void {
  const incoming = new Array<number>(count).fill(0)
  for (const [, to] of edges) incoming[to] = (incoming[to] as number) + 1
  const ready = incoming.flatMap((degree, node) => (degree === 0 ? [node] : []))
  let seen = 0
  while (ready.length > 0) {
    const node = ready.pop() as number
    seen++
    for (const [from, to] of edges) {
      if (from !== node) continue
      incoming[to] = (incoming[to] as number) - 1
      if (incoming[to] === 0) ready.push(to)
    }
  }
  if (seen < count) throw new EvaluationScenarioError(`the ${role} edges${what} form a cycle; they must form a DAG`)
}
