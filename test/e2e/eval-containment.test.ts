import { spawnSync } from 'node:child_process'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { runEval } from '../../src/cli/eval.ts'
import type { Report, ReportRun } from '../../src/reporter/report.ts'
import { reportDirectory } from './run-fixture.ts'

const FARM = fileURLToPath(new URL('./fixtures/farm/farm.ts', import.meta.url))
const LEDGER = fileURLToPath(new URL('./fixtures/farm/ledger.ts', import.meta.url))

function capture() {
  const output = { stdout: '', stderr: '' }
  return { output, io: { stdout: (text: string) => void (output.stdout += text), stderr: (text: string) => void (output.stderr += text) } }
}

/** `toolcheck eval` of the farm fixture with its own agent, three trials. */
async function evalFarm(name: string, extra: string[] = [], clean = true) {
  const directory = reportDirectory(name)
  if (clean) await rm(directory, { recursive: true, force: true })
  const { output, io } = capture()
  const started = performance.now()
  const code = await runEval(['--agent', FARM, '--domain', FARM, '--scenarios', FARM, '--variants', 'plain', '--trials', '3', '--report-dir', directory, ...extra], io)
  const seconds = (performance.now() - started) / 1000
  const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
  return { code, output, report, seconds, directory }
}

const verdict = (run: ReportRun) => `${run.status}${run.error === undefined ? '' : `:${run.error.culprit}:${run.error.kind}`}`

