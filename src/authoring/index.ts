/**
 * `vitest-toolcheck/authoring`: helpers for writing scenarios as short, readable objects, for any
 * domain: the reference solution writer (`solution`, with `result(path)` references to earlier
 * tool results), milestone and minefield builders, answer wordings for `mentions`, and DAG edges.
 * Everything returns plain scenario data that `defineScenario` validates; used inside
 * `defineScenario({ domain, ... })`, tool and table names are checked against the domain.
 */
export type { ArgumentValue, CallHandle, CallInput, SolutionWriter } from './solution.ts'
export { call, solution } from './solution.ts'
export type { MilestoneOptions, RowChangeOptions } from './milestone-options.ts'
export { neverCalled, neverCalledAnyOf, toolCalled, toolCalledAnyOf } from './tool-milestones.ts'
export { rowsAdded, rowsRemoved, rowsUpdated, tableIs } from './table-milestones.ts'
export { agentMentions, agentSaysItCannot, agentTells, CANNOT_DO, figure } from './message-milestones.ts'
export { chain, edgesFrom, together } from './milestone-graph.ts'
export { epoch } from './epoch.ts'
