import type { CompiledConstraint } from './compiled-constraint.ts'
import { KeyedCache } from './compiled-constraint.ts'
import type { FillSource } from './fill-source.ts'
import type { ConstraintResult } from './types.ts'

/**
 * The compiled form shared by constraints on a single message (tool calls, message content): no
 * tables, an optional fill source as the dependency, and the similarity memoised per (message key,
 * fill key). `messageKey` gives equal keys to messages that compare alike, or a negative key to a
 * message that cannot match at all (similarity 0 without a comparison); it is asked many times per
 * message, so it is remembered too.
 */
export function messageLevelConstraint(
  kind: string,
  fill: FillSource | undefined,
  messageKey: (messageIndex: number) => number,
  compare: (messageIndex: number, dependencyIndex: number) => ConstraintResult,
): CompiledConstraint {
  const cache = new KeyedCache()
  const keys = new Map<number, number>()
  const currentKey = (messageIndex: number) => {
    let key = keys.get(messageIndex)
    if (key === undefined) {
      key = messageKey(messageIndex)
      keys.set(messageIndex, key)
    }
    return key
  }
  const fillKey = (dependencyIndex: number) => (fill === undefined ? 0 : fill.key(dependencyIndex))
  return {
    kind,
    dependency: fill?.milestone,
    tables: [],
    currentKey,
    dependencyKey: fillKey,
    similarity: (messageIndex, dependencyIndex) => {
      const key = currentKey(messageIndex)
      if (key < 0) return 0
      return cache.get(key, fillKey(dependencyIndex), () => compare(messageIndex, dependencyIndex).similarity)
    },
    explain: compare,
  }
}
