import type { Constraint, ToolCallTarget } from '../scenario/index.ts'
import type { JsonValue } from '../world/index.ts'
import { columnSimilarity, describeValue, similarityName } from './column-similarity.ts'
import type { CompiledConstraint, ConstraintSetup } from './compiled-constraint.ts'
import type { FillValues } from './extractors.ts'
import { fillPlaceholders, hasPlaceholder } from './fill.ts'
import { FillSource } from './fill-source.ts'
import { messageLevelConstraint } from './message-level-constraint.ts'
import type { ConstraintResult } from './types.ts'

type ToolCallConstraint = Extract<Constraint, { kind: 'tool-call' }>

interface CallComparison {
  readonly similarity: number
  readonly reason: string
}

/**
 * A tool call at the message: an environment→agent message whose trace names the tool and
 * whose arguments match one of the `anyOf` targets (the best counts). Only the arguments a target
 * names are checked, each with its `compare` kind (exact by default), and they combine by
 * geometric mean, so exact and close comparisons give 1 or 0 as in ToolSandbox. `succeeded`
 * needs a call without error; `requested` also accepts calls that failed.
 */
export function compileToolCallConstraint(constraint: ToolCallConstraint, setup: ConstraintSetup): CompiledConstraint {
  const { index, comparers } = setup
  const mode = constraint.on ?? (setup.role === 'minefield' ? 'requested' : 'succeeded')
  const fill = constraint.fill === undefined ? undefined : new FillSource(constraint.fill, setup)

  const eligible = (messageIndex: number) => {
    const message = index.message(messageIndex)
    const trace = message?.toolResult
    if (message === undefined || trace === undefined || message.sender !== 'environment' || message.recipient !== 'agent') return undefined
    if (mode === 'succeeded' && trace.error !== undefined) return undefined
    return trace
  }
  const messageKey = (messageIndex: number) => (eligible(messageIndex) === undefined ? -1 : index.callKey(messageIndex))

  const compare = (messageIndex: number, dependencyIndex: number): ConstraintResult => {
    const message = index.message(messageIndex)
    const trace = eligible(messageIndex)
    if (trace === undefined) {
      const wanted = constraint.anyOf.map((target) => target.tool).join(' or ')
      const found =
        message?.toolResult === undefined
          ? `message ${messageIndex} is ${message === undefined ? 'missing' : `${message.sender} → ${message.recipient} without a tool result`}`
          : `message ${messageIndex} is a failed call of ${message.toolResult.tool} (${message.toolResult.error?.message ?? 'error'})`
      return { kind: 'tool-call', similarity: 0, reason: `expected a ${mode === 'succeeded' ? 'successful ' : ''}call of ${wanted}; ${found}` }
    }
    const alternatives: readonly (FillValues | undefined)[] = fill === undefined ? [undefined] : fill.alternatives(fill.key(dependencyIndex))
    let best: CallComparison = { similarity: -1, reason: '' }
    for (const target of constraint.anyOf) {
      for (const values of alternatives.length === 0 ? [undefined] : alternatives) {
        const result = compareCall(trace.tool, trace.arguments, target, values, comparers)
        if (result.similarity > best.similarity) best = result
      }
    }
    let reason = best.reason
    if (fill !== undefined && alternatives.length === 0 && constraint.anyOf.some((target) => hasPlaceholder(target.arguments))) {
      reason = `${reason}; ${fill.describeMissing(dependencyIndex)}`
    }
    return { kind: 'tool-call', similarity: Math.max(0, best.similarity), reason: `message ${messageIndex}: ${reason}` }
  }

  return messageLevelConstraint('tool-call', fill, messageKey, compare)
}

function compareCall(
  tool: string,
  actualArguments: JsonValue,
  target: ToolCallTarget,
  values: FillValues | undefined,
  comparers: ConstraintSetup['comparers'],
): CallComparison {
  if (tool !== target.tool) return { similarity: 0, reason: `expected a call of ${target.tool}, found ${tool}` }
  const actual = typeof actualArguments === 'object' && actualArguments !== null && !Array.isArray(actualArguments) ? actualArguments : {}
  let logSum = 0
  let count = 0
  const differences: string[] = []
  for (const [name, expectedRaw] of Object.entries(target.arguments)) {
    // Without values every placeholder is missing, and the reason names it.
    const filled = fillPlaceholders(expectedRaw, values ?? {})
    const similarity = target.compare?.[name] ?? 'exact'
    const value = filled.missing.length > 0 ? 0 : columnSimilarity(similarity, actual[name], filled.value, comparers)
    count++
    if (value < 1) {
      const expectedText = filled.missing.length > 0 ? `a value filled from an earlier result (${filled.missing.join(', ')})` : describeValue(filled.value)
      const score = similarity === 'exact' || typeof similarity === 'object' ? (typeof similarity === 'object' ? ` (${similarityName(similarity)})` : '') : ` (${similarityName(similarity)} ${value.toFixed(4)})`
      differences.push(`argument ${name}: expected ${expectedText}, found ${describeValue(actual[name])}${score}`)
    }
    logSum += value > 0 ? Math.log(value) : Number.NEGATIVE_INFINITY
  }
  const similarity = count === 0 ? 1 : Math.exp(logSum / count)
  return { similarity, reason: differences.length === 0 ? `${tool} called as expected` : `${tool}: ${differences.join('; ')}` }
}
