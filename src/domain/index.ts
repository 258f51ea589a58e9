export type {
  AnyDomain,
  ColumnOf,
  DefaultRows,
  Demonstration,
  Domain,
  DomainDefinition,
  DomainPrompts,
  InvariantViolation,
  TableDefinition,
  TableNameOf,
  TableSchemas,
  ToolNameOf,
  WorldInvariant,
  WorldRows,
} from './define-domain.ts'
export { defineDomain, DomainError, isDomain, NEUTRAL_AGENT_PROMPT, NEUTRAL_USER_PROMPT } from './define-domain.ts'
export type { Extractor, ExtractorInput, FillValues, ValueSimilarity } from './evaluation-hooks.ts'
export { builtInExtractors } from './evaluation-hooks.ts'
export { buildWorld } from './build-world.ts'
export type { RelativeTime, WorldSpec } from './world-spec.ts'
export { jsonValueSchema, worldSpecSchema } from './world-spec.ts'
export { WorldSpecError } from './world-spec-error.ts'
