import OpenAI from 'openai'
import { afterEach, describe, expect, test } from 'vitest'
import type { MockReply } from '../../src/mock-server/index.ts'
import { openaiAgent } from '../../src/roles/openai-agent.ts'
import type { Client } from './fault-harness.ts'
import { agentAnswering, agentAt, CLIENTS, closeServers, errorOf, FAULT_LIMITS, turnOf } from './fault-harness.ts'

/**
 * The fault suite, server side: each fault of a misbehaving OpenAI-compatible server, through both
 * clients, and what toolcheck makes of it (docs/reliability.md lists them; a test there checks
 * that each row has its test here or beside it). Nothing here races the clock: waits are checked
 * from below (a timer never fires early), and time limits are far above what any answer takes.
 */

afterEach(closeServers)

/** A server that answers the first request with `fault` and then with a plain completion, noting when requests arrive. */
function faultThenAnswer(fault: MockReply) {
  const arrivals: number[] = []
  return {
    arrivals,
    options: {
      respond: ({ index }: { index: number }): MockReply => {
        arrivals.push(performance.now())
        return index === 0 ? fault : { content: 'fine now' }
      },
    },
  }
}

describe.each<Client>(CLIENTS)('server faults, through the %s client', (client) => {
  test('429 with Retry-After', async () => {
    const script = faultThenAnswer({ fault: 'rate-limit', retryAfter: '0.3' })
    const { agent } = await agentAt(client, script.options)
    expect(await turnOf(agent)).toMatchObject({ reply: { content: 'fine now' } })
    // The retry waited as long as the server asked, not the 5 ms backoff.
    expect((script.arrivals[1] as number) - (script.arrivals[0] as number)).toBeGreaterThanOrEqual(290)
    const { agent: limited } = await agentAnswering(client, { fault: 'rate-limit', retryAfter: '0' })
    const error = await errorOf(limited)
    expect(error.kind).toBe('rate-limit')
    expect(error.message).toContain('failed after 3 attempts: HTTP 429')
  })

  test.for(['-5', 'soon', '1e3', '2099-12-31'])('429 with a junk Retry-After (%s)', async (junk) => {
    const script = faultThenAnswer({ fault: 'rate-limit', retryAfter: junk })
    // A backoff of 400 ms: the wait is at least half of it, where junk read as a date long past waited 0.
    const { agent } = await agentAt(client, script.options, { ...FAULT_LIMITS, backoffBaseMs: 400, backoffMaxMs: 400 })
    expect(await turnOf(agent)).toMatchObject({ reply: { content: 'fine now' } })
    const waited = (script.arrivals[1] as number) - (script.arrivals[0] as number)
    expect(waited).toBeGreaterThanOrEqual(195)
    expect(waited).toBeLessThan(60_000)
  })

  test('5xx', async () => {
    const { agent, server } = await agentAnswering(client, { fault: 'server-error', status: 502 })
    const error = await errorOf(agent)
    expect(error.kind).toBe('server-error')
    expect(error.message).toContain('failed after 3 attempts: HTTP 502')
    expect(server.chatRequestCount).toBe(3)
  })

  test('400', async () => {
    const { agent, server } = await agentAnswering(client, { status: 400, body: { error: { message: 'prompt too long' } } }, { ...FAULT_LIMITS, breakerFailures: 1 })
    expect((await errorOf(agent)).kind).toBe('request-rejected')
    expect(server.chatRequestCount).toBe(1)
    // Not the endpoint's fault: the breaker (opening at the first failure here) stays closed.
    expect((await errorOf(agent)).kind).toBe('request-rejected')
  })

  test('connection reset', async () => {
    const { agent, server } = await agentAnswering(client, { fault: 'reset' })
    expect((await errorOf(agent)).kind).toBe('network')
    expect(server.chatRequestCount).toBe(3)
  })

  test('no answer (hang)', async () => {
    // The server never answers, so however slow the machine, each attempt ends at its limit.
    const { agent } = await agentAnswering(client, { fault: 'hang' }, { ...FAULT_LIMITS, retries: 1, timeoutMs: 500 })
    const error = await errorOf(agent)
    expect(error.kind).toBe('timeout')
    expect(error.message).toContain('failed after 2 attempts: no complete reply within 500 ms')
  })

  test('body dripped byte by byte', async () => {
    // A 1 s drip of a few hundred bytes never ends within the 1.5 s limit.
    const { agent } = await agentAnswering(client, { fault: 'drip', intervalMs: 1_000 }, { ...FAULT_LIMITS, retries: 0, timeoutMs: 1_500 })
    const error = await errorOf(agent)
    expect(error.kind).toBe('timeout')
    expect(error.message).toContain('no complete reply within 1500 ms')
  })

  test.for([
    ['oversize body, length announced', true],
    ['oversize body, length not announced', false],
  ] as const)('%s', async ([, announce]) => {
    const bytes = 64 * 1024 * 1024
    const { agent, server } = await agentAnswering(client, { fault: 'oversize', bytes, announce }, { ...FAULT_LIMITS, maxReplyBytes: 256 * 1024, breakerFailures: 1 })
    const error = await errorOf(agent)
    expect(error.kind).toBe('malformed-reply')
    expect(error.message).toContain('failed after 1 attempt: the reply is larger than the limit of 262144 bytes')
    // Refused once, never downloaded again: one request, and the server could hand the network
    // only what the socket buffers took before the client closed it, a small part of the body.
    expect(server.chatRequestCount).toBe(1)
    expect(server.chatBytesSent).toBeLessThan(bytes / 4)
    // An unreadable reply is the endpoint's fault: it counts toward the breaker.
    expect((await errorOf(agent)).kind).toBe('circuit-open')
  })

  test.for([
    ['body cut off, length announced', true],
    ['body cut off, sent in chunks', false],
  ] as const)('%s', async ([, announce]) => {
    const { agent, server } = await agentAnswering(client, { fault: 'truncated', announce })
    const error = await errorOf(agent)
    expect(error.kind).toBe('malformed-reply')
    expect(error.message).toMatch(/failed after 1 attempt: the reply was cut off after \d+ bytes/)
    expect(server.chatRequestCount).toBe(1)
  })

  test('body that is not JSON', async () => {
    const { agent, server } = await agentAnswering(client, { fault: 'malformed-body' })
    const error = await errorOf(agent)
    expect(error.kind).toBe('malformed-reply')
    expect(server.chatRequestCount).toBe(1)
  })

  test('endpoint failing call after call', async () => {
    const { agent, server } = await agentAnswering(client, { fault: 'server-error' }, { ...FAULT_LIMITS, retries: 0, breakerFailures: 2, breakerCoolDownMs: 60_000 })
    expect((await errorOf(agent)).kind).toBe('server-error')
    expect((await errorOf(agent)).kind).toBe('server-error')
    const refused = await errorOf(agent)
    expect(refused.kind).toBe('circuit-open')
    expect(refused.message).toContain('2 calls in a row to it failed (the first with server-error: HTTP 500')
    expect(server.chatRequestCount).toBe(2)
  })
})

