import type { ToolCall } from '../conversation/index.ts'
import type { CallTamper } from '../tools/call-tamper.ts'
import type { Clock, IdSource } from '../tools/context.ts'
import type { ExecutionOutcome } from '../tools/execute-tool-call.ts'
import { executeToolCall } from '../tools/execute-tool-call.ts'
import type { ToolAudience } from '../tools/define-tool.ts'
import type { ToolFault } from '../tools/tool-fault.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import type { TableInfo, WorldSnapshot } from '../world/index.ts'
import { canonicalJson } from '../world/index.ts'
import { callOrders, TOOLSANDBOX_EXHAUSTIVE_CALL_LIMIT } from './call-orders.ts'

/**
 * Which order of a batch of parallel calls counts when the orders end differently:
 * - `toolcheck`: the worst (the most failed calls; the first such order on a tie), over every
 *   order up to four calls and a seeded sample of 24 beyond;
 * - `toolsandbox`: ToolSandbox's rule: the first order, in `itertools.permutations` order, in
 *   which any call fails (its answers in that order, and its world), else the agent's own order,
 *   over every order up to seven calls (see `TOOLSANDBOX_EXHAUSTIVE_CALL_LIMIT`).
 */
export type ParallelCallRule = 'toolcheck' | 'toolsandbox'

/** The calls of one message and everything they may touch. */
export interface ParallelCallsRequest {
  readonly calls: readonly ToolCall[]
  readonly specs: readonly ToolSpec[]
  readonly registry: ToolRegistry
  readonly world: WorldSnapshot
  readonly clock: Clock
  readonly ids: IdSource
  readonly audience: ToolAudience
  /** Seeds the sample of orders when there are more than four calls. */
  readonly seed: string
  /** The tables the tools may write (see `ExecutionRequest.tables`). */
  readonly tables?: Readonly<Record<string, TableInfo>>
  /** The time limit of a call, for tools that set none. */
  readonly timeoutMs?: number
  readonly signal?: AbortSignal
  /** Which order counts when the orders end differently (`toolcheck` by default). */
  readonly rule?: ParallelCallRule
  /**
   * What the scenario's augmentation does to each call, by position in `calls` (decided by the
   * agent's order, so it is the same in every order tried).
   */
  readonly tampers?: readonly (CallTamper | undefined)[]
}

/** What the calls did in the order that was kept. */
export interface ParallelCallsResult {
  /** One outcome per call, in the kept order; each `world` is the world right after that call. */
  readonly outcomes: readonly ExecutionOutcome[]
  /** The kept order, as positions in the agent's list. */
  readonly order: readonly number[]
  /** The id source to continue the run with (the kept order's). */
  readonly ids: IdSource
  readonly ordersTried: number
  /** How many different outcomes the orders gave; more than 1 means the calls raced. */
  readonly distinctOutcomes: number
  /**
   * A tool's bug met in some order: no other order is tried, and `outcomes` are that order's up
   * to and including the broken call.
   */
  readonly fault?: ToolFault
}

/**
 * Runs the tool calls of one message as parallel calls: the agent gave no order, so every order
 * is tried (all of them up to four calls, a seeded sample of 24 beyond), each from the same world
 * on a fork of the id source. When every order ends the same way the agent's own order is kept.
 * When they differ the calls raced, and the worst order is kept (the one with the most failed
 * calls; the first such order on a tie): an agent that fires dependent calls together does not
 * get the benefit of a lucky order. With `rule: 'toolsandbox'` the order kept is ToolSandbox's
 * (see `ParallelCallRule`), and no order is tried after the first that fails.
 *
 * Two orders "end the same way" when each call has the same result or error and the changed
 * tables hold the same rows, after every id the run handed out is replaced by a placeholder
 * (two messages sent in either order get each other's ids, which is not a race).
 *
 * A call whose tool breaks (see `ToolFault`) ends it at once: the calls say nothing about the
 * agent then, and the run ends on the fault.
 */
export async function runParallelCalls(request: ParallelCallsRequest): Promise<ParallelCallsResult> {
  const toolSandbox = request.rule === 'toolsandbox'
  const orders = callOrders(request.calls.length, request.seed, toolSandbox ? TOOLSANDBOX_EXHAUSTIVE_CALL_LIMIT : undefined)
  const trials: { order: number[]; outcomes: ExecutionOutcome[]; ids: IdSource; failures: number; signature: string }[] = []
  for (const order of orders) {
    const ids = recordingIds(request.ids.fork())
    let world = request.world
    const outcomes: ExecutionOutcome[] = []
    for (const [step, position] of order.entries()) {
      const tamper = request.tampers?.[position]
      const outcome = await executeToolCall({ ...request, call: request.calls[position] as ToolCall, world, ids: ids.source, ...(tamper === undefined ? {} : { tamper }) })
      outcomes.push(outcome)
      world = outcome.world
      if (outcome.fault !== undefined) return { outcomes, order: order.slice(0, step + 1), ids: ids.source, ordersTried: trials.length + 1, distinctOutcomes: 1, fault: outcome.fault }
    }
    const failures = outcomes.filter((outcome) => outcome.trace.error !== undefined).length
    const signature = request.calls.length <= 1 ? '' : signatureOf(order, outcomes, request.world, world, ids.handedOut)
    trials.push({ order, outcomes, ids: ids.source, failures, signature })
    if (toolSandbox && failures > 0) break
  }
  const distinctOutcomes = new Set(trials.map((trial) => trial.signature)).size
  let kept = trials[0] as (typeof trials)[number]
  if (toolSandbox) kept = trials.find((trial) => trial.failures > 0) ?? kept
  else if (distinctOutcomes > 1) for (const trial of trials) if (trial.failures > kept.failures) kept = trial
  return { outcomes: kept.outcomes, order: kept.order, ids: kept.ids, ordersTried: trials.length, distinctOutcomes }
}

/** An id source that remembers the ids it handed out. */
function recordingIds(source: IdSource): { source: IdSource; handedOut: string[] } {
  const handedOut: string[] = []
  const wrapped: IdSource = {
    next() {
      const id = source.next()
      handedOut.push(id)
      return id
    },
    get count() {
      return source.count
    },
    fork: () => source.fork(),
  }
  return { source: wrapped, handedOut }
}

/**
 * The outcome of one order, in the agent's call order, with run-made ids masked. Rows of a
 * changed table are compared as a set: two inserts in either order leave the same rows.
 */
function signatureOf(order: readonly number[], outcomes: readonly ExecutionOutcome[], before: WorldSnapshot, after: WorldSnapshot, ids: readonly string[]): string {
  const mask = (text: string): string => ids.reduce((masked, id) => masked.split(id).join('<id>'), text)
  const byCall = new Array<string>(order.length)
  for (const [step, position] of order.entries()) {
    const trace = (outcomes[step] as ExecutionOutcome).trace
    byCall[position] = mask(trace.error === undefined ? canonicalJson(trace.result ?? null) : `${trace.error.kind}: ${trace.error.message}`)
  }
  const changed: Record<string, string[]> = {}
  for (const table of Object.keys(after.tables).sort()) {
    const rows = after.tables[table] ?? []
    if (rows !== before.tables[table]) changed[table] = rows.map((row) => mask(canonicalJson(row as never))).sort()
  }
  return JSON.stringify({ byCall, changed })
}
