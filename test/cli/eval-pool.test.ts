import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import type { EvalOutcome, EvalUnit } from '../../src/cli/eval/eval-messages.ts'
import { startEvalPool } from '../../src/cli/eval-pool.ts'
import type { RunLine } from '../../src/reporter/runs-file.ts'

const FARM = fileURLToPath(new URL('../e2e/fixtures/farm/farm.ts', import.meta.url))
const WILD = fileURLToPath(new URL('../e2e/fixtures/farm/wild.ts', import.meta.url))
const WELL = fileURLToPath(new URL('../e2e/fixtures/farm/well.ts', import.meta.url))

/** Plays every case of `modules` (domain and scenarios; farm.ts's farm hand plays) for `trials` trials: each outcome under `<scenario>#<trial>`. */
async function playAll(modules: string, options: { workers: number; trials: number; memoryMb?: number; shuffle?: boolean; runTimeoutMs?: number }): Promise<Map<string, EvalOutcome>> {
  const pool = startEvalPool({
    workers: options.workers,
    env: process.env,
    ...(options.memoryMb === undefined ? {} : { memoryMb: options.memoryMb }),
    setup: { settings: { variants: 'plain', domainModules: [modules], scenarioPaths: [modules], agentModule: FARM }, agentSpec: 'reference', userSpec: 'scripted', scoring: 'toolcheck', judgeSpec: 'built-in', concurrency: 4, runTimeoutMs: options.runTimeoutMs ?? 60_000 },
  })
  try {
    const ready = await pool.ready
    if (ready.kind !== 'ready') throw new Error(ready.problems.join('\n'))
    const units = ready.cases.flatMap((_, index) => Array.from({ length: options.trials }, (__, trial): EvalUnit => ({ case: index, trial })))
    // A fixed shuffle (every third unit first), so the order differs from the cases' without chance.
    const ordered = options.shuffle === true ? [...units.filter((_, index) => index % 3 === 2), ...units.filter((_, index) => index % 3 !== 2)].reverse() : units
    const outcomes = new Map<string, EvalOutcome>()
    await pool.play(
      ordered,
      (unit) => ready.cases[unit.case]?.scenario ?? '',
      (unit, outcome) => void outcomes.set(`${ready.cases[unit.case]?.scenario ?? ''}#${unit.trial}`, outcome),
    )
    return outcomes
  } finally {
    await pool.close()
  }
}

/** A played run as its line for the runs file records it. */
const runOf = (outcome: Extract<EvalOutcome, { kind: 'run' }>) => (JSON.parse(outcome.line) as RunLine).run

/** The outcomes of one scenario, by trial. */
const ofScenario = (outcomes: ReadonlyMap<string, EvalOutcome>, scenario: string) =>
  [...outcomes].filter(([key]) => key.startsWith(`${scenario}#`)).sort(([a], [b]) => a.localeCompare(b)).map(([, outcome]) => outcome)

const verdicts = (outcomes: readonly EvalOutcome[] | undefined) => (outcomes ?? []).map((outcome) => (outcome.kind === 'run' ? `${outcome.ending.status}${outcome.ending.error === undefined ? '' : `:${outcome.ending.error.culprit}:${outcome.ending.error.kind}`}` : outcome.kind))

describe('the eval pool contains what a run does to its worker', () => {
  test("tool calls process.exit, tool leaves a rejected promise, tool exhausts its worker's memory, runs in flight on a worker that died: each tool ends only its own run, and the runs beside it are played again and pass", async () => {
    // One worker, four runs at a time: the tools that break their thread do it with innocent runs in flight beside them.
    // Its heap is small enough that the grain store runs out of it quickly.
    const all = await playAll(WILD, { workers: 1, trials: 2, memoryMb: 192 })
    const outcomes = new Map(['close-gate', 'sell-eggs', 'store-grain'].map((scenario) => [scenario, ofScenario(all, scenario)]))
    expect(verdicts(outcomes.get('close-gate'))).toEqual(['error:domain:tool-threw', 'error:domain:tool-threw'])
    expect(verdicts(outcomes.get('sell-eggs'))).toEqual(['error:domain:tool-threw', 'error:domain:tool-threw'])
    expect(verdicts(outcomes.get('store-grain'))).toEqual(['error:domain:tool-threw', 'error:domain:tool-threw'])
    const gate = outcomes.get('close-gate')?.[0]
    expect(gate?.kind === 'run' ? runOf(gate).error?.message : '').toContain('process.exit(3) was called')
    const eggs = outcomes.get('sell-eggs')?.[0]
    expect(eggs?.kind === 'run' ? runOf(eggs).error?.message : '').toContain('no buyers at the market')
    const grain = outcomes.get('store-grain')?.[0]
    expect(grain?.kind === 'run' ? runOf(grain).error?.message : '').toContain('its worker thread died while the tool ran')
    const innocent = verdicts([...all].filter(([key]) => key.startsWith('count-pens-')).map(([, outcome]) => outcome))
    expect(innocent).toEqual(Array(12).fill('completed'))
  }, 180_000)

  test('one worker or three, in order or shuffled: the same verdict for every run of the farm', async () => {
    const one = await playAll(FARM, { workers: 1, trials: 2 })
    const three = await playAll(FARM, { workers: 3, trials: 2, shuffle: true })
    const verdictOf = (outcomes: ReadonlyMap<string, EvalOutcome>) => new Map([...outcomes].map(([key, outcome]) => [key, `${verdicts([outcome])[0]} ${outcome.kind === 'run' ? runOf(outcome).score : ''}`]))
    expect(one.size).toBe(30)
    expect(verdictOf(three)).toEqual(verdictOf(one))
    expect(ofScenario(three, 'tag-cow').map((outcome) => outcome.kind === 'run' && runOf(outcome).score)).toEqual([1, 1])
  }, 180_000)

  test('a run that blocks its thread where no call can be blamed is played again alone; blocking it alone, it is a problem, and the runs beside it pass', async () => {
    // A short run time limit, so the blocked thread is given up on in seconds.
    const outcomes = await playAll(WELL, { workers: 1, trials: 1, runTimeoutMs: 2_000 })
    const dig = outcomes.get('dig-well#0')
    expect(dig?.kind === 'problem' ? dig.problem.message : dig?.kind).toMatch(/^the run stopped the worker thread playing it: its thread was blocked for \d+ s, outside any tool call$/)
    expect(verdicts(['village', 'field', 'orchard'].map((place) => outcomes.get(`count-buckets-${place}#0`) as EvalOutcome))).toEqual(['completed', 'completed', 'completed'])
  }, 180_000)
})
