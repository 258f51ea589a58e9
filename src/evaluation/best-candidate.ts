import type { Constraint, Milestone } from '../scenario/index.ts'
import type { CompiledList, CompiledMilestone, ListSetup } from './compile-milestones.ts'
import { baseSimilarity, explainGuardrails } from './compile-milestones.ts'
import type { BestCandidate, ConstraintResult } from './types.ts'
import { allHoldReason } from './types.ts'

/**
 * The message that comes closest to a milestone the mapping did not fully reach, with its
 * similarity there and why it falls short, or `undefined` when no message comes close at all.
 *
 * The mapping places every milestone somewhere, even one that nothing in the run resembles: a
 * zero-similarity milestone lands on the earliest message the order allows, which is usually a
 * message where nothing happened. To explain a miss, each message from `first` to `last` is
 * scored on its own (the milestone's dependencies stay where the mapping put them), ranked by
 * similarity and, among equals, by how many of the milestone's constraints the message is about
 * (it changed a constrained table, carries a call of a named tool or asks for one, or is a message
 * between the constrained parties). So an exact constraint that fails by a value (a transfer of 500 where 50
 * was asked, similarity 0) is explained at the transfer, not at the user's first message. The
 * earliest message wins remaining ties. A message that neither scores above 0 nor concerns any
 * constraint is no candidate.
 */
export function bestCandidate(
  list: CompiledList,
  milestone: CompiledMilestone,
  definition: Milestone,
  indices: readonly number[],
  first: number,
  last: number,
  setup: ListSetup,
): BestCandidate | undefined {
  const dependencyIndices = milestone.dependencies.map((dependency) => indices[dependency] as number)
  let best: { index: number; similarity: number; relevance: number } | undefined
  for (let index = first; index <= last; index++) {
    let similarity = baseSimilarity(milestone, index, dependencyIndices)
    for (const partner of milestone.guardPartners) {
      if (similarity > 0 && list.guardSignature(milestone.position, indices[partner] as number) !== list.guardSignature(milestone.position, index)) similarity = 0
    }
    const relevance = definition.constraints.reduce((count, constraint) => count + (concerns(constraint, index, setup) ? 1 : 0), 0)
    if (similarity <= 0 && relevance === 0) continue
    if (best === undefined || similarity > best.similarity || (similarity === best.similarity && relevance > best.relevance)) best = { index, similarity, relevance }
  }
  if (best === undefined) return undefined
  const constraints: ConstraintResult[] = [
    ...milestone.constraints.map((constraint, position) => {
      const slot = milestone.slots[position] as number
      return constraint.explain(best.index, slot < 0 ? best.index : (dependencyIndices[slot] as number))
    }),
    ...explainGuardrails(list, milestone, best.index, indices, setup),
  ]
  const weakest = constraints.reduce((low, constraint) => (constraint.similarity < low.similarity ? constraint : low))
  return {
    messageIndex: best.index,
    similarity: best.similarity,
    reason: best.similarity >= 1 ? allHoldReason(constraints.length, best.index) : weakest.reason,
  }
}

/** Whether message `index` is about what the constraint checks. */
function concerns(constraint: Constraint, index: number, setup: ListSetup): boolean {
  const message = setup.index.message(index)
  if (message === undefined) return false
  switch (constraint.kind) {
    case 'table':
    case 'added':
    case 'removed':
    case 'updated':
      return index > 0 && setup.index.tableVersion(index, constraint.table) !== setup.index.tableVersion(index - 1, constraint.table)
    case 'tool-call': {
      const tool = message.toolResult?.tool
      // A retry is explained at a call that got through: the failure before it is what it answers.
      if (constraint.on === 'retried' && message.toolResult?.error !== undefined) return false
      return tool !== undefined && message.recipient === 'agent' && constraint.anyOf.some((target) => target.tool === tool)
    }
    case 'request':
      // The agent's message that asked for the calls (names as the agent saw them, or real ones).
      return message.sender === 'agent' && message.recipient === 'environment' && (message.toolCalls ?? []).some((call) => constraint.anyOf.some((target) => target.tool === call.name || target.tool === setup.index.traceOfCall(call.id)?.tool))
    case 'message':
      return message.sender === constraint.from && message.recipient === constraint.to && message.content.trim() !== ''
  }
}
