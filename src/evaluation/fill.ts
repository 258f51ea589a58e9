import type { JsonValue } from '../world/index.ts'
import type { FillValues } from './extractors.ts'

/** A value with its placeholders replaced, and the placeholder names that had no value. */
export interface Filled<T> {
  readonly value: T
  readonly missing: readonly string[]
}

function isPlaceholder(value: JsonValue): value is { $fill: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && typeof value.$fill === 'string'
}

/** Replaces every `{ "$fill": "name" }` inside `value` (at any depth) by `values[name]`. */
export function fillPlaceholders(value: JsonValue, values: FillValues): Filled<JsonValue> {
  const missing: string[] = []
  const walk = (current: JsonValue): JsonValue => {
    if (isPlaceholder(current)) {
      const replacement = values[current.$fill]
      if (replacement === undefined) {
        missing.push(current.$fill)
        return current
      }
      return replacement
    }
    if (Array.isArray(current)) return current.map(walk)
    if (typeof current === 'object' && current !== null) {
      const copy: Record<string, JsonValue> = {}
      for (const [key, item] of Object.entries(current)) copy[key] = walk(item)
      return copy
    }
    return current
  }
  return { value: walk(value), missing }
}

/** Whether a value contains a `{ "$fill": ... }` placeholder. */
export function hasPlaceholder(value: JsonValue): boolean {
  if (isPlaceholder(value)) return true
  if (Array.isArray(value)) return value.some(hasPlaceholder)
  if (typeof value === 'object' && value !== null) return Object.values(value).some(hasPlaceholder)
  return false
}

/**
 * Replaces `{name}` in a text by the value of `name` (strings as they are, other values as
 * JSON, unless `textOf` says how a value reads). Braces around anything that is not a simple name
 * are left alone.
 */
export function fillTemplate(text: string, values: FillValues, textOf?: (name: string, value: JsonValue) => string | undefined): Filled<string> {
  const missing: string[] = []
  const value = text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    const replacement = values[name]
    if (replacement === undefined) {
      missing.push(name)
      return whole
    }
    const own = textOf?.(name, replacement)
    if (own !== undefined) return own
    return typeof replacement === 'string' ? replacement : JSON.stringify(replacement)
  })
  return { value, missing }
}
