import { afterEach, describe, expect, test } from 'vitest'
import { backoffDelay, retryJitter } from '../../src/roles/endpoint/backoff.ts'
import { cacheKey } from '../../src/cache/index.ts'
import { seededRandom } from '../../src/tools/seeded-random.ts'
import { endpointSemaphore, resolveLimits } from '../../src/roles/endpoint/endpoint-limits.ts'
import { parseRetryAfter } from '../../src/roles/endpoint/retry-after.ts'
import { Semaphore } from '../../src/roles/endpoint/semaphore.ts'
import { costOf } from '../../src/roles/endpoint/price-table.ts'
import { openaiAgent } from '../../src/roles/openai-agent.ts'
import { llmUser } from '../../src/roles/llm-user.ts'
import { huggingFaceAgent } from '../../src/roles/hugging-face-agent.ts'
import type { MockServer } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import { context, firstView, messages } from './helpers.ts'

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('Retry-After', () => {
  test('reads seconds, HTTP dates and retry-after-ms', () => {
    const now = Date.parse('2026-05-14T10:00:00Z')
    expect(parseRetryAfter('3', now)).toBe(3000)
    expect(parseRetryAfter('0.5', now)).toBe(500)
    expect(parseRetryAfter('Thu, 14 May 2026 10:00:07 GMT', now)).toBe(7000)
    expect(parseRetryAfter('Thu, 14 May 2026 09:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter(null, now, '250')).toBe(250)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })

  test('reads the two older HTTP date forms', () => {
    const now = Date.parse('1994-11-06T08:49:30Z')
    expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(7000)
    expect(parseRetryAfter('Sun Nov  6 08:49:37 1994', now)).toBe(7000)
  })

  test('junk is no instruction: negative, signed, exponent or date-like text falls back to the backoff', () => {
    const now = Date.parse('2026-05-14T10:00:00Z')
    for (const junk of ['-5', '+5', '1e3', '-1.5', '5 seconds', '2099-12-31', '12/31/2099', 'Infinity', 'NaN', ''])
      expect({ junk, wait: parseRetryAfter(junk, now) }).toEqual({ junk, wait: undefined })
    expect(parseRetryAfter('3', now, '-20')).toBe(3000)
    expect(parseRetryAfter(null, now, 'soon')).toBeUndefined()
  })
})

describe('retry jitter', () => {
  const first = (content: string) => ({ endpoint: 'http://one-server', model: 'm', messages: [{ role: 'user', content }], tools: [], options: {}, trial: 0 })
  const draws = (seed: number, parts: ReturnType<typeof first>) => {
    const jitter = retryJitter(seed, () => cacheKey(parts))
    return [jitter(), jitter(), jitter()]
  }

  test('calls failing together: the jitter differs per call and per attempt, and replays from the run\'s seed', () => {
    // The first calls of two runs: same server, same length, same seed; they must not retry in lockstep.
    const a = draws(0, first('Turn Wi-Fi on.'))
    const b = draws(0, first('Turn Wi-Fi off.'))
    expect(a[0]).not.toBe(b[0])
    expect(new Set(a).size).toBe(3)
    expect(draws(0, first('Turn Wi-Fi on.'))).toEqual(a)
    expect(draws(1, first('Turn Wi-Fi on.'))).not.toEqual(a)
    // Spread over the suite's first calls, the first waits are spread out too (not all alike).
    const waits = Array.from({ length: 50 }, (_, index) => backoffDelay(0, 1000, 1000, () => (draws(0, first(`request ${index}`))[0] as number)))
    expect(new Set(waits.map((wait) => Math.round(wait / 50))).size).toBeGreaterThan(5)
  })

  test('computes the call\'s key only when a retry needs it', () => {
    let computed = 0
    retryJitter(0, () => (computed++, 'key'))
    expect(computed).toBe(0)
  })
})

describe('backoff', () => {
  test('the same seed gives the same waits; different seeds differ', () => {
    const waits = (seed: string) => {
      const random = seededRandom(seed)
      return [0, 1, 2, 3].map((attempt) => backoffDelay(attempt, 100, 10_000, random))
    }
    expect(waits('a')).toEqual(waits('a'))
    expect(waits('a')).not.toEqual(waits('b'))
  })

  test('waits grow exponentially with jitter in the upper half, and stop at the maximum', () => {
    const random = seededRandom('x')
    for (let attempt = 0; attempt < 10; attempt++) {
      const ceiling = Math.min(1000, 100 * 2 ** attempt)
      const wait = backoffDelay(attempt, 100, 1000, random)
      expect(wait).toBeGreaterThanOrEqual(ceiling / 2)
      expect(wait).toBeLessThanOrEqual(ceiling)
    }
  })
})

describe('limits', () => {
  test('bad limits are refused with the name of the limit', () => {
    expect(() => resolveLimits({ retries: -1 })).toThrow(/limits.retries/)
    expect(resolveLimits({ retries: 0 }).retries).toBe(0)
    expect(() => new Semaphore(0)).toThrow(/at least 1/)
  })

  test('a semaphore admits at most its limit, first come first served, and a cancelled waiter leaves', async () => {
    const semaphore = new Semaphore(2)
    const order: number[] = []
    const first = await semaphore.acquire()
    const second = await semaphore.acquire()
    const controller = new AbortController()
    const cancelled = semaphore.acquire(controller.signal)
    const third = semaphore.acquire().then((release) => (order.push(3), release))
    const fourth = semaphore.acquire().then((release) => (order.push(4), release))
    expect(semaphore.waiting).toBe(3)
    controller.abort(new Error('stop'))
    await expect(cancelled).rejects.toThrow('stop')
    first()
    first()
    const releaseThird = await third
    expect(order).toEqual([3])
    expect(semaphore.active).toBe(2)
    second()
    ;(await fourth)()
    releaseThird()
    expect(semaphore.active).toBe(0)
    expect(order).toEqual([3, 4])
  })

  test('all agents and users of one server share its concurrency limit, whichever client they use', async () => {
    let inFlight = 0
    let most = 0
    // The first requests are held until three are in flight, however slowly they arrive on a
    // loaded machine; every request then stays a little longer, for a fourth to pile up if the
    // limit let one through.
    let held: (() => void)[] | undefined = []
    server = await startMockServer({
      respond: async () => {
        inFlight++
        most = Math.max(most, inFlight)
        if (inFlight >= 3) {
          for (const release of held ?? []) release()
          held = undefined
        } else if (held !== undefined) await new Promise<void>((release) => held?.push(release))
        await new Promise((resolvePromise) => setTimeout(resolvePromise, 80))
        inFlight--
        return { content: 'ok' }
      },
    })
    const limits = { concurrency: 3 }
    const agents = Array.from({ length: 4 }, () => openaiAgent({ model: 'm', baseURL: server!.baseURL, apiKey: 'x', cache: false, limits }))
    const user = llmUser({ model: 'u', baseURL: server.baseURL, apiKey: 'x', cache: false, limits })
    const viaHuggingFace = huggingFaceAgent({ model: 'm', endpointUrl: server.url, cache: false, limits })
    const userView = { systemPrompt: '', messages: messages({ sender: 'user', recipient: 'agent', content: 'hi' }, { sender: 'agent', recipient: 'user', content: 'hello' }) }
    await Promise.all([
      ...agents.flatMap((agent) => [agent.respond(firstView, context()), agent.respond(firstView, context())]),
      user.respond(userView, context()),
      user.respond(userView, context()),
      viaHuggingFace.respond(firstView, context()),
      viaHuggingFace.respond(firstView, context()),
    ])
    expect(server.chatRequestCount).toBe(12)
    expect(most).toBe(3)
    expect(endpointSemaphore(server.url, 3).active).toBe(0)
  })

  test('cost needs a price for the model', () => {
    expect(costOf('m', 1_000_000, 0, { m: { inputPerMillion: 3, outputPerMillion: 15 } })).toBe(3)
    expect(costOf('other', 1000, 1000, { m: { inputPerMillion: 3, outputPerMillion: 15 } })).toBeUndefined()
    expect(costOf('m', 1000, 1000, undefined)).toBeUndefined()
  })
})
