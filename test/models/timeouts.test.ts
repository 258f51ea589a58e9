import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { MockServer, MockServerOptions } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import { DEFAULT_LIMITS } from '../../src/roles/endpoint/endpoint-limits.ts'
import type { EndpointLimits } from '../../src/roles/endpoint/endpoint-limits.ts'
import { limitsFromEnv } from '../../src/roles/endpoint/limits-from-env.ts'
import { huggingFaceAgent } from '../../src/roles/hugging-face-agent.ts'
import { openaiAgent } from '../../src/roles/openai-agent.ts'
import type { Agent } from '../../src/roles/types.ts'
import { context, failureOf, fastLimits, firstView } from './helpers.ts'

let server: MockServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

type Client = 'openai' | 'hf'

async function agentAt(client: Client, options: MockServerOptions, limits: EndpointLimits | undefined, env: Record<string, string> = {}): Promise<Agent> {
  server = await startMockServer(options)
  const shared = { cache: false as const, env, ...(limits === undefined ? {} : { limits }) }
  return client === 'openai'
    ? openaiAgent({ model: 'mock-model', baseURL: server.baseURL, apiKey: 'sk-test-fake-key', ...shared })
    : huggingFaceAgent({ model: 'mock/model', endpointUrl: server.url, ...shared })
}


// Each attempt is cut off long before a 200 ms drip of a completion (a few hundred bytes) ends. The
// client and the mock server share this process's event loop: the time limit leaves the server a
// full second to take each request, however loaded the machine is.
const dripping: MockServerOptions = { respond: () => ({ fault: 'drip', intervalMs: 200 }) }

describe.each<Client>(['openai', 'hf'])('the time limit per attempt, through the %s client', (client) => {
  // A client's first request loads its HTTP stack, which on a loaded machine can take longer
  // than the limits below before anything is sent: one plain request first, whichever test runs.
  beforeAll(async () => {
    const warm = await agentAt(client, { replies: [{ content: 'warm' }] }, fastLimits)
    expect((await warm.respond(firstView, context())).content).toBe('warm')
    await server?.close()
    server = undefined
  })

  test('a server that drips its body ends as a timeout, and the timeout is retried', async () => {
    const agent = await agentAt(client, dripping, { ...fastLimits, retries: 0, timeoutMs: 1_000 })
    const error = await failureOf(agent.respond(firstView, context()))
    expect(error.kind).toBe('timeout')
    expect(error.message).toContain('failed after 1 attempt: no complete reply within 1000 ms')
    await server?.close()
    // The server drips its first answer and gives the next at once. (On a loaded machine an
    // attempt can be cut off before all of its request has left; the server counts only whole
    // requests, and answers by that count.)
    let answered = 0
    const retried = await agentAt(client, { respond: () => (answered++ === 0 ? { fault: 'drip', intervalMs: 200 } : { content: 'second time lucky' }) }, { ...fastLimits, retries: 3, timeoutMs: 1_000 })
    expect((await retried.respond(firstView, context())).content).toBe('second time lucky')
    expect(server?.chatRequestCount).toBe(2)
  })

  test('a drip that ends within the limit is read as the completion it is', async () => {
    const agent = await agentAt(client, { respond: () => ({ fault: 'drip', intervalMs: 1, content: 'worth the wait' }) }, { ...fastLimits, timeoutMs: 30_000 })
    expect((await agent.respond(firstView, context())).content).toBe('worth the wait')
  })

  test('a run cancelled while a hanging server is being retried ends as a timeout, not as aborted', async () => {
    const controller = new AbortController()
    // The run is cancelled as a second whole request reaches the server, as a test timeout would.
    // (On a loaded machine an attempt can time out before its request has left; then it is the
    // third attempt that is cut off.)
    let requests = 0
    const hangsThenCancels: MockServerOptions = {
      respond: () => {
        if (++requests === 2) controller.abort(new Error('test timed out'))
        return { fault: 'hang' }
      },
    }
    const agent = await agentAt(client, hangsThenCancels, { ...fastLimits, retries: 3, timeoutMs: 1_000 })
    const error = await failureOf(agent.respond(firstView, context({ signal: controller.signal })))
    expect(error.kind).toBe('timeout')
    expect(error.message).toMatch(/failed after [23] attempts \(the last one cut off by the run's cancellation\): no complete reply within 1000 ms/)
    expect(server?.chatRequestCount).toBe(2)
  })

  test('TOOLCHECK_TIMEOUT_MS sets the limit when the code gives none', async () => {
    const agent = await agentAt(client, { respond: () => ({ fault: 'hang' }) }, { retries: 0 }, { TOOLCHECK_TIMEOUT_MS: '120' })
    const error = await failureOf(agent.respond(firstView, context()))
    expect(error.kind).toBe('timeout')
    expect(error.message).toContain('no complete reply within 120 ms')
  })
})

describe('time limit settings', () => {
  test('the default is 60 s per attempt, half the eval suites\' test time, so a hang is retried once before the test gives up', () => {
    expect(DEFAULT_LIMITS.timeoutMs).toBe(60_000)
  })

  test('limits in code win over the environment', async () => {
    const agent = await agentAt('openai', { respond: () => ({ fault: 'hang' }) }, { retries: 0, timeoutMs: 80 }, { TOOLCHECK_TIMEOUT_MS: '60000' })
    expect((await failureOf(agent.respond(firstView, context()))).message).toContain('no complete reply within 80 ms')
  })

  test('a bad variable is refused when the role is made, naming the variable and the value', () => {
    expect(() => openaiAgent({ model: 'm', baseURL: 'http://127.0.0.1:9/v1', cache: false, env: { TOOLCHECK_TIMEOUT_MS: 'soon' } })).toThrow(
      /^TOOLCHECK_TIMEOUT_MS is "soon", which is not a valid timeoutMs: limits.timeoutMs must be a non-negative number, got NaN$/,
    )
    expect(() => limitsFromEnv({ TOOLCHECK_TIMEOUT_MS: '0' })).toThrow('TOOLCHECK_TIMEOUT_MS is "0", which is not a valid timeoutMs: limits.timeoutMs must be more than 0')
    expect(() => limitsFromEnv({ TOOLCHECK_BREAKER_FAILURES: '2.5' })).toThrow('TOOLCHECK_BREAKER_FAILURES is "2.5"')
    expect(() => limitsFromEnv({ TOOLCHECK_RETRIES: '-1' })).toThrow('TOOLCHECK_RETRIES is "-1"')
    expect(limitsFromEnv({ TOOLCHECK_RETRIES: '0', TOOLCHECK_TIMEOUT_MS: ' 5000 ', TOOLCHECK_BREAKER_FAILURES: '', TOOLCHECK_BREAKER_COOLDOWN_MS: '1000' })).toEqual({
      retries: 0,
      timeoutMs: 5000,
      breakerCoolDownMs: 1000,
    })
  })
})
