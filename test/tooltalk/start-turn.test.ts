import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { sameJsonIgnoringKeyOrder } from '../../scenarios/tooltalk/start-turn.ts'

// What replaying a recorded call compares: the JSON text of both responses with every object's
// keys sorted. The comparison must say what comparing those texts says, without writing them.
function sortedText(value: unknown): string | undefined {
  const sorted = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sorted)
    if (item !== null && typeof item === 'object') return Object.fromEntries(Object.keys(item).sort().map((key) => [key, sorted((item as Record<string, unknown>)[key])]))
    return item
  }
  return JSON.stringify(sorted(value))
}

// Values near enough to each other to be equal often: few keys, few scalars, the odd undefined,
// NaN and -0 that JSON writes as null, 0 or leaves out.
const scalar = fc.constantFrom<unknown>(null, undefined, 0, -0, 1, Number.NaN, Number.POSITIVE_INFINITY, 'a', 'b', '', true, false)
const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3 })),
})).value

describe('sameJsonIgnoringKeyOrder', () => {
  test('says what comparing the JSON texts with sorted keys says', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(sameJsonIgnoringKeyOrder(a, b)).toBe(sortedText(a) === sortedText(b))
        expect(sameJsonIgnoringKeyOrder(a, structuredClone(a))).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  test('key order does not matter; a missing key, another value or another type does', () => {
    expect(sameJsonIgnoringKeyOrder({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true)
    expect(sameJsonIgnoringKeyOrder({ a: 1, b: undefined }, { a: 1 })).toBe(true)
    expect(sameJsonIgnoringKeyOrder({ a: 1, b: null }, { a: 1 })).toBe(false)
    expect(sameJsonIgnoringKeyOrder([1, 2], [2, 1])).toBe(false)
    expect(sameJsonIgnoringKeyOrder({ a: '1' }, { a: 1 })).toBe(false)
    expect(sameJsonIgnoringKeyOrder([undefined], [null])).toBe(true)
  })
})
