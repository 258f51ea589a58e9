import { z } from 'zod'
import { infinityToleranceSchema } from './milestone.ts'
import { scenarioSchema } from './scenario.ts'

/**
 * The scenario schema as JSON Schema (draft 2020-12, describing what an author writes: defaults may
 * be left out), so scenario files written as JSON get completion and checking in editors:
 * `{ "$schema": "./node_modules/vitest-toolcheck/scenarios/scenario.schema.json", ... }`. Checks that
 * JSON Schema cannot express (DAG edges within range, reference calls to allowed tools) still run
 * when the file is loaded.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(scenarioSchema, {
    io: 'input',
    unrepresentable: 'any',
    // `Infinity` cannot appear in JSON (files write "infinity"), so its member matches nothing there.
    override: (context) => {
      if (context.zodSchema !== infinityToleranceSchema) return
      for (const key of Object.keys(context.jsonSchema)) delete (context.jsonSchema as Record<string, unknown>)[key]
      Object.assign(context.jsonSchema, { not: {}, description: 'Infinity, in TypeScript only; JSON files write "infinity"' })
    },
  }) as Record<string, unknown>
  const properties = { $schema: { type: 'string', description: 'The JSON Schema this file follows.' }, ...(schema.properties as object) }
  return { ...schema, title: 'toolcheck scenario', properties }
}
