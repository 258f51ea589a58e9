import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ModelCache } from '../../src/cache/index.ts'
import { callModel } from '../../src/roles/endpoint/call-model.ts'
import { EndpointFailure } from '../../src/roles/endpoint/endpoint-failure.ts'
import { endpointSemaphore, resolveLimits } from '../../src/roles/endpoint/endpoint-limits.ts'
import type { InfrastructureError } from '../../src/roles/types.ts'
import { fakeEndpoint } from './helpers.ts'
import { temporaryFolders } from '../temporary-folders.ts'

const reply = { choices: [{ message: { role: 'assistant', content: 'hello' } }] }
const request = { model: 'model-a', messages: [{ role: 'user' as const, content: 'hi' }] }


const { make: folder } = temporaryFolders('toolcheck-call-model-')

describe('callModel around one endpoint', () => {
  test('a Retry-After beyond the cap gives up at once, and the message counts the attempts made', async () => {
    const endpoint = fakeEndpoint('http://call-model-retry-after', async () => {
      throw new EndpointFailure('rate-limit', 'HTTP 429: slow down', { status: 429, retryAfterMs: 120_000 })
    })
    const error = (await callModel(endpoint, request, { trial: 0 }).catch((thrown: unknown) => thrown)) as InfrastructureError
    expect(endpoint.attempts()).toBe(1)
    expect(error.kind).toBe('rate-limit')
    expect(error.message).toContain('failed after 1 attempt:')
  })

  test('an endpoint that ignores the abort signal still ends in a timeout, and gives its place back', async () => {
    const endpoint = fakeEndpoint('http://call-model-deaf', () => new Promise(() => {}))
    const error = (await callModel(endpoint, request, { trial: 0, limits: { retries: 1, timeoutMs: 30, backoffBaseMs: 1, backoffMaxMs: 2 } }).catch(
      (thrown: unknown) => thrown,
    )) as InfrastructureError
    expect(error.kind).toBe('timeout')
    expect(endpoint.attempts()).toBe(2)
    expect(endpointSemaphore('http://call-model-deaf', 8).active).toBe(0)
  })

  test('a run cancelled during a deaf attempt ends as aborted at once', async () => {
    const endpoint = fakeEndpoint('http://call-model-deaf-abort', () => new Promise(() => {}))
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('test over')), 20)
    const error = (await callModel(endpoint, request, { trial: 0, signal: controller.signal, limits: { timeoutMs: 60_000 } }).catch(
      (thrown: unknown) => thrown,
    )) as InfrastructureError
    expect(error.kind).toBe('aborted')
    expect(endpointSemaphore('http://call-model-deaf-abort', 8).active).toBe(0)
  })

  test('a cassette that cannot be written (a file where its folder should be) is a cache error, and the model is not asked again', async () => {
    const directory = await folder()
    await writeFile(join(directory, 'a-file'), 'not a directory')
    const cache = new ModelCache({ directory: join(directory, 'a-file', 'cassettes'), mode: 'record' })
    const endpoint = fakeEndpoint('http://call-model-cache-write', async () => reply)
    const error = (await callModel(endpoint, request, { trial: 0, cache, limits: { backoffBaseMs: 1, backoffMaxMs: 2 } }).catch(
      (thrown: unknown) => thrown,
    )) as InfrastructureError
    expect(endpoint.attempts()).toBe(1)
    expect(error.kind).toBe('cache-directory')
    expect(error.message).toContain('a-file')
  })

  test('a concurrency limit must be a whole number of at least 1, even for an endpoint already in use', async () => {
    expect(() => resolveLimits({ concurrency: 0 })).toThrow(/limits.concurrency/)
    expect(() => resolveLimits({ concurrency: 1.5 })).toThrow(/limits.concurrency/)
    expect(() => resolveLimits({ retries: 0.5 })).toThrow(/limits.retries/)
    const endpoint = fakeEndpoint('http://call-model-zero', async () => reply)
    await callModel(endpoint, request, { trial: 0 })
    await expect(callModel(endpoint, request, { trial: 0, limits: { concurrency: 0 } })).rejects.toThrow(/limits.concurrency/)
    await expect(callModel(endpoint, request, { trial: 0 })).resolves.toMatchObject({ cached: false })
  })
})