describe('toolcheck eval contains each run', () => {
  test('tool throws from a timer after answering, tool loops synchronously, tool keeps state in its module: a farm with those tools beside 36 read-only runs', async () => {
    const { code, report, seconds, output } = await evalFarm('eval-farm')
    expect(output.stderr).toContain('toolcheck eval: 6 of 45 runs ended in domain errors')
    void seconds
    expect(code).toBe(5)
    expect(report.problems).toEqual([])
    expect(report.runs).toHaveLength(45)
    const byScenario = new Map<string, ReportRun[]>()
    for (const run of report.runs) byScenario.set(run.scenario, [...(byScenario.get(run.scenario) ?? []), run])
    const readOnly = report.runs.filter((run) => run.categories.includes('read-only'))
    expect(readOnly).toHaveLength(36)
    expect(readOnly.every((run) => run.passed)).toBe(true)
    expect((byScenario.get('feed-hens') ?? []).map(verdict)).toEqual(Array(3).fill('error:domain:tool-threw'))
    expect((byScenario.get('herd-sheep') ?? []).map(verdict)).toEqual(Array(3).fill('error:domain:tool-timeout'))
    expect(byScenario.get('feed-hens')?.[0]?.error?.message).toContain('the feeding log is full')
    expect(byScenario.get('herd-sheep')?.[0]?.error?.message).toContain('ran synchronously past its time limit of 1000 ms')
    // Every trial of the counting tool sees the module as it loads: one verdict.
    expect(new Set((byScenario.get('tag-cow') ?? []).map((run) => `${verdict(run)}:${run.score}`))).toEqual(new Set(['completed:1']))
  }, 120_000)

  test('tool keeps state in its module: the counting tool has one verdict in every shard of a split', async () => {
    const shards = await Promise.all([1, 2, 3].map((index) => evalFarm(`eval-farm-shard-${index}`, ['--shard', `${index}/3`, '--filter', 'stateful'])))
    const tagRuns = shards.flatMap((shard) => shard.report.runs)
    expect(tagRuns.map((run) => run.trial).sort()).toEqual([0, 1, 2])
    expect(new Set(tagRuns.map((run) => `${verdict(run)}:${run.score}`))).toEqual(new Set(['completed:1']))
  }, 120_000)

  test('second eval into a report folder in use: two evals started a second apart into one folder, the second refused at once naming the first, and nothing lost', async () => {
    const directory = reportDirectory('eval-farm-shared')
    await rm(directory, { recursive: true, force: true })
    const first = evalFarm('eval-farm-shared', [], false)
    // Started once it holds the folder (its sheep keep it busy for seconds after that).
    await expect.poll(() => readdir(directory).catch(() => []), { timeout: 30_000 }).toContain('eval.lock')
    const { output, io } = capture()
    const second = await runEval(['--agent', FARM, '--domain', FARM, '--scenarios', FARM, '--variants', 'plain', '--report-dir', directory], io)
    expect(second).toBe(2)
    expect(output.stderr).toBe(`toolcheck eval: ${directory.replace(/\/$/, '')} is in use by another evaluation (process ${process.pid}, since ${output.stderr.match(/since ([^)]+)\)/)?.[1]}); wait for it to end, or give this one another --report-dir\n`)
    const { code, report } = await first
    expect(code).toBe(5)
    expect(report.runs).toHaveLength(45)
    expect(await readdir(directory)).not.toContain('eval.lock')
  }, 120_000)

  test('lock left by a killed eval: one whose process is gone is taken over', async () => {
    const directory = reportDirectory('eval-farm-stale-lock')
    await rm(directory, { recursive: true, force: true })
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
    await mkdir(directory, { recursive: true })
    await writeFile(join(directory, 'eval.lock'), JSON.stringify({ pid: Number(gone.stdout), since: '2026-01-01T00:00:00.000Z' }))
    const { code, report } = await evalFarm('eval-farm-stale-lock', ['--filter', 'count-cow'], false)
    expect(code).toBe(0)
    expect(report.runs).toHaveLength(3)
  }, 120_000)

  test('tool writes a value 5,000 levels deep into the world, tool returns a value 100,000 levels deep', async () => {
    const directory = reportDirectory('eval-ledger')
    await rm(directory, { recursive: true, force: true })
    const { io } = capture()
    const code = await runEval(['--agent', FARM, '--domain', LEDGER, '--scenarios', LEDGER, '--variants', 'plain', '--report-dir', directory], io)
    expect(code).toBe(5)
    const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
    // The deep world is written into the report, its runs file and its page, and read back.
    expect(report.runs.map((run) => [run.scenario, verdict(run)]).sort()).toEqual([
      ['deep-ledger', 'completed'],
      ['deeper-ledger', 'error:domain:invalid-result'],
    ])
    expect(report.runs.find((run) => run.scenario === 'deeper-ledger')?.error?.message).toContain('is nested more than 64 levels deep')
    expect(await readFile(`${directory}/index.html`, 'utf8')).toContain('deep-ledger')
    expect((await readFile(`${directory}/runs.jsonl`, 'utf8')).length).toBeGreaterThan(10_000)
  }, 120_000)

  test('--resume after the tool was fixed plays the domain-error runs again, and keeps them while the code is unchanged', async () => {
    const directory = reportDirectory('eval-farm-resume')
    await rm(directory, { recursive: true, force: true })
    await mkdir(directory, { recursive: true })
    // A copy of the farm the test can fix, beside the report (where its imports resolve).
    const farm = join(directory, 'farm.ts')
    await writeFile(farm, await readFile(FARM, 'utf8'))
    await writeFile(join(directory, 'asking-scenario.ts'), await readFile(join(FARM, '..', 'asking-scenario.ts'), 'utf8'))
    const report = join(directory, 'report')
    const evalIt = async (extra: string[]) => {
      const { output, io } = capture()
      const code = await runEval(['--agent', farm, '--domain', farm, '--scenarios', farm, '--filter', 'feed', '--variants', 'plain', '--trials', '3', '--report-dir', report, ...extra], io)
      return { code, output, runs: (JSON.parse(await readFile(join(report, 'report.json'), 'utf8')) as Report).runs }
    }
    expect((await evalIt([])).code).toBe(5)
    const unchanged = await evalIt(['--resume', report])
    expect(unchanged.code).toBe(5)
    expect(unchanged.output.stdout).toContain('3 runs kept, 0 played')
    await writeFile(farm, (await readFile(farm, 'utf8')).replace("throw new Error('the feeding log is full')", 'return undefined'))
    const fixed = await evalIt(['--resume', report])
    expect(fixed.output.stdout).toContain('0 runs kept, 3 played')
    expect(fixed.code).toBe(0)
    expect(fixed.runs.map(verdict)).toEqual(['completed', 'completed', 'completed'])
  }, 120_000)
})
