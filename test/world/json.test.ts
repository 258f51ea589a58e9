import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { JsonValue } from '../../src/world/index.ts'
import { canonicalJson, jsonEqual, jsonText, nestingDepth } from '../../src/world/index.ts'

/**
 * The recursive definition canonicalJson must agree with (and did, before it was written with a
 * stack of its own): JSON.stringify of the value with its keys set in sorted order.
 */
function sortedStringify(value: unknown): string {
  const sortKeys = (current: unknown): unknown => {
    if (Array.isArray(current)) return current.map(sortKeys)
    if (current !== null && typeof current === 'object') {
      const sorted: Record<string, unknown> = {}
      for (const key of Object.keys(current).sort()) Object.defineProperty(sorted, key, { value: sortKeys((current as Record<string, unknown>)[key]), enumerable: true })
      return sorted
    }
    return current
  }
  return JSON.stringify(sortKeys(value ?? null)) as string
}

/** A value nested `depth` levels: arrays and objects in turn around a string. */
function nested(depth: number): JsonValue {
  let value: JsonValue = 'bottom'
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { level: value }
  return value
}

describe('canonicalJson', () => {
  test('is JSON.stringify with sorted keys, for any JSON value', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => canonicalJson(value as JsonValue) === sortedStringify(value)))
  })

  test('keeps a __proto__ key as data', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as JsonValue
    expect(canonicalJson(value)).toBe('{"__proto__":{"polluted":true},"a":1}')
    expect(jsonEqual(value, { a: 1 })).toBe(false)
  })

  test('drops what JSON drops: undefined and function fields, and writes them as null in arrays', () => {
    const value = { b: undefined, a: [undefined, () => 1, 1], c: () => 1, '-0': -0 } as unknown as JsonValue
    expect(canonicalJson(value)).toBe(sortedStringify(value))
    expect(canonicalJson(value)).toBe('{"-0":0,"a":[null,null,1]}')
    expect(canonicalJson(undefined)).toBe('null')
  })

  test('writes a value nested 100,000 levels deep without overflowing the stack', () => {
    const text = canonicalJson(nested(100_000))
    expect(text.length).toBeGreaterThan(100_000)
    expect(text.startsWith('{"level":[{"level":[')).toBe(true)
    expect(text).toContain('{"level":["bottom"]}]}]}')
  })
})

describe('jsonEqual', () => {
  test('agrees with comparing canonical texts', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => jsonEqual(a as JsonValue, b as JsonValue) === (canonicalJson(a as JsonValue) === canonicalJson(b as JsonValue))))
    fc.assert(fc.property(fc.jsonValue(), (a) => jsonEqual(a as JsonValue, JSON.parse(sortedStringify(a)) as JsonValue)))
  })

  test('agrees with comparing canonical texts around the depth where it stops recursing (256 levels)', () => {
    // The same wrapping, alternately arrays and objects, around two values: equal only when they are.
    const wrap = (value: JsonValue, depth: number): JsonValue => {
      let wrapped = value
      for (let level = 0; level < depth; level++) wrapped = level % 2 === 0 ? [1, wrapped] : { k: wrapped, z: 'x' }
      return wrapped
    }
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.integer({ min: 246, max: 266 }), (a, b, depth) => {
        const [left, right] = [wrap(a as JsonValue, depth), wrap(b as JsonValue, depth)]
        return jsonEqual(left, right) === (canonicalJson(left) === canonicalJson(right)) && jsonEqual(left, wrap(JSON.parse(sortedStringify(a)) as JsonValue, depth))
      }),
    )
  })

  test('compares values nested 100,000 levels deep', () => {
    expect(jsonEqual(nested(100_000), nested(100_000))).toBe(true)
    expect(jsonEqual(nested(100_000), nested(99_999))).toBe(false)
  })
})

describe('nestingDepth', () => {
  test('counts arrays and objects, not scalars', () => {
    expect(nestingDepth('text')).toBe(0)
    expect(nestingDepth([])).toBe(1)
    expect(nestingDepth({ a: [1, { b: 2 }] })).toBe(3)
    expect(nestingDepth(nested(100_000))).toBe(100_000)
  })

  test('stops once past the limit it is asked about', () => {
    expect(nestingDepth(nested(100_000), 64)).toBe(65)
    expect(nestingDepth(nested(10), 64)).toBe(10)
  })
})

describe('jsonText', () => {
  test('writes what JSON.stringify writes, keys in their own order', () => {
    const value = { b: [1, 'two', null, { z: true, a: -0.5 }], a: { '10': 1, '2': 2, x: 'y' }, skipped: undefined }
    expect(jsonText(value)).toBe(JSON.stringify(value))
  })

  test('writes a value 200,000 levels deep, which JSON.stringify cannot', () => {
    let value: unknown = { leaf: 1 }
    for (let level = 0; level < 200_000; level++) value = level % 2 === 0 ? [value] : { next: value }
    expect(() => JSON.stringify(value)).toThrow(RangeError)
    const text = jsonText(value)
    expect(text.startsWith('{"next":[{"next":[')).toBe(true)
    expect(nestingDepth(JSON.parse(text))).toBe(200_001)
  })
})
