import { spawn } from 'node:child_process'
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { selectScenarios } from '../../scenarios/eval/select-scenarios.ts'
import { runEval } from '../../src/cli/eval.ts'
import { runMergeCommand } from '../../src/cli/merge-command.ts'
import type { Plan } from '../../src/cli/plan-command.ts'
import { runPlanCommand } from '../../src/cli/plan-command.ts'
import type { MockChatRequest } from '../../src/mock-server/index.ts'
import { scriptedModel, startMockServer } from '../../src/mock-server/index.ts'
import type { Report } from '../../src/reporter/report.ts'
import { readRunsFile } from '../../src/reporter/runs-file.ts'
import { reportDirectory } from './run-fixture.ts'

const FILTER = 'turn-on-wifi'
const SCENARIOS = selectScenarios(builtInScenarios(), FILTER)
const BIN = fileURLToPath(new URL('../../bin/toolcheck.js', import.meta.url))

const folders: string[] = []
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))))
async function folder(name: string): Promise<string> {
  const path = await mkdtemp(join(tmpdir(), `toolcheck-scale-${name}-`))
  folders.push(path)
  return path
}

function capture() {
  const output = { stdout: '', stderr: '' }
  return { output, io: { stdout: (text: string) => void (output.stdout += text), stderr: (text: string) => void (output.stderr += text) } }
}

