export type { Constraint, ConstraintInput, Edge, Milestone, MilestoneInput, Minefield, Reference, Similarity, ToolCallTarget } from './milestone.ts'
export { constraintSchema, edgeSchema, jsonValueSchema, milestoneSchema, minefieldSchema, similaritySchema } from './milestone.ts'
export type { Category, ReferenceCall, ReferenceStep, Scenario, ScenarioInput, WorldSpec } from './scenario.ts'
export { allowedTools, CATEGORIES, categorySchema, defineScenario, referenceStepSchema, ScenarioError, scenarioSchema, worldSpecSchema } from './scenario.ts'
