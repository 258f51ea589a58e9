import fc from 'fast-check'
import type { Augmentation, InjectedFaultKind, InjectedFault } from '../src/augmentation/index.ts'
import { INJECTED_FAULT_KINDS, faultTargets, PLAIN_AUGMENTATION, RESULT_FAULT_KINDS, withoutEmptyParts } from '../src/augmentation/index.ts'
import type { RobustnessSource } from './_internals/robustness-context.ts'
import { robustnessContext } from './_internals/robustness-context.ts'
import { onlyChanges } from './_internals/tool-subset.ts'

/** Constraints of `toolFaults`. */
export interface ToolFaultsConstraints extends RobustnessSource {
  /** The kinds to draw from, mildest first (shrinking moves toward the first); all six by default. */
  readonly kinds?: readonly InjectedFaultKind[]
  /** The most faults in one value; 2 by default. */
  readonly maxFaults?: number
  /** The most calls a recoverable fault lasts; 2 by default. */
  readonly maxAttempts?: number
}

/**
 * Augmentations that only add tool faults, on the calls the scenario's reference solution makes
 * (so every fault meets a correct agent): a call fails transiently or times out for one or more
 * attempts, answers truncated, empty or stale (tools that only read), or fails for good. Shrinks
 * toward fewer faults, the first kind, one attempt and the earliest call, and ends at no
 * augmentation: a failing sweep ends at the smallest fault set that breaks the agent
 * (`get_booking failed once with a transient error`). A scenario whose solution calls no tool
 * gives only the plain augmentation.
 *
 * @example
 * await sweepScenario(scenario, toolFaults({ scenario }), { agent, numRuns: 20 })
 */
export function toolFaults(constraints: ToolFaultsConstraints): fc.Arbitrary<Augmentation> {
  const { registry } = robustnessContext('toolFaults', constraints)
  const targets = faultTargets(constraints.scenario, registry)
  const kinds = [...(constraints.kinds ?? INJECTED_FAULT_KINDS)]
  if (kinds.length === 0) throw new RangeError('toolFaults needs at least one kind to draw from')
  const maxAttempts = constraints.maxAttempts ?? 2
  if (targets.length === 0) return fc.constant(PLAIN_AUGMENTATION)
  // A kind that does not fit its call (an answer fault on an action) reads as the mildest failing kind there.
  const failing = kinds.find((kind) => !RESULT_FAULT_KINDS.includes(kind)) ?? 'transient'
  const fits = (kind: InjectedFaultKind, target: number): boolean => !(targets[target]?.action === true && RESULT_FAULT_KINDS.includes(kind))
  const drawn = fc.uniqueArray(
    fc.record({ target: fc.nat({ max: targets.length - 1 }), kind: fc.nat({ max: kinds.length - 1 }), attempts: fc.integer({ min: 1, max: Math.max(1, maxAttempts) }) }),
    { maxLength: Math.min(targets.length, constraints.maxFaults ?? 2), selector: (fault) => fault.target },
  )
  return drawn.map(
    (chosen): Augmentation =>
      withoutEmptyParts({
        ...PLAIN_AUGMENTATION,
        faults: chosen.map((entry): InjectedFault => {
          const target = targets[entry.target] as (typeof targets)[number]
          const kind = fits(kinds[entry.kind] as InjectedFaultKind, entry.target) ? (kinds[entry.kind] as InjectedFaultKind) : failing
          return { tool: target.call.tool, call: target.number, kind, attempts: kind === 'permanent' ? 1 : entry.attempts }
        }),
      }),
    (value) => {
      if (!onlyChanges(value, ['faults'])) throw new Error('not an augmentation that only adds tool faults')
      return ((value as Augmentation).faults ?? []).map((fault) => {
        const target = targets.findIndex((candidate) => candidate.call.tool === fault.tool && candidate.number === fault.call)
        const kind = kinds.indexOf(fault.kind)
        if (target < 0 || kind < 0 || fault.attempts > maxAttempts) throw new Error('a fault this generator does not draw')
        return { target, kind, attempts: fault.attempts }
      })
    },
  )
}
