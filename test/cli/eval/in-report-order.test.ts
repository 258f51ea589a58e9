import { describe, expect, test } from 'vitest'
import { InReportOrder } from '../../../src/cli/eval/in-report-order.ts'

describe('InReportOrder', () => {
  test('an item waits until every earlier place is filled; empty places let the next through', () => {
    const order = new InReportOrder<string>()
    expect(order.put(1, 'b')).toEqual([])
    expect(order.put(3, 'd')).toEqual([])
    expect(order.waiting).toBe(2)
    expect(order.put(0, 'a')).toEqual(['a', 'b'])
    expect(order.put(2, undefined)).toEqual(['d'])
    expect(order.waiting).toBe(0)
    expect(order.put(4, 'e')).toEqual(['e'])
  })

  test('a place filled already, or passed, is not filled again', () => {
    const order = new InReportOrder<string>()
    expect(order.put(0, 'a')).toEqual(['a'])
    expect(order.put(0, 'again')).toEqual([])
    expect(order.put(2, 'c')).toEqual([])
    expect(order.put(2, 'again')).toEqual([])
    expect(order.put(1, 'b')).toEqual(['b', 'c'])
  })

  test('items in any order come out in place order, each once', () => {
    const order = new InReportOrder<number>()
    const places = Array.from({ length: 200 }, (_, place) => place)
    // A fixed shuffle: each place swapped with one a few places on, as runs finish near their turn.
    for (let at = 0; at + 5 < places.length; at += 3) [places[at], places[at + 5]] = [places[at + 5] as number, places[at] as number]
    const out = places.flatMap((place) => order.put(place, place % 7 === 0 ? undefined : place))
    expect(out).toEqual(Array.from({ length: 200 }, (_, place) => place).filter((place) => place % 7 !== 0))
  })
})
