import type { Constraint, ToolCallTarget } from '../scenario/index.ts'
import type { JsonValue } from '../world/index.ts'
import { canonicalJson, jsonEqual } from '../world/index.ts'
import { columnSimilarity, describeValue, similarityName } from './column-similarity.ts'
import type { CompiledConstraint, ConstraintSetup } from './compiled-constraint.ts'
import type { FillValues } from './extractors.ts'
import { fillPlaceholders, hasPlaceholder } from './fill.ts'
import { FillSource } from './fill-source.ts'
import { messageLevelConstraint } from './message-level-constraint.ts'
import { conversationRowSimilarity } from './scoring-mode.ts'
import type { ConstraintResult } from './types.ts'

type ToolCallConstraint = Extract<Constraint, { kind: 'tool-call' | 'request' }>

interface CallComparison {
  readonly similarity: number
  readonly reason: string
}

/** A call as a constraint compares it: the real tool name and the arguments under their real names. */
interface ComparedCall {
  readonly tool: string
  readonly arguments: JsonValue
  /** The call's answer, when it ran (a request has none yet). */
  readonly result?: JsonValue
}

/**
 * A tool call at the message, matching one of the `anyOf` targets (the best counts). Only the
 * arguments a target names are checked, each with its `compare` kind (exact by default), and they
 * combine by geometric mean, so exact and close comparisons give 1 or 0 as in ToolSandbox.
 * - `tool-call`: an environment→agent message whose trace is the call; `succeeded` needs a call
 *   without error, `requested` also accepts calls that failed, `retried` needs a call without
 *   error after a failed call of the same tool. Without `on`, a minefield's is
 *   `requested`, except in ToolSandbox scoring, where a failed call leaves no trace: `succeeded`.
 * - `request`: an agent→environment message asking for the call (several parallel calls: the
 *   best one counts), whatever became of it. Each call is read through its answer's trace, which
 *   holds the real tool name and argument names when the agent saw scrambled ones.
 * In ToolSandbox scoring the value is that of a conversation-table row (see `ScoringMode`).
 */
export function compileToolCallConstraint(constraint: ToolCallConstraint, setup: ConstraintSetup): CompiledConstraint {
  const { index, comparers } = setup
  const kind = constraint.kind
  // In ToolSandbox a failed call leaves no trace, so its minefields on traces see successes only.
  const mode = kind === 'request' ? 'request' : (constraint.on ?? (setup.role === 'minefield' && setup.scoring !== 'toolsandbox' ? 'requested' : 'succeeded'))
  const fill = constraint.fill === undefined ? undefined : new FillSource(constraint.fill, setup)
  const asRow = setup.scoring === 'toolsandbox'

  const callsAt = (messageIndex: number): readonly ComparedCall[] | undefined => {
    const message = index.message(messageIndex)
    if (message === undefined) return undefined
    if (mode === 'request') {
      const requested = message.sender === 'agent' && message.recipient === 'environment' ? index.requestedCalls(messageIndex) : undefined
      return requested?.map((call) => index.traceOfCall(call.id) ?? { tool: call.name, arguments: call.arguments })
    }
    const trace = message.toolResult
    if (trace === undefined || message.sender !== 'environment' || message.recipient !== 'agent') return undefined
    if (mode !== 'requested' && trace.error !== undefined) return undefined
    if (mode === 'retried' && !failedBefore(messageIndex, trace.tool)) return undefined
    return [trace]
  }
  // Whether a call of `tool` failed before the message (what makes a later success a retry).
  const failedBefore = (messageIndex: number, tool: string): boolean => {
    for (let earlier = messageIndex - 1; earlier >= 0; earlier--) {
      const trace = index.message(earlier)?.toolResult
      if (trace !== undefined && trace.tool === tool && trace.error !== undefined) return true
    }
    return false
  }
  const messageKey = (messageIndex: number) => {
    const calls = callsAt(messageIndex)
    if (calls === undefined) return -1
    return mode === 'request' ? index.intern(`r:${canonicalJson(calls.map((call) => ({ tool: call.tool, arguments: call.arguments })))}`) : index.callKey(messageIndex)
  }

  const compare = (messageIndex: number, dependencyIndex: number): ConstraintResult => {
    const message = index.message(messageIndex)
    const calls = callsAt(messageIndex)
    const wanted = constraint.anyOf.map((target) => target.tool).join(' or ')
    if (calls === undefined) {
      let found: string
      if (mode === 'request') found = `message ${messageIndex} is ${message === undefined ? 'missing' : `${message.sender} → ${message.recipient}${message.toolCalls === undefined ? ' without tool calls' : ''}`}`
      else
        found =
          message?.toolResult === undefined
            ? `message ${messageIndex} is ${message === undefined ? 'missing' : `${message.sender} → ${message.recipient} without a tool result`}`
            : message.toolResult.error === undefined
              ? `message ${messageIndex} is a call of ${message.toolResult.tool} that no failed call of it came before`
              : `message ${messageIndex} is a failed call of ${message.toolResult.tool} (${message.toolResult.error.message})`
      const what = mode === 'request' ? 'a request of' : mode === 'succeeded' ? 'a successful call of' : mode === 'retried' ? 'a successful call, after a failed one, of' : 'a call of'
      return { kind, similarity: 0, reason: `expected ${what} ${wanted}; ${found}` }
    }
    const alternatives: readonly (FillValues | undefined)[] = fill === undefined ? [undefined] : fill.alternatives(fill.key(dependencyIndex))
    let best: CallComparison = { similarity: -1, reason: '' }
    for (const call of calls) {
      for (const target of constraint.anyOf) {
        for (const values of alternatives.length === 0 ? [undefined] : alternatives) {
          const result = compareCall(call, target, values, comparers)
          if (result.similarity > best.similarity) best = result
        }
      }
    }
    let reason = best.reason
    if (fill !== undefined && alternatives.length === 0 && constraint.anyOf.some((target) => hasPlaceholder(target.arguments))) {
      reason = `${reason}; ${fill.describeMissing(dependencyIndex)}`
    }
    const similarity = Math.max(0, best.similarity)
    const where = mode === 'request' ? `message ${messageIndex} (request)` : `message ${messageIndex}`
    if (!asRow || similarity === 0 || similarity === 1) return { kind, similarity, reason: `${where}: ${reason}` }
    const row = conversationRowSimilarity(similarity)
    return { kind, similarity: row, reason: `${where}: ${reason}; as a ToolSandbox conversation row ${similarity.toFixed(4)}^(1/3) = ${row.toFixed(4)}` }
  }

  return messageLevelConstraint(kind, fill, messageKey, compare)
}

function compareCall(call: ComparedCall, target: ToolCallTarget, values: FillValues | undefined, comparers: ConstraintSetup['comparers']): CallComparison {
  const { tool, arguments: actualArguments } = call
  if (tool !== target.tool) return { similarity: 0, reason: `expected a call of ${target.tool}, found ${tool}` }
  const actual = typeof actualArguments === 'object' && actualArguments !== null && !Array.isArray(actualArguments) ? actualArguments : {}
  let logSum = 0
  let count = 0
  const differences: string[] = []
  if (target.result !== undefined) {
    // The answer stands for what the call did: a lookup that found the same thing another way.
    const same = call.result !== undefined && jsonEqual(call.result, target.result)
    count++
    if (!same) differences.push(call.result === undefined ? 'no answer yet' : `answer: expected ${describeValue(target.result)}, found ${describeValue(call.result)}`)
    logSum += same ? 0 : Number.NEGATIVE_INFINITY
  }
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
