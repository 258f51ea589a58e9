/** A value that survives `JSON.stringify` / `JSON.parse` unchanged. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue }

/**
 * A value as JSON keeps it: what `JSON.stringify` and then `JSON.parse` make of it (`undefined`
 * fields dropped, dates as text; `undefined` itself as `null`). For turning a library's request
 * objects into cache-key parts.
 */
export function asJson(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as JsonValue
}

/** Whether a value is a JSON object (not null, not a list). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Deep structural equality of two JSON values. Object key order does not matter; `-0` equals `0`.
 */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true
  if (a === null || b === null || a === undefined || b === undefined) return false
  if (typeof a !== 'object' || typeof b !== 'object') return false
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, index) => jsonEqual(item, b[index]))
  }
  const keysA = Object.keys(a)
  if (keysA.length !== Object.keys(b).length) return false
  return keysA.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]))
}

/** A JSON text with object keys sorted, so equal values give equal strings (used for keys and hashes). */
export function canonicalJson(value: JsonValue | undefined): string {
  return JSON.stringify(sortKeys(value ?? null))
}

function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value !== null && typeof value === 'object') {
    const sorted: JsonObject = {}
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys(value[key] as JsonValue)
    return sorted
  }
  return value
}
