import type { MatchProblem } from '../../src/evaluation/index.ts'

/**
 * ToolSandbox's matching search, step for step (toolsandbox-facts.md §4.5, `MilestoneMatcher._dfs`),
 * as the reference the ToolSandbox scoring mode must agree with: at each level every milestone
 * whose predecessors are placed is tried at every message from the last placed one on, in the
 * order of a heap of (−similarity, milestone, message); a branch is cut when even perfect scores
 * for the rest could not beat the best found at this level; a later branch replaces the best only
 * when it is strictly better. Exponential: for small problems only.
 */
export function toolSandboxSearch(problem: MatchProblem): { indices: number[]; total: number } {
  const { count, candidates } = problem
  const similarityOf = (placed: readonly (readonly [number, number])[], milestone: number, index: number) => {
    const where = new Map(placed)
    const dependencies = (problem.dependencies[milestone] ?? []).map((dependency) => where.get(dependency) ?? index)
    let similarity = Math.max(0, problem.similarity(milestone, index, dependencies))
    for (const partner of problem.guards?.[milestone] ?? []) {
      const partnerIndex = where.get(partner)
      if (partnerIndex !== undefined && problem.guard !== undefined && !problem.guard(milestone, partner, partnerIndex, index)) similarity = 0
    }
    return similarity
  }
  const search = (placed: readonly (readonly [number, number])[], sum: number, remaining: ReadonlySet<number>): { placed: readonly (readonly [number, number])[]; sum: number } => {
    if (remaining.size === 0) return { placed, sum }
    const last = placed.length > 0 ? (placed[placed.length - 1] as readonly [number, number])[1] : (candidates[0] as number)
    let best: { placed: readonly (readonly [number, number])[]; sum: number } = { placed: [], sum: -1 }
    const heap: [number, number, number][] = []
    for (const milestone of remaining) {
      if (problem.edges.some(([from, to]) => to === milestone && from !== milestone && remaining.has(from))) continue
      for (const index of candidates) if (index >= last) heap.push([-similarityOf(placed, milestone, index), milestone, index])
    }
    heap.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])
    for (const [negative, milestone, index] of heap) {
      const similarity = -negative
      if (sum + similarity + remaining.size - 1 <= best.sum) continue
      const rest = new Set(remaining)
      rest.delete(milestone)
      const result = search([...placed, [milestone, index]], sum + similarity, rest)
      if (result.sum > best.sum) best = result
    }
    return best
  }
  const result = search([], 0, new Set(Array.from({ length: count }, (_, milestone) => milestone)))
  const where = new Map(result.placed)
  return { indices: Array.from({ length: count }, (_, milestone) => where.get(milestone) as number), total: result.sum }
}
