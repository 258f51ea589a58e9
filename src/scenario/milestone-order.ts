import type { Edge, Milestone } from './milestone.ts'
import type { ScenarioIssue } from './scenario-error.ts'

/**
 * The order problems of a scenario's milestones (or minefields), with their paths: edges that
 * form a cycle, a reference or fill that reads a milestone the edges place after it, and reads
 * that close a cycle with the edges. Evaluation would refuse each of them; found here, they are
 * refused when the scenario is defined or its file loaded, naming where. `edges` are the
 * scenario's (a chain when undefined); edges that do not join two milestones of the list are
 * skipped (the schema reports them).
 */
export function milestoneOrderIssues(list: readonly Milestone[], edges: readonly Edge[] | undefined, key: 'milestones' | 'minefields'): ScenarioIssue[] {
  const count = list.length
  const role = key.slice(0, -1)
  const edgeKey = key === 'milestones' ? 'milestoneEdges' : 'minefieldEdges'
  const given = (edges ?? Array.from({ length: Math.max(0, count - 1) }, (_, position): Edge => [position, position + 1]))
    .map((edge, position) => ({ edge, position }))
    .filter(({ edge: [from, to] }) => from < count && to < count && from !== to)
  const edgeCycle = findCycle(count, given.map(({ edge }) => edge))
  if (edgeCycle !== undefined) {
    const closing = given[edgeCycle.closing] as { position: number }
    return [{ path: [edgeKey, closing.position], message: `the edges form a cycle (${edgeCycle.nodes.join(' → ')}); ${key} must form a DAG` }]
  }
  const issues: ScenarioIssue[] = []
  const dag = given.map(({ edge }) => edge)
  const reads: { readonly edge: Edge; readonly path: readonly PropertyKey[] }[] = []
  for (const [position, milestone] of list.entries()) {
    for (const [index, constraint] of milestone.constraints.entries()) {
      const targets: [number, string][] = []
      if ('reference' in constraint && typeof constraint.reference === 'number') targets.push([constraint.reference, 'reference'])
      if ('fill' in constraint && constraint.fill !== undefined) targets.push([constraint.fill.milestone, 'fill'])
      for (const [target, field] of targets) {
        // Reads of itself or past the end are the schema's to report.
        if (target === position || target >= count) continue
        const path = [key, position, 'constraints', index, field]
        if (reaches(count, dag, position, target))
          issues.push({ path, message: `the ${field} reads ${role} ${target}, which the edges place after ${role} ${position}; name an earlier ${role}, or one the edges leave unordered` })
        else reads.push({ edge: [target, position], path })
      }
    }
  }
  if (issues.length > 0) return issues
  const readCycle = findCycle(count, [...dag, ...reads.map((read) => read.edge)])
  if (readCycle !== undefined && readCycle.closing >= dag.length) {
    const read = reads[readCycle.closing - dag.length] as (typeof reads)[number]
    issues.push({ path: read.path, message: `the ${key} this ${role} reads, with the edges, form a cycle (${readCycle.nodes.join(' → ')}); each ${role} must come after the ones it reads` })
  }
  return issues
}

/** Whether `to` can be reached from `from` along the edges (by at least one edge). */
function reaches(count: number, edges: readonly Edge[], from: number, to: number): boolean {
  const seen = new Array<boolean>(count).fill(false)
  const pending = [from]
  while (pending.length > 0) {
    const node = pending.pop() as number
    for (const [start, end] of edges) {
      if (start !== node || seen[end] === true) continue
      if (end === to) return true
      seen[end] = true
      pending.push(end)
    }
  }
  return false
}

/**
 * A cycle of the graph, found by an iterative depth-first search: its nodes in order, back to the
 * first, and the index of the edge that closes it; `undefined` when the graph is a DAG.
 */
function findCycle(count: number, edges: readonly Edge[]): { readonly nodes: readonly number[]; readonly closing: number } | undefined {
  const outgoing = Array.from({ length: count }, () => [] as number[])
  for (const [index, [from]] of edges.entries()) (outgoing[from] as number[]).push(index)
  // 0: not visited, 1: on the current path, 2: done.
  const state = new Array<number>(count).fill(0)
  for (let root = 0; root < count; root++) {
    if (state[root] !== 0) continue
    const path: { node: number; next: number }[] = [{ node: root, next: 0 }]
    state[root] = 1
    while (path.length > 0) {
      const top = path[path.length - 1] as { node: number; next: number }
      const edgeIndex = (outgoing[top.node] as number[])[top.next++]
      if (edgeIndex === undefined) {
        state[top.node] = 2
        path.pop()
        continue
      }
      const end = (edges[edgeIndex] as Edge)[1]
      if (state[end] === 1) {
        const from = path.findIndex((entry) => entry.node === end)
        return { nodes: [...path.slice(from).map((entry) => entry.node), end], closing: edgeIndex }
      }
      if (state[end] === 0) {
        state[end] = 1
        path.push({ node: end, next: 0 })
      }
    }
  }
  return undefined
}
