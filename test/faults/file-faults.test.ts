import { spawn, spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { startVitest } from 'vitest/node'
import { describe, expect, test } from 'vitest'
import { runEval } from '../../src/cli/eval.ts'
import { cacheKey, ModelCache } from '../../src/cache/index.ts'
import { environmentProblems } from '../../src/roles/endpoint/environment-problems.ts'
import { craftedJson } from '../cli/crafted-files.ts'
import { fileBreakerStore } from '../../src/roles/endpoint/file-breaker-store.ts'
import { buildReport } from '../../src/reporter/build-report.ts'
import type { Report } from '../../src/reporter/report.ts'
import { writeReport } from '../../src/reporter/write-report.ts'
import { toolcheck } from '../../src/vitest/plugin.ts'
import { ToolcheckOptionsError } from '../../src/vitest/toolcheck-options-error.ts'
import { temporaryFolders } from '../temporary-folders.ts'

/**
 * The fault suite, files and settings: what a killed run leaves behind, a cache folder that is
 * not one, settings in the environment that cannot be read, and credentials in a URL, from the
 * reports to the terminal.
 */

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url))
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url))
const { make: folder, removeLater } = temporaryFolders('toolcheck-file-faults-')
// Vite leaves its caches under the fixtures' root.
removeLater(join(FIXTURES, 'node_modules'))