describe('an openai client of your own', () => {
  test('oversize body through a client given in code, whose own fetch is kept', async () => {
    const { server } = await agentAnswering('openai', { fault: 'oversize', bytes: 64 * 1024 * 1024 })
    let fetched = 0
    const client = new OpenAI({ baseURL: server.baseURL, apiKey: 'sk-test-own-client', fetch: (input, init) => (fetched++, fetch(input, init)) })
    const agent = openaiAgent({ model: 'mock-model', client, cache: false, limits: { ...FAULT_LIMITS, maxReplyBytes: 256 * 1024 }, env: {} })
    const error = await errorOf(agent)
    expect(error.kind).toBe('malformed-reply')
    expect(error.message).toContain('the reply is larger than the limit of 262144 bytes')
    expect(fetched).toBe(1)
    expect(server.chatBytesSent).toBeLessThan(16 * 1024 * 1024)
  })
})

// The Hugging Face client words server errors in its own text; the openai client quotes the server's.
describe('server faults in the error text, through the openai client', () => {
  test('escape sequences in error text', async () => {
    const { agent } = await agentAnswering('openai', { fault: 'server-error', status: 500, message: 'overloaded\u001b[2J\u001b[H\u001b]0;owned\u0007 \u202eexe.txt' }, { ...FAULT_LIMITS, retries: 0 })
    const error = await errorOf(agent)
    expect(error.message).toContain('overloaded\\u001b[2J\\u001b[H\\u001b]0;owned\\u0007 \\u202eexe.txt')
    expect(error.message).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/)
  })

  test('credentials in error text', async () => {
    const { agent } = await agentAnswering('openai', { fault: 'server-error', status: 502, message: 'upstream http://admin:hunter2@10.0.0.7:8080/v1?api_key=sk-upstream-key-123456789 failed' }, { ...FAULT_LIMITS, retries: 0 })
    const error = await errorOf(agent)
    expect(error.message).toContain('upstream http://[redacted]@10.0.0.7:8080/v1?api_key=[redacted] failed')
    expect(JSON.stringify([error.message, error.stack, (error.cause as Error).message, (error.cause as Error).stack])).not.toMatch(/hunter2|sk-upstream/)
  })
})
