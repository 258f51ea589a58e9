import type { JsonValue } from '../world/index.ts'

/** Deepest nesting accepted in a tool result; deeper values are almost surely cycles or mistakes. */
const MAX_DEPTH = 64

/**
 * A tool's return value as JSON, or the reason it is not JSON. `undefined` (a tool that returns
 * nothing) becomes `null`. Rejected: functions, symbols, bigints, non-finite numbers, `undefined`
 * inside arrays, class instances (a `Date`, a `Map`), cycles. Object values that are `undefined`
 * are dropped, as `JSON.stringify` drops them.
 */
export function toJsonResult(value: unknown): { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly reason: string } {
  if (value === undefined) return { ok: true, value: null }
  const problem = findProblem(value, '$', 0, new Set())
  if (problem !== undefined) return { ok: false, reason: problem }
  return { ok: true, value: stripUndefined(value) as JsonValue }
}

function findProblem(value: unknown, path: string, depth: number, seen: Set<object>): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path} is ${value}, which JSON cannot hold`
  if (typeof value !== 'object') return `${path} is a ${typeof value}, which JSON cannot hold`
  if (depth >= MAX_DEPTH) return `${path} is nested more than ${MAX_DEPTH} levels deep`
  if (seen.has(value)) return `${path} refers back to itself (a cycle)`
  seen.add(value)
  try {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        if (item === undefined) return `${path}[${index}] is undefined`
        const problem = findProblem(item, `${path}[${index}]`, depth + 1, seen)
        if (problem !== undefined) return problem
      }
      return undefined
    }
    const prototype = Object.getPrototypeOf(value)
    if (prototype !== Object.prototype && prototype !== null) return `${path} is a ${(value as object).constructor?.name ?? 'class instance'}, not a plain object`
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue
      const problem = findProblem(item, `${path}.${key}`, depth + 1, seen)
      if (problem !== undefined) return problem
    }
    return undefined
  } finally {
    seen.delete(value)
  }
}

function stripUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripUndefined)
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) if (item !== undefined) Object.defineProperty(out, key, { value: stripUndefined(item), enumerable: true, writable: true, configurable: true })
    return out
  }
  return value
}
