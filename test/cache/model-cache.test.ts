import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { CacheKeyParts } from '../../src/cache/index.ts'
import { cacheFromEnv, cacheKey, CorruptCassetteError, endpointAddress, ModelCache, parseCacheMode } from '../../src/cache/index.ts'
import { InfrastructureError } from '../../src/roles/types.ts'

let directory = ''
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolcheck-cache-'))
})
afterEach(async () => {
  await rm(directory, { recursive: true, force: true })
})

const parts: CacheKeyParts = {
  endpoint: 'openai http://127.0.0.1:1/v1',
  model: 'm',
  messages: [{ role: 'user', content: 'hi' }],
  tools: [],
  options: { temperature: 0 },
  trial: 0,
}

describe('cache keys', () => {
  test('equal parts give equal keys, whatever the key order', () => {
    expect(cacheKey(parts)).toMatch(/^[0-9a-f]{64}$/)
    expect(cacheKey({ ...parts, options: { temperature: 0 } })).toBe(cacheKey(parts))
    expect(cacheKey({ ...parts, messages: [{ content: 'hi', role: 'user' }] })).toBe(cacheKey(parts))
  })

  test('every part changes the key', () => {
    const variants: CacheKeyParts[] = [
      { ...parts, endpoint: 'openai http://127.0.0.1:2/v1' },
      { ...parts, model: 'n' },
      { ...parts, messages: [{ role: 'user', content: 'hi!' }] },
      { ...parts, tools: [{ name: 't' }] },
      { ...parts, options: { temperature: 1 } },
      { ...parts, options: { temperature: 0, tool_choice: 'required' } },
      { ...parts, trial: 1 },
    ]
    const keys = new Set([cacheKey(parts), ...variants.map(cacheKey)])
    expect(keys.size).toBe(variants.length + 1)
  })

  test('endpoint addresses lose credentials', () => {
    expect(endpointAddress('https://user:pa55@example.com/v1/?api-key=sk-1&api-version=2024')).toBe('https://example.com/v1/?api-version=2024')
    expect(endpointAddress('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080')
    expect(endpointAddress('hf-provider:auto')).toBe('hf-provider:auto')
  })
})

describe('ModelCache', () => {
  test('auto records on a miss and replays on a hit', async () => {
    const cache = new ModelCache({ directory, mode: 'auto' })
    expect(await cache.lookup(parts)).toBeUndefined()
    await cache.store(parts, { choices: [] })
    expect(await cache.lookup(parts)).toEqual({ choices: [] })
    const files = await readdir(directory)
    expect(files).toEqual([`${cacheKey(parts)}.json`])
  })

  test('replay: a miss names the key and the file it looked for', async () => {
    const cache = new ModelCache({ directory, mode: 'replay' })
    const error = await cache.lookup(parts).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InfrastructureError)
    expect((error as InfrastructureError).kind).toBe('cache-miss')
    expect((error as Error).message).toContain(cacheKey(parts))
    expect((error as Error).message).toContain(cache.fileFor(cacheKey(parts)))
    await cache.store(parts, { choices: [] })
    expect(await readdir(directory)).toEqual([])
  })

  test('record always misses and overwrites; off neither reads nor writes', async () => {
    await new ModelCache({ directory, mode: 'auto' }).store(parts, { version: 1 })
    const recording = new ModelCache({ directory, mode: 'record' })
    expect(await recording.lookup(parts)).toBeUndefined()
    await recording.store(parts, { version: 2 })
    expect(await new ModelCache({ directory }).lookup(parts)).toEqual({ version: 2 })
    const off = new ModelCache({ directory, mode: 'off' })
    expect(await off.lookup(parts)).toBeUndefined()
  })

  test('a corrupted cassette gives an error naming the file', async () => {
    const cache = new ModelCache({ directory })
    const file = cache.fileFor(cacheKey(parts))
    await writeFile(file, '{"format": "toolcheck-cassette/1", "key": ')
    const error = await cache.lookup(parts).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(CorruptCassetteError)
    expect((error as CorruptCassetteError).file).toBe(file)
    expect((error as Error).message).toContain(file)
    expect((error as Error).message).toContain('not valid JSON')
    await writeFile(file, JSON.stringify({ format: 'toolcheck-cassette/1', key: 'other', reply: {} }))
    expect(((await cache.lookup(parts).catch((caught: unknown) => caught)) as Error).message).toContain('recorded under key other')
    await writeFile(file, '[1, 2]')
    expect(((await cache.lookup(parts).catch((caught: unknown) => caught)) as Error).message).toContain('not a JSON object')
  })

  test('concurrent writers in one process leave whole cassettes and no temporary files', async () => {
    const cache = new ModelCache({ directory, mode: 'record' })
    await Promise.all(Array.from({ length: 40 }, (_, index) => cache.store(parts, { index, padding: 'y'.repeat(50_000) })))
    const files = await readdir(directory)
    expect(files).toEqual([`${cacheKey(parts)}.json`])
    expect(await new ModelCache({ directory }).lookup(parts)).toMatchObject({ padding: 'y'.repeat(50_000) })
  })

  test('several worker threads writing the same keys at once leave whole cassettes', async () => {
    const workers = 4
    const keys = 8
    const reader = new ModelCache({ directory, mode: 'replay' })
    // Readers run while the writers write: each read sees no file or a whole one, never a part.
    let reads = 0
    let stopReading = false
    const reading = (async () => {
      while (!stopReading) {
        for (let key = 0; key < keys; key++) {
          const keyParts = { endpoint: 'test', model: 'm', messages: [{ key }], tools: [], options: {}, trial: 0 }
          await reader.read(cacheKey(keyParts))
          reads++
        }
        await new Promise((resolvePromise) => setTimeout(resolvePromise, 1))
      }
    })()
    await Promise.all(
      Array.from(
        { length: workers },
        (_, worker) =>
          new Promise<void>((resolvePromise, rejectPromise) => {
            const thread = new Worker(new URL('./cache-writer-worker.ts', import.meta.url), { workerData: { directory, worker, keys, rounds: 10 } })
            thread.once('message', () => resolvePromise())
            thread.once('error', rejectPromise)
          }),
      ),
    )
    stopReading = true
    await reading
    expect(reads).toBeGreaterThan(0)
    const files = (await readdir(directory)).sort()
    expect(files).toHaveLength(keys)
    expect(files.every((file) => file.endsWith('.json') && !file.startsWith('.'))).toBe(true)
    for (let key = 0; key < keys; key++) {
      const reply = (await reader.lookup({ endpoint: 'test', model: 'm', messages: [{ key }], tools: [], options: {}, trial: 0 })) as { worker: number; padding: string }
      expect(reply.padding).toHaveLength(20_000 + reply.worker * 100)
    }
  })
})

describe('configuration', () => {
  test('TOOLCHECK_CACHE chooses the mode; auto by default; a wrong value says what is allowed', () => {
    expect(parseCacheMode(undefined)).toBe('auto')
    expect(parseCacheMode('REPLAY')).toBe('replay')
    expect(() => parseCacheMode('replay-only')).toThrow(/TOOLCHECK_CACHE is "replay-only".*record, replay, auto, off/)
  })

  test('cacheFromEnv reads TOOLCHECK_CACHE and TOOLCHECK_CACHE_DIR', async () => {
    expect(cacheFromEnv({ TOOLCHECK_CACHE: 'off' })).toBeUndefined()
    const cache = cacheFromEnv({ TOOLCHECK_CACHE: 'replay', TOOLCHECK_CACHE_DIR: directory })
    expect(cache?.mode).toBe('replay')
    expect(cache?.directory).toBe(directory)
    expect(cacheFromEnv({})?.directory).toMatch(/\.toolcheck-cache$/)
  })
})
