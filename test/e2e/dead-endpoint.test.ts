import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import { runEval } from '../../src/cli/eval.ts'
import type { MockReply, MockServer } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import type { Report } from '../../src/reporter/report.ts'
import { reportDirectory } from './run-fixture.ts'

/**
 * Runs `toolcheck eval` with an openai agent at a mock server that answers every request with
 * `fault`, with these extra environment variables; restores the environment afterwards.
 */
async function evalAgainst(fault: MockReply, name: string, args: string[], env: Record<string, string> = {}) {
  const server: MockServer = await startMockServer({ respond: () => fault })
  const variables = { TOOLCHECK_AGENT: 'openai:unreachable', OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test-dead-endpoint', TOOLCHECK_CACHE: 'off', ...env }
  const saved = Object.fromEntries(Object.keys(variables).map((variable) => [variable, process.env[variable]]))
  Object.assign(process.env, variables)
  const output = { stdout: '', stderr: '' }
  try {
    const directory = reportDirectory(name)
    const code = await runEval([...args, '--report-dir', directory], { stdout: (text) => void (output.stdout += text), stderr: (text) => void (output.stderr += text) })
    const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
    return { code, output, report, requests: server.chatRequestCount, server }
  } finally {
    for (const [variable, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[variable]
      else process.env[variable] = value
    }
    await server.close()
  }
}

/** How many runs ended with each error kind. */
function kinds(report: Report): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const run of report.runs) if (run.error !== undefined) counts[run.error.kind] = (counts[run.error.kind] ?? 0) + 1
  return counts
}

describe('toolcheck eval at an endpoint that does not work', () => {
  test('a server that always answers 500: the first calls use up their retries, the breaker cuts the rest short, exit 3', async () => {
    // One retry, so the first calls give up within a second (the benchmark runs the defaults).
    const { code, output, report, requests, server } = await evalAgainst({ fault: 'server-error' }, 'dead-endpoint', ['--variants', 'plain'], { TOOLCHECK_RETRIES: '1' })
    expect(code).toBe(3)
    expect(report.runs.length).toBeGreaterThan(200)
    expect(report.runs.every((run) => run.status === 'error' && run.score === null)).toBe(true)
    const counts = kinds(report)
    expect(Object.keys(counts).sort()).toEqual(['circuit-open', 'server-error'])
    expect(report.summary.cutShort.runs).toBe(counts['circuit-open'])
    // Every run cut short by one breaker shares its reason, which names the server and the real failure.
    expect(report.summary.cutShort.reasons).toEqual([expect.stringMatching(new RegExp(`^${server.url} is failing: \\d+ calls in a row to it failed \\(the first with server-error: HTTP 500: `))])
    // Only the calls before the breaker opened reached the server (2 attempts each), not one per run.
    expect(requests).toBeLessThan(report.runs.length)
    expect(output.stdout.match(/runs cut short by an open circuit breaker/g)).toHaveLength(1)
    expect(output.stdout).toContain(`${report.summary.cutShort.runs} runs cut short by an open circuit breaker, without reaching the endpoint:\n  ${report.summary.cutShort.reasons[0]}`)
    expect(output.stderr).toContain(`toolcheck eval: ${report.runs.length} of ${report.runs.length} runs ended in infrastructure errors`)
  })

  test('a server that never answers: each call times out per attempt and is retried as a timeout, then the breaker opens', async () => {
    const { code, report } = await evalAgainst({ fault: 'hang' }, 'hanging-endpoint', ['--variants', 'plain', '--filter', 'SINGLE_TOOL_CALL'], {
      TOOLCHECK_RETRIES: '2',
      TOOLCHECK_TIMEOUT_MS: '200',
      TOOLCHECK_BREAKER_FAILURES: '2',
    })
    expect(code).toBe(3)
    const counts = kinds(report)
    expect(Object.keys(counts).sort()).toEqual(['circuit-open', 'timeout'])
    const timedOut = report.runs.find((run) => run.error?.kind === 'timeout')
    expect(timedOut?.error?.message).toMatch(/failed after 3 attempts: no complete reply within 200 ms$/)
    expect(report.summary.cutShort.reasons).toEqual([expect.stringContaining('2 calls in a row to it failed (the first with timeout: no complete reply within 200 ms)')])
  })
})
