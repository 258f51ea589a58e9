import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { MockServer } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import { callModel } from '../../src/roles/endpoint/call-model.ts'
import { CircuitBreaker } from '../../src/roles/endpoint/circuit-breaker.ts'
import { endpointBreaker, forgetServer, modelBreaker } from '../../src/roles/endpoint/endpoint-breaker.ts'
import { EndpointFailure } from '../../src/roles/endpoint/endpoint-failure.ts'
import { fileBreakerStore } from '../../src/roles/endpoint/file-breaker-store.ts'
import { llmUser } from '../../src/roles/llm-user.ts'
import { openaiAgent } from '../../src/roles/openai-agent.ts'
import { context, fakeEndpoint, failureOf, fastLimits, firstView } from './helpers.ts'
import { temporaryFolders } from '../temporary-folders.ts'

const settings = { failures: 3, coolDownMs: 1_000 }
const reply = { choices: [{ message: { role: 'assistant', content: 'hello' } }] }
const request = { model: 'model-a', messages: [{ role: 'user' as const, content: 'hi' }] }

/** A clock the test moves by hand. */
function manualClock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (milliseconds: number) => void (now += milliseconds) }
}


const serverError = () => Promise.reject(new EndpointFailure('server-error', 'HTTP 500: down', { status: 500 }))


const { make: temporaryDirectory } = temporaryFolders('toolcheck-breaker-')

describe('CircuitBreaker', () => {
  test('opens after the configured number of failed calls in a row; a success in between starts the count again', () => {
    const breaker = new CircuitBreaker('http://breaker-count', { now: manualClock().now })
    breaker.failed('server-error: HTTP 500', settings)
    breaker.failed('server-error: HTTP 500', settings)
    breaker.succeeded()
    breaker.failed('network: reset', settings)
    breaker.failed('server-error: HTTP 500', settings)
    expect(breaker.admit(settings)).toEqual({ kind: 'closed' })
    breaker.failed('server-error: HTTP 500', settings)
    const admission = breaker.admit(settings)
    expect(admission.kind).toBe('open')
    // The reason names the endpoint and the first failure of the streak, not the last.
    expect(admission.kind === 'open' && admission.reason).toBe(
      'http://breaker-count is failing: 3 calls in a row to it failed (the first with network: reset), so its circuit breaker fails further calls at once and lets one through every 1 s to see whether it is back',
    )
  })

  test('after the cool-down one call probes while the others are still refused; the probe\'s success closes it', () => {
    const clock = manualClock()
    const breaker = new CircuitBreaker('http://breaker-probe', { now: clock.now })
    for (let call = 0; call < 3; call++) breaker.failed('timeout: no complete reply within 60000 ms', settings)
    clock.advance(999)
    expect(breaker.admit(settings).kind).toBe('open')
    clock.advance(1)
    expect(breaker.admit(settings).kind).toBe('probe')
    expect(breaker.admit(settings).kind).toBe('open')
    breaker.succeeded()
    expect(breaker.admit(settings).kind).toBe('closed')
    expect(breaker.state()).toEqual({ failures: 0 })
  })

  test('a failed probe keeps it open for another cool-down, under the reason it opened with', () => {
    const clock = manualClock()
    const breaker = new CircuitBreaker('http://breaker-probe-fails', { now: clock.now })
    for (let call = 0; call < 3; call++) breaker.failed(`server-error: failure ${call}`, settings)
    const first = breaker.admit(settings)
    clock.advance(1_000)
    expect(breaker.admit(settings).kind).toBe('probe')
    breaker.failed('server-error: still down', settings)
    clock.advance(999)
    expect(breaker.admit(settings)).toEqual(first)
    clock.advance(1)
    expect(breaker.admit(settings).kind).toBe('probe')
  })

  test('failures: 0 turns it off', () => {
    const breaker = new CircuitBreaker('http://breaker-off', { now: manualClock().now })
    const off = { failures: 0, coolDownMs: 1_000 }
    for (let call = 0; call < 10; call++) breaker.failed('server-error: HTTP 500', off)
    expect(breaker.admit(off).kind).toBe('closed')
  })

  test('breakers over one directory share their state, as the workers of one vitest process do', async () => {
    const directory = await temporaryDirectory()
    const clock = manualClock()
    const inOneWorker = new CircuitBreaker('http://breaker-shared', { store: fileBreakerStore(directory), now: clock.now })
    const inAnother = new CircuitBreaker('http://breaker-shared', { store: fileBreakerStore(directory), now: clock.now })
    const elsewhere = new CircuitBreaker('http://breaker-other', { store: fileBreakerStore(directory), now: clock.now })
    inOneWorker.failed('server-error: HTTP 500', settings)
    inAnother.failed('server-error: HTTP 502', settings)
    inOneWorker.failed('server-error: HTTP 500', settings)
    expect(inAnother.admit(settings).kind).toBe('open')
    expect(elsewhere.admit(settings).kind).toBe('closed')
    clock.advance(1_000)
    expect(inAnother.admit(settings).kind).toBe('probe')
    expect(inOneWorker.admit(settings).kind).toBe('open')
    inAnother.succeeded()
    expect(inOneWorker.admit(settings).kind).toBe('closed')
  })

  test('workers counting failures in one directory at the same moment count every one, so a server\'s breaker opens no later than its model\'s', async () => {
    const directory = await temporaryDirectory()
    const workers = 4
    const calls = 150
    const start = new Int32Array(new SharedArrayBuffer(4))
    const threads = Array.from({ length: workers }, () => new Worker(new URL('./breaker-counter-worker.ts', import.meta.url), { workerData: { directory, calls, failures: 300, start } }))
    const results = threads.map(
      (thread) =>
        new Promise<{ serverFirst: boolean }>((resolvePromise, rejectPromise) => {
          thread.once('message', resolvePromise)
          thread.once('error', rejectPromise)
        }),
    )
    await Promise.all(threads.map((thread) => new Promise((resolvePromise) => thread.once('online', resolvePromise))))
    Atomics.store(start, 0, 1)
    Atomics.notify(start, 0)
    expect(await Promise.all(results)).toEqual(Array.from({ length: workers }, () => ({ serverFirst: true })))
    const store = fileBreakerStore(directory)
    expect(store.read('http://shared-breaker')?.failures).toBe(workers * calls)
    expect(store.read('http://shared-breaker model=m')?.failures).toBe(workers * calls)
    expect(store.read('http://shared-breaker')?.openedAfter).toBe(300)
    // No lock is left behind.
    expect((await readdir(directory)).filter((name) => !name.endsWith('.json'))).toEqual([])
  })

  test('a file store reads a damaged file as no state, and keeps its states in memory when the directory cannot be written', async () => {
    const directory = await temporaryDirectory()
    const store = fileBreakerStore(directory)
    store.update('http://breaker-file', () => ({ failures: 1 }))
    const [file] = (await import('node:fs')).readdirSync(directory)
    await writeFile(join(directory, file as string), '{"address": "http://breaker-file", "fail')
    expect(store.read('http://breaker-file')).toBeUndefined()
    const blocked = join(directory, 'a-file')
    await writeFile(blocked, 'not a directory')
    const fallback = fileBreakerStore(join(blocked, 'breakers'))
    fallback.update('http://breaker-file', () => ({ failures: 2 }))
    expect(fallback.read('http://breaker-file')).toEqual({ failures: 2 })
  })
})

