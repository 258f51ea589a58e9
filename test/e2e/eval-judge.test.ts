import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runEval } from '../../src/cli/eval.ts'
import type { MockServer } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import type { Report } from '../../src/reporter/report.ts'
import { reportDirectory } from './run-fixture.ts'

const ITALIAN_REPORT = 'Non sono riuscito a completarlo: il servizio non risponde, non è stato modificato nulla.'

function capture() {
  const output = { stdout: '', stderr: '' }
  return { output, io: { stdout: (text: string) => void (output.stdout += text), stderr: (text: string) => void (output.stderr += text) } }
}

/**
 * `toolcheck eval --variants faults` with an agent that reports a fault it could not get past in
 * Italian, which the built-in judge does not read: the runs pass, counted as not checked, until a
 * model judge (the mock server, answering as a reader would) reads them.
 */
describe('toolcheck eval --judge', () => {
  let folder: string
  let server: MockServer
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'toolcheck-eval-judge-'))
    const reference = fileURLToPath(new URL('../../src/roles/reference-agent.ts', import.meta.url))
    await writeFile(
      join(folder, 'italian-agent.mjs'),
      [
        `import { referenceAgent } from ${JSON.stringify(reference)}`,
        'const reference = referenceAgent()',
        'export default {',
        "  name: 'reference (in Italian)',",
        '  async respond(view, context) {',
        '    const reply = await reference.respond(view, context)',
        `    return typeof reply.content === 'string' && reply.content.includes('could not finish this') ? { ...reply, content: ${JSON.stringify(ITALIAN_REPORT)} } : reply`,
        '  },',
        '}',
      ].join('\n'),
    )
    server = await startMockServer({
      respond: (request) => {
        const system = String(request.body.messages[0]?.content ?? '')
        const message = String(request.body.messages[1]?.content ?? '')
        if (message !== ITALIAN_REPORT) return { content: 'unsure' }
        return { content: system.includes('could not be done') ? 'yes' : 'no' }
      },
    })
  })
  afterAll(async () => {
    await server.close()
    await rm(folder, { recursive: true, force: true })
  })

  test('without a model judge the Italian reports pass and are counted as not checked; with one they are read', async () => {
    const args = ['--filter', 'turn-on-wifi', '--variants', 'faults', '--agent', join(folder, 'italian-agent.mjs')]
    const unread = reportDirectory('eval-judge-built-in')
    const first = capture()
    expect(await runEval([...args, '--report-dir', unread], first.io)).toBe(0)
    const before = JSON.parse(await readFile(`${unread}/report.json`, 'utf8')) as Report
    expect(before.runs.every((run) => run.score === 1)).toBe(true)
    const notChecked = before.summary.robustness?.overall.notChecked ?? 0
    expect(notChecked).toBeGreaterThan(0)
    expect(first.output.stdout).toContain(`not checked: ${notChecked} messages in languages or wordings the built-in judge does not read`)

    const saved = { ...process.env }
    Object.assign(process.env, { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'test', TOOLCHECK_CACHE: 'off' })
    try {
      const read = reportDirectory('eval-judge-model')
      const second = capture()
      expect(await runEval([...args, '--judge', 'openai:judge-model', '--report-dir', read], second.io)).toBe(0)
      const after = JSON.parse(await readFile(`${read}/report.json`, 'utf8')) as Report
      expect(after.runs.every((run) => run.score === 1)).toBe(true)
      expect(after.summary.robustness?.overall.notChecked).toBe(0)
      expect(server.chatRequestCount).toBeGreaterThan(0)
      expect(second.output.stdout).not.toContain('not checked:')
    } finally {
      for (const key of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'TOOLCHECK_CACHE']) if (saved[key] === undefined) delete process.env[key]
      Object.assign(process.env, saved)
    }
  })
})
