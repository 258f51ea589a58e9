import type { CacheKeyParts, ModelCache } from '../../cache/index.ts'
import { cacheKey, CorruptCassetteError } from '../../cache/index.ts'
import type { Usage } from '../../conversation/index.ts'
import { InfrastructureError } from '../../conversation/index.ts'
import type { JsonValue } from '../../world/index.ts'
import { backoffDelay, retryJitter } from './backoff.ts'
import type { BreakerSettings, CircuitBreaker } from './circuit-breaker.ts'
import { CIRCUIT_OPEN } from './circuit-breaker.ts'
import { endpointBreaker, modelBreaker } from './endpoint-breaker.ts'
import { EndpointFailure } from './endpoint-failure.ts'
import type { EndpointLimits, ResolvedLimits } from './endpoint-limits.ts'
import { endpointSemaphore, resolveLimits } from './endpoint-limits.ts'
import type { ModelBudget } from './model-budget.ts'
import { currentModelBudget } from './model-budget.ts'
import type { PriceTable } from './price-table.ts'
import { costOf, priceOf } from './price-table.ts'

/** Everything one model call needs besides the request. */
export interface ModelCallOptions {
  /** Part of the cache key. */
  readonly trial: number
  /** The run's seed; with the request it seeds the retry jitter. */
  readonly seed?: number | undefined
  /** The run's cancellation. */
  readonly signal?: AbortSignal | undefined
  /** Where replies are recorded and replayed; no caching when absent. */
  readonly cache?: ModelCache | undefined
  readonly limits?: EndpointLimits | undefined
  readonly prices?: PriceTable | undefined
  /** The server's circuit breaker; the one this process keeps for the server (`endpointBreaker`) when absent. */
  readonly breaker?: CircuitBreaker | undefined
  /** The model's circuit breaker at that server; the one this process keeps for it (`modelBreaker`) when absent. */
  readonly modelBreaker?: CircuitBreaker | undefined
  /** Where `TOOLCHECK_BREAKER_DIR` is read when a breaker is not given; `process.env` by default. */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined
  /** The budget the call counts against; the one set for this thread (`useModelBudget`) when absent. */
  readonly budget?: ModelBudget | undefined
}

/**
 * One model call as `guardedCall` makes it, whichever client or framework speaks to the model:
 * the built-in chat endpoints, an AI SDK language model, an Agents SDK `Model`.
 */
export interface GuardedCall<Reply> {
  /** The server called (`serverAddress`: credentials removed): its breaker, its concurrency limit, the cache key. */
  readonly server: string
  /** The model as the server names it: its breaker, and the cache key. */
  readonly model: string
  /**
   * The rest of the cache key: the messages, the tools and the options the reply depends on.
   * Asked for only when there is a cache (a long conversation is not copied for nothing).
   */
  key(): Pick<CacheKeyParts, 'messages' | 'tools' | 'options'>
  /** Where the call goes, for error messages (`http://127.0.0.1:8080/v1 (gpt-4o)`). */
  readonly target: string
  /**
   * One attempt, which `signal` aborts. Throws an `EndpointFailure` when the endpoint failed
   * (retried when it is retryable), an `InfrastructureError` that ends the call at once
   * (`malformed-reply` when the reply cannot be read, which counts against the server; `auth` for
   * a missing key); any other error is not the endpoint's doing and passes through at once,
   * counted nowhere.
   */
  attempt(signal: AbortSignal, limits: ResolvedLimits): Promise<Reply>
  /** The reply as a cassette keeps it: JSON, with nothing secret (no headers, no request). */
  toCassette(reply: Reply): JsonValue
  /** A cassette's reply read back (within the reply limits); throws when the recording is not such a reply. */
  fromCassette(recorded: JsonValue, limits: ResolvedLimits): Reply | Promise<Reply>
  /** The tokens the reply says it used. */
  tokensOf(reply: Reply): { readonly prompt: number; readonly completion: number }
}