describe('callModel with a circuit breaker', () => {
  const limits = { ...fastLimits, retries: 1, breakerFailures: 2, breakerCoolDownMs: 1_000 }
  /** The breakers of a server and of its model, on one clock. */
  const breakersOf = (address: string, now?: () => number) => {
    const breaker = new CircuitBreaker(address, now === undefined ? {} : { now })
    return { breaker, modelBreaker: new CircuitBreaker(`${address} model`, now === undefined ? {} : { now }) }
  }

  test('a dead endpoint: once enough calls have failed, the next fails at once as circuit-open without a request', async () => {
    const clock = manualClock()
    const breakers = breakersOf('http://dead', clock.now)
    const endpoint = fakeEndpoint('http://dead', serverError)
    expect((await failureOf(callModel(endpoint, request, { trial: 0, limits, ...breakers }))).kind).toBe('server-error')
    expect((await failureOf(callModel(endpoint, request, { trial: 0, limits, ...breakers }))).kind).toBe('server-error')
    expect(endpoint.attempts()).toBe(4)
    const refused = await failureOf(callModel(endpoint, request, { trial: 0, limits, ...breakers }))
    expect(refused.kind).toBe('circuit-open')
    expect(refused.message).toContain('http://dead is failing: 2 calls in a row to it failed (the first with server-error: HTTP 500: down)')
    expect(endpoint.attempts()).toBe(4)
  })

  test('after the cool-down a probe that gets a reply closes the breaker', async () => {
    const clock = manualClock()
    const breakers = breakersOf('http://recovers', clock.now)
    let up = false
    const endpoint = fakeEndpoint('http://recovers', () => (up ? Promise.resolve(reply) : serverError()))
    for (let call = 0; call < 2; call++) await failureOf(callModel(endpoint, request, { trial: 0, limits, ...breakers }))
    up = true
    expect((await failureOf(callModel(endpoint, request, { trial: 0, limits, ...breakers }))).kind).toBe('circuit-open')
    clock.advance(1_000)
    await expect(callModel(endpoint, request, { trial: 0, limits, ...breakers })).resolves.toMatchObject({ reply })
    expect(breakers.breaker.admit({ failures: 2, coolDownMs: 1_000 }).kind).toBe('closed')
    expect(breakers.modelBreaker.admit({ failures: 2, coolDownMs: 1_000 }).kind).toBe('closed')
  })

  test('a call that is retrying when the breaker opens stops at its next attempt, with the failure it met as the cause', async () => {
    const { breaker, modelBreaker } = breakersOf('http://opens-meanwhile', manualClock().now)
    const endpoint = fakeEndpoint('http://opens-meanwhile', () => {
      // Other calls fail while this one waits to retry.
      breaker.failed('network: reset', { failures: 2, coolDownMs: 1_000 })
      breaker.failed('network: reset', { failures: 2, coolDownMs: 1_000 })
      return serverError()
    })
    const error = await failureOf(callModel(endpoint, request, { trial: 0, limits: { ...limits, retries: 4 }, breaker, modelBreaker }))
    expect(error.kind).toBe('circuit-open')
    expect((error.cause as EndpointFailure).kind).toBe('server-error')
    expect(endpoint.attempts()).toBe(1)
  })

  test('rejections of one request never open it; a rejected key or an unreadable reply does', async () => {
    const rejecting = (status: number) => () => Promise.reject(new EndpointFailure('rejected', `HTTP ${status}: no`, { status }))
    const badRequest = fakeEndpoint('http://bad-request', rejecting(400))
    const breakers = breakersOf('http://bad-request')
    for (let call = 0; call < 4; call++) expect((await failureOf(callModel(badRequest, request, { trial: 0, limits, ...breakers }))).kind).toBe('request-rejected')
    expect(breakers.breaker.state().failures).toBe(0)
    expect(breakers.modelBreaker.state().failures).toBe(0)
    const badKey = fakeEndpoint('http://bad-key', rejecting(401))
    const keyBreakers = breakersOf('http://bad-key')
    for (let call = 0; call < 2; call++) expect((await failureOf(callModel(badKey, request, { trial: 0, limits, ...keyBreakers }))).kind).toBe('auth')
    expect((await failureOf(callModel(badKey, request, { trial: 0, limits, ...keyBreakers }))).kind).toBe('circuit-open')
    const garbled = fakeEndpoint('http://garbled', () => Promise.resolve({ choices: [] }))
    const garbledBreakers = breakersOf('http://garbled')
    for (let call = 0; call < 2; call++) expect((await failureOf(callModel(garbled, request, { trial: 0, limits, ...garbledBreakers }))).kind).toBe('malformed-reply')
    expect((await failureOf(callModel(garbled, request, { trial: 0, limits, ...garbledBreakers }))).message).toContain('(the first with malformed-reply: ')
  })

  test('a cancelled run does not count against the endpoint', async () => {
    const breakers = breakersOf('http://cancelled')
    const endpoint = fakeEndpoint('http://cancelled', () => new Promise(() => {}))
    for (let call = 0; call < 3; call++) {
      const controller = new AbortController()
      controller.abort()
      expect((await failureOf(callModel(endpoint, request, { trial: 0, signal: controller.signal, limits, ...breakers }))).kind).toBe('aborted')
    }
    expect(breakers.breaker.state().failures).toBe(0)
  })
})

