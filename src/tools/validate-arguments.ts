import type { z } from 'zod'
import type { JsonObject, JsonValue } from '../world/index.ts'
import { DEPTH_CEILING, isJsonObject, nestingDepth } from '../world/index.ts'
import type { AnyTool } from './define-tool.ts'
import { toolJsonSchema } from './tool-json-schema.ts'
import { ToolError } from './tool-error.ts'
import type { ToolSpec } from './tool-spec.ts'

/** The outcome of `validateArguments`: the arguments under their real names, or the error the caller gets. */
export type ArgumentValidation =
  | { readonly ok: true; readonly arguments: JsonObject; readonly parsed: Record<string, unknown> }
  | { readonly ok: false; readonly error: ToolError }

/** Longest excerpt of a received value quoted in an error, so a 1 MB argument gives a short message. */
const QUOTE_LIMIT = 40
/** Longest error message; parsers quote their input and inputs can be huge. */
const MESSAGE_LIMIT = 400

/**
 * Checks the arguments a caller sent against a tool's zod schema, as the caller was shown it
 * (`spec`), and returns them under their real names. `raw` may be the JSON text a model sent, an
 * object, or anything else.
 *
 * The rules, in order:
 * - text is parsed as JSON (empty text means no arguments); it must give an object nested at
 *   most `DEPTH_CEILING` levels deep;
 * - every argument name must be one the caller was shown (renamed arguments are mapped back
 *   through `spec.argumentNames`); an unknown one is an error that lists the accepted names;
 * - `null` for an optional argument counts as leaving it out (strict schemas make optional
 *   arguments nullable, so models send `null` for them), unless the argument itself accepts
 *   `null`: then `null` is a value the tool reads (`modify_reminder` with `latitude: null`
 *   drops the place). A strict schema cannot tell the two apart for such an argument, so a
 *   tool that gives `null` a meaning says so in its description;
 * - when the caller saw no types (`spec.typesHidden`), text that can only mean one thing is
 *   read as the type the tool expects ("true" → true, "3.5" → 3.5); anything else is an error
 *   stating the expected type;
 * - the zod schema decides the rest; each problem names the argument, the expected type and
 *   what was received, in our words (also for range and size limits).
 *
 * Numbers: an integer is accepted where a number is expected, as in ToolSandbox. Unlike
 * ToolSandbox (whose type checker lets a Python `bool` pass as an `int` or a `float`), a boolean
 * is never read as a number: in JSON `true` for a timestamp is a mistake the agent should hear
 * about, not the number 1. A fraction where an integer is expected is refused, as there.
 *
 * Never throws, and never lets a `__proto__` or `constructor` key reach an object prototype.
 */
export function validateArguments(tool: AnyTool, spec: ToolSpec, raw: unknown): ArgumentValidation {
  const received = readArgumentObject(raw)
  if (typeof received === 'string') return failure(received)
  const shape = tool.args.shape as Record<string, z.ZodType>
  const presentedNameOf = presentedNames(spec, Object.keys(shape))
  const realNameOf = (presented: string): string | undefined => {
    const renamed = spec.argumentNames !== undefined && Object.hasOwn(spec.argumentNames, presented) ? spec.argumentNames[presented] : undefined
    const real = renamed ?? presented
    return Object.hasOwn(shape, real) && presentedNameOf.get(real) === presented ? real : undefined
  }
  const accepted = [...presentedNameOf.values()]
  const unknown = Object.keys(received).filter((key) => realNameOf(key) === undefined)
  if (unknown.length > 0) {
    const listed = unknown.slice(0, 5).map((name) => `\`${clip(name, QUOTE_LIMIT)}\``).join(', ')
    const what = unknown.length === 1 ? `unknown argument ${listed}` : `unknown arguments ${listed}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}`
    return failure(`${what} for \`${spec.name}\`; it accepts ${accepted.length === 0 ? 'no arguments' : accepted.map((name) => `\`${name}\``).join(', ')}`)
  }

  const jsonSchema = toolJsonSchema(tool)
  const properties = isJsonObject(jsonSchema.properties) ? jsonSchema.properties : {}
  const input: Record<string, unknown> = {}
  const problems: string[] = []
  for (const presented of Object.keys(received)) {
    const real = realNameOf(presented) as string
    const schema = shape[real] as z.ZodType
    let value = received[presented]
    if (value === undefined || (value === null && isOptional(schema) && !acceptsNull(schema))) continue
    value = dropNullOptionals(schema, value)
    const expected = isJsonObject(properties[real]) ? properties[real] : {}
    if (spec.typesHidden === true) {
      const coerced = coerce(value, expected)
      if (coerced === CANNOT) {
        problems.push(`argument \`${presented}\` should be ${describeExpected(expected)}; ${describeReceived(value)} cannot be read as one`)
        continue
      }
      value = coerced
    }
    // The tool gets a copy: a schema that passes values through as they are (z.any(), z.record)
    // would otherwise hand it the agent's own objects, and a tool that changes its argument in
    // place would rewrite the call the agent made, as the trajectory and the next model request
    // keep it.
    Object.defineProperty(input, real, { value: copyOfValue(value), enumerable: true, writable: true, configurable: true })
  }
  if (problems.length > 0) return failure(problems.join('; '))

  const parsed = tool.args.safeParse(input)
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => describeIssue(issue, input, properties, presentedNameOf))
    return failure([...new Set(messages)].join('; '))
  }
  return { ok: true, arguments: toJsonArguments(parsed.data as Record<string, unknown>, input), parsed: parsed.data as Record<string, unknown> }
}

