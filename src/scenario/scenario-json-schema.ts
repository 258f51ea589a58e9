import { z } from 'zod'
import { scenarioSchema } from './scenario.ts'

/**
 * The scenario schema as JSON Schema (draft 2020-12, describing what an author writes: defaults may
 * be left out), so scenario files written as JSON get completion and checking in editors:
 * `{ "$schema": "./node_modules/vitest-toolcheck/scenarios/scenario.schema.json", ... }`. Checks that
 * JSON Schema cannot express (DAG edges within range, reference calls to allowed tools) still run
 * when the file is loaded.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(scenarioSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
  const properties = { $schema: { type: 'string', description: 'The JSON Schema this file follows.' }, ...(schema.properties as object) }
  return { ...schema, title: 'toolcheck scenario', properties }
}
