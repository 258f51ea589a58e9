/**
 * How deep a scenario may nest its values: objects and arrays inside one another, the scenario
 * itself counting as the first level. A scenario's own structure takes about eight (milestones,
 * constraints, rows, a row), so this leaves room for any data a row or an argument holds, and
 * stays far below where validating it recursively would overflow the stack.
 */
export const MAX_SCENARIO_DEPTH = 100

/**
 * The offset in a JSON text where nesting first goes deeper than `limit` levels (the opening
 * bracket of level `limit + 1`), or `undefined` when it never does. It reads the text character
 * by character, without parsing or recursion, so a text of any depth is measured safely.
 */
export function tooDeepInText(text: string, limit: number = MAX_SCENARIO_DEPTH): number | undefined {
  let depth = 0
  let inString = false
  for (let position = 0; position < text.length; position++) {
    const character = text[position]
    if (inString) {
      if (character === '\\') position++
      else if (character === '"') inString = false
    } else if (character === '"') inString = true
    else if (character === '{' || character === '[') {
      depth++
      if (depth > limit) return position
    } else if (character === '}' || character === ']') depth--
  }
  return undefined
}

/** Where a value nests too deep: the path to the first object or array past the limit, or to one that contains itself. */
export interface TooDeep {
  readonly path: readonly PropertyKey[]
  /** `deep`: nested past the limit; `circular`: the value at `path` is one of its own ancestors. */
  readonly reason: 'deep' | 'circular'
}

/**
 * The first object or array in `value` nested deeper than `limit` levels (the value itself is
 * level 1), or that contains itself; `undefined` when there is none. Walks the value with a stack
 * of its own rather than by recursion, and an object shared by several parents only once per
 * level it is reached at.
 */
export function tooDeepInValue(value: unknown, limit: number = MAX_SCENARIO_DEPTH): TooDeep | undefined {
  // The shallowest level each object was reached at: one reached again no shallower adds nothing.
  const reached = new WeakMap<object, number>()
  const ancestors = new Set<object>()
  type Step = { readonly enter: unknown; readonly depth: number; readonly path: readonly PropertyKey[] } | { readonly leave: object }
  const pending: Step[] = [{ enter: value, depth: 1, path: [] }]
  while (pending.length > 0) {
    const step = pending.pop() as Step
    if ('leave' in step) {
      ancestors.delete(step.leave)
      continue
    }
    const { enter: current, depth, path } = step
    if (typeof current !== 'object' || current === null) continue
    if (ancestors.has(current)) return { path: [...path], reason: 'circular' }
    if (depth > limit) return { path: [...path], reason: 'deep' }
    const earlier = reached.get(current)
    if (earlier !== undefined && earlier <= depth) continue
    reached.set(current, depth)
    ancestors.add(current)
    pending.push({ leave: current })
    const entries: [PropertyKey, unknown][] = Array.isArray(current) ? current.map((item, index) => [index, item]) : Object.entries(current)
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index] as [PropertyKey, unknown]
      pending.push({ enter: child, depth: depth + 1, path: [...path, key] })
    }
  }
  return undefined
}
