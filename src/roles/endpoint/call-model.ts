import type { CacheKeyParts } from '../../cache/index.ts'
import type { ModelCache } from '../../cache/index.ts'
import { cacheKey, CorruptCassetteError } from '../../cache/index.ts'
import type { Usage } from '../../conversation/index.ts'
import type { JsonValue } from '../../world/index.ts'
import { asJson } from '../../world/index.ts'
import { InfrastructureError } from '../types.ts'
import { backoffDelay, retryJitter } from './backoff.ts'
import type { CircuitBreaker } from './circuit-breaker.ts'
import { CIRCUIT_OPEN } from './circuit-breaker.ts'
import { endpointBreaker } from './endpoint-breaker.ts'
import type { ChatEndpoint } from './chat-endpoint.ts'
import type { ChatReply, ChatRequest } from './chat-request.ts'
import { EndpointFailure } from './endpoint-failure.ts'
import type { EndpointLimits, ResolvedLimits } from './endpoint-limits.ts'
import { endpointSemaphore, resolveLimits } from './endpoint-limits.ts'
import type { PriceTable } from './price-table.ts'
import { costOf } from './price-table.ts'
import type { ReadReply, ReplyLimits } from './read-chat-reply.ts'
import { readChatReply } from './read-chat-reply.ts'

/** Everything one model call needs besides the request. */
export interface ModelCallOptions {
  /** Part of the cache key. */
  readonly trial: number
  /** The run's seed; with the request it seeds the retry jitter. */
  readonly seed?: number
  /** The run's cancellation. */
  readonly signal?: AbortSignal | undefined
  /** Where replies are recorded and replayed; no caching when absent. */
  readonly cache?: ModelCache | undefined
  readonly limits?: EndpointLimits | undefined
  readonly prices?: PriceTable | undefined
  /** The endpoint's circuit breaker; the one this process keeps for the endpoint's server (`endpointBreaker`) when absent. */
  readonly breaker?: CircuitBreaker | undefined
}

/** A model's reply with the usage of the call. */
export interface ModelCallResult {
  /** The body as the server sent it (and as it is recorded). */
  readonly reply: ChatReply
  /** The reply's first choice as read and checked by `readChatReply`: what roles act on. */
  readonly read: ReadReply
  readonly usage: Usage
  /** True when the reply came from a cassette (no HTTP request was made). */
  readonly cached: boolean
}

/**
 * Makes one chat-completions call with everything around it: the cassette lookup, the endpoint's
 * circuit breaker, its shared concurrency limit, a time limit per attempt (for the whole
 * response), retries with seeded exponential backoff that honour `Retry-After`, reading the reply
 * completely (`readChatReply`, within `maxReplyBytes` and `maxReplyDepth`) before it is recorded,
 * recording, and usage. Failures that are not the model's choice end as
 * `InfrastructureError` with kind `rate-limit`, `server-error`, `timeout`, `network`,
 * `malformed-reply`, `request-rejected`, `circuit-open` (the breaker refused the call), `cache-miss`,
 * `cache-write` or `aborted` (the run was cancelled before anything failed), with the last failure
 * as the cause. A run cancelled while the call was retrying ends with the kind of the failure it
 * was retrying, so a test timeout over a hanging server reads as a `timeout`.
 */
export async function callModel(endpoint: ChatEndpoint, request: ChatRequest, options: ModelCallOptions): Promise<ModelCallResult> {
  const parts = keyParts(endpoint, request, options.trial)
  const limits = resolveLimits(options.limits)
  const recorded = await options.cache?.lookup(parts)
  if (recorded !== undefined) {
    const reading = readChatReply(recorded, limits)
    // Recorded by an earlier version that kept replies it could not read: unusable, whatever the mode.
    if (!reading.ok) throw new CorruptCassetteError(options.cache?.fileFor(cacheKey(parts)) ?? '', `its reply cannot be read: ${reading.problem}`)
    const reply = recorded as unknown as ChatReply
    return { reply, read: reading.reply, usage: usageOf(reading.reply, request.model, 0, true, options.prices), cached: true }
  }
  const server = serverOf(endpoint)
  const semaphore = endpointSemaphore(server, limits.concurrency)
  const breaker = options.breaker ?? endpointBreaker(server)
  const breakerSettings = { failures: limits.breakerFailures, coolDownMs: limits.breakerCoolDownMs }
  const jitter = retryJitter(options.seed ?? 0, () => cacheKey(parts))
  let lastFailure: EndpointFailure | undefined
  let attempts = 0
  // The call has failed for good: the breaker learns of it when the endpoint is to blame.
  const fail = (failure: EndpointFailure, afterwards = ''): InfrastructureError => {
    if (failure.endpointFault) breaker.failed(`${failure.kind}: ${failure.message}`, breakerSettings)
    return giveUp(endpoint, request, failure, attempts, afterwards)
  }
  // The run was cancelled; once an attempt has failed, that failure is the real reason the call did not get through.
  const cancelled = (error: InfrastructureError, afterwards = ', and the run was cancelled before it could try again'): InfrastructureError =>
    lastFailure === undefined ? error : fail(lastFailure, afterwards)
  const refused = (reason: string) => new InfrastructureError(CIRCUIT_OPEN, reason, { cause: lastFailure })
  for (let attempt = 0; attempt <= limits.retries; attempt++) {
    if (attempt > 0 && lastFailure !== undefined) {
      const wait = lastFailure.retryAfterMs ?? backoffDelay(attempt - 1, limits.backoffBaseMs, limits.backoffMaxMs, jitter)
      if (wait > limits.maxRetryAfterMs) break
      await sleep(wait, options.signal).catch((error: InfrastructureError) => Promise.reject(cancelled(error)))
    }
    const admission = breaker.admit(breakerSettings)
    if (admission.kind === 'open') throw refused(admission.reason)
    const release = await acquire(semaphore, options.signal).catch((error: InfrastructureError) => Promise.reject(cancelled(error)))
    // The breaker may have opened while this call waited for its place.
    const opened = admission.kind === 'closed' ? breaker.admit(breakerSettings) : admission
    if (opened.kind === 'open') {
      release()
      throw refused(opened.reason)
    }
    const started = performance.now()
    let reply: ChatReply
    let read: ReadReply
    let latencyMs: number
    try {
      attempts++
      const body = await attemptWithTimeout(endpoint, request, limits, options.signal)
      latencyMs = performance.now() - started
      read = readReply(body, `${endpoint.address} (${request.model})`, limits)
      reply = body as ChatReply
    } catch (error) {
      if (error instanceof InfrastructureError) {
        // An unreadable reply: the server answered, but with nothing a model would send.
        breaker.failed(`${error.kind}: ${error.message}`, breakerSettings)
        throw error
      }
      const failure = error instanceof EndpointFailure ? error : new EndpointFailure('network', String((error as Error)?.message ?? error), { cause: error })
      if (failure.kind === 'aborted')
        throw cancelled(new InfrastructureError('aborted', `the call to ${endpoint.address} (${request.model}) was cancelled by the run`, { cause: failure }), ` (the last one cut off by the run's cancellation)`)
      if (!failure.retryable) throw fail(failure)
      lastFailure = failure
      continue
    } finally {
      release()
    }
    breaker.succeeded()
    // Recording happens after the attempt, outside its error handling: a cassette that cannot be
    // written is a problem of the cache, not of the endpoint, and must not make us ask the model again.
    await record(options.cache, parts, reply)
    return { reply, read, usage: usageOf(read, request.model, latencyMs, false, options.prices), cached: false }
  }
  throw fail(lastFailure ?? new EndpointFailure('network', 'no attempt was made'))
}