describe('breakers of model-backed roles', () => {
  let server: MockServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })

  test('an agent and a simulated user at one always-failing server share its breaker, set up from the environment', async () => {
    server = await startMockServer({ respond: () => ({ fault: 'server-error' }) })
    const env = { TOOLCHECK_BREAKER_FAILURES: '2', TOOLCHECK_BREAKER_COOLDOWN_MS: '600000' }
    const limits = { retries: 1, backoffBaseMs: 1, backoffMaxMs: 2 }
    const agent = openaiAgent({ model: 'agent-model', baseURL: server.baseURL, apiKey: 'sk-test', cache: false, limits, env })
    const user = llmUser({ model: 'user-model', baseURL: server.baseURL, apiKey: 'sk-test', cache: false, limits, env })
    expect((await failureOf(agent.respond(firstView, context()))).kind).toBe('server-error')
    expect((await failureOf(agent.respond(firstView, context()))).kind).toBe('server-error')
    expect(server.chatRequestCount).toBe(4)
    const refused = await failureOf(user.respond({ messages: [], systemPrompt: '' }, context()))
    expect(refused.kind).toBe('circuit-open')
    expect(refused.message).toContain(`${server.url} is failing: 2 calls in a row to it failed (the first with server-error: HTTP 500: `)
    expect(refused.message).toContain('lets one through every 600 s')
    expect(server.chatRequestCount).toBe(4)
  })

  test('TOOLCHECK_BREAKER_DIR keeps the breakers of one server in that directory', async () => {
    const directory = await temporaryDirectory()
    expect(endpointBreaker('http://shared-by-env', { TOOLCHECK_BREAKER_DIR: directory })).toBe(endpointBreaker('http://shared-by-env', { TOOLCHECK_BREAKER_DIR: directory }))
    endpointBreaker('http://shared-by-env', { TOOLCHECK_BREAKER_DIR: directory }).failed('network: reset', settings)
    expect(fileBreakerStore(directory).read('http://shared-by-env')).toEqual({ failures: 1, firstFailure: 'network: reset' })
    expect(endpointBreaker('http://shared-by-env', {}).state()).toEqual({ failures: 0 })
  })
})