/** Runs `work` with these environment variables set, restoring the old values after. */
async function withEnv<T>(variables: Readonly<Record<string, string>>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]))
  Object.assign(process.env, variables)
  try {
    return await work()
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

/**
 * A mock OpenAI server that plays the scenarios' reference solutions, counting requests, with
 * scenarios whose requests it refuses (a 400: an infrastructure error of the run) or holds
 * unanswered (a run under way), by their first message.
 */
async function modelServer() {
  const refused = new Set<string>()
  const held = new Set<string>()
  const script = scriptedModel(SCENARIOS)
  const opening = (request: MockChatRequest) => request.body.messages.find((message) => message.role === 'user')?.content
  const server = await startMockServer({
    respond: (request) => {
      const first = opening(request)
      const scenario = SCENARIOS.find((candidate) => candidate.firstMessage === first)?.id ?? ''
      if (refused.has(scenario)) return { status: 400, body: { error: { message: 'refused for the test' } } }
      if (held.has(scenario)) return new Promise(() => {})
      return script(request)
    },
  })
  return { server, refused, held, env: { TOOLCHECK_AGENT: 'openai:scripted', OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test-scale', TOOLCHECK_CACHE: 'off' } }
}

/** A report's text with its timings (latencies) set to 0, so two reports of the same runs compare byte for byte. */
async function withoutTimings(directory: string, file = 'report.json'): Promise<string> {
  return (await readFile(join(directory, file), 'utf8')).replace(/"latencyMs": [\d.e+-]+/g, '"latencyMs": 0')
}

const reportOf = async (directory: string) => JSON.parse(await readFile(join(directory, 'report.json'), 'utf8')) as Report

describe('toolcheck eval at scale', () => {
  test('--resume plays only the runs missing from the report or ended in infrastructure errors, writes the merged report, and a second resume makes no model call', async () => {
    const { server, refused, env } = await modelServer()
    try {
      await withEnv(env, async () => {
        const whole = await folder('whole')
        const args = ['--filter', FILTER, '--variants', 'plain']
        expect(await runEval([...args, '--report-dir', whole], capture().io)).toBe(0)
        const requestsOfAll = server.chatRequestCount
        const broken = SCENARIOS[1]?.id as string
        refused.add(broken)
        const directory = await folder('resumed')
        const first = capture()
        expect(await runEval([...args, '--report-dir', directory], first.io)).toBe(3)
        expect((await reportOf(directory)).runs.filter((run) => run.status === 'error').map((run) => run.scenario)).toEqual([broken])
        refused.clear()
        const before = server.chatRequestCount
        const resumed = capture()
        expect(await runEval([...args, '--report-dir', directory, '--resume', directory], resumed.io)).toBe(0)
        expect(resumed.output.stdout).toContain(`resumed ${directory}: ${SCENARIOS.length - 1} runs kept, 1 played`)
        // Only the broken run went to the model again: its share of the requests of the whole.
        const replayed = server.chatRequestCount - before
        expect(replayed).toBeGreaterThan(0)
        expect(replayed).toBeLessThan(requestsOfAll)
        expect(await withoutTimings(directory)).toBe(await withoutTimings(whole))
        const again = capture()
        const settled = server.chatRequestCount
        expect(await runEval([...args, '--report-dir', directory, '--resume', directory], again.io)).toBe(0)
        expect(again.output.stdout).toContain(`resumed ${directory}: ${SCENARIOS.length} runs kept, 0 played`)
        expect(server.chatRequestCount).toBe(settled)
        expect(await withoutTimings(directory)).toBe(await withoutTimings(whole))
      })
    } finally {
      await server.close()
    }
  })

  test('an interrupted eval leaves its finished runs in runs.partial.jsonl, and --resume plays the rest', async () => {
    const { server, held, env } = await modelServer()
    const hanging = SCENARIOS.slice(0, 2).map((scenario) => scenario.id)
    for (const id of hanging) held.add(id)
    const directory = await folder('interrupted')
    const partial = join(directory, 'runs.partial.jsonl')
    try {
      const child = spawn(process.execPath, [BIN, 'eval', '--filter', FILTER, '--variants', 'plain', '--report-dir', directory], { env: { ...process.env, ...env }, stdio: 'ignore' })
      const exited = new Promise((resolve) => child.once('exit', resolve))
      // Wait until every run but the held ones has its line, however long that takes here.
      const written = async () => (await readRunsFile(partial).catch(() => undefined))?.runs.length ?? 0
      while ((await written()) < SCENARIOS.length - hanging.length) await new Promise((resolve) => setTimeout(resolve, 50))
      child.kill('SIGKILL')
      await exited
      const left = await readRunsFile(partial)
      expect(left.runs.map((entry) => entry.run.scenario).sort()).toEqual(SCENARIOS.map((scenario) => scenario.id).filter((id) => !hanging.includes(id)).sort())
      held.clear()
      await withEnv(env, async () => {
        const resumed = capture()
        expect(await runEval(['--filter', FILTER, '--variants', 'plain', '--report-dir', directory, '--resume', directory], resumed.io)).toBe(0)
        expect(resumed.output.stdout).toContain(`${SCENARIOS.length - hanging.length} runs kept, ${hanging.length} played`)
      })
      const report = await reportOf(directory)
      expect(report.runs.map((run) => [run.scenario, run.verdict]).sort()).toEqual(SCENARIOS.map((scenario) => [scenario.id, 'passed']).sort())
      expect((await readRunsFile(join(directory, 'runs.jsonl'))).runs).toHaveLength(SCENARIOS.length)
    } finally {
      await server.close()
    }
  })

  test('a budget caps the model calls exactly: the runs it cuts are budget errors (exit 3), the summary says how far it went, and a resume with more budget finishes them', async () => {
    const { server, env } = await modelServer()
    try {
      await withEnv(env, async () => {
        const directory = await folder('budget')
        const capped = capture()
        expect(await runEval(['--filter', FILTER, '--variants', 'plain', '--report-dir', directory, '--max-model-calls', '3'], capped.io)).toBe(3)
        expect(server.chatRequestCount).toBe(3)
        const report = await reportOf(directory)
        const cut = report.runs.filter((run) => run.error?.kind === 'budget')
        expect(cut.length).toBeGreaterThan(0)
        expect(cut.every((run) => run.verdict === 'error' && run.score === null)).toBe(true)
        expect(report.budget).toMatchObject({ limits: { modelCalls: 3 }, spent: { modelCalls: 3 }, cutRuns: cut.length })
        expect(capped.output.stdout).toMatch(new RegExp(`^budget: 3 of 3 model calls, [\\d.k]+ tokens, \\$0\\.0000; it cut ${cut.length} runs? short \\(errors of kind budget\\)$`, 'm'))
        expect(capped.output.stderr).toContain('runs ended in infrastructure errors')
        const resumed = capture()
        expect(await runEval(['--filter', FILTER, '--variants', 'plain', '--report-dir', directory, '--resume', directory, '--max-model-calls', '100'], resumed.io)).toBe(0)
        expect((await reportOf(directory)).runs.every((run) => run.verdict === 'passed')).toBe(true)
      })
    } finally {
      await server.close()
    }
  })

  test('toolcheck plan counts the runs and the model calls in the cache and not, projects tokens from the earlier report, and calls no model', async () => {
    const { server, env } = await modelServer()
    const cache = await folder('plan-cache')
    const directory = await folder('plan-report')
    const plan = async (args: readonly string[] = []) => {
      const { output, io } = capture()
      expect(await runPlanCommand(['--filter', FILTER, '--variants', 'plain', '--report-dir', directory, '--json', ...args], io)).toBe(0)
      return JSON.parse(output.stdout) as Plan
    }
    try {
      await withEnv({ ...env, TOOLCHECK_CACHE: 'auto', TOOLCHECK_CACHE_DIR: cache }, async () => {
        const before = await plan()
        expect(before).toMatchObject({ runs: SCENARIOS.length, replayed: 0, needModel: SCENARIOS.length, cachedCalls: 0 })
        expect(before.projection).toBeUndefined()
        expect(server.chatRequestCount).toBe(0)
        expect(await runEval(['--filter', FILTER, '--variants', 'plain', '--report-dir', directory], capture().io)).toBe(0)
        const calls = server.chatRequestCount
        const recorded = await plan()
        expect(recorded).toMatchObject({ runs: SCENARIOS.length, replayed: SCENARIOS.length, needModel: 0, cachedCalls: calls })
        expect(server.chatRequestCount).toBe(calls)
        // A fresh cache: every call is to make again, as many as the report before made.
        await withEnv({ TOOLCHECK_CACHE_DIR: await folder('plan-empty-cache') }, async () => {
          const fresh = await plan(['--max-model-calls', String(calls - 1)])
          const usage = (await reportOf(directory)).summary.overall.usage
          expect(fresh.projection).toMatchObject({ calls, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens })
          expect(fresh.budget).toEqual({ limits: { modelCalls: calls - 1 }, fits: false })
          const { output, io } = capture()
          expect(await runPlanCommand(['--filter', FILTER, '--variants', 'plain', '--report-dir', directory], io)).toBe(0)
          expect(output.stdout).toContain(`model calls not in the cache: about ${calls} calls in the ${SCENARIOS.length} runs that reach one`)
          expect(output.stdout).toContain('no model was called.')
        })
        expect(server.chatRequestCount).toBe(calls)
      })
    } finally {
      await server.close()
    }
  })

  test('shards split the runs by their earlier durations, and toolcheck merge gives the report of the whole, byte for byte', async () => {
    const args = ['--filter', 'wifi', '--trials', '2']
    const whole = await folder('shards-whole')
    expect(await runEval([...args, '--report-dir', whole], capture().io)).toBe(0)
    const shards = [await folder('shard-1'), await folder('shard-2'), await folder('shard-3')]
    for (const [position, directory] of shards.entries()) expect(await runEval([...args, '--shard', `${position + 1}/3`, '--previous', whole, '--report-dir', directory], capture().io)).toBe(0)
    const runsOf = async (directory: string) => (await readRunsFile(join(directory, 'runs.jsonl'))).runs
    const parts = await Promise.all(shards.map(runsOf))
    const ids = parts.flatMap((runs) => runs.map((entry) => entry.run.id))
    const everything = await runsOf(whole)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.sort()).toEqual(everything.map((entry) => entry.run.id).sort())
    // Balanced by the earlier durations: no shard takes more than its share plus the longest run.
    const duration = new Map(everything.map((entry) => [`${entry.run.test} ${entry.run.trial}`, entry.durationMs ?? 0]))
    const loads = parts.map((runs) => runs.reduce((sum, entry) => sum + (duration.get(`${entry.run.test} ${entry.run.trial}`) ?? 0), 0))
    const total = loads.reduce((sum, load) => sum + load, 0)
    expect(Math.max(...loads)).toBeLessThanOrEqual(total / 3 + Math.max(...duration.values()) + 1e-9)
    const merged = await folder('merged')
    const merging = capture()
    expect(await runMergeCommand([...shards, '--report-dir', merged, '--min-pass-rate', '1'], merging.io)).toBe(0)
    expect(merging.output.stdout).toContain('toolcheck gates: all 1 passed')
    for (const file of ['report.json', 'index.html']) expect(await readFile(join(merged, file), 'utf8')).toBe(await readFile(join(whole, file), 'utf8'))
    // The same run twice, or a shard that did not finish, is not merged.
    const twice = capture()
    expect(await runMergeCommand([shards[0] as string, shards[0] as string, '--report-dir', await folder('twice')], twice.io)).toBe(2)
    expect(twice.output.stderr).toMatch(/the run [0-9a-f]{16} \(.*\) is in both .* merge joins reports of different runs/)
    const unfinished = await folder('unfinished')
    await copyFile(join(shards[0] as string, 'runs.jsonl'), join(unfinished, 'runs.partial.jsonl'))
    const cut = capture()
    expect(await runMergeCommand([unfinished, shards[1] as string, '--report-dir', await folder('cut')], cut.io)).toBe(2)
    expect(cut.output.stderr).toContain(`${unfinished}: its evaluation did not finish (only runs.partial.jsonl is there); finish it with toolcheck eval --resume ${unfinished}`)
  })
})
