import { seededRandom } from '../tools/seeded-random.ts'

/** All orders are tried up to this many calls (4! = 24 orders); beyond it, a sample. */
export const EXHAUSTIVE_CALL_LIMIT = 4
/**
 * With ToolSandbox's rule, all orders are tried up to this many calls (7! = 5,040 orders), as
 * ToolSandbox tries all n!; beyond it (ToolSandbox would try 40,320 orders for 8 calls, millions
 * for 10), a sample as toolcheck's.
 */
export const TOOLSANDBOX_EXHAUSTIVE_CALL_LIMIT = 7
/** How many orders are tried when there are more calls than `EXHAUSTIVE_CALL_LIMIT`. */
export const SAMPLED_ORDER_COUNT = 24

/**
 * The orders in which to try `count` parallel calls, each a list of positions in the agent's
 * list. The agent's own order always comes first. Up to four calls (up to seven with
 * `exhaustiveUpTo: TOOLSANDBOX_EXHAUSTIVE_CALL_LIMIT`) every permutation is tried, in
 * lexicographic order (Python's `itertools.permutations` order); beyond that a deterministic
 * sample of 24 distinct orders drawn from `seed`, so the same run always tries the same orders.
 */
export function callOrders(count: number, seed: string, exhaustiveUpTo = EXHAUSTIVE_CALL_LIMIT): Iterable<number[]> {
  const identity = Array.from({ length: count }, (_, index) => index)
  if (count <= 1) return [identity]
  if (count <= exhaustiveUpTo) return permutations(identity)
  const random = seededRandom(seed)
  const seen = new Set([identity.join(',')])
  const orders = [identity]
  for (let attempt = 0; orders.length < SAMPLED_ORDER_COUNT && attempt < SAMPLED_ORDER_COUNT * 20; attempt++) {
    const order = [...identity]
    for (let index = order.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1))
      ;[order[index], order[other]] = [order[other] as number, order[index] as number]
    }
    const key = order.join(',')
    if (!seen.has(key)) {
      seen.add(key)
      orders.push(order)
    }
  }
  return orders
}

/** Every permutation in lexicographic order, one at a time (7! of them need not sit in memory). */
function* permutations(items: readonly number[]): Generator<number[]> {
  if (items.length <= 1) {
    yield [...items]
    return
  }
  for (const [index, item] of items.entries()) for (const rest of permutations([...items.slice(0, index), ...items.slice(index + 1)])) yield [item, ...rest]
}
