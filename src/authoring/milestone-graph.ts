import type { Edge, TypedMilestoneInput } from '../scenario/index.ts'

/** One milestone whose constraints must all hold at the same message. */
export function together<Table extends string, Tool extends string>(...milestones: readonly TypedMilestoneInput<Table, Tool>[]): TypedMilestoneInput<Table, Tool> {
  const first = milestones[0]
  if (first === undefined) throw new Error('together() needs at least one milestone')
  return { ...first, constraints: milestones.flatMap((milestone) => milestone.constraints) }
}

/** DAG edges where every milestone of `before` precedes every milestone of `after`. */
export function edgesFrom(before: readonly number[], after: readonly number[]): Edge[] {
  return before.flatMap((from) => after.map((to): Edge => [from, to]))
}

/** A chain `0 → 1 → … → count-1` as explicit edges (the schema's default when edges are absent). */
export function chain(count: number): Edge[] {
  return Array.from({ length: Math.max(0, count - 1) }, (_unused, index): Edge => [index, index + 1])
}
