/**
 * Freezes a value and everything it holds, in place, and returns it. Worlds share their rows
 * between snapshots, between runs and with the cache of a domain's default rows, so a row
 * anyone could change (a tool pushing onto a list it read, a test editing a snapshot) would
 * change every world that holds it. Walks with a stack of its own, so deep values cannot
 * overflow the call stack.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  const pending: object[] = [value]
  while (pending.length > 0) {
    const item = pending.pop() as object
    for (const key of Object.keys(item)) {
      const child = (item as Record<string, unknown>)[key]
      // A frozen child was frozen all the way down by an earlier call, or is checked here.
      if (typeof child === 'object' && child !== null) pending.push(child)
    }
    Object.freeze(item)
  }
  return value
}

/**
 * Whether a value is frozen all the way down (primitives are). No record is kept of what was
 * frozen: a weak set of every row of every world would slow every garbage collection down.
 */
export function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true
  const pending: object[] = [value]
  while (pending.length > 0) {
    const item = pending.pop() as object
    if (!Object.isFrozen(item)) return false
    for (const key of Object.keys(item)) {
      const child = (item as Record<string, unknown>)[key]
      if (typeof child === 'object' && child !== null) pending.push(child)
    }
  }
  return true
}
