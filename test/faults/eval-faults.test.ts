import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { runEval } from '../../src/cli/eval.ts'
import type { MockReply } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import type { Report } from '../../src/reporter/report.ts'
import { temporaryFolders } from '../temporary-folders.ts'

/**
 * The fault suite through `toolcheck eval`, end to end: what the reliability probe found
 * there (a reply that crashed the eval and stuck in the cache, a server's escape sequences on the
 * terminal) now ends as infrastructure errors with exit code 3, a whole report, and no cassette.
 */

const { make: folder } = temporaryFolders('toolcheck-eval-faults-')

/** `toolcheck eval` of the plain scenarios matching `filter` with an openai agent at a mock server answering every request with `reply`. */
async function evalAgainst(reply: MockReply, env: Record<string, string> = {}, filter = 'turn-on-wifi') {
  const server = await startMockServer({ respond: () => reply })
  const directory = await folder()
  const variables = {
    TOOLCHECK_AGENT: 'openai:hostile-model',
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_API_KEY: 'sk-test-eval-faults',
    TOOLCHECK_CACHE: 'auto',
    TOOLCHECK_CACHE_DIR: join(directory, 'cache'),
    TOOLCHECK_RETRIES: '0',
    ...env,
  }
  const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]))
  Object.assign(process.env, variables)
  const output = { stdout: '', stderr: '' }
  try {
    const run = () => runEval(['--filter', filter, '--variants', 'plain', '--report-dir', join(directory, 'report')], { stdout: (text) => void (output.stdout += text), stderr: (text) => void (output.stderr += text) })
    const code = await run()
    const report = JSON.parse(await readFile(join(directory, 'report', 'report.json'), 'utf8')) as Report
    const cassettes = await readdir(join(directory, 'cache')).catch(() => [])
    const requests = server.chatRequestCount
    // The same command again, as a user would rerun it.
    const again = await run()
    return { code, again, output, report, cassettes, requests, rerunRequests: server.chatRequestCount - requests }
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    await server.close()
  }
}

describe('faults through toolcheck eval', () => {
  test('arguments nested 3,000 levels deep, in auto cache mode', async () => {
    const { code, again, report, cassettes, requests, rerunRequests } = await evalAgainst({ fault: 'nested-arguments', name: 'set_wifi_status', depth: 3000 })
    expect(code).toBe(3)
    expect(report.runs.length).toBeGreaterThan(1)
    const kinds = new Set(report.runs.map((run) => run.error?.kind))
    expect(kinds.has('malformed-reply')).toBe(true)
    expect([...kinds].every((kind) => kind === 'malformed-reply' || kind === 'circuit-open')).toBe(true)
    expect(report.problems).toEqual([])
    // Nothing recorded: the rerun asks the server again, and ends the same way rather than crashing.
    expect(cassettes).toEqual([])
    expect(requests).toBeGreaterThan(0)
    expect(rerunRequests).toBeGreaterThan(0)
    expect(again).toBe(3)
  })

  test('escape sequences and credentials in a server error, on the terminal', async () => {
    const { code, output, report } = await evalAgainst({ fault: 'server-error', message: 'overloaded\u001b[2J\u001b]0;owned\u0007 see http://ops:hunter2-secret@10.1.2.3/status' }, { TOOLCHECK_BREAKER_FAILURES: '1' }, 'wifi')
    expect(code).toBe(3)
    const text = [output.stdout, output.stderr, JSON.stringify(report)].join('\n')
    expect(text).not.toMatch(/[\u0007\u001b]/)
    expect(text).not.toContain('hunter2')
    expect(report.runs[0]?.error?.message).toContain('overloaded\\u001b[2J\\u001b]0;owned\\u0007 see http://[redacted]@10.1.2.3/status')
    // The summary names the failure that opened the breaker, made safe like every other message.
    expect(output.stdout).toContain('runs cut short by an open circuit breaker')
    expect(output.stdout).toContain('http://[redacted]@10.1.2.3/status')
  })

  test('a server error whose text runs to megabytes', async () => {
    const { code, report } = await evalAgainst({ fault: 'server-error', message: `overloaded ${'x'.repeat(2_000_000)}` }, { TOOLCHECK_BREAKER_FAILURES: '1' }, 'wifi')
    expect(code).toBe(3)
    expect(report.runs.length).toBeGreaterThan(1)
    // Every run keeps a few KB of it, the circuit-open runs too, and says how long it was.
    expect(new Set(report.runs.map((run) => run.error?.kind))).toEqual(new Set(['server-error', 'circuit-open']))
    for (const run of report.runs) {
      expect(run.error?.message.length).toBeLessThan(5_000)
      expect(run.error?.message).toMatch(/characters in all\]/)
    }
  })
})
