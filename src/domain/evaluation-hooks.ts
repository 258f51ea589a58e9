import type { JsonValue } from '../world/index.ts'
import { isJsonObject } from '../world/index.ts'

/** What an extractor reads: one tool trace (the real tool name, arguments, result). */
export interface ExtractorInput {
  readonly tool: string
  readonly arguments: JsonValue
  readonly result: JsonValue | undefined
}

/** Named values for `{ "$fill": name }` and `{name}` placeholders. */
export type FillValues = Readonly<Record<string, JsonValue>>

/**
 * Takes the values a later milestone fills in from an earlier tool result. Returns one set of
 * values, several alternatives (the best-matching one counts), or `undefined` when the result
 * does not hold what it looks for. Extractors must not throw for unexpected shapes.
 */
export type Extractor = (source: ExtractorInput) => FillValues | readonly FillValues[] | undefined

/**
 * A domain's own way of comparing an actual value with a target value (an account number with or
 * without spaces, an amount in cents or in dollars): a number in [0, 1], 1 for a match. Scenarios
 * name it as a similarity (`"similarity": "iban"`, `"compare": { "iban": "iban" }`) like the
 * built-in ones. A `null` target is handled before it is called (it matches only a missing or
 * null value), so it receives only non-null targets; it must not throw.
 */
export type ValueSimilarity = (actual: JsonValue | undefined, target: JsonValue) => number

/** The first object among a value and, if it is a list, its first element. */
function firstObject(value: JsonValue | undefined): { [key: string]: JsonValue } | undefined {
  if (isJsonObject(value)) return value
  if (Array.isArray(value) && isJsonObject(value[0])) return value[0]
  return undefined
}

function latitudeLongitude(value: JsonValue | undefined): FillValues | undefined {
  const object = firstObject(value)
  if (object === undefined) return undefined
  const latitude = object.latitude ?? object.lat
  const longitude = object.longitude ?? object.lon ?? object.lng
  if (typeof latitude === 'number' && typeof longitude === 'number') return { latitude, longitude }
  return undefined
}

/**
 * The built-in extractors:
 * - `result`: `{ result }`, the whole result;
 * - `arguments`: the call's arguments, by name;
 * - `first_result`: the fields of the result (or of its first element when it is a list);
 * - `lat_lon`: `{ latitude, longitude }` from the result (or its first element), else from the arguments;
 * - `timestamp`: `{ timestamp }` from a numeric result, a result's `timestamp` field, or the first number of a list.
 */
export const builtInExtractors: Readonly<Record<string, Extractor>> = Object.freeze({
  result: (source) => (source.result === undefined ? undefined : { result: source.result }),
  arguments: (source) => (isJsonObject(source.arguments) ? source.arguments : undefined),
  first_result: (source) => firstObject(source.result),
  lat_lon: (source) => latitudeLongitude(source.result) ?? latitudeLongitude(source.arguments),
  timestamp: (source) => {
    const result = source.result
    if (typeof result === 'number') return { timestamp: result }
    if (isJsonObject(result) && typeof result.timestamp === 'number') return { timestamp: result.timestamp }
    if (Array.isArray(result) && typeof result[0] === 'number') return { timestamp: result[0] }
    return undefined
  },
})
