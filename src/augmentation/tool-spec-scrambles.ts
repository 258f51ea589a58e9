import type { ToolSpec } from '../tools/tool-spec.ts'
import type { JsonObject, JsonValue } from '../world/index.ts'
import { isJsonObject } from '../world/index.ts'

/*
 * The four scrambles that change how one tool looks to the agent. Each takes a spec and returns a
 * new one, so they compose in any order; the spec's `tool` keeps pointing at the real tool, which
 * is what execution, traces and milestones use.
 */

/**
 * The spec with an empty description. A tool without arguments keeps its description, as in
 * ToolSandbox, which removes the part of a tool's documentation before its argument list (such a
 * tool has none, so its description stays); it is returned as it is.
 */
export function withoutDescription(spec: ToolSpec): ToolSpec {
  if (Object.keys(propertiesOf(spec.parameters)).length === 0) return spec
  return { ...spec, description: '' }
}

/** The spec whose arguments have no descriptions (nested ones included); types stay. */
export function withoutArgumentDescriptions(spec: ToolSpec): ToolSpec {
  return { ...spec, parameters: mapProperties(spec.parameters, (property) => stripDescriptions(property)) }
}

/**
 * The spec whose arguments keep only their descriptions: no type, enum, format or nesting. The
 * spec is marked `typesHidden`, so the executor answers a wrongly typed argument with an error
 * that states the expected type and the task stays solvable. A tool without arguments is returned
 * as it is.
 */
export function withoutArgumentTypes(spec: ToolSpec): ToolSpec {
  // A tool without arguments has no types to hide; leaving it untouched keeps the no-op visible as one.
  if (Object.keys(propertiesOf(spec.parameters)).length === 0) return spec
  return {
    ...spec,
    parameters: mapProperties(spec.parameters, (property) =>
      typeof property.description === 'string' ? { description: property.description } : {},
    ),
    typesHidden: true,
  }
}

/**
 * The spec whose arguments are called `arg_0`, `arg_1`, ... in the order the schema lists them.
 * `argumentNames` maps each new name back to the real one (composing with an earlier renaming).
 * A tool without arguments is returned as it is.
 */
export function withRenamedArguments(spec: ToolSpec): ToolSpec {
  const properties = propertiesOf(spec.parameters)
  if (Object.keys(properties).length === 0) return spec
  const renamed: Record<string, string> = {}
  const newProperties: JsonObject = {}
  for (const [position, [name, property]] of Object.entries(properties).entries()) {
    const newName = `arg_${position}`
    renamed[name] = newName
    newProperties[newName] = property
  }
  const required = spec.parameters.required
  const parameters: JsonObject = { ...spec.parameters, properties: newProperties }
  if (Array.isArray(required))
    parameters.required = required.map((name) => (typeof name === 'string' ? (renamed[name] ?? name) : name))
  const argumentNames: Record<string, string> = {}
  for (const [presented, newName] of Object.entries(renamed))
    argumentNames[newName] = spec.argumentNames?.[presented] ?? presented
  return { ...spec, parameters, argumentNames }
}

/** The `properties` object of a JSON Schema object, or an empty one. */
export function propertiesOf(schema: JsonObject): JsonObject {
  const properties = schema.properties
  return isJsonObject(properties) ? properties : {}
}

function mapProperties(schema: JsonObject, change: (property: JsonObject) => JsonObject): JsonObject {
  const properties: JsonObject = {}
  for (const [name, property] of Object.entries(propertiesOf(schema)))
    properties[name] = isJsonObject(property) ? change(property) : property
  return { ...schema, properties }
}

function stripDescriptions(value: JsonValue): JsonObject {
  return stripValue(value) as JsonObject
}

function stripValue(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(stripValue)
  if (!isJsonObject(value)) return value
  const result: JsonObject = {}
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'description') continue
    // Inside `properties` the keys are argument names, not keywords: an argument may be called `description`.
    result[key] = key === 'properties' && isJsonObject(inner) ? mapObject(inner, stripValue) : stripValue(inner)
  }
  return result
}

function mapObject(object: JsonObject, change: (value: JsonValue) => JsonValue): JsonObject {
  const result: JsonObject = {}
  for (const [key, value] of Object.entries(object)) result[key] = change(value)
  return result
}