describe('a server started where another one ran', () => {
  const limits = { retries: 0, backoffBaseMs: 1, backoffMaxMs: 2, breakerFailures: 1, breakerCoolDownMs: 600_000 }
  const servers: MockServer[] = []
  afterEach(async () => {
    vi.unstubAllEnvs()
    await Promise.all(servers.splice(0).map((server) => server.close()))
  })
  const start = async (options: Parameters<typeof startMockServer>[0]) => {
    const server = await startMockServer(options)
    servers.push(server)
    return server
  }

  test('a mock server at the port of a dead one starts with closed breakers: the dead one\'s failures are not its own', async () => {
    const directory = await temporaryDirectory()
    // Breakers in this module, in memory and in a directory, and one another worker keeps in the directory the environment names.
    vi.stubEnv('TOOLCHECK_BREAKER_DIR', directory)
    const dead = await start({ respond: () => ({ fault: 'server-error' }) })
    const port = Number(new URL(dead.url).port)
    const inMemory = openaiAgent({ model: 'm', baseURL: dead.baseURL, apiKey: 'sk-test', cache: false, limits, env: {} })
    const inDirectory = openaiAgent({ model: 'm', baseURL: dead.baseURL, apiKey: 'sk-test', cache: false, limits })
    expect((await failureOf(inMemory.respond(firstView, context()))).kind).toBe('server-error')
    expect((await failureOf(inMemory.respond(firstView, context()))).kind).toBe('circuit-open')
    expect((await failureOf(inDirectory.respond(firstView, context()))).kind).toBe('server-error')
    expect((await failureOf(inDirectory.respond(firstView, context()))).kind).toBe('circuit-open')
    const otherWorker = new CircuitBreaker(`${dead.url} model=other`, { store: fileBreakerStore(directory) })
    otherWorker.failed('server-error: HTTP 500', settings)
    await dead.close()
    servers.splice(0)
    const answering = await start({ respond: () => ({ content: 'hello' }), port })
    expect(answering.url).toBe(dead.url)
    // A retry, for a kept-alive connection to the dead server that the client may not yet know is closed.
    const again = { ...limits, retries: 1 }
    expect((await openaiAgent({ model: 'm', baseURL: answering.baseURL, apiKey: 'sk-test', cache: false, limits: again, env: {} }).respond(firstView, context())).content).toBe('hello')
    expect((await openaiAgent({ model: 'm', baseURL: answering.baseURL, apiKey: 'sk-test', cache: false, limits: again }).respond(firstView, context())).content).toBe('hello')
    expect(otherWorker.state()).toEqual({ failures: 0 })
  })

  test('forgetServer forgets that server and its models only, not a server whose address begins the same', async () => {
    const directory = await temporaryDirectory()
    const env = { TOOLCHECK_BREAKER_DIR: directory }
    const breakers = [endpointBreaker('http://forget-me:80', env), modelBreaker('http://forget-me:80', 'm', env), endpointBreaker('http://forget-me:8080', env), endpointBreaker('http://forget-me:80', {})]
    for (const breaker of breakers) breaker.failed('network: reset', settings)
    forgetServer('http://forget-me:80', env)
    expect(breakers.map((breaker) => breaker.state().failures)).toEqual([0, 0, 1, 0])
  })

  test('a port another process holds: starting fails, naming the port', async () => {
    const taken = await start({})
    const port = Number(new URL(taken.url).port)
    await expect(startMockServer({ port })).rejects.toThrow(`the mock server cannot listen on 127.0.0.1:${port}: listen EADDRINUSE`)
  })
})

