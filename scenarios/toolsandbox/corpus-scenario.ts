/**
 * A built-in scenario as the scenario schema makes it, without the schema's checks: its fields in
 * the schema's order, with the schema's defaults where the corpus leaves a field out.
 *
 * The corpus is this package's own code, fixed when it ships, and the test suite checks every one
 * of its scenarios with `parseScenario` and checks that this gives exactly what `parseScenario`
 * gives, field order included (test/toolsandbox/corpus-scenario.test.ts). Checking all of them
 * again in every process that loads the corpus (each worker thread of `toolcheck eval`, each
 * vitest worker) took about 50 ms of its start. Scenarios from anywhere else (files, modules,
 * `defineScenario`) are always checked.
 */
import type { Scenario } from '../../src/scenario/index.ts'
import { scenarioSchema } from '../../src/scenario/index.ts'
import type { CorpusScenario } from './authoring.ts'

/** The built-in scenario `input` as `parseScenario` makes it (see the module's comment). */
export function corpusScenario(input: CorpusScenario): Scenario {
  return inSchemaShape(scenarioSchema as unknown as SchemaNode, input) as Scenario
}

/** The part of a zod schema's definition this reads: objects, defaults and optional fields. */
interface SchemaNode {
  readonly _zod: {
    readonly def: {
      readonly type: string
      readonly shape?: Readonly<Record<string, SchemaNode>>
      readonly innerType?: SchemaNode
      readonly defaultValue?: unknown
    }
  }
}

/**
 * `value` with each object the schema describes rebuilt in the schema's field order (as zod
 * rebuilds it) and each missing field that has a default given it. Lists, records and unions are
 * kept as written: the corpus writes what they hold in full.
 */
function inSchemaShape(schema: SchemaNode, value: unknown): unknown {
  const { type, shape, innerType, defaultValue } = schema._zod.def
  if (type === 'default') return value === undefined ? defaultValue : inSchemaShape(innerType as SchemaNode, value)
  if (type === 'optional') return value === undefined ? undefined : inSchemaShape(innerType as SchemaNode, value)
  if (type !== 'object' || shape === undefined || typeof value !== 'object' || value === null) return value
  const given = value as Readonly<Record<string, unknown>>
  const shaped: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(shape)) {
    const filled = inSchemaShape(field, given[key])
    if (filled !== undefined) shaped[key] = filled
  }
  return shaped
}