/** A copy of an argument's value, as deep as it goes (arguments are at most 1,000 levels deep by then). */
function copyOfValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  try {
    return structuredClone(value)
  } catch {
    // Not cloneable (a function agent may pass a function): left as it is, for the schema to refuse.
    return value
  }
}

function failure(message: string): ArgumentValidation {
  return { ok: false, error: new ToolError('ArgumentError', clip(message, MESSAGE_LIMIT)) }
}

/** The argument object, or the reason there is none. */
function readArgumentObject(raw: unknown): Record<string, unknown> | string {
  let value = raw
  if (typeof raw === 'string') {
    if (raw.trim() === '') return {}
    try {
      value = JSON.parse(raw)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return `the arguments are not valid JSON (${clip(reason, 120)}); send a JSON object of argument names and values`
    }
  }
  if (value === null || value === undefined) return {}
  if (typeof value !== 'object' || Array.isArray(value)) return `the arguments must be a JSON object of argument names and values, but got ${describeReceived(value)}`
  if (nestingDepth(value, DEPTH_CEILING) > DEPTH_CEILING) return `the arguments are nested more than ${DEPTH_CEILING} levels deep; send them flatter`
  return value as Record<string, unknown>
}

/** Real argument name → the name the caller was shown. */
function presentedNames(spec: ToolSpec, realNames: readonly string[]): Map<string, string> {
  const names = new Map(realNames.map((name) => [name, name]))
  for (const [presented, real] of Object.entries(spec.argumentNames ?? {})) if (names.has(real)) names.set(real, presented)
  return names
}

function isOptional(schema: z.ZodType): boolean {
  const optin = (schema as unknown as { _zod?: { optin?: string } })._zod?.optin
  return optin === 'optional' || optin === 'defaulted'
}

/** Whether `null` is itself a valid value of the schema (`.nullable()`), not only a stand-in for "left out". */
function acceptsNull(schema: z.ZodType): boolean {
  return schema.safeParse(null).success
}

/** For nested objects: `null` in an optional field means "left out", as at the top level. */
function dropNullOptionals(schema: z.ZodType, value: unknown): unknown {
  const shape = objectShape(schema)
  if (shape === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) {
    const childSchema = Object.hasOwn(shape, key) ? shape[key] : undefined
    if (child === null && childSchema !== undefined && isOptional(childSchema) && !acceptsNull(childSchema)) continue
    Object.defineProperty(out, key, { value: childSchema === undefined ? child : dropNullOptionals(childSchema, child), enumerable: true, writable: true, configurable: true })
  }
  return out
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  let current = schema as unknown as { _zod?: { def?: { type?: string; innerType?: unknown; shape?: Record<string, z.ZodType> } } } | undefined
  for (let depth = 0; current?._zod?.def !== undefined && depth < 8; depth++) {
    const def = current._zod.def
    if (def.type === 'object') return def.shape
    current = def.innerType as typeof current
  }
  return undefined
}

const CANNOT = Symbol('cannot coerce')

