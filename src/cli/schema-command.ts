import type { CommandIo } from './io.ts'
import { parseCommandArguments } from './parse-command-arguments.ts'

/** The usage text of `toolcheck schema`. */
export const SCHEMA_USAGE = `usage: toolcheck schema

Prints the JSON Schema of scenario files. Point a scenario file's "$schema" at the copy in the
package (./node_modules/vitest-toolcheck/scenarios/scenario.schema.json) for completion and
checking in editors.
`

/** `toolcheck schema`: the JSON Schema of scenario files. */
export async function runSchemaCommand(args: readonly string[], io: CommandIo): Promise<number> {
  parseCommandArguments(args, {})
  const { scenarioJsonSchema } = await import('../scenario/index.ts')
  io.stdout(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`)
  return 0
}
