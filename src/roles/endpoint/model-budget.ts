import { InfrastructureError } from '../../conversation/index.ts'

/** The `InfrastructureError` kind of a call a spent budget refused, and of the run it ended. */
export const BUDGET_SPENT = 'budget'

/**
 * Caps on what model calls may spend, summed over every agent, user and worker that shares the
 * budget. Only calls that go to a model count: a reply replayed from the cache costs nothing.
 */
export interface BudgetLimits {
  /** Requests sent to a model: every attempt counts, a retry of a failed one too. */
  readonly modelCalls?: number
  /** Prompt and completion tokens of the calls' replies. */
  readonly tokens?: number
  /** US dollars, priced by the calls' price table (a model without a price is refused). */
  readonly costUsd?: number
}

/** What a budget's calls have spent so far. */
export interface BudgetSpent {
  readonly modelCalls: number
  readonly tokens: number
  readonly costUsd: number
  /** Calls the budget refused (each ended its run as a `budget` error). */
  readonly refusedCalls: number
  /** Of `modelCalls`, the requests that retried a failed attempt (absent in reports written before they were counted). */
  readonly retries?: number
}

// The shared counters, in this order: requests, tokens, cost in nanodollars, refused calls, retries.
const CALLS = 0
const TOKENS = 1
const COST = 2
const REFUSED = 3
const RETRIES = 4
const COUNTERS = 5
const NANODOLLARS = 1e9

/**
 * A budget for model calls: `admit` before a call goes to a model (it counts the call, or refuses
 * it with an `InfrastructureError` of kind `budget`), `spend` with the reply's tokens and cost.
 * Its counters live in a `SharedArrayBuffer`, changed with atomic operations, so that the worker
 * threads of one evaluation, each with a `ModelBudget` over the same buffer, share one budget
 * exactly: no two calls can both take the last one.
 *
 * Every request sent counts, retries included: a cap of 10 calls sends at most 10 requests to a
 * failing server, not 10 calls of several attempts each. The call cap is exact. Tokens and cost are known only once a reply is in, so a call is let
 * through while they are below their caps, and the calls under way when a cap is reached still
 * finish: the spend may pass it by what those calls use.
 */
export class ModelBudget {
  readonly limits: BudgetLimits
  /** The counters; hand this buffer to another thread's `ModelBudget` to share the budget. */
  readonly buffer: SharedArrayBuffer
  readonly #counters: BigInt64Array

  constructor(limits: BudgetLimits, buffer: SharedArrayBuffer = new SharedArrayBuffer(COUNTERS * BigInt64Array.BYTES_PER_ELEMENT)) {
    for (const [name, value] of Object.entries(limits) as [keyof BudgetLimits, number | undefined][])
      if (value !== undefined && !(Number.isFinite(value) && value >= 0)) throw new RangeError(`budget ${name} must be a number of at least 0, got ${value}`)
    this.limits = limits
    this.buffer = buffer
    this.#counters = new BigInt64Array(buffer)
  }

  /**
   * Counts one call to `model` at `server` against the budget, or throws the `budget` error that
   * ends the run when the budget is spent. `priced` says whether the call's price table has a
   * price for the model: under a cost cap, a call whose cost cannot be known is refused rather
   * than let through uncounted. Returns the function that gives the call back, for a call that
   * ends up never sent (a circuit breaker refused it, its run was cancelled while it waited).
   * `retry` counts a request that retries a failed attempt of an admitted call (counted apart
   * too, in `spent().retries`).
   */
  admit(server: string, model: string, priced: boolean, retry = false): () => void {
    const { modelCalls, tokens, costUsd } = this.limits
    if (costUsd !== undefined && !priced)
      throw this.#refuse(`${model} at ${server} has no price, so what it would cost cannot be counted against the cost cap of ${formatUsd(costUsd)}; give its price (the prices option, or TOOLCHECK_PRICES) or leave the cost cap out`)
    const spent = this.spent()
    if (tokens !== undefined && spent.tokens >= tokens) throw this.#refuse(`the budget of ${tokens} tokens is spent (${spent.tokens} used)`)
    if (costUsd !== undefined && spent.costUsd >= costUsd) throw this.#refuse(`the budget of ${formatUsd(costUsd)} is spent (${formatUsd(spent.costUsd)} used)`)
    const before = Number(Atomics.add(this.#counters, CALLS, 1n))
    if (modelCalls !== undefined && before >= modelCalls) {
      Atomics.sub(this.#counters, CALLS, 1n)
      throw this.#refuse(`the budget of ${modelCalls} model call${modelCalls === 1 ? '' : 's'} is spent${retry ? ' (this request would have retried a failed one)' : ''}`)
    }
    if (retry) Atomics.add(this.#counters, RETRIES, 1n)
    let given = false
    return () => {
      if (given) return
      given = true
      Atomics.sub(this.#counters, CALLS, 1n)
    }
  }

  /** Adds what an admitted call's reply used. */
  spend(usage: { readonly promptTokens: number; readonly completionTokens: number; readonly costUsd?: number | undefined }): void {
    Atomics.add(this.#counters, TOKENS, BigInt(Math.max(0, Math.round(usage.promptTokens + usage.completionTokens))))
    if (usage.costUsd !== undefined) Atomics.add(this.#counters, COST, BigInt(Math.max(0, Math.round(usage.costUsd * NANODOLLARS))))
  }

  /** What the budget's calls have spent so far, and how many calls it refused. */
  spent(): BudgetSpent {
    return {
      modelCalls: Number(Atomics.load(this.#counters, CALLS)),
      tokens: Number(Atomics.load(this.#counters, TOKENS)),
      costUsd: Number(Atomics.load(this.#counters, COST)) / NANODOLLARS,
      refusedCalls: Number(Atomics.load(this.#counters, REFUSED)),
      retries: Number(Atomics.load(this.#counters, RETRIES)),
    }
  }

  #refuse(reason: string): InfrastructureError {
    Atomics.add(this.#counters, REFUSED, 1n)
    return new InfrastructureError(BUDGET_SPENT, `the call was not made: ${reason}`)
  }
}

/**
 * The budget every model call of this thread counts against when its options name none (the
 * evaluation's workers set it); like the endpoints' semaphores, module state of the models layer
 * that holds no scenario data.
 */
let threadBudget: ModelBudget | undefined

/** Makes `budget` the one this thread's model calls count against (`undefined`: none). */
export function useModelBudget(budget: ModelBudget | undefined): void {
  threadBudget = budget
}

/** The budget this thread's model calls count against, if one was set. */
export function currentModelBudget(): ModelBudget | undefined {
  return threadBudget
}

/**
 * One share of a budget split between `parts` (shards of one evaluation): whole calls and tokens
 * split so the shares add up to the whole (the first parts take one more), cost split evenly.
 * `part` counts from 1.
 */
export function budgetShare(limits: BudgetLimits, part: number, parts: number): BudgetLimits {
  const whole = (value: number) => Math.floor(value / parts) + (part <= value % parts ? 1 : 0)
  return {
    ...(limits.modelCalls === undefined ? {} : { modelCalls: whole(limits.modelCalls) }),
    ...(limits.tokens === undefined ? {} : { tokens: whole(limits.tokens) }),
    ...(limits.costUsd === undefined ? {} : { costUsd: limits.costUsd / parts }),
  }
}

function formatUsd(value: number): string {
  return `$${value < 1 ? value.toFixed(4) : value.toFixed(2)}`
}
