import { spawn } from 'node:child_process'
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { selectScenarios } from '../../scenarios/eval/select-scenarios.ts'
import type { Plan } from '../../src/cli/plan-command.ts'
import type { MockChatRequest } from '../../src/mock-server/index.ts'
import { scriptedModel, startMockServer } from '../../src/mock-server/index.ts'
import type { Report } from '../../src/reporter/report.ts'
import { readRunsFile } from '../../src/reporter/runs-file.ts'

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

/** What a toolcheck process said and how it ended. */
interface Ran {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs the toolcheck command line as a user does, in a process of its own, with these variables set. */
function toolcheck(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** `toolcheck eval` in a process of its own; fails the test, with what it said, when it exits otherwise than `expected`. */
async function evaluate(args: readonly string[], env: Readonly<Record<string, string>>, expected = 0): Promise<Ran> {
  const ran = await toolcheck(['eval', ...args], env)
  expect(ran.code, `toolcheck eval ${args.join(' ')}\n${ran.stderr}`).toBe(expected)
  return ran
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
      const whole = await folder('whole')
      const args = ['--filter', FILTER, '--variants', 'plain']
      await evaluate([...args, '--report-dir', whole], env)
      const requestsOfAll = server.chatRequestCount
      const broken = SCENARIOS[1]?.id as string
      refused.add(broken)
      const directory = await folder('resumed')
      await evaluate([...args, '--report-dir', directory], env, 3)
      expect((await reportOf(directory)).runs.filter((run) => run.status === 'error').map((run) => run.scenario)).toEqual([broken])
      refused.clear()
      const before = server.chatRequestCount
      const resumed = await evaluate([...args, '--report-dir', directory, '--resume', directory], env)
      expect(resumed.stdout).toContain(`resumed ${directory}: ${SCENARIOS.length - 1} runs kept, 1 played`)
      // Only the broken run went to the model again: its share of the requests of the whole.
      const replayed = server.chatRequestCount - before
      expect(replayed).toBeGreaterThan(0)
      expect(replayed).toBeLessThan(requestsOfAll)
      expect(await withoutTimings(directory)).toBe(await withoutTimings(whole))
      const settled = server.chatRequestCount
      const again = await evaluate([...args, '--report-dir', directory, '--resume', directory], env)
      expect(again.stdout).toContain(`resumed ${directory}: ${SCENARIOS.length} runs kept, 0 played`)
      expect(server.chatRequestCount).toBe(settled)
      expect(await withoutTimings(directory)).toBe(await withoutTimings(whole))
    } finally {
      await server.close()
    }
  })

  test('an eval killed mid-run leaves its finished runs readable in runs.partial.jsonl; --resume plays only the rest, and a second resume calls no model', async () => {
    const { server, held, env } = await modelServer()
    const hanging = SCENARIOS.slice(0, 2).map((scenario) => scenario.id)
    for (const id of hanging) held.add(id)
    const directory = await folder('interrupted')
    const partial = join(directory, 'runs.partial.jsonl')
    const args = ['--filter', FILTER, '--variants', 'plain', '--report-dir', directory]
    try {
      const child = spawn(process.execPath, [BIN, 'eval', ...args], { env: { ...process.env, ...env }, stdio: 'ignore' })
      const exited = new Promise((resolve) => child.once('exit', resolve))
      // Wait until every run but the held ones has its line, however long that takes here.
      const written = async () => (await readRunsFile(partial).catch(() => undefined))?.runs.length ?? 0
      while ((await written()) < SCENARIOS.length - hanging.length) await new Promise((resolve) => setTimeout(resolve, 50))
      child.kill('SIGKILL')
      await exited
      const left = await readRunsFile(partial)
      expect(left.runs.map((entry) => entry.run.scenario).sort()).toEqual(SCENARIOS.map((scenario) => scenario.id).filter((id) => !hanging.includes(id)).sort())
      expect(left.runs.every((entry) => entry.run.verdict === 'passed')).toBe(true)
      held.clear()
      const before = server.chatRequestCount
      const resumed = await evaluate([...args, '--resume', directory], env)
      expect(resumed.stdout).toContain(`${SCENARIOS.length - hanging.length} runs kept, ${hanging.length} played`)
      expect(server.chatRequestCount).toBeGreaterThan(before)
      const report = await reportOf(directory)
      expect(report.runs.map((run) => [run.scenario, run.verdict]).sort()).toEqual(SCENARIOS.map((scenario) => [scenario.id, 'passed']).sort())
      expect((await readRunsFile(join(directory, 'runs.jsonl'))).runs).toHaveLength(SCENARIOS.length)
      const settled = server.chatRequestCount
      const again = await evaluate([...args, '--resume', directory], env)
      expect(again.stdout).toContain(`${SCENARIOS.length} runs kept, 0 played`)
      expect(server.chatRequestCount).toBe(settled)
    } finally {
      await server.close()
    }
  })

  test('--max-model-calls caps the model calls exactly: the runs it cuts are budget errors (exit 3), the summary says how far it went, and a resume with more budget finishes them', async () => {
    const { server, env } = await modelServer()
    try {
      const directory = await folder('budget')
      const args = ['--filter', FILTER, '--variants', 'plain', '--report-dir', directory]
      const capped = await evaluate([...args, '--max-model-calls', '3'], env, 3)
      expect(server.chatRequestCount).toBe(3)
      const report = await reportOf(directory)
      const cut = report.runs.filter((run) => run.error?.kind === 'budget')
      expect(cut.length).toBeGreaterThan(0)
      expect(cut.every((run) => run.verdict === 'error' && run.score === null)).toBe(true)
      expect(report.budget).toMatchObject({ limits: { modelCalls: 3 }, spent: { modelCalls: 3 }, cutRuns: cut.length })
      expect(capped.stdout).toMatch(new RegExp(`^budget: 3 of 3 model calls sent, [\\d.k]+ tokens, \\$0\\.0000; it cut ${cut.length} runs? short \\(errors of kind budget\\)$`, 'm'))
      expect(capped.stderr).toContain('runs ended in infrastructure errors')
      await evaluate([...args, '--resume', directory, '--max-model-calls', '100'], env)
      expect((await reportOf(directory)).runs.every((run) => run.verdict === 'passed')).toBe(true)
    } finally {
      await server.close()
    }
  })

  test('--max-tokens and --max-cost (by the price table) cut runs as budget errors once spent; a cost cap calls no model it has no price for; each shard gets its share', async () => {
    const { server, env } = await modelServer()
    try {
      const args = ['--filter', FILTER, '--variants', 'plain']
      const tokens = await folder('budget-tokens')
      await evaluate([...args, '--report-dir', tokens, '--max-tokens', '1'], env, 3)
      const byTokens = await reportOf(tokens)
      expect(byTokens.budget?.limits).toEqual({ tokens: 1 })
      expect(byTokens.budget?.spent.tokens).toBeGreaterThanOrEqual(1)
      expect(byTokens.budget?.cutRuns).toBeGreaterThan(0)
      expect(byTokens.runs.filter((run) => run.error?.kind === 'budget')).toHaveLength(byTokens.budget?.cutRuns ?? -1)
      // Without a price for the model, a cost cap cannot count its calls: nothing plays, and the model is named.
      const unpriced = await folder('budget-unpriced')
      const before = server.chatRequestCount
      const refused = await evaluate([...args, '--report-dir', unpriced, '--max-cost', '1'], env, 2)
      expect(server.chatRequestCount).toBe(before)
      expect(refused.stderr).toContain("the agent's model scripted (TOOLCHECK_AGENT=openai:scripted) has no price")
      const prices = join(await folder('prices'), 'prices.json')
      await writeFile(prices, JSON.stringify({ scripted: { inputPerMillion: 10_000, outputPerMillion: 10_000 } }))
      const costly = await folder('budget-cost')
      const priced = await evaluate([...args, '--report-dir', costly, '--max-cost', '0.5'], { ...env, TOOLCHECK_PRICES: prices }, 3)
      const byCost = await reportOf(costly)
      expect(byCost.budget?.spent.costUsd).toBeGreaterThanOrEqual(0.5)
      expect(byCost.budget?.cutRuns).toBeGreaterThan(0)
      expect(priced.stdout).toMatch(/^budget: \d+ model calls sent, [\d.k]+ tokens, \$[\d.]+ of \$0\.5000; it cut \d+ runs? short/m)
      // Shards split the budget: 3 calls are 2 and 1.
      const shares = await Promise.all(
        [1, 2].map(async (index) => {
          const directory = await folder(`budget-shard-${index}`)
          await evaluate([...args, '--report-dir', directory, '--shard', `${index}/2`, '--max-model-calls', '3'], env, 3)
          return (await reportOf(directory)).budget
        }),
      )
      expect(shares.map((budget) => budget?.limits.modelCalls)).toEqual([2, 1])
      expect(shares.map((budget) => budget?.spent.modelCalls)).toEqual([2, 1])
    } finally {
      await server.close()
    }
  })

  test('toolcheck plan counts the runs and the model calls in the cache and not, projects tokens from the earlier report, and calls no model', async () => {
    const { server, env } = await modelServer()
    const directory = await folder('plan-report')
    const cached = { ...env, TOOLCHECK_CACHE: 'auto', TOOLCHECK_CACHE_DIR: await folder('plan-cache') }
    const plan = async (variables: Readonly<Record<string, string>>, args: readonly string[] = []) => {
      const ran = await toolcheck(['plan', '--filter', FILTER, '--variants', 'plain', '--report-dir', directory, '--json', ...args], variables)
      expect(ran.code, ran.stderr).toBe(0)
      return JSON.parse(ran.stdout) as Plan
    }
    try {
      const before = await plan(cached)
      expect(before).toMatchObject({ runs: SCENARIOS.length, replayed: 0, needModel: SCENARIOS.length, cachedCalls: 0 })
      expect(before.projection).toBeUndefined()
      expect(server.chatRequestCount).toBe(0)
      await evaluate(['--filter', FILTER, '--variants', 'plain', '--report-dir', directory], cached)
      const calls = server.chatRequestCount
      const recorded = await plan(cached)
      expect(recorded).toMatchObject({ runs: SCENARIOS.length, replayed: SCENARIOS.length, needModel: 0, cachedCalls: calls })
      expect(server.chatRequestCount).toBe(calls)
      // A fresh cache: every call is to make again, as many as the report before made.
      const fresh = { ...cached, TOOLCHECK_CACHE_DIR: await folder('plan-empty-cache') }
      const projected = await plan(fresh, ['--max-model-calls', String(calls - 1)])
      const usage = (await reportOf(directory)).summary.overall.usage
      expect(projected.projection).toMatchObject({ calls, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens })
      expect(projected.budget).toEqual({ limits: { modelCalls: calls - 1 }, fits: false })
      const text = await toolcheck(['plan', '--filter', FILTER, '--variants', 'plain', '--report-dir', directory], fresh)
      expect(text.code).toBe(0)
      expect(text.stdout).toContain(`model calls not in the cache: about ${calls} calls in the ${SCENARIOS.length} runs that reach one`)
      expect(text.stdout).toContain('no model was called.')
      expect(server.chatRequestCount).toBe(calls)
    } finally {
      await server.close()
    }
  })

  test('shards split the runs by their earlier durations, and toolcheck merge gives the report of the whole, byte for byte', async () => {
    const args = ['--filter', 'wifi', '--trials', '2']
    const env = { TOOLCHECK_AGENT: 'reference', TOOLCHECK_CACHE: 'off' }
    const whole = await folder('shards-whole')
    await evaluate([...args, '--report-dir', whole], env)
    const shards = [await folder('shard-1'), await folder('shard-2'), await folder('shard-3')]
    await Promise.all(shards.map((directory, position) => evaluate([...args, '--shard', `${position + 1}/3`, '--previous', whole, '--report-dir', directory], env)))
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
    const merging = await toolcheck(['merge', ...shards, '--report-dir', merged, '--min-pass-rate', '1'])
    expect(merging.code, merging.stderr).toBe(0)
    expect(merging.stdout).toContain('toolcheck gates: all 1 passed')
    for (const file of ['report.json', 'index.html']) expect(await readFile(join(merged, file), 'utf8')).toBe(await readFile(join(whole, file), 'utf8'))
    // A shard given twice, a shard missing, or a shard that did not finish, is not merged.
    const twice = await toolcheck(['merge', shards[0] as string, shards[0] as string, shards[1] as string, shards[2] as string, '--report-dir', await folder('twice')])
    expect(twice.code).toBe(2)
    expect(twice.stderr).toBe(`toolcheck merge: shard 1 of 3 is given 2 times (${shards[0]}, ${shards[0]}); give each shard once\n`)
    const missing = await toolcheck(['merge', shards[0] as string, shards[1] as string, '--report-dir', await folder('missing')])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/^toolcheck merge: shard 3 of 3 is missing \(\d+ of the evaluation's \d+ runs\); merge every shard's report, or pass --partial/)
    // Told to, it merges the part, and every page says so.
    const part = await folder('part')
    const partial = await toolcheck(['merge', shards[0] as string, shards[1] as string, '--partial', '--report-dir', part])
    expect(partial.code, partial.stderr).toBe(0)
    expect(partial.stdout.split('\n')[0]).toMatch(/^PARTIAL REPORT: shard 3 of 3 not merged; \d+ of the evaluation's \d+ runs are not in it/)
    expect(JSON.parse(await readFile(join(part, 'report.json'), 'utf8')).partial).toMatch(/^PARTIAL REPORT: shard 3 of 3/)
    expect(await readFile(join(part, 'index.html'), 'utf8')).toContain('<div id="partial" class="verdict-error" role="alert">PARTIAL REPORT: shard 3 of 3')
    expect(await readFile(join(part, 'summary.md'), 'utf8')).toContain('> **PARTIAL REPORT: shard 3 of 3')
    // Shards of another evaluation (other settings) do not join these.
    const other = await folder('other-evaluation')
    await evaluate(['--filter', 'wifi', '--trials', '1', '--shard', '3/3', '--report-dir', other], env)
    const mixed = await toolcheck(['merge', shards[0] as string, shards[1] as string, other, '--report-dir', await folder('mixed')])
    expect(mixed.code).toBe(2)
    expect(mixed.stderr).toContain(`${other} (shard 3 of 3) is of another evaluation than ${shards[0]} (shard 1 of 3): trials 2 vs 1`)
    const unfinished = await folder('unfinished')
    await copyFile(join(shards[0] as string, 'runs.jsonl'), join(unfinished, 'runs.partial.jsonl'))
    const cut = await toolcheck(['merge', unfinished, shards[1] as string, '--report-dir', await folder('cut')])
    expect(cut.code).toBe(2)
    expect(cut.stderr).toContain(`${unfinished}: its evaluation did not finish (only runs.partial.jsonl is there); finish it with toolcheck eval --resume ${unfinished}`)
  })
})
