import { describe, expect, test } from 'vitest'
import { callOrders } from '../../src/run/index.ts'

describe('callOrders', () => {
  test('one call has one order', () => {
    expect([...callOrders(1, 's')]).toEqual([[0]])
  })

  test('up to four calls: every permutation, the agent order first', () => {
    expect([...callOrders(3, 's')]).toEqual([[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]])
    expect([...callOrders(4, 's')]).toHaveLength(24)
    // ToolSandbox's rule tries all of them up to seven calls, in itertools.permutations order.
    expect([...callOrders(5, 's', 7)]).toHaveLength(120)
    expect([...callOrders(7, 's', 7)][5039]).toEqual([6, 5, 4, 3, 2, 1, 0])
  })

  test('more calls: 24 distinct orders drawn from the seed, the agent order first, the same for the same seed', () => {
    const orders = [...callOrders(6, 'seed-a')]
    expect(orders).toHaveLength(24)
    expect(orders[0]).toEqual([0, 1, 2, 3, 4, 5])
    expect(new Set(orders.map((order) => order.join())).size).toBe(24)
    for (const order of orders) expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5])
    expect([...callOrders(6, 'seed-a')]).toEqual(orders)
    expect([...callOrders(6, 'seed-b')]).not.toEqual(orders)
  })
})
