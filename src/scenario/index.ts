export type { BuiltInSimilarity, Constraint, ConstraintInput, Edge, FillConversion, Milestone, MilestoneInput, Minefield, Reference, Similarity, ToolCallTarget } from './milestone.ts'
export { milestoneName, milestoneTarget } from './describe-milestone.ts'
export { BUILT_IN_SIMILARITIES, constraintSchema, edgeSchema, fillConversionSchema, jsonValueSchema, milestoneSchema, minefieldSchema, similaritySchema } from './milestone.ts'
export type { Category, ReferenceCall, ReferenceStep, Scenario, ScenarioInput, ToolSandboxCategory, WorldSpec } from './scenario.ts'
export { allowedTools, CATEGORIES, categorySchema, parseScenario, referenceStepSchema, scenarioPromptsSchema, scenarioSchema, userReplySchema, worldSpecSchema } from './scenario.ts'
export { asksAbout } from './asks-about.ts'
export type { TooDeep } from './nesting-depth.ts'
export { MAX_SCENARIO_DEPTH } from './nesting-depth.ts'
export type { ScenarioIssue } from './scenario-error.ts'
export { ScenarioError } from './scenario-error.ts'
export { defineScenario } from './define-scenario.ts'
export type { DomainChoice } from './scenario-domain.ts'
export { attachedDomain, builtInDomain, checkScenarioDomain, domainIssues, resolveScenarioDomain, UnknownDomainError, withDomain } from './scenario-domain.ts'
export type {
  DomainScenarioInput,
  DomainWorldSpec,
  ResultReference,
  TypedCallTarget,
  TypedConstraintInput,
  TypedMilestoneInput,
  TypedReferenceCall,
  TypedReferenceStep,
  WorldRowInput,
} from './typed-input.ts'
export { clockOf } from './clock-of.ts'
export { matchesFilter } from './matches-filter.ts'
export type { NumberedCall, ScenarioPresentation } from './presentation.ts'
export { scenarioJsonSchema } from './scenario-json-schema.ts'
export type { LoadScenarioOptions, ScenarioDirectory } from './load-scenario-file.ts'
export { loadScenarioDirectory, loadScenarioFile, ScenarioFileError } from './load-scenario-file.ts'