describe("a breaker's scope follows the failure", () => {
  let server: MockServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })
  const limits = { retries: 0, backoffBaseMs: 1, backoffMaxMs: 2, breakerFailures: 3, breakerCoolDownMs: 600_000 }
  const agentFor = (model: string, baseURL: string) => openaiAgent({ model, baseURL, apiKey: 'sk-test', cache: false, limits, env: {} })

  test('an unknown model (404) opens that model’s breaker only: another model at the same server still answers', async () => {
    server = await startMockServer({ respond: ({ body }) => (body.model === 'no-such-model' ? { status: 404, body: { error: { message: 'model not found' } } } : { content: 'hello' }) })
    const unknown = agentFor('no-such-model', server.baseURL)
    for (let call = 0; call < 3; call++) expect((await failureOf(unknown.respond(firstView, context()))).kind).toBe('request-rejected')
    const refused = await failureOf(unknown.respond(firstView, context()))
    expect(refused.kind).toBe('circuit-open')
    expect(refused.message).toContain(`the model no-such-model at ${server.url} is failing: 3 calls in a row to it failed (the first with rejected: HTTP 404`)
    expect(server.chatRequestCount).toBe(3)
    expect((await agentFor('known-model', server.baseURL).respond(firstView, context())).content).toBe('hello')
  })

  test('a model’s rate limit (429) opens that model’s breaker only', async () => {
    server = await startMockServer({ respond: ({ body }) => (body.model === 'busy-model' ? { fault: 'rate-limit' } : { content: 'hello' }) })
    const busy = agentFor('busy-model', server.baseURL)
    for (let call = 0; call < 3; call++) expect((await failureOf(busy.respond(firstView, context()))).kind).toBe('rate-limit')
    expect((await failureOf(busy.respond(firstView, context()))).kind).toBe('circuit-open')
    expect((await agentFor('calm-model', server.baseURL).respond(firstView, context())).content).toBe('hello')
  })

  test('a 5xx that only one model gets, while another answers in between, opens that model’s breaker and not the server’s', async () => {
    server = await startMockServer({ respond: ({ body }) => (body.model === 'broken-model' ? { fault: 'server-error' } : { content: 'hello' }) })
    const broken = agentFor('broken-model', server.baseURL)
    const healthy = agentFor('healthy-model', server.baseURL)
    for (let call = 0; call < 3; call++) {
      expect((await failureOf(broken.respond(firstView, context()))).kind).toBe('server-error')
      expect((await healthy.respond(firstView, context())).content).toBe('hello')
    }
    expect((await failureOf(broken.respond(firstView, context()))).message).toContain('the model broken-model at')
    expect((await healthy.respond(firstView, context())).content).toBe('hello')
  })

  test('a refused connection and a 5xx on every model open the server’s breaker: every model there is refused', async () => {
    server = await startMockServer({ respond: () => ({ fault: 'server-error' }) })
    for (const model of ['first-model', 'second-model', 'first-model']) expect((await failureOf(agentFor(model, server.baseURL).respond(firstView, context()))).kind).toBe('server-error')
    const refused = await failureOf(agentFor('third-model', server.baseURL).respond(firstView, context()))
    expect(refused.kind).toBe('circuit-open')
    expect(refused.message).toContain(`${server.url} is failing: 3 calls in a row to it failed`)
    // A port nothing listens on any more: the connection is refused, whichever model is asked for.
    const closed = await startMockServer()
    await closed.close()
    for (const model of ['first-model', 'second-model', 'third-model']) expect((await failureOf(agentFor(model, closed.baseURL).respond(firstView, context()))).kind).toBe('network')
    const cut = await failureOf(agentFor('fourth-model', closed.baseURL).respond(firstView, context()))
    expect(cut.kind).toBe('circuit-open')
    expect(cut.message).toContain(`${closed.url} is failing: 3 calls in a row to it failed (the first with network: `)
  })
})