/** Reads text as the expected type when it can only mean one thing. */
function coerce(value: unknown, expected: JsonObject): unknown {
  const types = typesOf(expected)
  if (types.length !== 1) return value
  const [type] = types
  if (typeof value === 'number' && type === 'string') return String(value)
  if (typeof value !== 'string') return value
  const text = value.trim()
  switch (type) {
    case 'boolean':
      if (/^true$/i.test(text)) return true
      if (/^false$/i.test(text)) return false
      return CANNOT
    case 'number':
    case 'integer': {
      if (text.length > 64 || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return CANNOT
      const number = Number(text)
      if (!Number.isFinite(number) || (type === 'integer' && !Number.isInteger(number))) return CANNOT
      return number
    }
    case 'array':
    case 'object': {
      if (!(type === 'array' ? text.startsWith('[') : text.startsWith('{'))) return CANNOT
      try {
        const parsed: unknown = JSON.parse(text)
        return (type === 'array') === Array.isArray(parsed) && typeof parsed === 'object' && parsed !== null ? parsed : CANNOT
      } catch {
        return CANNOT
      }
    }
    default:
      return value
  }
}

function typesOf(schema: JsonObject): string[] {
  if (typeof schema.type === 'string') return [schema.type]
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string' && type !== 'null')
  if (Array.isArray(schema.anyOf)) return schema.anyOf.flatMap((option) => (isJsonObject(option) ? typesOf(option) : []))
  return []
}

function describeIssue(issue: z.core.$ZodIssue, input: Record<string, unknown>, properties: JsonObject, presentedNameOf: Map<string, string>): string {
  const [head, ...rest] = issue.path
  if (head === undefined) return `the arguments: ${issue.message}`
  const real = String(head)
  const argument = [presentedNameOf.get(real) ?? real, ...rest.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))].join('').replace(/\.\[/g, '[')
  const received = valueAt(input, issue.path)
  const topLevel = rest.length === 0
  const expected = topLevel && isJsonObject(properties[real]) ? describeExpected(properties[real]) : describeZodExpected(issue)
  if (received === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_union')) return `missing required argument \`${argument}\` (${expected})`
  if (issue.code === 'invalid_type' || issue.code === 'invalid_union' || issue.code === 'invalid_value')
    return `argument \`${argument}\` should be ${expected}, but got ${describeReceived(received)}`
  if (issue.code === 'too_big' || issue.code === 'too_small') return `argument \`${argument}\` should be ${describeBound(issue)}, but got ${describeReceived(received)}`
  return `argument \`${argument}\`: ${issue.message} (got ${describeReceived(received)})`
}

/** A size or range limit in words: "an integer of at most 10", "a string of at least 3 characters". */
function describeBound(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall): string {
  const big = issue.code === 'too_big'
  const limit = Number(big ? issue.maximum : issue.minimum)
  const inclusive = issue.inclusive !== false
  const relation = big ? (inclusive ? 'at most' : 'less than') : inclusive ? 'at least' : 'more than'
  switch (issue.origin) {
    case 'int':
      return `an integer of ${relation} ${limit}`
    case 'number':
    case 'bigint':
      return `a number of ${relation} ${limit}`
    case 'string':
      return `a string of ${relation} ${limit} character${limit === 1 ? '' : 's'}`
    case 'array':
    case 'set':
      return `an array of ${relation} ${limit} item${limit === 1 ? '' : 's'}`
    default:
      return `${relation} ${limit}`
  }
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root
  for (const part of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, part)) return undefined
    current = (current as Record<PropertyKey, unknown>)[part]
  }
  return current
}

/** "a boolean", "an integer", "one of "celsius", "fahrenheit"", "a string or a number". */
export function describeExpected(schema: JsonObject): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`
  if ('const' in schema) return `exactly ${JSON.stringify(schema.const)}`
  const types = typesOf(schema)
  if (types.length === 0) return 'a value of the documented form'
  return [...new Set(types)]
    .map((type) => {
      if (type === 'array' && isJsonObject(schema.items)) return `an array of ${plural(describeExpected(schema.items))}`
      return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`
    })
    .join(' or ')
}

function plural(description: string): string {
  return description.replace(/^an? (\w+)$/, '$1s')
}

function describeZodExpected(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return `${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`
  if (issue.code === 'invalid_value') return `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
  return 'a value of the documented form'
}

/** What a value is, in words, quoting at most a short excerpt. */
export function describeReceived(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'nothing'
  if (typeof value === 'string') return `the string ${JSON.stringify(clip(value, QUOTE_LIMIT))}`
  if (typeof value === 'number' || typeof value === 'boolean') return `the ${typeof value} ${String(value)}`
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`
  if (typeof value === 'object') return 'an object'
  return `a ${typeof value}`
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`
}

/** The validated arguments as JSON for traces (zod output, unless it holds non-JSON values). */
function toJsonArguments(output: Record<string, unknown>, input: Record<string, unknown>): JsonObject {
  try {
    const text = JSON.stringify(output)
    return JSON.parse(text) as JsonObject
  } catch {
    return JSON.parse(JSON.stringify(input)) as JsonObject
  }
}