/** A model's reply with the usage of the call. */
export interface GuardedResult<Reply> {
  readonly reply: Reply
  readonly usage: Usage
  /** True when the reply came from a cassette (no request was made). */
  readonly cached: boolean
}

/**
 * Makes one model call with everything around it, the same for every path a model is called
 * through: the cassette lookup (in `replay` mode a miss is an error, and no request is made), the
 * budget (`ModelBudget`: a call that would go to the model counts against it, or ends as
 * `budget` when it is spent; replayed calls are free), the circuit breakers of the server and of
 * the model, the server's shared concurrency limit, a time
 * limit per attempt (for the whole response), retries with seeded exponential backoff that honour
 * `Retry-After`, recording, and usage. Failures that are not the model's choice end as
 * `InfrastructureError` of kind `rate-limit`, `server-error`, `timeout`, `network`,
 * `malformed-reply`, `request-rejected`, `auth`, `circuit-open` (a breaker refused the call),
 * `cache-miss`, `cache-corrupt`, `cache-write`, `budget` or `aborted` (the run was cancelled before anything
 * failed), with the last failure as the cause. A run cancelled while the call was retrying ends
 * with the kind of the failure it was retrying, so a test timeout over a hanging server reads as
 * a `timeout`.
 *
 * Which breaker a failure counts against follows `EndpointFailure.scope`: a failure of the server
 * opens the server's breaker (every model there is refused), one tied to the model opens that
 * model's alone.
 */
