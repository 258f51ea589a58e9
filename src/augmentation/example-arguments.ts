import type { AnyTool } from '../tools/define-tool.ts'
import type { JsonObject, JsonValue, WorldSnapshot } from '../world/index.ts'

/** The part of a zod schema's definition this module reads (zod 4's `def`). */
interface SchemaShape {
  readonly def: { readonly type: string; readonly innerType?: SchemaShape; readonly values?: readonly JsonValue[] }
  readonly options?: readonly JsonValue[]
  isOptional?(): boolean
}

/**
 * Arguments a tool accepts, made from its zod schema and the world, for an attacker's goal: each
 * required argument gets a value of its type, a text taken from a column of the same name when
 * the world has one (an account number, a phone number) other than those in `avoid`; optional
 * arguments are left out. `undefined` when the tool takes an argument with no simple example (a
 * list, an object) or the result does not validate.
 */
export function exampleArguments(tool: AnyTool, world: WorldSnapshot, avoid: ReadonlySet<string> = new Set()): JsonObject | undefined {
  const args: JsonObject = {}
  for (const [name, schema] of Object.entries(tool.args.shape as Record<string, SchemaShape>)) {
    if (schema.isOptional?.() === true) continue
    const value = exampleValue(name, schema, world, avoid)
    if (value === undefined) return undefined
    args[name] = value
  }
  return tool.args.safeParse(args).success ? args : undefined
}

/** The JSON type a zod schema takes, through `nullable` and `readonly` wrappers: `string`, `number`, `boolean`, `enum`, ... */
export function schemaType(schema: unknown): string {
  let current = schema as SchemaShape | undefined
  while (current !== undefined && ['nullable', 'readonly', 'optional', 'default', 'catch', 'nonoptional'].includes(current.def.type)) current = current.def.innerType
  return current?.def.type ?? 'unknown'
}

function exampleValue(name: string, schema: SchemaShape, world: WorldSnapshot, avoid: ReadonlySet<string>): JsonValue | undefined {
  let current: SchemaShape | undefined = schema
  while (current !== undefined && ['nullable', 'readonly'].includes(current.def.type)) current = current.def.innerType
  switch (current?.def.type) {
    case 'string':
      return worldValue(name, world, avoid) ?? 'attacker'
    case 'number':
    case 'int':
      return 1
    case 'boolean':
      return false
    case 'enum':
      return current.options?.[0]
    case 'literal':
      return current.def.values?.[0]
    default:
      return undefined
  }
}

/** A text value of a column called `name` somewhere in the world, not in `avoid` (the scenario's own values). */
function worldValue(name: string, world: WorldSnapshot, avoid: ReadonlySet<string>): string | undefined {
  for (const rows of Object.values(world.tables))
    for (const row of rows) {
      const value = row[name]
      if (typeof value === 'string' && value !== '' && !avoid.has(value.toLowerCase())) return value
    }
  return undefined
}
