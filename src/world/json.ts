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
 * The deepest nesting toolcheck accepts in a value from outside (a model's reply, a tool call's
 * arguments, a tool's result) unless told otherwise: far beyond any real tool argument, and far
 * below the depth at which `JSON.stringify` (recursive in V8, about 10,000 levels) overflows the stack.
 */
export const DEFAULT_MAX_DEPTH = 64

/**
 * The deepest nesting toolcheck ever keeps in a run: tool-call arguments deeper than this, from
 * any agent, are kept as their JSON text (and refused by the executor). Everything toolcheck does
 * with values is safe at any depth, but reports are written, and runs handed between vitest's
 * processes, by code that recurses.
 */
export const DEPTH_CEILING = 1000

/**
 * Deep structural equality of two JSON values. Object key order does not matter; `-0` equals `0`.
 * Values up to {@link SHALLOW_LEVELS} levels deep (all real ones) are compared by a short
 * recursion, which makes nothing; deeper ones are walked with a stack of their own, so a value
 * nested any number of levels deep is compared without overflowing the call stack.
 */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true
  const shallow = equalNear(a, b, 0)
  return shallow === TOO_DEEP ? equalWithStack(a, b) : shallow
}

/** Whether two values are equal, or `TOO_DEEP` when that is not known by `SHALLOW_LEVELS`. */
function equalNear(a: unknown, b: unknown, depth: number): boolean | typeof TOO_DEEP {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (depth === SHALLOW_LEVELS) return TOO_DEEP
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    for (let index = 0; index < a.length; index++) {
      const equal = equalNear(a[index], b[index], depth + 1)
      if (equal !== true) return equal
    }
    return true
  }
  // Object.keys is V8's cached list of an object's keys for objects of one shape (quicker than
  // for-in with an own-key check on each side, measured on a report's transcripts). Values made
  // the same way list their keys in the same order, and then no key of one need be looked up in
  // the other: same length and same order is the same keys.
  const leftKeys = Object.keys(a)
  const rightKeys = Object.keys(b)
  if (leftKeys.length !== rightKeys.length) return false
  let inOrder = true
  for (let index = 0; index < leftKeys.length; index++) {
    if (leftKeys[index] === rightKeys[index]) continue
    inOrder = false
    break
  }
  for (const key of leftKeys) {
    if (!inOrder && !Object.hasOwn(b, key)) return false
    const equal = equalNear((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1)
    if (equal !== true) return equal
  }
  return true
}

/** `jsonEqual` for values of any depth, with a stack of its own. */
function equalWithStack(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  // Pairs still to compare, both of them arrays or objects: lefts and rights at equal positions.
  const lefts: unknown[] = []
  const rights: unknown[] = []
  if (!pending(a, b, lefts, rights)) return false
  for (let left = lefts.pop(); left !== undefined; left = lefts.pop()) {
    const right = rights.pop() as object
    if (Array.isArray(left) || Array.isArray(right)) {
      if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false
      for (let index = 0; index < left.length; index++) if (!pending(left[index], right[index], lefts, rights)) return false
      continue
    }
    const keys = Object.keys(left as object)
    if (keys.length !== Object.keys(right).length) return false
    for (const key of keys) if (!Object.hasOwn(right, key) || !pending((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key], lefts, rights)) return false
  }
  return true
}

/** False when two values differ at once; true when they are equal scalars, or arrays or objects queued to compare. */
function pending(left: unknown, right: unknown, lefts: unknown[], rights: unknown[]): boolean {
  if (left === right) return true
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false
  lefts.push(left)
  rights.push(right)
  return true
}

/**
 * A JSON text with object keys sorted, so equal values give equal strings (used for keys and
 * hashes): `JSON.stringify` of the value with its keys set in sorted order. Values up to
 * {@link SHALLOW_LEVELS} levels deep (all real ones) are sorted by a short recursion and written by
 * `JSON.stringify`, which is fast; deeper ones (a model's arguments nested thousands of levels
 * deep) are written with a stack of our own, so no value can overflow the call stack.
 */
export function canonicalJson(value: JsonValue | undefined): string {
  const sorted = sortKeys(value ?? null, 0)
  return sorted === TOO_DEEP ? writeCanonically(value ?? null) : JSON.stringify(sorted)
}

/** How deep `canonicalJson` and `jsonEqual` recurse before they switch to a stack of their own. */
const SHALLOW_LEVELS = 256

const TOO_DEEP: unique symbol = Symbol('too deep')

/**
 * The value with its object keys set in sorted order, or `TOO_DEEP`. A `__proto__` key is kept as
 * data, as JSON keeps it (assigning it would set the copy's prototype instead).
 */
