import type { MatchProblem } from '../../src/evaluation/index.ts'

/** Tries every placement that respects the edges and returns the best total (the reference the matcher must equal). */
export function bruteForceBest(problem: MatchProblem): number {
  const { count, candidates } = problem
  const indices = new Array<number>(count).fill(0)
  let best = Number.NEGATIVE_INFINITY
  const score = () => {
    let total = 0
    for (let milestone = 0; milestone < count; milestone++) {
      const index = indices[milestone] as number
      let similarity = problem.similarity(milestone, index, (problem.dependencies[milestone] ?? []).map((dependency) => indices[dependency] as number))
      for (const partner of problem.guards?.[milestone] ?? []) {
        if (partner !== milestone && problem.guard !== undefined && !problem.guard(milestone, partner, indices[partner] as number, index)) similarity = 0
      }
      total += Math.max(0, similarity)
    }
    return total
  }
  const place = (milestone: number) => {
    if (milestone === count) {
      best = Math.max(best, score())
      return
    }
    for (const index of candidates) {
      indices[milestone] = index
      // Check the edges whose both ends are placed.
      const ok = problem.edges.every(([from, to]) => from > milestone || to > milestone || (indices[from] as number) <= (indices[to] as number))
      if (ok) place(milestone + 1)
    }
  }
  place(0)
  return best
}
