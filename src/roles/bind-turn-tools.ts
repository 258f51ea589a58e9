import type { ToolSpec } from '../tools/tool-spec.ts'
import type { JsonValue } from '../world/index.ts'
import type { OutsideCall, TurnTool, TurnToolCallOptions, TurnToolResult } from './turn-agent.ts'

/** A call a turn-level agent made, waiting to be executed with the others of its batch. */
export interface BatchedCall {
  /** The presented tool name (or whatever name the model used). */
  readonly name: string
  readonly arguments: JsonValue
  readonly callId?: string
  /** Set when the framework already ran the call outside the world: its outcome, to record as it is. */
  readonly outside?: Pick<OutsideCall, 'result' | 'error' | 'run'>
}

/** Executes one batch of calls (one parallel message); returns one result per call, in order. */
export type BatchExecutor = (calls: readonly BatchedCall[]) => Promise<readonly TurnToolResult[]>

/** A call made after its turn ended: the budget ran out, the run was cancelled, or the turn returned. */
export class TurnClosedError extends Error {
  constructor(reason: string) {
    super(`the tool call was refused: ${reason}`)
    this.name = 'TurnClosedError'
  }
}

/** Tools bound to one turn, and the controls of the turn's batching. */
export interface BoundTurnTools {
  readonly tools: readonly TurnTool[]
  /** A call by name, offered or not, batched with the others (see `TurnInput.callByName`). */
  callByName(name: string, args: JsonValue, options?: TurnToolCallOptions): Promise<TurnToolResult>
  /** An outside call's record, batched with the calls made with it (see `TurnInput.recordOutsideCall`). */
  recordOutsideCall(call: OutsideCall): Promise<void>
  /**
   * Runs `action` once every batch formed so far has finished, and before any later one: for
   * records that must keep their place among the calls (a model call's system prompt).
   */
  inOrder(action: () => void): void
  /** Refuses every call from now on, and every call still waiting for its batch. */
  close(reason: string): void
  /** Resolves when every batch formed so far has finished (call after `close` to drain). */
  idle(): Promise<void>
}

/**
 * Binds presented tools to an executor, batching calls that a framework starts together (calls
 * by name and records of outside calls alike): the calls made before the event loop next turns
 * (the same tick and the promise callbacks it schedules, which is how `Promise.all` over a
 * step's tool calls starts them) form one batch,
 * which the executor runs as one parallel message. Batches run one at a time, in the order they
 * formed; a call made while a batch runs joins the next one. `setImmediate` marks the turn of
 * the event loop: it involves no clock, so batching is deterministic for a given framework.
 */
export function bindTurnTools(specs: readonly ToolSpec[], execute: BatchExecutor): BoundTurnTools {
  interface Waiting {
    readonly call: BatchedCall
    resolve(result: TurnToolResult): void
    reject(error: unknown): void
  }
  let waiting: Waiting[] = []
  let scheduled = false
  let closed: string | undefined
  let chain: Promise<void> = Promise.resolve()

  const flush = () => {
    scheduled = false
    const batch = waiting
    waiting = []
    if (batch.length === 0) return
    chain = chain.then(async () => {
      try {
        if (closed !== undefined) throw new TurnClosedError(closed)
        const results = await execute(batch.map((entry) => entry.call))
        batch.forEach((entry, position) => {
          const result = results[position]
          if (result === undefined) entry.reject(new Error(`the run gave no result for call ${position} of its batch`))
          else entry.resolve(result)
        })
      } catch (error) {
        for (const entry of batch) entry.reject(error)
      }
    })
  }

  const submit = (call: BatchedCall): Promise<TurnToolResult> => {
    if (closed !== undefined) return Promise.reject(new TurnClosedError(closed))
    return new Promise<TurnToolResult>((resolve, reject) => {
      waiting.push({ call, resolve, reject })
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    })
  }
  const byName = (name: string, args: JsonValue, options: TurnToolCallOptions = {}) =>
    submit({ name, arguments: args, ...(options.callId === undefined ? {} : { callId: options.callId }) })

  const tools = specs.map((spec): TurnTool => ({ spec, call: (args, options) => byName(spec.name, args, options) }))

  return {
    tools,
    callByName: byName,
    async recordOutsideCall(call) {
      const { name, arguments: args, callId, result, error, run } = call
      await submit({ name, arguments: args, ...(callId === undefined ? {} : { callId }), outside: { run, ...(result === undefined ? {} : { result }), ...(error === undefined ? {} : { error }) } })
    },
    inOrder(action) {
      if (closed !== undefined) return
      // Calls already made come first: their batch forms now rather than at the next turn of the loop.
      if (waiting.length > 0) flush()
      chain = chain.then(() => {
        if (closed === undefined) action()
      })
    },
    close(reason) {
      if (closed !== undefined) return
      closed = reason
      const refused = waiting
      waiting = []
      for (const entry of refused) entry.reject(new TurnClosedError(reason))
    },
    async idle() {
      let current: Promise<void>
      do {
        current = chain
        await current
      } while (current !== chain)
    },
  }
}
