import type { ReferenceCall, ReferenceStep } from '../scenario/index.ts'

/** One call of a reference solution, numbered as the run numbers the agent's calls: per tool, in order, from 1. */
export interface NumberedReferenceCall {
  /** The step's position in the reference. */
  readonly step: number
  /** The call's position in its step. */
  readonly position: number
  readonly call: ReferenceCall
  /** Which call of its tool this is. */
  readonly number: number
}

/** The reference's calls, numbered per tool in the order the reference makes them. */
export function referenceCalls(reference: readonly ReferenceStep[]): NumberedReferenceCall[] {
  const counts = new Map<string, number>()
  const calls: NumberedReferenceCall[] = []
  for (const [step, entry] of reference.entries()) {
    if (!('calls' in entry)) continue
    for (const [position, call] of entry.calls.entries()) {
      const number = (counts.get(call.tool) ?? 0) + 1
      counts.set(call.tool, number)
      calls.push({ step, position, call, number })
    }
  }
  return calls
}

/**
 * The steps with every `$ref` pointed where `move` says the call it names now is (its step and
 * position in the new list). A `$ref` that `move` does not know is kept as it is.
 */
export function remapReferences(steps: readonly ReferenceStep[], move: (step: number, call: number) => readonly [number, number] | undefined): ReferenceStep[] {
  return steps.map((entry) => {
    if (!('calls' in entry)) return entry
    return {
      ...entry,
      calls: entry.calls.map((call) => {
        const args: ReferenceCall['arguments'] = {}
        for (const [name, value] of Object.entries(call.arguments)) {
          if (!isRef(value)) {
            args[name] = value
            continue
          }
          const moved = move(value.$ref.step, value.$ref.call)
          args[name] = moved === undefined ? value : { $ref: { ...value.$ref, step: moved[0], call: moved[1] } }
        }
        return { ...call, arguments: args }
      }),
    }
  })
}

function isRef(value: unknown): value is { $ref: { step: number; call: number; path: string } } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '$ref' in value
}
