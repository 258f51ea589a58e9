// Values known to be frozen all the way down, so that sharing them (between snapshots, runs and
// the default-rows cache) never needs a second walk.
const frozenDeep = new WeakSet<object>()

/**
 * Freezes a value and everything it holds, in place, and returns it. Worlds share their rows
 * between snapshots, between runs and with the cache of a domain's default rows, so a row
 * anyone could change (a tool pushing onto a list it read, a test editing a snapshot) would
 * change every world that holds it. Walks with a stack of its own, so deep values cannot
 * overflow the call stack, and skips what it froze before.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || frozenDeep.has(value)) return value
  const pending: object[] = [value]
  const visited = new Set<object>()
  while (pending.length > 0) {
    const item = pending.pop() as object
    if (frozenDeep.has(item) || visited.has(item)) continue
    visited.add(item)
    for (const key of Object.keys(item)) {
      const child = (item as Record<string, unknown>)[key]
      if (typeof child === 'object' && child !== null && !frozenDeep.has(child)) pending.push(child)
    }
    Object.freeze(item)
  }
  for (const item of visited) frozenDeep.add(item)
  return value
}

/** Whether a value was frozen all the way down by `deepFreeze` (primitives are). */
export function isDeepFrozen(value: unknown): boolean {
  return typeof value !== 'object' || value === null || frozenDeep.has(value)
}