async function record(cache: ModelCache | undefined, parts: CacheKeyParts, reply: ChatReply): Promise<void> {
  try {
    await cache?.store(parts, reply as unknown as JsonValue)
  } catch (error) {
    if (error instanceof InfrastructureError) throw error
    throw new InfrastructureError('cache-write', `the reply could not be recorded in ${cache?.directory}: ${(error as Error)?.message ?? String(error)}`, { cause: error })
  }
}

/** The cache key parts of a request: the generation options are everything but model, messages and tools. */
export function keyParts(endpoint: ChatEndpoint, request: ChatRequest, trial: number): CacheKeyParts {
  const { model, messages, tools, ...generation } = request
  return {
    endpoint: serverOf(endpoint),
    model,
    messages: messages as unknown as JsonValue,
    tools: (tools ?? []) as unknown as JsonValue,
    options: asJson(generation),
    trial,
  }
}

/**
 * The server behind an endpoint: its address without a trailing `/v1`, so that the openai client
 * (`baseURL` ends in `/v1`) and the Hugging Face client (`endpointUrl` without it) reaching the same
 * server share its concurrency limit and its cassettes (they send the same request bodies).
 */
export function serverOf(endpoint: ChatEndpoint): string {
  return endpoint.address.replace(/\/v1$/, '')
}

function giveUp(endpoint: ChatEndpoint, request: ChatRequest, failure: EndpointFailure, attempts: number, afterwards: string): InfrastructureError {
  const kind = failure.kind === 'rejected' ? 'request-rejected' : failure.kind
  const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`
  const waited = failure.retryAfterMs !== undefined ? ` (the server asked to wait ${Math.round(failure.retryAfterMs)} ms)` : ''
  return new InfrastructureError(kind, `the call to ${endpoint.address} (${request.model}) failed after ${tries}${afterwards}: ${failure.message}${waited}`, { cause: failure })
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
 * covers the whole of `send`, which both clients resolve only once the body has been read and
 * parsed, so a server that sends its headers and then drips the body is cut off too. The attempt
 * ends when either fires even if the endpoint ignores its signal (a `ChatEndpoint` written by a
 * user may), so a deaf server can neither hang the run nor keep its place at the endpoint.
 */
async function attemptWithTimeout(endpoint: ChatEndpoint, request: ChatRequest, limits: ResolvedLimits, signal: AbortSignal | undefined): Promise<unknown> {
  const { timeoutMs, maxReplyBytes } = limits
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
    const sent = Promise.resolve().then(() => endpoint.send(request, controller.signal, { maxReplyBytes }))
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

/** A body read with `readChatReply`; an `InfrastructureError('malformed-reply')` naming the server and the problem when it cannot be. */
function readReply(body: unknown, source: string, limits: ReplyLimits): ReadReply {
  const reading = readChatReply(body, limits)
  if (!reading.ok) throw new InfrastructureError('malformed-reply', `${source} sent a reply that cannot be read: ${reading.problem}`)
  return reading.reply
}

function usageOf(reply: ReadReply, model: string, latencyMs: number, cached: boolean, prices: PriceTable | undefined): Usage {
  const { promptTokens, completionTokens } = reply
  // A replayed call costs nothing; its tokens are still reported, as what the recording used.
  const cost = cached ? (prices?.[model] === undefined ? undefined : 0) : costOf(model, promptTokens, completionTokens, prices)
  return { calls: 1, promptTokens, completionTokens, latencyMs, cachedCalls: cached ? 1 : 0, ...(cost === undefined ? {} : { costUsd: cost }) }
}