export async function guardedCall<Reply>(call: GuardedCall<Reply>, options: ModelCallOptions): Promise<GuardedResult<Reply>> {
  const cache = options.cache
  let computed: CacheKeyParts | undefined
  const keyParts = (): CacheKeyParts => (computed ??= { endpoint: call.server, model: call.model, ...call.key(), trial: options.trial })
  const parts = cache === undefined ? undefined : keyParts()
  const limits = resolveLimits(options.limits)
  const recorded = parts === undefined ? undefined : await cache?.lookup(parts)
  if (recorded !== undefined && cache !== undefined && parts !== undefined) {
    const reply = await revive(call, recorded, limits, cache, parts)
    return { reply, usage: usageOf(call.tokensOf(reply), call.model, 0, true, options.prices), cached: true }
  }
  const semaphore = endpointSemaphore(call.server, limits.concurrency)
  const env = options.env ?? process.env
  const server = options.breaker ?? endpointBreaker(call.server, env)
  const model = options.modelBreaker ?? modelBreaker(call.server, call.model, env)
  const settings: BreakerSettings = { failures: limits.breakerFailures, coolDownMs: limits.breakerCoolDownMs }
  // Seeded by the call's own key, so calls that failed together do not come back in lockstep.
  const random = retryJitter(options.seed ?? 0, () => cacheKey(keyParts()))
  let lastFailure: EndpointFailure | undefined
  let attempts = 0
  const count = (scope: 'server' | 'model' | undefined, cause: string): void => {
    if (scope === 'server') server.failed(cause, settings)
    if (scope !== undefined) model.failed(cause, settings)
  }
  // The call has failed for good: the breakers learn of it when the endpoint is to blame.
  const fail = (failure: EndpointFailure, afterwards = ''): InfrastructureError => {
    count(failure.scope, `${failure.kind}: ${failure.message}`)
    return giveUp(call, failure, attempts, afterwards)
  }
  // The run was cancelled; once an attempt has failed, that failure is the real reason the call did not get through.
  const cancelled = (error: InfrastructureError, afterwards = ', and the run was cancelled before it could try again'): InfrastructureError =>
    lastFailure === undefined ? error : fail(lastFailure, afterwards)
  const refused = (reason: string) => new InfrastructureError(CIRCUIT_OPEN, reason, { cause: lastFailure })
  const budget = options.budget ?? currentModelBudget()
  const priced = costOf(call.model, 0, 0, options.prices) !== undefined
  const giveBack = budget?.admit(call.server, call.model, priced)
  try {
    const result = await callWithRetries()
    budget?.spend(result.usage)
    return result
  } catch (error) {
    // A call that never reached the model spent nothing of the budget.
    if (attempts === 0) giveBack?.()
    throw error
  }

  async function callWithRetries(): Promise<GuardedResult<Reply>> {
    for (let attempt = 0; attempt <= limits.retries; attempt++) {
      if (attempt > 0 && lastFailure !== undefined) {
        const wait = lastFailure.retryAfterMs ?? backoffDelay(attempt - 1, limits.backoffBaseMs, limits.backoffMaxMs, random)
        if (wait > limits.maxRetryAfterMs) break
        await sleep(wait, options.signal).catch((error: InfrastructureError) => Promise.reject(cancelled(error)))
      }
      const admission = admit(server, model, settings)
      if (admission.refusal !== undefined) throw refused(admission.refusal)
      const release = await acquire(semaphore, options.signal).catch((error: InfrastructureError) => Promise.reject(cancelled(error)))
      // A breaker may have opened while this call waited for its place.
      const since = admission.probe ? undefined : (server.refusal(settings) ?? model.refusal(settings))
      if (since !== undefined) {
        release()
        throw refused(since)
      }
      // Every request counts against the budget: a retry is one more request sent.
      if (attempt > 0 && budget !== undefined) {
        try {
          budget.admit(call.server, call.model, priced, true)
        } catch (error) {
          release()
          throw error
        }
      }
      const started = performance.now()
      let reply: Reply
      let latencyMs: number
      try {
        attempts++
        reply = await attemptWithTimeout(call, limits, options.signal)
        latencyMs = performance.now() - started
      } catch (error) {
        if (error instanceof InfrastructureError) {
          // An unreadable reply: the server answered, but with nothing a model would send. (A
          // missing key, say, is a setting, and no fault of the server's.)
          if (error.kind === 'malformed-reply') count('server', `${error.kind}: ${error.message}`)
          throw error
        }
        if (!(error instanceof EndpointFailure)) throw error
        if (error.kind === 'aborted')
          throw cancelled(new InfrastructureError('aborted', `the call to ${call.target} was cancelled by the run`, { cause: error }), ` (the last one cut off by the run's cancellation)`)
        if (!error.retryable) throw fail(error)
        lastFailure = error
        continue
      } finally {
        release()
      }
      server.succeeded()
      model.succeeded()
      // Recording happens after the attempt, outside its error handling: a cassette that cannot be
      // written is a problem of the cache, not of the endpoint, and must not make us ask the model again.
      if (parts !== undefined) await record(cache, parts, call.toCassette(reply))
      return { reply, usage: usageOf(call.tokensOf(reply), call.model, latencyMs, false, options.prices), cached: false }
    }
    throw fail(lastFailure ?? new EndpointFailure('network', 'no attempt was made'))
  }
}

/** Asks both breakers, the server's first; a refusal from either claims no probe from the other. */
function admit(server: CircuitBreaker, model: CircuitBreaker, settings: BreakerSettings): { readonly refusal?: string; readonly probe: boolean } {
  const refusal = server.refusal(settings) ?? model.refusal(settings)
  if (refusal !== undefined) return { refusal, probe: false }
  const fromServer = server.admit(settings)
  const fromModel = model.admit(settings)
  return { probe: fromServer.kind === 'probe' || fromModel.kind === 'probe' }
}

async function revive<Reply>(call: GuardedCall<Reply>, recorded: JsonValue, limits: ResolvedLimits, cache: ModelCache, parts: CacheKeyParts): Promise<Reply> {
  try {
    return await call.fromCassette(recorded, limits)
  } catch (error) {
    if (error instanceof InfrastructureError) throw error
    throw new CorruptCassetteError(cache.fileFor(cacheKey(parts)), (error as Error)?.message ?? String(error), { cause: error })
  }
}

