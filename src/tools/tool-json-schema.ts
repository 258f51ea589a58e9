import type { JsonObject, JsonValue } from '../world/index.ts'
import { isJsonObject } from '../world/index.ts'
import type { AnyTool } from './define-tool.ts'
import { loadZod } from './load-zod.ts'

/** Options of `toolJsonSchema`. */
export interface ToolJsonSchemaOptions {
  /**
   * `true`: a schema OpenAI accepts for strict function calling (every property required,
   * optional arguments nullable, `additionalProperties: false` on every object, `anyOf` instead
   * of `oneOf`, no `default`). `false`: a plain draft-07 schema of the input (optional
   * arguments simply not required), which every OpenAI-compatible server understands.
   */
  readonly strict: boolean
}

/** A tool whose arguments cannot be expressed as a strict schema (a record, an open object). */
export class StrictSchemaError extends Error {
  constructor(tool: string, path: string, reason: string) {
    super(`tool \`${tool}\` cannot be presented with a strict schema: ${path === '' ? 'its arguments' : `argument ${path}`} ${reason}`)
    this.name = 'StrictSchemaError'
  }
}

const cache = { strict: new WeakMap<AnyTool, JsonObject>(), plain: new WeakMap<AnyTool, JsonObject>() }

/**
 * The JSON schema of a tool's arguments, as a model is shown it, without the `$schema` key.
 * Computed once per tool and mode; the returned object is frozen and shared. zod is loaded on the
 * first call (see `loadZod`), so modules that only import this one stay free of it.
 */
export function toolJsonSchema(tool: AnyTool, options: ToolJsonSchemaOptions = { strict: false }): JsonObject {
  const store = options.strict ? cache.strict : cache.plain
  const cached = store.get(tool)
  if (cached !== undefined) return cached
  const raw = loadZod().z.toJSONSchema(tool.args, { target: 'draft-07', io: 'input', unrepresentable: 'any' }) as JsonObject
  delete raw.$schema
  const cleaned = tidy(raw)
  const schema = deepFreeze(options.strict ? strictify(tool.name, cleaned) : cleaned)
  store.set(tool, schema)
  return schema
}

/** Drops noise every mode shares: zod's ±2^53 bounds on integers. */
function tidy(root: JsonObject): JsonObject {
  return walkSchema(root, '', (node) => {
    const out: JsonObject = { ...node }
    for (const key of ['minimum', 'maximum']) if (typeof out[key] === 'number' && Math.abs(out[key]) === Number.MAX_SAFE_INTEGER) delete out[key]
    return out
  })
}

function strictify(tool: string, root: JsonObject): JsonObject {
  return walkSchema(root, '', (node, path) => {
    const { default: defaultValue, oneOf, ...out } = node
    if (oneOf !== undefined) out.anyOf = oneOf
    if (defaultValue !== undefined) {
      const note = `Default: ${JSON.stringify(defaultValue)}.`
      out.description = typeof out.description === 'string' ? `${out.description} ${note}` : note
    }
    if (out.type !== 'object' && !isJsonObject(out.properties)) return out
    const extra = out.additionalProperties
    if (extra === true || (isJsonObject(extra) && Object.keys(extra).length === 0))
      throw new StrictSchemaError(tool, path, 'is an open object; strict mode needs every key named')
    if (isJsonObject(extra)) throw new StrictSchemaError(tool, path, 'is a record (an object with free keys); strict mode needs every key named')
    delete out.propertyNames
    const properties: JsonObject = isJsonObject(out.properties) ? { ...out.properties } : {}
    const required = new Set(Array.isArray(out.required) ? out.required : [])
    for (const [name, child] of Object.entries(properties)) if (!required.has(name) && isJsonObject(child)) properties[name] = nullable(child)
    out.properties = properties
    out.required = Object.keys(properties)
    out.additionalProperties = false
    return out
  })
}

const SCHEMA_KEYS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']
const SCHEMA_LIST_KEYS = ['anyOf', 'oneOf', 'allOf', 'items', 'prefixItems']
const SCHEMA_MAP_KEYS = ['properties', 'definitions', '$defs', 'patternProperties']

/**
 * Rebuilds a schema bottom-up: every sub-schema (under the keywords that hold schemas, never
 * under `properties` names or `enum` values) is rewritten by `visit` before its parent is.
 * `path` names the argument a node belongs to, for error messages.
 */
function walkSchema(node: JsonObject, path: string, visit: (node: JsonObject, path: string) => JsonObject): JsonObject {
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_MAP_KEYS.includes(key) && isJsonObject(value)) {
      const map: JsonObject = {}
      for (const [name, child] of Object.entries(value)) map[name] = isJsonObject(child) ? walkSchema(child, key === 'properties' ? (path === '' ? name : `${path}.${name}`) : path, visit) : child
      out[key] = map
    } else if (SCHEMA_LIST_KEYS.includes(key) && Array.isArray(value)) out[key] = value.map((child) => (isJsonObject(child) ? walkSchema(child, path, visit) : child))
    else if (SCHEMA_KEYS.includes(key) && isJsonObject(value)) out[key] = walkSchema(value, key === 'items' ? `${path}[]` : path, visit)
    else out[key] = value
  }
  return visit(out, path)
}

/** The schema that also accepts `null` (how strict mode says "may be left out"). */
function nullable(schema: JsonObject): JsonObject {
  const type = schema.type
  if (typeof type === 'string') {
    const out: JsonObject = { ...schema, type: type === 'null' ? 'null' : [type, 'null'] }
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null]
    return out
  }
  if (Array.isArray(type)) {
    const out: JsonObject = { ...schema, type: type.includes('null') ? type : [...type, 'null'] }
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null]
    return out
  }
  if (Array.isArray(schema.anyOf)) {
    const hasNull = schema.anyOf.some((option) => isJsonObject(option) && option.type === 'null')
    return hasNull ? schema : { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] }
  }
  const { description, ...rest } = schema
  return { ...(description === undefined ? {} : { description }), anyOf: [rest, { type: 'null' }] }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child)
    Object.freeze(value)
  }
  return value
}
