import { z } from 'zod'

/**
 * How a tool call goes wrong, mildest first (shrinking moves toward the first):
 * - `transient`: the call fails with an error that says to try again, and nothing is done;
 * - `timeout`: the call does not answer in time, and nothing is done;
 * - `truncated`: the call runs but its answer is cut off half way;
 * - `empty`: the call runs but answers with nothing (`[]`, `{}`, `""` or `null`);
 * - `stale`: the call answers from the world as it was before its last change;
 * - `permanent`: the call fails, and so does every later call of the tool, with an error that
 *   says retrying will not help.
 * The first five are recoverable: they last `attempts` calls, after which the tool works again.
 * `truncated`, `empty` and `stale` change what a tool answers, so they apply to tools that only
 * read (`action: false`); an action's answer repeated would repeat the action.
 */
export const INJECTED_FAULT_KINDS = ['transient', 'timeout', 'truncated', 'empty', 'stale', 'permanent'] as const

/** One of {@link INJECTED_FAULT_KINDS}. */
export type InjectedFaultKind = (typeof INJECTED_FAULT_KINDS)[number]

/** The fault kinds that change a tool's answer rather than fail the call: only for tools that read. */
export const RESULT_FAULT_KINDS: readonly InjectedFaultKind[] = Object.freeze(['truncated', 'empty', 'stale'])

/**
 * A tool fault the augmentation injects (the tool-faults family), as data: the `call`-th call the
 * agent makes of `tool` (counting every call of it the agent lists, in order, retries included)
 * goes wrong as `kind` says, and so do the next `attempts - 1` calls; a permanent fault never
 * ends. Tool names are real names. Part of the scenario: unlike a tool's own bug, it says nothing
 * about the domain.
 */
export interface InjectedFault {
  readonly tool: string
  /** The agent's call of the tool the fault starts at, from 1. */
  readonly call: number
  readonly kind: InjectedFaultKind
  /** How many calls in a row it lasts (1 by default); a permanent fault lasts to the end. */
  readonly attempts: number
}

/** The schema of a tool fault written as JSON; `call` and `attempts` default to 1. */
export const injectedFaultSchema = z
  .object({
    tool: z.string().min(1),
    call: z.number().int().positive().default(1),
    kind: z.enum(INJECTED_FAULT_KINDS),
    attempts: z.number().int().positive().default(1),
  })
  .strict()

/** Whether `fault` affects the `number`-th call of its tool. */
export function faultCovers(fault: InjectedFault, number: number): boolean {
  if (number < fault.call) return false
  return fault.kind === 'permanent' || number < fault.call + fault.attempts
}

/** Whether a fault lets the tool work again after it (every kind but `permanent`). */
export function isRecoverable(fault: Pick<InjectedFault, 'kind'>): boolean {
  return fault.kind !== 'permanent'
}
