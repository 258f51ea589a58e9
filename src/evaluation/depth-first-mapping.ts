import type { MatchProblem, MilestoneMapping } from './milestone-matcher.ts'
import { matchMilestones } from './milestone-matcher.ts'

/** How close two totals must be to count as equal (they are sums of the same similarities in another order). */
const SAME_TOTAL = 1e-9

/**
 * The best placement that ToolSandbox's matcher reports. ToolSandbox searches depth first: at
 * each step it places one milestone whose predecessors are all placed, at a message no earlier
 * than the one placed last, trying the candidates by descending similarity (given what is placed
 * so far), then by lower milestone, then by earlier message, and keeps the first placement whose
 * total no later one beats. Any placement that respects the edges can be reached that way, so the
 * best total is `matchMilestones`'; what differs is which of several equally good placements is
 * reported (toolcheck's own matcher takes the earliest messages).
 *
 * This follows the same path without the exponential search: at each step it takes the first
 * candidate, in ToolSandbox's order, from which the best total can still be reached, which
 * `matchMilestones` answers with the placed milestones fixed and the others kept at or after the
 * candidate's message. Each step costs at most one exact match per candidate tried (usually one).
 */
export function matchMilestonesDepthFirst(problem: MatchProblem): MilestoneMapping {
  const { count, candidates } = problem
  const optimum = matchMilestones(problem)
  if (count === 0) return optimum
  const placed = new Map<number, number>()
  const remaining = new Set(Array.from({ length: count }, (_, milestone) => milestone))
  let last = candidates[0] as number
  while (remaining.size > 0) {
    const ready = [...remaining].filter((milestone) => !problem.edges.some(([from, to]) => to === milestone && from !== milestone && remaining.has(from)))
    const options: { similarity: number; milestone: number; index: number }[] = []
    for (const milestone of ready)
      for (const index of candidates) if (index >= last) options.push({ similarity: placedSimilarity(problem, placed, milestone, index), milestone, index })
    options.sort((a, b) => b.similarity - a.similarity || a.milestone - b.milestone || a.index - b.index)
    let chosen = options[0]
    for (const option of options) {
      const floor = option.index
      const completion = matchMilestones({
        ...problem,
        allowed: (milestone, index) => {
          if (milestone === option.milestone) return index === option.index
          const fixed = placed.get(milestone)
          return fixed === undefined ? index >= floor && (problem.allowed?.(milestone, index) ?? true) : index === fixed
        },
      })
      if (Math.abs(completion.total - optimum.total) <= SAME_TOTAL * Math.max(1, Math.abs(optimum.total))) {
        chosen = option
        break
      }
    }
    if (chosen === undefined) break
    placed.set(chosen.milestone, chosen.index)
    remaining.delete(chosen.milestone)
    last = chosen.index
  }
  const indices = Array.from({ length: count }, (_, milestone) => placed.get(milestone) ?? (optimum.indices[milestone] as number))
  const similarities = indices.map((index, milestone) => placedSimilarity(problem, new Map(indices.map((value, other) => [other, value])), milestone, index))
  return { indices, similarities, total: similarities.reduce((sum, value) => sum + value, 0) }
}

/** A milestone's similarity at `index` with the other milestones where `placed` puts them (guards included). */
function placedSimilarity(problem: MatchProblem, placed: ReadonlyMap<number, number>, milestone: number, index: number): number {
  const dependencies = (problem.dependencies[milestone] ?? []).map((dependency) => (dependency === milestone ? index : (placed.get(dependency) ?? index)))
  const similarity = Math.max(0, problem.similarity(milestone, index, dependencies))
  if (similarity === 0) return 0
  for (const partner of problem.guards?.[milestone] ?? []) {
    if (partner === milestone) continue
    const partnerIndex = placed.get(partner)
    if (partnerIndex !== undefined && problem.guard !== undefined && !problem.guard(milestone, partner, partnerIndex, index)) return 0
  }
  return similarity
}