async function record(cache: ModelCache | undefined, parts: CacheKeyParts, reply: JsonValue): Promise<void> {
  try {
    await cache?.store(parts, reply)
  } catch (error) {
    // The cache's own errors (its folder is a file) keep their kind.
    if (error instanceof InfrastructureError) throw error
    throw new InfrastructureError('cache-write', `the reply could not be recorded in ${cache?.directory}: ${(error as Error)?.message ?? String(error)}`, { cause: error })
  }
}

function giveUp(call: GuardedCall<unknown>, failure: EndpointFailure, attempts: number, afterwards: string): InfrastructureError {
  const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`
  const waited = failure.retryAfterMs !== undefined ? ` (the server asked to wait ${Math.round(failure.retryAfterMs)} ms)` : ''
  return new InfrastructureError(failure.infrastructureKind, `the call to ${call.target} failed after ${tries}${afterwards}: ${failure.message}${waited}`, { cause: failure })
}

async function acquire(semaphore: ReturnType<typeof endpointSemaphore>, signal: AbortSignal | undefined): Promise<() => void> {
  try {
    return await semaphore.acquire(signal)
  } catch (error) {
    throw new InfrastructureError('aborted', 'the run was cancelled while waiting for a free place at the endpoint', { cause: error })
  }
}

/**
 * One attempt under a time limit; the run's signal and our timeout both abort it. The limit
 * covers the whole attempt, which every path resolves only once the body has been read (a
 * stream to its end), so a server that sends its headers and then drips the body is cut off
 * too. The attempt ends when either fires even if the code behind it ignores its signal, so a
 * deaf server can neither hang the run nor keep its place at the endpoint.
 */
async function attemptWithTimeout<Reply>(call: GuardedCall<Reply>, limits: ResolvedLimits, signal: AbortSignal | undefined): Promise<Reply> {
  const { timeoutMs } = limits
  const controller = new AbortController()
  let timedOut = false
  let stop: (failure: EndpointFailure) => void = () => {}
  const stopped = new Promise<never>((_, rejectPromise) => {
    stop = rejectPromise
  })
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new Error(`no complete reply within ${timeoutMs} ms`))
    stop(new EndpointFailure('timeout', `no complete reply within ${timeoutMs} ms`))
  }, timeoutMs)
  const onAbort = () => {
    controller.abort(signal?.reason)
    stop(new EndpointFailure('aborted', 'the call was aborted', { cause: signal?.reason }))
  }
  if (signal?.aborted === true) onAbort()
  else signal?.addEventListener('abort', onAbort, { once: true })
  try {
    const sent = Promise.resolve().then(() => call.attempt(controller.signal, limits))
    // The losing side of the race may still settle later; its outcome is of no interest then.
    sent.catch(() => {})
    return await Promise.race([sent, stopped])
  } catch (error) {
    if (timedOut) throw error instanceof EndpointFailure && error.kind === 'timeout' ? error : new EndpointFailure('timeout', `no complete reply within ${timeoutMs} ms`, { cause: error })
    throw error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}

function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolvePromise, rejectPromise) => {
    if (signal?.aborted) {
      rejectPromise(new InfrastructureError('aborted', 'the run was cancelled while waiting to retry', { cause: signal.reason }))
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      rejectPromise(new InfrastructureError('aborted', 'the run was cancelled while waiting to retry', { cause: signal?.reason }))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolvePromise()
    }, milliseconds)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

function usageOf(tokens: { readonly prompt: number; readonly completion: number }, model: string, latencyMs: number, cached: boolean, prices: PriceTable | undefined): Usage {
  // A replayed call costs nothing; its tokens are still reported, as what the recording used.
  const cost = cached ? (priceOf(model, prices) === undefined ? undefined : 0) : costOf(model, tokens.prompt, tokens.completion, prices)
  return { calls: 1, promptTokens: tokens.prompt, completionTokens: tokens.completion, latencyMs, cachedCalls: cached ? 1 : 0, ...(cost === undefined ? {} : { costUsd: cost }) }
}
