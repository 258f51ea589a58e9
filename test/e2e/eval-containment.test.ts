import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { runEval } from '../../src/cli/eval.ts'
import type { Report, ReportRun } from '../../src/reporter/report.ts'
import { reportDirectory } from './run-fixture.ts'

const FARM = fileURLToPath(new URL('./fixtures/farm/farm.ts', import.meta.url))

function capture() {
  const output = { stdout: '', stderr: '' }
  return { output, io: { stdout: (text: string) => void (output.stdout += text), stderr: (text: string) => void (output.stderr += text) } }
}

/** `toolcheck eval` of the farm fixture with its own agent, three trials. */
async function evalFarm(name: string, extra: string[] = []) {
  const directory = reportDirectory(name)
  const { output, io } = capture()
  const started = performance.now()
  const code = await runEval(['--agent', FARM, '--domain', FARM, '--scenarios', FARM, '--variants', 'plain', '--trials', '3', '--report-dir', directory, ...extra], io)
  const seconds = (performance.now() - started) / 1000
  const report = JSON.parse(await readFile(`${directory}/report.json`, 'utf8')) as Report
  return { code, output, report, seconds, directory }
}

const verdict = (run: ReportRun) => `${run.status}${run.error === undefined ? '' : `:${run.error.culprit}:${run.error.kind}`}`

describe('toolcheck eval contains each run', () => {
  test('a farm whose tools throw from a timer, loop synchronously and count in a module variable, beside 36 read-only runs', async () => {
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

  test('the counting tool has one verdict in every shard of a split', async () => {
    const shards = await Promise.all([1, 2, 3].map((index) => evalFarm(`eval-farm-shard-${index}`, ['--shard', `${index}/3`, '--filter', 'stateful'])))
    const tagRuns = shards.flatMap((shard) => shard.report.runs)
    expect(tagRuns.map((run) => run.trial).sort()).toEqual([0, 1, 2])
    expect(new Set(tagRuns.map((run) => `${verdict(run)}:${run.score}`))).toEqual(new Set(['completed:1']))
  }, 120_000)
})