/** The id of a process that has run and exited: what a killed writer leaves in its file names. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
  return Number(child.stdout)
}

/** Runs `toolcheck eval` in this process with these variables set (and restored after). */
async function evalWith(env: Record<string, string>, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]))
  Object.assign(process.env, env)
  const output = { stdout: '', stderr: '' }
  try {
    const code = await runEval(args, { stdout: (text) => void (output.stdout += text), stderr: (text) => void (output.stderr += text) })
    return { code, ...output }
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

const parts = { endpoint: 'http://file-faults', model: 'm', messages: [], tools: [], options: {}, trial: 0 }
const reply = { choices: [{ message: { content: 'hi' } }] }

describe('file faults', () => {
  test('cache folder that is a file', async () => {
    const directory = join(await folder(), 'cache')
    await writeFile(directory, 'not a folder')
    const cache = new ModelCache({ directory, mode: 'auto' })
    for (const attempt of [cache.lookup(parts), cache.store(parts, reply)]) {
      const error = (await attempt.then(() => undefined, (thrown: unknown) => thrown)) as Error & { kind: string }
      expect(error.kind).toBe('cache-directory')
      expect(error.message).toBe(`the cache folder ${directory} cannot be used: a file is in its place; remove the file, or point TOOLCHECK_CACHE_DIR (or the cache's directory) to a folder`)
    }
    // Told before anything runs, by eval and by the plugin.
    expect(environmentProblems({ TOOLCHECK_CACHE_DIR: directory })).toEqual([`TOOLCHECK_CACHE_DIR is ${JSON.stringify(directory)}, which is a file, not a folder; remove it or point the variable elsewhere`])
    const { code, stderr } = await evalWith({ TOOLCHECK_CACHE_DIR: directory })
    expect(code).toBe(2)
    expect(stderr).toContain('toolcheck eval: TOOLCHECK_CACHE_DIR is')
  })

  test('cassette that is not JSON', async () => {
    const cache = new ModelCache({ directory: await folder(), mode: 'replay' })
    await writeFile(cache.fileFor(cacheKey(parts)), '{"format": "toolcheck-cassette/1", "key":')
    const error = (await cache.lookup(parts).then(() => undefined, (thrown: unknown) => thrown)) as Error & { kind: string }
    expect(error.kind).toBe('cache-corrupt')
    expect(error.message).toContain(`the cassette ${cache.fileFor(cacheKey(parts))} is unusable (it is not valid JSON`)
  })

  test('crafted cassettes', async () => {
    const directory = await folder()
    const writer = new ModelCache({ directory, mode: 'record' })
    await writer.store(parts, reply)
    const file = writer.fileFor(cacheKey(parts))
    const recorded = JSON.parse(await readFile(file, 'utf8')) as Record<string, never>
    const crafted = craftedJson(recorded, [['format'], ['key'], ['reply'], ['request']])
    expect(crafted.length).toBeGreaterThan(40)
    const cache = new ModelCache({ directory, mode: 'replay' })
    for (const { name, text } of crafted) {
      await writeFile(file, text)
      const outcome = await cache.lookup(parts).then(
        (found) => ({ found }),
        (thrown: unknown) => ({ thrown: thrown as Error & { kind?: string } }),
      )
      // Read as a reply (the reply's own faults are the chat reader's: malformed-reply), or named unusable.
      if ('thrown' in outcome) {
        expect(outcome.thrown.kind, `${name}: ${String(outcome.thrown)}`).toBe('cache-corrupt')
        expect(outcome.thrown.message, name).toContain(`the cassette ${file} is unusable`)
      } else expect(outcome.found, name).not.toBeUndefined()
    }
  })

  test('temporary cassette left by a killed writer', async () => {
    const directory = await folder()
    const key = cacheKey(parts)
    const dead = `.${key}.${deadPid()}-0-0.tmp`
    // Another process's write in progress (this one stands in for it) is left alone.
    const live = `.${key}.${process.pid}-7-0.tmp`
    await writeFile(join(directory, dead), '{"half": ')
    await writeFile(join(directory, live), '{"half": ')
    await new ModelCache({ directory, mode: 'auto' }).store(parts, reply)
    expect((await readdir(directory)).sort()).toEqual([live, `${key}.json`].sort())
  })

  test('temporary report files left by a killed writer', async () => {
    const directory = await folder()
    const pid = deadPid()
    await writeFile(join(directory, `report.json.${pid}.tmp`), '{"half": ')
    await writeFile(join(directory, `index.html.${pid}.tmp`), '<html>')
    await writeFile(join(directory, `runs.jsonl.${pid}.tmp`), '{"format":')
    await writeReport(buildReport([]), directory)
    expect((await readdir(directory)).sort()).toEqual(['index.html', 'report.json', 'runs.jsonl'])
  })

  test('temporary breaker files left by a killed writer', async () => {
    const directory = await folder()
    const dead = `0123abcd.json.${deadPid()}-0-1.tmp`
    await writeFile(join(directory, dead), '{')
    fileBreakerStore(directory).update('http://file-faults-breaker', () => ({ failures: 1 }))
    expect((await readdir(directory)).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  test('crafted breaker state files', async () => {
    const directory = await folder()
    const store = fileBreakerStore(directory)
    const address = 'http://file-faults-crafted'
    store.update(address, () => ({ failures: 1 }))
    const [state = ''] = await readdir(directory)
    const crafted = ['null', '[]', '7', '"x"', '{"address":7}', `{"address":"${address}","failures":"lots"}`, `{"address":"${address}","failures":1e999}`, `{"address":"${address}","failures":-1}`, `{"address":"${address}","failures":1,"openUntil":"soon"}`, `{"address":"${address}","failures":1,"firstFailure":{}}`, `{"address":"${address}","__proto__":{"failures":3}}`]
    for (const text of crafted) {
      await writeFile(join(directory, state), text)
      expect(store.read(address), text).toBeUndefined()
      // The next failure starts the count again rather than adding to what the file held.
      store.update(address, (current) => ({ failures: (current?.failures ?? 0) + 1 }))
      expect(store.read(address), text).toEqual({ failures: 1 })
    }
    await writeFile(join(directory, state), JSON.stringify({ address, failures: 2, firstFailure: 'HTTP 500 \u001b[2Jgone' }))
    expect(store.read(address)).toEqual({ failures: 2, firstFailure: 'HTTP 500 \\u001b[2Jgone' })
  })

  test('a breaker lock left by a killed writer, or held far too long: the count goes ahead and the lock is gone', async () => {
    const directory = await folder()
    const store = fileBreakerStore(directory)
    store.update('http://file-faults-lock', () => ({ failures: 1 }))
    const [state] = await readdir(directory)
    // A writer killed between taking the lock and letting it go.
    await writeFile(join(directory, `${state}.lock`), String(deadPid()))
    store.update('http://file-faults-lock', (current) => ({ failures: (current?.failures ?? 0) + 1 }))
    // One whose process runs (ours) but that has been held for minutes: a worker thread stopped mid-update.
    await writeFile(join(directory, `${state}.lock`), String(process.pid))
    const minutesAgo = new Date(Date.now() - 5 * 60_000)
    await utimes(join(directory, `${state}.lock`), minutesAgo, minutesAgo)
    store.update('http://file-faults-lock', (current) => ({ failures: (current?.failures ?? 0) + 1 }))
    expect(store.read('http://file-faults-lock')).toEqual({ failures: 3 })
    expect(await readdir(directory)).toEqual([state])
  })

  test('a breaker lock held by a live writer that does not let go: the count goes ahead without it, and the lock is left to its holder', async () => {
    const directory = await folder()
    const store = fileBreakerStore(directory)
    store.update('http://file-faults-held', () => ({ failures: 1 }))
    const [state] = await readdir(directory)
    await writeFile(join(directory, `${state}.lock`), String(process.pid))
    store.update('http://file-faults-held', (current) => ({ failures: (current?.failures ?? 0) + 1 }))
    expect(store.read('http://file-faults-held')).toEqual({ failures: 2 })
    expect((await readdir(directory)).sort()).toEqual([state, `${state}.lock`])
  })

  test('breaker folder left by a killed vitest', async () => {
    const dead = join(tmpdir(), `toolcheck-breakers-${deadPid()}-${randomUUID()}`)
    const live = join(tmpdir(), `toolcheck-breakers-${process.pid}-${randomUUID()}`)
    removeLater(dead, live)
    for (const path of [dead, live]) {
      await mkdir(path)
      await writeFile(join(path, 'state.json'), '{}')
    }
    toolcheck({})
    expect(existsSync(dead)).toBe(false)
    expect(existsSync(live)).toBe(true)
  })

  test('breaker folder left by a killed eval', async () => {
    const dead = join(tmpdir(), `toolcheck-breakers-${deadPid()}-${randomUUID()}`)
    removeLater(dead)
    await mkdir(dead)
    await writeFile(join(dead, 'state.json'), '{}')
    const ours = async () => (await readdir(tmpdir())).filter((name) => name.startsWith(`toolcheck-breakers-${process.pid}-`))
    const before = await ours()
    const { code } = await evalWith({}, ['--filter', 'turn-on-wifi', '--variants', 'plain', '--report-dir', join(await folder(), 'report')])
    expect(code).toBe(0)
    // The dead evaluation's folder is gone, and this one removed its own.
    expect(existsSync(dead)).toBe(false)
    expect(await ours()).toEqual(before)
  })
})

describe('settings faults', () => {
  test.for([
    ['TOOLCHECK_TIMEOUT_MS', 'soon', 'TOOLCHECK_TIMEOUT_MS is "soon", which is not a valid timeoutMs: limits.timeoutMs must be a non-negative number, got NaN'],
    ['TOOLCHECK_RETRIES', '-1', 'TOOLCHECK_RETRIES is "-1", which is not a valid retries: limits.retries must be a non-negative number, got -1'],
    ['TOOLCHECK_BREAKER_FAILURES', '2.5', 'TOOLCHECK_BREAKER_FAILURES is "2.5", which is not a valid breakerFailures: limits.breakerFailures must be a whole number, got 2.5'],
    ['TOOLCHECK_BREAKER_COOLDOWN_MS', 'later', 'TOOLCHECK_BREAKER_COOLDOWN_MS is "later", which is not a valid breakerCoolDownMs'],
    ['TOOLCHECK_MAX_REPLY_BYTES', '0', 'TOOLCHECK_MAX_REPLY_BYTES is "0", which is not a valid maxReplyBytes: limits.maxReplyBytes must be a whole number of at least 1, got 0'],
    ['TOOLCHECK_MAX_REPLY_DEPTH', '5000', 'TOOLCHECK_MAX_REPLY_DEPTH is "5000", which is not a valid maxReplyDepth: limits.maxReplyDepth must be at most 1000, got 5000'],
    ['TOOLCHECK_CACHE', 'sometimes', 'TOOLCHECK_CACHE is "sometimes", which is not a cache mode; use one of: record, replay, auto, off'],
    ['OPENAI_BASE_URL', 'localhost:8000', 'OPENAI_BASE_URL is set, but not to an http or https URL (such as http://127.0.0.1:8000/v1)'],
    ['TOOLCHECK_PRICES', '/no/such/prices.json', 'TOOLCHECK_PRICES=/no/such/prices.json: the price file cannot be read as JSON (ENOENT)'],
    ['TOOLCHECK_PRICES', '/', 'TOOLCHECK_PRICES=/: the price file cannot be read as JSON (EISDIR)'],
  ] as const)('bad settings in the environment: %s', async ([variable, value, message]) => {
    expect(environmentProblems({ [variable]: value })).toEqual([expect.stringContaining(message)])
    const reportDir = join(await folder(), 'report')
    const { code, stdout, stderr } = await evalWith({ [variable]: value }, ['--report-dir', reportDir])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain(`toolcheck eval: ${message}`)
    // Refused before vitest started: nothing played, so nothing was written.
    expect(existsSync(reportDir)).toBe(false)
    expect(() => toolcheck({})).not.toThrow()
    const saved = process.env[variable]
    process.env[variable] = value
    try {
      expect(() => toolcheck({})).toThrow(ToolcheckOptionsError)
      expect(() => toolcheck({})).toThrow(message)
    } finally {
      if (saved === undefined) delete process.env[variable]
      else process.env[variable] = saved
    }
  })

  test('bad settings stop vitest with exit code 2 under the plugin', async () => {
    const child = spawn(process.execPath, [join(REPOSITORY, 'node_modules/vitest/vitest.mjs'), 'run', '--config', join(FIXTURES, 'settings.config.ts'), '--root', FIXTURES], {
      cwd: FIXTURES,
      // As from a shell: without the variables that mark this process as one of vitest's workers.
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'))), TOOLCHECK_RETRIES: 'many', TOOLCHECK_FIXTURE_REPORT_DIR: await folder() },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()))
    const code = await new Promise<number | null>((resolvePromise) => child.on('close', resolvePromise))
    expect(output).toContain('TOOLCHECK_RETRIES is "many", which is not a valid retries')
    expect(output).not.toContain('never runs when a setting is bad')
    expect(code).toBe(2)
  })

  test('OPENAI_BASE_URL with credentials', async () => {
    const { code, stderr } = await evalWith({ TOOLCHECK_AGENT: 'openai:m', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://admin:sk-in-the-url-0123456789abcdef@127.0.0.1:9/v1' })
    expect(code).toBe(2)
    expect(stderr).toBe(
      'toolcheck eval: OPENAI_BASE_URL is http://[redacted]@127.0.0.1:9/v1: it carries a user name or password, which fetch refuses to send (every call would fail); give the key in OPENAI_API_KEY instead\n',
    )
  })
})

describe('credentials in a URL given in code', () => {
  test('reach no report, no page, no terminal line and no cassette', async () => {
    const secret = 'sk-password-in-the-base-url-0123456789'
    const reportDir = await folder()
    const cacheDir = await folder()
    let output = ''
    const capture = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        output += chunk.toString()
        done()
      },
    })
    const saved = { url: process.env.TOOLCHECK_LEAKY_URL, cache: process.env.TOOLCHECK_CACHE_DIR, exitCode: process.exitCode }
    process.env.TOOLCHECK_LEAKY_URL = `http://admin:${secret}@127.0.0.1:9/v1`
    process.env.TOOLCHECK_CACHE_DIR = cacheDir
    try {
      const vitest = await startVitest(
        'test',
        [],
        { root: FIXTURES, config: false, include: ['leaky-url.check.ts'], watch: false, reporters: ['default'] },
        { plugins: [toolcheck({ reportDir, summary: true })] },
        { stdout: capture, stderr: capture },
      )
      await vitest?.close()
    } finally {
      process.env.TOOLCHECK_LEAKY_URL = saved.url
      if (saved.cache === undefined) delete process.env.TOOLCHECK_CACHE_DIR
      else process.env.TOOLCHECK_CACHE_DIR = saved.cache
      process.exitCode = saved.exitCode
    }
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as Report
    expect(report.runs.length).toBeGreaterThan(0)
    expect(report.runs.every((run) => run.status === 'error')).toBe(true)
    expect(report.runs[0]?.error?.message).toContain('http://[redacted]@127.0.0.1:9/v1')
    const html = await readFile(join(reportDir, 'index.html'), 'utf8')
    const cassettes = await readdir(cacheDir)
    for (const text of [JSON.stringify(report), html, output, ...cassettes]) {
      expect(text).not.toContain(secret)
      expect(text).not.toContain('admin:')
    }
    expect(output).toContain('[redacted]')
  })
})
