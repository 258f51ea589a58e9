import type { Similarity, TypedCallTarget, TypedMilestoneInput } from '../scenario/index.ts'
import type { JsonValue } from '../world/index.ts'
import type { MilestoneOptions } from './milestone-options.ts'
import { milestoneOf } from './milestone-options.ts'

function targetOf<Tool extends string>(target: TypedCallTarget<Tool>): TypedCallTarget<Tool> {
  return {
    tool: target.tool,
    arguments: { ...(target.arguments ?? {}) },
    ...(target.compare === undefined ? {} : { compare: { ...target.compare } }),
  }
}

/**
 * A successful call of `tool` whose named arguments match (`exact` unless `compare` says
 * otherwise, per argument); arguments not named are not checked.
 *
 * @example toolCalled('transfer_funds', { to: 'acc-2', amount: 50 }, { amount: { close: 0.01 } })
 */
export function toolCalled<const Tool extends string, const Table extends string = never>(
  tool: Tool,
  args: Readonly<Record<string, JsonValue>> = {},
  compare?: Readonly<Record<string, Similarity>>,
  options?: MilestoneOptions<Table>,
): TypedMilestoneInput<NoInfer<Table>, Tool> {
  return milestoneOf<Table, Tool>({ kind: 'tool-call', anyOf: [targetOf({ tool, arguments: args, ...(compare === undefined ? {} : { compare }) })] }, options)
}

/** A successful call matching any one of `targets` (the best match counts). */
export function toolCalledAnyOf<const Tool extends string, const Table extends string = never>(
  targets: readonly TypedCallTarget<Tool>[],
  options?: MilestoneOptions<Table>,
): TypedMilestoneInput<NoInfer<Table>, Tool> {
  return milestoneOf<Table, Tool>({ kind: 'tool-call', anyOf: targets.map(targetOf) }, options)
}

/** A minefield: the agent asked for `tool` at all (the call need not have succeeded). */
export function neverCalled<const Tool extends string, const Table extends string = never>(tool: Tool, options?: MilestoneOptions<Table>): TypedMilestoneInput<NoInfer<Table>, Tool> {
  return milestoneOf<Table, Tool>({ kind: 'tool-call', anyOf: [{ tool, arguments: {} }], on: 'requested' }, options)
}

/** A minefield: the agent asked for any of `tools`. */
export function neverCalledAnyOf<const Tool extends string, const Table extends string = never>(
  tools: readonly Tool[],
  options?: MilestoneOptions<Table>,
): TypedMilestoneInput<NoInfer<Table>, Tool> {
  return milestoneOf<Table, Tool>({ kind: 'tool-call', anyOf: tools.map((tool) => ({ tool, arguments: {} })), on: 'requested' }, options)
}