function sortKeys(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (depth === SHALLOW_LEVELS) return TOO_DEEP
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length)
    for (let index = 0; index < value.length; index++) {
      const item = sortKeys(value[index], depth + 1)
      if (item === TOO_DEEP) return TOO_DEEP
      copy[index] = item
    }
    return copy
  }
  const sorted: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) {
    const item = sortKeys((value as Record<string, unknown>)[key], depth + 1)
    if (item === TOO_DEEP) return TOO_DEEP
    if (key === '__proto__') Object.defineProperty(sorted, key, { value: item, enumerable: true, writable: true, configurable: true })
    else sorted[key] = item
  }
  return sorted
}

/**
 * `JSON.stringify(value)` for a JSON value of any depth: V8 writes JSON recursively, and a value
 * some thousands of levels deep (a tool may write one into the world) overflows its stack, the
 * deeper the more of the stack the caller already took. Such a value is written again with a stack
 * of its own, to the same text.
 */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value ?? null)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    return writeCanonically(value ?? null, false)
  }
}

/** `canonicalJson` (or, `sorted` false, `jsonText`) for values of any depth: the same text, written with a stack of its own. */
function writeCanonically(value: unknown, sorted = true): string {
  let text = ''
  // Open arrays and objects: the array, or the object and its keys in the order they are written.
  const open: Frame[] = []
  let current: unknown = value
  for (;;) {
    if (typeof current !== 'object' || current === null) {
      // Inside an array, a value JSON cannot hold is written as null, as JSON.stringify does.
      text += JSON.stringify(current) ?? 'null'
    } else if (Array.isArray(current)) {
      text += '['
      open.push({ array: current, object: undefined, keys: undefined, next: 0, length: current.length })
    } else {
      const object = current as Record<string, unknown>
      const keys = sorted ? sortedKeys(object) : Object.keys(object).filter((key) => writable(object[key]))
      text += '{'
      open.push({ array: undefined, object, keys, next: 0, length: keys.length })
    }
    let frame = open[open.length - 1]
    while (frame !== undefined && frame.next === frame.length) {
      text += frame.keys === undefined ? ']' : '}'
      open.pop()
      frame = open[open.length - 1]
    }
    if (frame === undefined) return text
    if (frame.next > 0) text += ','
    if (frame.keys === undefined) {
      current = (frame.array as readonly unknown[])[frame.next++]
    } else {
      const key = frame.keys[frame.next++] as string
      text += `${JSON.stringify(key)}:`
      current = (frame.object as Record<string, unknown>)[key]
    }
  }
}

/** An array or object `writeCanonically` is writing. */
interface Frame {
  readonly array: readonly unknown[] | undefined
  readonly object: Record<string, unknown> | undefined
  readonly keys: readonly string[] | undefined
  readonly length: number
  next: number
}

/**
 * An object's keys in the order `JSON.stringify` writes them once they were set in sorted order
 * (as `sortKeys` sets them): array index keys ("0", "12") first, by number, as JavaScript objects keep them, then
 * the rest sorted. Keys whose value JSON cannot hold are left out, as `JSON.stringify` leaves them.
 */
function sortedKeys(object: Record<string, unknown>): string[] {
  let indices: string[] | undefined
  const names: string[] = []
  for (const key of Object.keys(object)) {
    if (!writable(object[key])) continue
    const first = key.charCodeAt(0)
    if (first >= 48 && first <= 57 && ARRAY_INDEX.test(key) && Number(key) < 4_294_967_295) (indices ??= []).push(key)
    else names.push(key)
  }
  names.sort()
  if (indices === undefined) return names
  indices.sort((a, b) => Number(a) - Number(b))
  return [...indices, ...names]
}

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/

function writable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol'
}

/**
 * How deeply a value nests arrays and objects (a scalar is 0, `[]` and `{}` are 1, `[[1]]` is 2),
 * counted with a stack of its own. The count stops as soon as it passes `stopAfter`, so checking a
 * huge value against a limit costs no more than walking it down to the limit.
 */
export function nestingDepth(value: unknown, stopAfter = Number.POSITIVE_INFINITY): number {
  let deepest = 0
  const pending: [unknown, number][] = [[value, 0]]
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const [current, depth] = entry
    if (current === null || typeof current !== 'object') continue
    const level = depth + 1
    if (level > deepest) deepest = level
    if (deepest > stopAfter) return deepest
    const children = Array.isArray(current) ? current : Object.values(current)
    for (const child of children) if (child !== null && typeof child === 'object') pending.push([child, level])
  }
  return deepest
}
